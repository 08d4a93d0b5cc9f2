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

from bot.engine import Card, DriemansLine, Roem, SheetLine, Suit, Trick


class EventKind(StrEnum):
    """The kind of an event, as the string front ends compare with."""

    OPENED = "opened"
    SEATED = "seated"
    LEFT = "left"
    COMPUTER_ADDED = "computer_added"
    COMPUTER_REMOVED = "computer_removed"
    STARTED = "started"
    TRUMP_CHOSEN = "trump_chosen"
    TRUMP_PASSED = "trump_passed"
    LEDIG_DECLARED = "ledig_declared"
    CALLED = "called"
    CALL_PASSED = "call_passed"
    LAID_DOWN = "laid_down"
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
    REPAIRED = "repaired"


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Something that happened at a table, to ``seat`` (None: the table as a whole)."""

    kind: ClassVar[EventKind]
    seat: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Opened(Event):
    """``seat`` is the opener's seat, None when the opener did not sit down;
    ``again_of``: the finished table whose Play again opened this one."""

    kind = EventKind.OPENED
    again_of: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Seated(Event):
    """A player took ``seat``."""

    kind = EventKind.SEATED
    user_id: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Left(Event):
    """A player left ``seat`` (during a match its computer plays on)."""

    kind = EventKind.LEFT
    user_id: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ComputerAdded(Event):
    """A computer took ``seat``."""

    kind = EventKind.COMPUTER_ADDED


@dataclass(frozen=True, slots=True, kw_only=True)
class ComputerRemoved(Event):
    """The computer at ``seat`` was removed."""

    kind = EventKind.COMPUTER_REMOVED


@dataclass(frozen=True, slots=True, kw_only=True)
class Started(Event):
    """``seat`` is the first dealer."""

    kind = EventKind.STARTED


@dataclass(frozen=True, slots=True, kw_only=True)
class TrumpChosen(Event):
    """``seat`` named ``suit`` as trump."""

    kind = EventKind.TRUMP_CHOSEN
    suit: Suit


@dataclass(frozen=True, slots=True, kw_only=True)
class TrumpPassed(Event):
    """``seat`` passed on naming trump."""

    kind = EventKind.TRUMP_PASSED


@dataclass(frozen=True, slots=True, kw_only=True)
class LedigDeclared(Event):
    """``seat`` said ledig (docs/rules.md 2.10): no trump; ``idle``, its partner, sits out."""

    kind = EventKind.LEDIG_DECLARED
    idle: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Called(Event):
    """``seat`` called ``level`` (1 kraak, 2 rekraak, 3 superkraak: docs/rules.md 2.5);
    the hand's ``multiplier`` now."""

    kind = EventKind.CALLED
    level: int
    multiplier: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CallPassed(Event):
    """``seat`` passed on calling ``level``."""

    kind = EventKind.CALL_PASSED
    level: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LaidDown(Event):
    """The solo at ``seat`` took the blind and laid two cards face down (three-player
    Klaverjas: which cards stays hidden until the hand is scored)."""

    kind = EventKind.LAID_DOWN


@dataclass(frozen=True, slots=True, kw_only=True)
class CardPlayed(Event):
    """``seat`` played ``card``."""

    kind = EventKind.CARD_PLAYED
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickTaken(Event):
    """``seat`` is the trick's winner."""

    kind = EventKind.TRICK_TAKEN
    trick: Trick


@dataclass(frozen=True, slots=True, kw_only=True)
class RoemClaimed(Event):
    """``seat``'s pair claimed the last trick's ``roem``."""

    kind = EventKind.ROEM_CLAIMED
    roem: Roem


@dataclass(frozen=True, slots=True, kw_only=True)
class HandScored(Event):
    """A hand was scored: its ``line`` on the score sheet (its game's line)."""

    kind = EventKind.HAND_SCORED
    line: SheetLine | DriemansLine


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchFinished(Event):
    """``seat`` is the winning pair (0 or 1; three players: the winning seat), None for a
    shared result; ``totals`` per pair (three players: per seat)."""

    kind = EventKind.MATCH_FINISHED
    totals: tuple[int, ...]


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
    """The player at ``seat`` took it back from the computer."""

    kind = EventKind.SEAT_BACK


@dataclass(frozen=True, slots=True, kw_only=True)
class SettingsChanged(Event):
    """The settings that changed; None for one left as it was."""

    kind = EventKind.SETTINGS_CHANGED
    turn_timer: float | None = None
    locale: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Closed(Event):
    """The table was closed ``by`` a user."""

    kind = EventKind.CLOSED
    by: int


@dataclass(frozen=True, slots=True)
class Repair:
    """One value of a stored table set right at restore: `what` (a setting, "seat 2
    level", "match_hands"), the value stored and the value now, as a log shows them."""

    what: str
    before: str
    after: str

    def __str__(self) -> str:
        return f"{self.what} {self.before} -> {self.after}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Repaired(Event):
    """At restore the table's stored state held what this version cannot run: each of
    `changes` was set to its nearest valid value, or (`closed`) the table was closed."""

    kind = EventKind.REPAIRED
    changes: tuple[Repair, ...] = ()
    closed: bool = False
