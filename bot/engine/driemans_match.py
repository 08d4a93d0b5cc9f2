"""A three-player match (docs/rules.md 2.8.8), its actions and its score sheet per player.

Like the four-player ``Match``, it is a pure function of its rule set, seed and accepted
actions: hand ``n`` is dealt from the seed, and a deal that all three passed is dealt again
by the same dealer from the seed, the hand number and how many deals were passed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .actions import (
    CallDouble,
    ChooseTrump,
    ClaimResult,
    ClaimRoem,
    DeclareLedig,
    FinishHand,
    PassDouble,
    PassResult,
    PassTrump,
    PlayCard,
    TrumpResult,
    action_from_dict,
)
from .cards import Card
from .driemans import DriemansHand, DriemansPhase, DriemansScore, DriemansTrick
from .errors import ErrorCode, RuleViolation
from .rules import RuleSet
from .sheets import match_over

DISCARD_TYPE = "discard"
"""The ``"type"`` of a logged ``LayDown``."""


@dataclass(frozen=True, slots=True)
class LayDown:
    """The solo lays two cards of his twelve face down (docs/rules.md 2.8.4)."""

    type: ClassVar[str] = DISCARD_TYPE
    seat: int
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        """The action as logged: its type, seat and card codes."""
        return {"type": self.type, "seat": self.seat, "cards": [c.code for c in self.cards]}


@dataclass(frozen=True, slots=True)
class LayDownResult:
    """The outcome of `LayDown`."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TrickResult:
    """The outcome of a `PlayCard`: the trick it completed, or None while it goes on."""

    seat: int
    card: Card
    trick: DriemansTrick | None


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """The outcome of `FinishHand`: the hand's score."""

    score: DriemansScore


DriemansAction = ChooseTrump | PassTrump | LayDown | PlayCard | ClaimRoem | FinishHand
DriemansResult = TrumpResult | PassResult | LayDownResult | TrickResult | ClaimResult | ScoredResult


def apply_action(hand: DriemansHand, action: DriemansAction) -> DriemansResult:
    """Apply one action to `hand`; a `RuleViolation` (nothing changed) if it is refused,
    ``bad_action`` for an action three-player hands do not have (a call, ledig)."""
    if isinstance(action, ChooseTrump):
        hand.choose_trump(action.seat, action.suit)
        return TrumpResult(action.seat, action.suit)
    if isinstance(action, PassTrump):
        hand.pass_trump(action.seat)
        return PassResult(action.seat)
    if isinstance(action, LayDown):
        hand.lay_down(action.seat, action.cards)
        return LayDownResult(action.seat, action.cards)
    if isinstance(action, PlayCard):
        return TrickResult(action.seat, action.card, hand.play(action.seat, action.card))
    if isinstance(action, ClaimRoem):
        return ClaimResult(action.seat, hand.claim(action.seat))
    if isinstance(action, FinishHand):
        return ScoredResult(hand.finish())
    raise RuleViolation(ErrorCode.BAD_ACTION, f"three-player hands have no {type(action).__name__}")


def driemans_action_from_dict(data: Mapping[str, Any]) -> DriemansAction:
    """Read one logged action of a three-player hand; ``bad_action`` if malformed."""
    if data.get("type") != DISCARD_TYPE:
        action = action_from_dict(data)
        if isinstance(action, CallDouble | PassDouble | DeclareLedig):
            raise RuleViolation(ErrorCode.BAD_ACTION, "three-player hands have no calls or ledig")
        return action
    codes = data.get("cards")
    if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
        raise RuleViolation(ErrorCode.BAD_ACTION, "a discard needs its cards")
    try:
        cards = tuple(Card.parse(c) for c in codes)
    except ValueError as exc:
        raise RuleViolation(ErrorCode.BAD_ACTION, str(exc)) from None
    seat = data.get("seat")
    if type(seat) is not int:
        raise RuleViolation(ErrorCode.BAD_ACTION, f"no such seat: {seat!r}")
    return LayDown(seat, cards)


@dataclass(frozen=True, slots=True)
class DriemansLine:
    """One line of the score sheet: the dealer, trump, the solo, the sides' card points
    (last trick included, discard apart) and roem, the discard's points, the score per seat,
    whether the solo went nat and the side that took every trick."""

    number: int
    dealer: int
    trump: str
    solo: int
    points: tuple[int, int]
    roem: tuple[int, int]
    discard: int
    scores: tuple[int, ...]
    nat: bool
    pit: int | None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "trump": self.trump,
            "solo": self.solo,
            "points": list(self.points),
            "roem": list(self.roem),
            "discard": self.discard,
            "scores": list(self.scores),
            "nat": self.nat,
            "pit": self.pit,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DriemansLine:
        """The line `to_dict` wrote."""
        return cls(
            **{
                **data,
                "points": tuple(data["points"]),
                "roem": tuple(data["roem"]),
                "scores": tuple(data["scores"]),
            }
        )


@dataclass(frozen=True, slots=True)
class DriemansResultOfMatch:
    """The end of a match: each seat's total; ``winner`` the seat with the highest, None
    when the highest is shared."""

    totals: tuple[int, ...]
    winner: int | None


