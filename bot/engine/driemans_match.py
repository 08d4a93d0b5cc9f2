"""A three-player match (docs/rules.md 2.8.8), its actions and its score sheet per player.

Like the four-player ``Match``, it is a pure function of its rule set, seed and accepted
actions: hand ``n`` is dealt from the seed, and a deal that all three passed is dealt again
by the same dealer from the seed, the hand number and how many deals were passed.
"""

from __future__ import annotations

from collections.abc import Mapping
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
from .base_match import BaseMatch, PlainLine, top_seat
from .cards import Card
from .driemans import DriemansHand, DriemansPhase, DriemansScore, DriemansTrick
from .errors import ErrorCode, RuleViolation
from .rules import RuleSet

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
class DriemansLine(PlainLine):
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


@dataclass(frozen=True, slots=True)
class DriemansResultOfMatch:
    """The end of a match: each seat's total; ``winner`` the seat with the highest, None
    when the highest is shared."""

    totals: tuple[int, ...]
    winner: int | None


class DriemansMatch(
    BaseMatch[DriemansHand, DriemansLine, DriemansAction, DriemansResult, DriemansResultOfMatch]
):
    """A three-player match: hands dealt from one seed until the planned hands are played
    or a player reaches the target score; totals per seat. ``redeals``: deals of the
    current hand passed by all three, each dealt again by the same dealer."""

    hand_type = DriemansHand
    line_type = DriemansLine

    def __init__(self, rules: RuleSet, seed: str, first_dealer: int | None = None) -> None:
        if not rules.three_players:
            raise ValueError("a three-player match needs rules with game='driemans'")
        self.redeals = 0
        super().__init__(rules, seed, first_dealer)

    @staticmethod
    def action_of(data: Mapping[str, Any]) -> DriemansAction:
        """One logged action of a three-player hand (`driemans_action_from_dict`)."""
        return driemans_action_from_dict(data)

    def _act(self, hand: DriemansHand, action: DriemansAction) -> DriemansResult:
        """`apply_action`; a deal that all three passed is dealt again."""
        result = apply_action(hand, action)
        if hand.phase == DriemansPhase.PASSED:
            self.redeals += 1
            self.hand = self._deal(len(self.sheet) + 1)
        return result

    def _close_hand(self, hand: DriemansHand) -> None:
        self.redeals = 0
        super()._close_hand(hand)

    def _scorers(self) -> tuple[int, ...]:
        return self.rules.seating.seats

    def _deal_seed(self, number: int) -> str:
        suffix = f"/redeal/{self.redeals}" if self.redeals else ""
        return super()._deal_seed(number) + suffix

    def _game_fields(self) -> dict[str, Any]:
        return {"redeals": self.redeals}

    def _read_game_fields(self, data: Mapping[str, Any]) -> None:
        self.redeals = data["redeals"]

    def _line_of(self, hand: DriemansHand) -> DriemansLine:
        score = hand.result
        assert score is not None and hand.trump is not None
        return DriemansLine(
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

    def _result_of(self, totals: list[int]) -> DriemansResultOfMatch:
        return DriemansResultOfMatch(tuple(totals), top_seat(totals))
