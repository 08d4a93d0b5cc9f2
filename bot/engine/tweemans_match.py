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

from collections.abc import Mapping
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
from .base_match import BaseMatch, PlainLine, top_seat
from .cards import Card
from .errors import ErrorCode, RuleViolation
from .rules import RuleSet
from .tweemans import SEATING, TweemansHand, TweemansTrick


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
class TweemansLine(PlainLine):
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


@dataclass(frozen=True, slots=True)
class TweemansMatchResult:
    """The end of a match: each player's total; ``winner`` the player with the higher,
    None when the totals are equal."""

    totals: tuple[int, int]
    winner: int | None


class TweemansMatch(
    BaseMatch[TweemansHand, TweemansLine, Action, TweemansResult, TweemansMatchResult]
):
    """A two-player match: hands dealt from one seed until a player reaches the target
    score (or the planned hands are played); totals per player."""

    hand_type = TweemansHand
    line_type = TweemansLine

    def __init__(self, rules: RuleSet, seed: str, first_dealer: int | None = None) -> None:
        if not rules.two_players:
            raise ValueError("a two-player match needs rules with game='tweemans'")
        super().__init__(rules, seed, first_dealer)

    @staticmethod
    def action_of(data: Mapping[str, Any]) -> TweemansAction:
        """One logged action of a two-player hand (`tweemans_action_from_dict`)."""
        return tweemans_action_from_dict(data)

    def _act(self, hand: TweemansHand, action: Action) -> TweemansResult:
        """`apply_tweemans`: ``bad_action`` for a call or ledig."""
        return apply_tweemans(hand, action)

    def _first_dealer(self, seat: int) -> int:
        if seat not in SEATING.players:
            raise ValueError("the first dealer is player 0 or 1")
        return seat

    def _line_of(self, hand: TweemansHand) -> TweemansLine:
        score = hand.result
        assert score is not None and hand.trump is not None
        return TweemansLine(
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

    def _result_of(self, totals: list[int]) -> TweemansMatchResult:
        return TweemansMatchResult((totals[0], totals[1]), top_seat(totals))
