"""The actions a hand accepts, as typed values, and the result each one returns.

Code builds and passes these; the dict form (``to_dict``/``action_from_dict``) exists only
for the action log, where it is the stored format and the input of ``Match.replay``. The dict
shapes never change, so a log written by any earlier version replays to the same match.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from .cards import Card, Suit
from .errors import ErrorCode, RuleViolation
from .hand import Hand, Trick, _seat
from .roem import Roem
from .scoring import MAX_CALLS, HandScore

T = TypeVar("T")


class ActionType(StrEnum):
    """The ``"type"`` of a logged action; the values are stored and never change."""

    TRUMP = "trump"
    PASS = "pass"
    PLAY = "play"
    CLAIM = "claim"
    FINISH = "finish"
    CALL = "call"
    CALL_PASS = "call_pass"
    LEDIG = "ledig"


# ----------------------------------------------------------------- results
@dataclass(frozen=True, slots=True)
class TrumpResult:
    """The outcome of `ChooseTrump`: `seat` named `suit` as trump."""

    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class PassResult:
    """The outcome of `PassTrump`: `seat` passed."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlayResult:
    """``trick`` is the trick this card completed, or None while the trick goes on."""

    seat: int
    card: Card
    trick: Trick | None


@dataclass(frozen=True, slots=True)
class ClaimResult:
    """The outcome of `ClaimRoem`: the roem `seat` claimed for its pair."""

    seat: int
    roem: Roem


@dataclass(frozen=True, slots=True)
class FinishResult:
    """The outcome of `FinishHand`: the hand's score."""

    score: HandScore


@dataclass(frozen=True, slots=True)
class CallResult:
    """The outcome of `CallDouble`: `seat` called `level`; the hand's `multiplier` now."""

    seat: int
    level: int
    multiplier: int


@dataclass(frozen=True, slots=True)
class CallPassResult:
    """The outcome of `PassDouble`: `seat` passed on calling `level`."""

    seat: int
    level: int


@dataclass(frozen=True, slots=True)
class LedigResult:
    """The outcome of `DeclareLedig`: `seat` said ledig; `idle` (its partner) sits out."""

    seat: int
    idle: int


ActionResult = (
    TrumpResult
    | PassResult
    | PlayResult
    | ClaimResult
    | FinishResult
    | CallResult
    | CallPassResult
    | LedigResult
)


# ----------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class ChooseTrump:
    """Name ``suit`` as trump."""

    type: ClassVar[ActionType] = ActionType.TRUMP
    seat: int
    suit: Suit

    def apply_to(self, hand: Hand) -> TrumpResult:
        """Name the trump on `hand`; a `RuleViolation` if the seat may not name it now."""
        hand.choose_trump(self.seat, self.suit)
        return TrumpResult(self.seat, self.suit)

    def to_dict(self) -> dict[str, Any]:
        """The action as logged: its type, seat and suit letter."""
        return {"type": self.type.value, "seat": self.seat, "suit": self.suit.letter}


