"""What happened at a table, for front ends to render (the public message, a reply).

Events are plain typed data: one small frozen class per kind, all of them an ``Event`` with
the ``seat`` it happened to (None: the table as a whole) and a class-level ``kind``. The
service returns them from every operation and also hands them to its listeners, so
timer-driven moves reach the screen too. ``EventKind`` values are the kind strings front
ends have always compared with (``event.kind == "card_played"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from bot.engine import Card, Roem, SheetLine, Suit, Trick


class EventKind(StrEnum):
    OPENED = "opened"
    SEATED = "seated"
    LEFT = "left"
    COMPUTER_ADDED = "computer_added"
    COMPUTER_REMOVED = "computer_removed"
    STARTED = "started"
    TRUMP_CHOSEN = "trump_chosen"
    TRUMP_PASSED = "trump_passed"
    CARD_PLAYED = "card_played"
    TRICK_TAKEN = "trick_taken"
    ROEM_CLAIMED = "roem_claimed"
    HAND_SCORED = "hand_scored"
    MATCH_FINISHED = "match_finished"
    SEAT_AWAY = "seat_away"
    SEAT_AUTOPLAY = "seat_autoplay"
    SEAT_BACK = "seat_back"
    SETTINGS_CHANGED = "settings_changed"
    CLOSED = "closed"


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    kind: ClassVar[EventKind]
    seat: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Opened(Event):
    """``seat`` is the opener's seat, None when the opener did not sit down."""

    kind = EventKind.OPENED


@dataclass(frozen=True, slots=True, kw_only=True)
class Seated(Event):
    kind = EventKind.SEATED
    user_id: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Left(Event):
    kind = EventKind.LEFT
    user_id: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ComputerAdded(Event):
    kind = EventKind.COMPUTER_ADDED


@dataclass(frozen=True, slots=True, kw_only=True)
class ComputerRemoved(Event):
    kind = EventKind.COMPUTER_REMOVED


@dataclass(frozen=True, slots=True, kw_only=True)
class Started(Event):
    """``seat`` is the first dealer."""

    kind = EventKind.STARTED


@dataclass(frozen=True, slots=True, kw_only=True)
class TrumpChosen(Event):
    kind = EventKind.TRUMP_CHOSEN
    suit: Suit


@dataclass(frozen=True, slots=True, kw_only=True)
class TrumpPassed(Event):
    kind = EventKind.TRUMP_PASSED


@dataclass(frozen=True, slots=True, kw_only=True)
class CardPlayed(Event):
    kind = EventKind.CARD_PLAYED
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickTaken(Event):
    """``seat`` is the trick's winner."""

    kind = EventKind.TRICK_TAKEN
    trick: Trick


@dataclass(frozen=True, slots=True, kw_only=True)
class RoemClaimed(Event):
    kind = EventKind.ROEM_CLAIMED
    roem: Roem


@dataclass(frozen=True, slots=True, kw_only=True)
class HandScored(Event):
    kind = EventKind.HAND_SCORED
    line: SheetLine


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchFinished(Event):
    """``seat`` is the winning pair (0 or 1), None for a shared result."""

    kind = EventKind.MATCH_FINISHED
    totals: tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatAway(Event):
    """The turn timer ran out on this seat once: the computer played for it."""

    kind = EventKind.SEAT_AWAY


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatAutoplay(Event):
    """The turn timer ran out twice in a row: the computer keeps the seat until "I'm back"."""

    kind = EventKind.SEAT_AUTOPLAY


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatBack(Event):
    kind = EventKind.SEAT_BACK


@dataclass(frozen=True, slots=True, kw_only=True)
class SettingsChanged(Event):
    """The settings that changed; None for one left as it was."""

    kind = EventKind.SETTINGS_CHANGED
    turn_timer: float | None = None
    locale: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Closed(Event):
    kind = EventKind.CLOSED
    by: int
