"""A match: hands in dealer rotation until the rule set's end, totals and the score sheet.

The match is a pure function of its rule set, seed and accepted actions: each hand's deal
comes from a generator seeded by the match seed and the hand number, so replaying the action
log (or dealing the same seed at another table, as duplicate leagues do) gives the same cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Action, ActionResult, action_from_dict
from .base_match import BaseMatch, top_seat
from .cards import Card, Suit
from .hand import Hand
from .ledig import LEDIG
from .rules import RuleSet


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


class Match(BaseMatch[Hand, SheetLine, Action, ActionResult, MatchResult]):
    """A match: hands dealt from one seed until the planned hands are played or a pair
    reaches the target score, with its score sheet and totals. ``seq`` counts the actions
    accepted so far: the state's sequence number, kept in its snapshot."""

    hand_type = Hand
    line_type = SheetLine

    def __init__(self, rules: RuleSet, seed: str, first_dealer: int | None = None) -> None:
        self.seq = 0
        super().__init__(rules, seed, first_dealer)

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

    @staticmethod
    def action_of(data: Mapping[str, Any]) -> Action:
        """One logged action (`action_from_dict`)."""
        return action_from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-ready values: rules, seed, sheet, the hand in play and ``seq``."""
        return {**super().to_dict(), "seq": self.seq}

    def _read_game_fields(self, data: Mapping[str, Any]) -> None:
        self.seq = data["seq"]

    def _act(self, hand: Hand, action: Action) -> ActionResult:
        result = action.apply_to(hand)
        self.seq += 1
        return result

    def _line_of(self, hand: Hand) -> SheetLine:
        assert hand.result is not None and hand.makers is not None and hand.chooser is not None
        assert hand.trump is not None or hand.ledig is not None
        return SheetLine(
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

    def _result_of(self, totals: list[int]) -> MatchResult:
        return MatchResult((totals[0], totals[1]), top_seat(totals))