@dataclass(frozen=True, slots=True)
class PassTrump:
    """Pass on naming trump."""

    type: ClassVar[ActionType] = ActionType.PASS
    seat: int

    def apply_to(self, hand: Hand) -> PassResult:
        """Pass on `hand`; a `RuleViolation` if the seat must name trump."""
        hand.pass_trump(self.seat)
        return PassResult(self.seat)

    def to_dict(self) -> dict[str, Any]:
        """The action as logged: its type and seat."""
        return {"type": self.type.value, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play `card` from the seat's hand."""

    type: ClassVar[ActionType] = ActionType.PLAY
    seat: int
    card: Card

    def apply_to(self, hand: Hand) -> PlayResult:
        """Play the card on `hand`, with the trick it completed; a `RuleViolation` if it may
        not be played."""
        return PlayResult(self.seat, self.card, hand.play(self.seat, self.card))

    def to_dict(self) -> dict[str, Any]:
        """The action as logged: its type, seat and card code."""
        return {"type": self.type.value, "seat": self.seat, "card": self.card.code}


@dataclass(frozen=True, slots=True)
class ClaimRoem:
    """Claim the roem of the trick just taken, for the seat's pair."""

    type: ClassVar[ActionType] = ActionType.CLAIM
    seat: int

    def apply_to(self, hand: Hand) -> ClaimResult:
        """Claim the last trick's roem on `hand`; a `RuleViolation` if the seat may not
        claim now."""
        return ClaimResult(self.seat, hand.claim(self.seat))

    def to_dict(self) -> dict[str, Any]:
        """The action as logged: its type and seat."""
        return {"type": self.type.value, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class FinishHand:
    """Close the last trick's claim window (nobody claimed) and score the hand."""

    type: ClassVar[ActionType] = ActionType.FINISH

    def apply_to(self, hand: Hand) -> FinishResult:
        """Score `hand`, ending its claim window."""
        return FinishResult(hand.finish())

    def to_dict(self) -> dict[str, Any]:
        """The action as logged: its type alone."""
        return {"type": self.type.value}


@dataclass(frozen=True, slots=True)
class CallDouble:
    """Call ``level`` for the seat's pair: 1 kraak, 2 rekraak, 3 superkraak (docs/rules.md
    2.5). The level is the one the caller saw offered, so a stale button is refused."""

    type: ClassVar[ActionType] = ActionType.CALL
    seat: int
    level: int

    def apply_to(self, hand: Hand) -> CallResult:
        """Call on `hand`; a `RuleViolation` if the seat may not make this call now."""
        hand.call(self.seat, self.level)
        return CallResult(self.seat, self.level, hand.multiplier)

    def to_dict(self) -> dict[str, Any]:
        """The action as logged: its type, seat and level."""
        return {"type": self.type.value, "seat": self.seat, "level": self.level}


@dataclass(frozen=True, slots=True)
class PassDouble:
    """Pass on calling ``level`` (docs/rules.md 2.5)."""

    type: ClassVar[ActionType] = ActionType.CALL_PASS
    seat: int
    level: int

    def apply_to(self, hand: Hand) -> CallPassResult:
        """Pass on `hand`; a `RuleViolation` if the seat is not asked for this call now."""
        hand.pass_call(self.seat, self.level)
        return CallPassResult(self.seat, self.level)

    def to_dict(self) -> dict[str, Any]:
        """The action as logged: its type, seat and level."""
        return {"type": self.type.value, "seat": self.seat, "level": self.level}


@dataclass(frozen=True, slots=True)
class DeclareLedig:
    """Say ledig instead of naming trump or passing (docs/rules.md 2.10)."""

    type: ClassVar[ActionType] = ActionType.LEDIG
    seat: int

    def apply_to(self, hand: Hand) -> LedigResult:
        """Declare ledig on `hand`; a `RuleViolation` if the seat may not say it now."""
        hand.declare_ledig(self.seat)
        assert hand.idle is not None
        return LedigResult(self.seat, hand.idle)

    def to_dict(self) -> dict[str, Any]:
        """The action as logged: its type and seat."""
        return {"type": self.type.value, "seat": self.seat}


Action = (
    ChooseTrump
    | PassTrump
    | PlayCard
    | ClaimRoem
    | FinishHand
    | CallDouble
    | PassDouble
    | DeclareLedig
)


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Read one logged action; a malformed one is refused with ``bad_action``."""
    kind = data.get("type")
    if kind == ActionType.FINISH:
        return FinishHand()
    seat = _seat(data.get("seat"))
    if kind == ActionType.TRUMP:
        return ChooseTrump(seat, _field(data, "suit", Suit.parse))
    if kind == ActionType.PASS:
        return PassTrump(seat)
    if kind == ActionType.PLAY:
        return PlayCard(seat, _field(data, "card", Card.parse))
    if kind == ActionType.CLAIM:
        return ClaimRoem(seat)
    if kind == ActionType.CALL:
        return CallDouble(seat, _level(data.get("level")))
    if kind == ActionType.CALL_PASS:
        return PassDouble(seat, _level(data.get("level")))
    if kind == ActionType.LEDIG:
        return DeclareLedig(seat)
    raise RuleViolation(ErrorCode.BAD_ACTION, f"unknown action type {kind!r}")


def _field(action: Mapping[str, Any], key: str, parse: Callable[[str], T]) -> T:
    value = action.get(key)
    if not isinstance(value, str):
        raise RuleViolation(ErrorCode.BAD_ACTION, f"action needs a {key}")
    try:
        return parse(value)
    except ValueError as exc:
        raise RuleViolation(ErrorCode.BAD_ACTION, str(exc)) from None


def _level(value: Any) -> int:
    if type(value) is not int or not 1 <= value <= MAX_CALLS:
        raise RuleViolation(ErrorCode.BAD_ACTION, f"no such call: {value!r}")
    return value
