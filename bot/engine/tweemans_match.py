"""A two-player match (docs/rules.md 2.9.8), its actions and its score sheet per player.

Like the four-player ``Match``, it is a pure function of its rule set, seed and accepted
actions: hand ``n`` is dealt from the seed and the hand number, the deal alternates, and the
match ends when a total reaches the target (or after the planned hands): the higher total
wins, and equal totals there play one more deal each under ``tie_break="extra_hands"``
(docs/decisions.md, two-player Klaverjas).

Actions: ``ChooseTrump`` and ``ClaimRoem`` name a player (0 or 1), ``PlayCard`` the unit the
card is played from (``TWO_PLAYERS``), ``FinishHand`` closes the last claim window.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import (
    Action,
    ChooseTrump,
    ClaimResult,
    ClaimRoem,
    FinishHand,
    FinishResult,
    PassResult,
    PassTrump,
    PlayCard,
    TrumpResult,
    action_from_dict,
)
from .cards import Card
from .errors import ErrorCode, RuleViolation
from .rules import RuleSet
from .sheets import match_over
from .tweemans import SEATING, TweemansHand, TweemansPhase, TweemansTrick


@dataclass(frozen=True, slots=True)
class UnitPlayResult:
    """The outcome of a `PlayCard`: the unit, the card and the trick it completed (None
    while the trick goes on)."""

    unit: int
    card: Card
    trick: TweemansTrick | None


TweemansAction = ChooseTrump | PassTrump | PlayCard | ClaimRoem | FinishHand
TweemansResult = TrumpResult | PassResult | UnitPlayResult | ClaimResult | FinishResult


def apply_tweemans(hand: TweemansHand, action: Action) -> TweemansResult:
    """Apply one action to `hand`; a `RuleViolation` (nothing changed) if it is refused,
    ``bad_action`` for an action two-player hands do not have (a call, ledig)."""
    own = tweemans_action(action)
    if isinstance(own, ChooseTrump):
        hand.choose_trump(own.seat, own.suit)
        return TrumpResult(own.seat, own.suit)
    if isinstance(own, PassTrump):
        hand.pass_trump(own.seat)
        return PassResult(own.seat)  # never reached: the maker may not pass
    if isinstance(own, PlayCard):
        return UnitPlayResult(own.seat, own.card, hand.play(own.seat, own.card))
    if isinstance(own, ClaimRoem):
        return ClaimResult(own.seat, hand.claim(own.seat))
    return FinishResult(hand.finish())  # `tweemans_action` lets no other type through


def tweemans_action(action: Action) -> TweemansAction:
    """`action` if two-player hands have it; ``bad_action`` for a call or ledig."""
    if isinstance(action, ChooseTrump | PassTrump | PlayCard | ClaimRoem | FinishHand):
        return action
    kind = action.type.value
    raise RuleViolation(ErrorCode.BAD_ACTION, f"two-player hands have no {kind}", action=kind)


def tweemans_action_from_dict(data: Mapping[str, Any]) -> TweemansAction:
    """Read one logged action of a two-player hand; ``bad_action`` if malformed or not an
    action of two-player hands."""
    return tweemans_action(action_from_dict(data))


@dataclass(frozen=True, slots=True)
class TweemansLine:
    """One line of the score sheet: the dealer and the maker (players), trump, each
    player's card points (last trick included) and roem, the score per player, whether the
    maker went nat and the player who took every trick."""

    number: int
    dealer: int
    maker: int
    trump: str
    points: tuple[int, int]
    roem: tuple[int, int]
    scores: tuple[int, int]
    nat: bool
    pit: int | None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "maker": self.maker,
            "trump": self.trump,
            "points": list(self.points),
            "roem": list(self.roem),
            "scores": list(self.scores),
            "nat": self.nat,
            "pit": self.pit,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TweemansLine:
        """The line `to_dict` wrote."""
        points, roem, scores = data["points"], data["roem"], data["scores"]
        return cls(
            number=data["number"],
            dealer=data["dealer"],
            maker=data["maker"],
            trump=data["trump"],
            points=(points[0], points[1]),
            roem=(roem[0], roem[1]),
            scores=(scores[0], scores[1]),
            nat=data["nat"],
            pit=data["pit"],
        )


@dataclass(frozen=True, slots=True)
class TweemansMatchResult:
    """The end of a match: each player's total; ``winner`` the player with the higher,
    None when the totals are equal."""

    totals: tuple[int, int]
    winner: int | None


class TweemansMatch:
    """A two-player match: hands dealt from one seed until a player reaches the target
    score (or the planned hands are played)."""

    def __init__(self, rules: RuleSet, seed: str, first_dealer: int | None = None) -> None:
        if not rules.two_players:
            raise ValueError("a two-player match needs rules with game='tweemans'")
        self.rules = rules
        self.seed = str(seed)
        if first_dealer is None:
            first_dealer = random.Random(f"{self.seed}/first-dealer").choice(SEATING.players)
        if first_dealer not in SEATING.players:
            raise ValueError("the first dealer is player 0 or 1")
        self.first_dealer = first_dealer
        self.sheet: list[TweemansLine] = []
        self.totals = [0 for _ in SEATING.players]
        self.planned_hands: int | None = rules.match_hands
        self.extended = False
        self.result: TweemansMatchResult | None = None
        self.actions: list[TweemansAction] = []
        self.hand: TweemansHand | None = self._deal(1)

    @property
    def hand_number(self) -> int:
        """1-based number of the hand being played (or of the last one, once finished)."""
        return len(self.sheet) + (1 if self.hand is not None else 0)

    @property
    def finished(self) -> bool:
        """Whether the match has a result."""
        return self.result is not None

    def apply(self, action: Action) -> TweemansResult:
        """Apply one action to the current hand; a scored hand is written on the sheet and
        the next one dealt (or the match ends). ``bad_action`` for a call or ledig."""
        if self.hand is None:
            raise RuleViolation(ErrorCode.MATCH_OVER, "the match is over")
        result = apply_tweemans(self.hand, action)
        self.actions.append(tweemans_action(action))
        if self.hand.phase == TweemansPhase.DONE:
            self._close_hand(self.hand)
        return result

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        seed: str,
        first_dealer: int | None,
        log: Iterable[Mapping[str, Any]],
    ) -> TweemansMatch:
        """The match after the logged actions, in their stored dict form."""
        match = cls(rules, seed, first_dealer)
        for data in log:
            match.apply(tweemans_action_from_dict(data))
        return match

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-ready values: rules, seed, sheet, totals and the hand in play
        (the action log is kept apart, as the four-player ``Match`` keeps it)."""
        return {
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "sheet": [line.to_dict() for line in self.sheet],
            "totals": list(self.totals),
            "planned_hands": self.planned_hands,
            "extended": self.extended,
            "hand": None if self.hand is None else self.hand.to_dict(),
        }

    def copy(self) -> TweemansMatch:
        """The state as ``from_dict(to_dict())`` would rebuild it (no action log, sheet
        lines shared), without the round trip through plain values."""
        match = TweemansMatch.__new__(TweemansMatch)
        vars(match).update(vars(self))
        match.sheet = list(self.sheet)
        match.totals = list(self.totals)
        match.actions = []
        match.hand = None if self.hand is None else self.hand.copy()
        return match

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], actions: Sequence[TweemansAction] = ()
    ) -> TweemansMatch:
        """The match `to_dict` wrote; `actions` (the log) is kept for later replays."""
        match = cls.__new__(cls)
        match.rules = RuleSet.from_dict(data["rules"])
        match.seed = data["seed"]
        match.first_dealer = data["first_dealer"]
        match.sheet = [TweemansLine.from_dict(line) for line in data["sheet"]]
        match.totals = list(data["totals"])
        match.planned_hands = data["planned_hands"]
        match.extended = data["extended"]
        match.actions = list(actions)
        hand = data["hand"]
        match.hand = None if hand is None else TweemansHand.from_dict(match.rules, hand)
        match.result = None if match.hand is not None else _result(match.totals)
        return match

    def _deal(self, number: int) -> TweemansHand:
        dealer = SEATING.dealer_of(self.first_dealer, number)
        rng = random.Random(f"{self.seed}/hand/{number}")
        return TweemansHand.deal(self.rules, dealer, rng)

    def _close_hand(self, hand: TweemansHand) -> None:
        score = hand.result
        assert score is not None and hand.trump is not None
        line = TweemansLine(
            number=len(self.sheet) + 1,
            dealer=hand.dealer,
            maker=hand.maker,
            trump=hand.trump.letter,
            points=(hand.points[0], hand.points[1]),
            roem=(hand.roem[0], hand.roem[1]),
            scores=score.scores,
            nat=score.nat,
            pit=score.pit,
        )
        self.sheet.append(line)
        self.totals = [t + s for t, s in zip(self.totals, line.scores, strict=True)]
        self.hand = None
        over, self.planned_hands, self.extended = match_over(
            len(self.sheet),
            self.planned_hands,
            self.totals,
            self.rules.target_score,
            self.extended,
            self.rules.tie_break,
            SEATING.deals_per_round,
        )
        if over:
            self.result = _result(self.totals)
        else:
            self.hand = self._deal(len(self.sheet) + 1)


def _result(totals: Sequence[int]) -> TweemansMatchResult:
    """The result for these totals: the higher wins, equal totals have no winner."""
    best = max(totals)
    leaders = [player for player in SEATING.players if totals[player] == best]
    winner = leaders[0] if len(leaders) == 1 else None
    return TweemansMatchResult((totals[0], totals[1]), winner)