class DriemansMatch:
    """A three-player match: hands dealt from one seed until the planned hands are played
    or a player reaches the target score."""

    def __init__(self, rules: RuleSet, seed: str, first_dealer: int | None = None) -> None:
        if not rules.three_players:
            raise ValueError("a three-player match needs rules with game='driemans'")
        seating = rules.seating
        self.rules = rules
        self.seed = str(seed)
        if first_dealer is None:
            first_dealer = random.Random(f"{self.seed}/first-dealer").randrange(seating.count)
        self.first_dealer = seating.seat(first_dealer)
        self.sheet: list[DriemansLine] = []
        self.totals = [0 for _ in seating.seats]
        self.planned_hands: int | None = rules.match_hands
        self.extended = False
        self.redeals = 0  # deals of the current hand passed by all three
        self.result: DriemansResultOfMatch | None = None
        self.actions: list[DriemansAction] = []
        self.hand: DriemansHand | None = self._deal(1)

    @property
    def hand_number(self) -> int:
        """1-based number of the hand being played (or of the last one, once finished)."""
        return len(self.sheet) + (1 if self.hand is not None else 0)

    @property
    def finished(self) -> bool:
        """Whether the match has a result."""
        return self.result is not None

    def apply(self, action: DriemansAction) -> DriemansResult:
        """Apply one action to the current hand; a passed deal is dealt again, a scored hand
        written on the sheet and the next one dealt."""
        if self.hand is None:
            raise RuleViolation(ErrorCode.MATCH_OVER, "the match is over")
        result = apply_action(self.hand, action)
        self.actions.append(action)
        if self.hand.phase == DriemansPhase.PASSED:
            self.redeals += 1
            self.hand = self._deal(len(self.sheet) + 1)
        elif self.hand.phase == DriemansPhase.DONE:
            self._close_hand(self.hand)
        return result

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        seed: str,
        first_dealer: int | None,
        log: Iterable[Mapping[str, Any]],
    ) -> DriemansMatch:
        """The match after the logged actions, in their stored dict form."""
        match = cls(rules, seed, first_dealer)
        for data in log:
            match.apply(driemans_action_from_dict(data))
        return match

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-ready values: rules, seed, sheet, totals and the hand in play."""
        return {
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "sheet": [line.to_dict() for line in self.sheet],
            "totals": list(self.totals),
            "planned_hands": self.planned_hands,
            "extended": self.extended,
            "redeals": self.redeals,
            "hand": None if self.hand is None else self.hand.to_dict(),
        }

    def copy(self) -> DriemansMatch:
        """The state as ``from_dict(to_dict())`` would rebuild it (no action log, sheet
        lines shared), without the round trip through plain values."""
        match = DriemansMatch.__new__(DriemansMatch)
        vars(match).update(vars(self))
        match.sheet = list(self.sheet)
        match.totals = list(self.totals)
        match.actions = []
        match.hand = None if self.hand is None else self.hand.copy()
        return match

    @classmethod
    def from_dict(
        cls, data: dict[str, Any], actions: list[DriemansAction] | None = None
    ) -> DriemansMatch:
        """Rebuild from a snapshot; ``actions`` (the log) is kept only for later replays."""
        match = cls.__new__(cls)
        match.rules = RuleSet.from_dict(data["rules"])
        match.seed = data["seed"]
        match.first_dealer = data["first_dealer"]
        match.sheet = [DriemansLine.from_dict(d) for d in data["sheet"]]
        match.totals = list(data["totals"])
        match.planned_hands = data["planned_hands"]
        match.extended = data["extended"]
        match.redeals = data["redeals"]
        match.actions = list(actions or [])
        hand = data["hand"]
        match.hand = None if hand is None else DriemansHand.from_dict(match.rules, hand)
        match.result = None
        if match.hand is None:
            match.result = DriemansResultOfMatch(tuple(match.totals), _winner(match.totals))
        return match

    def _deal(self, number: int) -> DriemansHand:
        dealer = self.rules.seating.dealer_of(self.first_dealer, number)
        suffix = f"/redeal/{self.redeals}" if self.redeals else ""
        rng = random.Random(f"{self.seed}/hand/{number}{suffix}")
        return DriemansHand.deal(self.rules, dealer, rng)

    def _close_hand(self, hand: DriemansHand) -> None:
        score = hand.result
        assert score is not None and hand.trump is not None
        line = DriemansLine(
            number=len(self.sheet) + 1,
            dealer=hand.dealer,
            trump=hand.trump.letter,
            solo=score.solo,
            points=(hand.points[0], hand.points[1]),
            roem=(hand.roem[0], hand.roem[1]),
            discard=score.discard,
            scores=score.scores,
            nat=score.nat,
            pit=score.pit,
        )
        self.sheet.append(line)
        self.totals = [t + s for t, s in zip(self.totals, line.scores, strict=True)]
        self.hand, self.redeals = None, 0
        over, self.planned_hands, self.extended = match_over(
            len(self.sheet),
            self.planned_hands,
            self.totals,
            self.rules.target_score,
            self.extended,
            self.rules.tie_break,
            self.rules.seating.count,
        )
        if over:
            self.result = DriemansResultOfMatch(tuple(self.totals), _winner(self.totals))
        else:
            self.hand = self._deal(len(self.sheet) + 1)


def _winner(totals: Sequence[int]) -> int | None:
    """The seat with the highest total; None when the highest is shared."""
    best = max(totals)
    leaders = [seat for seat, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None
