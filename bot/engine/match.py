"""A match: hands in dealer rotation until the rule set's end, totals and the score sheet.

The match is a pure function of its rule set, seed and accepted actions: each hand's deal
comes from a generator seeded by the match seed and the hand number, so replaying the action
log (or dealing the same seed at another table, as duplicate leagues do) gives the same cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Action, ActionResult, action_from_dict
from .cards import Card, Suit
from .errors import ErrorCode, RuleViolation
from .hand import Hand, Phase
from .ledig import LEDIG
from .rules import RuleSet
from .sheets import match_over


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One line of the score sheet, enough to check every nat and transfer by hand; a
    kraken hand adds the callers' seats in order, the multiplier, after a call the pair
    marked nat (``loser``: makers or defenders) and each pair's hand roem
    (already part of ``roem``) (docs/rules.md 2.5.7). A ledig hand (2.10) records
    ``contract="ledig"``, no trump (``trump`` is empty) and its declarer as ``chooser``."""

    number: int
    dealer: int
    trump: str
    makers: int
    chooser: int
    points: tuple[int, int]
    roem: tuple[int, int]
    scores: tuple[int, int]
    nat: bool
    pit: int | None
    callers: tuple[int, ...] = ()
    multiplier: int = 1
    loser: int | None = None
    hand_roem: tuple[int, int] = (0, 0)
    contract: str | None = None

    @property
    def ledig(self) -> bool:
        """Whether this line is a ledig hand's (docs/rules.md 2.10): no trump was named."""
        return self.contract == LEDIG

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types (lists, not tuples), so a stored snapshot compares equal.
        Built field by field, not with `asdict` (a recursive deep copy): every committed
        table action snapshots the whole sheet, so this ran up to 16 times an action."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "trump": self.trump,
            "makers": self.makers,
            "chooser": self.chooser,
            "points": list(self.points),
            "roem": list(self.roem),
            "scores": list(self.scores),
            "nat": self.nat,
            "pit": self.pit,
            **self._kraken_dict(),
            **({} if self.contract is None else {"contract": self.contract}),
        }

    def _kraken_dict(self) -> dict[str, Any]:
        """The kraken fields, written only when a hand had calls, a multiplier or hand
        roem: a line of any other hand is stored as it always was."""
        if not self.callers and self.multiplier == 1 and self.hand_roem == (0, 0):
            return {}
        return {
            "callers": list(self.callers),
            "multiplier": self.multiplier,
            "loser": self.loser,
            "hand_roem": list(self.hand_roem),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SheetLine:
        """The line `to_dict` wrote."""
        return cls(
            **{
                **data,
                "points": tuple(data["points"]),
                "roem": tuple(data["roem"]),
                "scores": tuple(data["scores"]),
                "callers": tuple(data.get("callers", ())),
                "hand_roem": tuple(data.get("hand_roem", (0, 0))),
            }
        )


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The end of a match: ``winner`` is a pair index, or None for a shared result."""

    totals: tuple[int, int]
    winner: int | None


class Match:
    """A match: hands dealt from one seed until the planned hands are played or a pair
    reaches the target score, with its score sheet and totals."""

    def __init__(self, rules: RuleSet, seed: str, first_dealer: int | None = None) -> None:
        self.rules = rules
        self.seed = str(seed)
        if first_dealer is None:
            seats = rules.seating.count
            first_dealer = random.Random(f"{self.seed}/first-dealer").randrange(seats)
        self.first_dealer = rules.seating.seat(first_dealer)
        self.sheet: list[SheetLine] = []
        self._sheet_cache: list[tuple[SheetLine, dict[str, Any]]] = []  # see _sheet_dicts
        self.totals = [0, 0]
        self.planned_hands: int | None = rules.match_hands
        self.result: MatchResult | None = None
        self.actions: list[Action] = []
        self._extended = False
        self.seq = 0  # accepted actions so far: the state's sequence number
        self.hand: Hand | None = self._deal(1)

    # ----------------------------------------------------------------- read models
    @property
    def hand_number(self) -> int:
        """1-based number of the hand being played (or of the last one, once finished)."""
        return len(self.sheet) + (1 if self.hand is not None else 0)

    @property
    def finished(self) -> bool:
        """Whether the match has a result."""
        return self.result is not None

    def dealer_of(self, number: int) -> int:
        """The seat that deals hand `number` (1-based); the deal goes round clockwise."""
        return self.rules.seating.dealer_of(self.first_dealer, number)

    def deal_of(self, number: int) -> tuple[tuple[Card, ...], ...]:
        """The four hands of hand `number` as they were dealt (seat order): the same deal
        the match played, redrawn from the seed. Front ends show it only once the hand
        is scored (`bot/tables/readmodels.py` `dealt_hands`)."""
        return self._deal(number).dealt

    def hand_of(self, number: int) -> Hand:
        """Hand `number` (1-based) as it is dealt, nothing played yet: the hand this match
        deals at that point (same cards, dealer and turned-up suit), for playing one deal
        of a seed on its own (the duplicate challenge, bot/challenge)."""
        return self._deal(number)

    # ----------------------------------------------------------------- actions
    def apply(self, action: Action) -> ActionResult:
        """Apply one action to the current hand; a finished hand is scored and the next dealt."""
        if self.hand is None:
            raise RuleViolation(ErrorCode.MATCH_OVER, "the match is over")
        result = action.apply_to(self.hand)
        self.actions.append(action)
        self.seq += 1
        if self.hand.phase == Phase.DONE:
            self._close_hand(self.hand)
        return result

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        seed: str,
        first_dealer: int | None,
        log: Iterable[Mapping[str, Any]],
    ) -> Match:
        """The match after the logged actions, in their stored dict form (the action log)."""
        match = cls(rules, seed, first_dealer)
        for data in log:
            match.apply(action_from_dict(data))
        return match

    # ----------------------------------------------------------------- internals
    def _deal(self, number: int) -> Hand:
        rng = random.Random(f"{self.seed}/hand/{number}")
        return Hand.deal(self.rules, self.dealer_of(number), rng)

    def _close_hand(self, hand: Hand) -> None:
        assert hand.result is not None and hand.makers is not None and hand.chooser is not None
        assert hand.trump is not None or hand.ledig is not None
        line = SheetLine(
            number=len(self.sheet) + 1,
            dealer=hand.dealer,
            trump="" if hand.trump is None else Suit(hand.trump).letter,
            makers=hand.makers,
            chooser=hand.chooser,
            points=(hand.points[0], hand.points[1]),
            roem=(hand.roem[0], hand.roem[1]),
            scores=hand.result.scores,
            nat=hand.result.nat,
            pit=hand.result.pit,
            callers=tuple(hand.calls),
            multiplier=hand.result.multiplier,
            loser=hand.result.loser,
            hand_roem=hand.hand_roem.points,
            contract=None if hand.ledig is None else LEDIG,
        )
        self.sheet.append(line)
        self.totals[0] += line.scores[0]
        self.totals[1] += line.scores[1]
        self.hand = None
        if self._ended():
            self.result = MatchResult((self.totals[0], self.totals[1]), _leader(self.totals))
        else:
            self.hand = self._deal(len(self.sheet) + 1)

    def _ended(self) -> bool:
        """After each hand: the match ends at its planned number of hands or when a total
        reaches the target, whichever comes first (a rule set may have one end or both).
        A tie at the end under ``extra_hands`` plays exactly 4 more hands once, whatever
        the totals do meanwhile; a tie after them is shared (docs/decisions.md)."""
        over, self.planned_hands, self._extended = match_over(
            len(self.sheet),
            self.planned_hands,
            self.totals,
            self.rules.target_score,
            self._extended,
            self.rules.tie_break,
        )
        return over

    # ----------------------------------------------------------------- serialisation
    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-ready values: rules, seed, sheet and the hand in play."""
        return {
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "sheet": self._sheet_dicts(),
            "totals": list(self.totals),
            "planned_hands": self.planned_hands,
            "extended": self._extended,
            "hand": None if self.hand is None else self.hand.to_dict(),
            "seq": self.seq,
        }

    def copy(self) -> Match:
        """The state as ``from_dict(to_dict(), like=self)`` would rebuild it (no action
        log, sheet lines shared), without the round trip through plain values."""
        match = Match.__new__(Match)
        match.rules = self.rules
        match.seed = self.seed
        match.first_dealer = self.first_dealer
        match._sheet_cache = list(self._sheet_cache)
        match.sheet = list(self.sheet)
        match.totals = list(self.totals)
        match.planned_hands = self.planned_hands
        match._extended = self._extended
        match.hand = None if self.hand is None else self.hand.copy()
        match.actions = []
        match.seq = self.seq
        match.result = self.result
        return match

    def _sheet_dicts(self) -> list[dict[str, Any]]:
        """The sheet's lines as dicts, each made once: a line never changes once written,
        and every committed table action snapshots the whole sheet (up to 16 lines). The
        dicts are shared between snapshots, which are only read (stored, or rebuilt from)."""
        cache = self._sheet_cache
        for i, line in enumerate(self.sheet):
            if i < len(cache) and cache[i][0] is line:
                continue
            del cache[i:]
            cache.append((line, line.to_dict()))
        del cache[len(self.sheet) :]
        return [d for _, d in cache]

    @classmethod
    def from_dict(
        cls, data: dict[str, Any], actions: list[Action] | None = None, like: Match | None = None
    ) -> Match:
        """Rebuild from a snapshot; ``actions`` (the log) is kept only for later replays.
        ``like``: a match whose own snapshot this is (a working copy of the committed
        state): its sheet lines are taken where they were written into these very dicts."""
        match = cls.__new__(cls)
        match.rules = RuleSet.from_dict(data["rules"])
        match.seed = data["seed"]
        match.first_dealer = data["first_dealer"]
        match._sheet_cache = _sheet_lines(data["sheet"], [] if like is None else like._sheet_cache)
        match.sheet = [line for line, _ in match._sheet_cache]
        match.totals = list(data["totals"])
        match.planned_hands = data["planned_hands"]
        match._extended = data["extended"]
        match.hand = None if data["hand"] is None else Hand.from_dict(match.rules, data["hand"])
        match.actions = list(actions or [])
        match.seq = data["seq"]
        match.result = None
        if match.hand is None:
            match.result = MatchResult((match.totals[0], match.totals[1]), _leader(match.totals))
        return match


def _leader(totals: list[int]) -> int | None:
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def _sheet_lines(
    dicts: list[dict[str, Any]], known: list[tuple[SheetLine, dict[str, Any]]]
) -> list[tuple[SheetLine, dict[str, Any]]]:
    """Each dict with its line: the known line when that dict *is* the one it was written
    to (snapshots are never changed), else read anew."""
    lines = []
    for i, d in enumerate(dicts):
        if i < len(known) and known[i][1] is d:
            lines.append(known[i])
        else:
            lines.append((SheetLine.from_dict(d), d))
    return lines
