"""What every league operation answers: one `NightAnswer`.

An operation on a night (open, check in, draw a round, open a drawn table, record,
confirm, correct, penalise, close) answers with the events it caused and the night as it
now is (a `NightView`, night_view.py), as the table service answers with a `TableAnswer`:
the front end draws its messages from the answer alone. A round the bot deals also
answers the tables it wants opened (`TableRequest`): the front end opens each where it
plays (a thread, on Discord) and hands it back (`LeagueService.open_table`). A message the
front end posted for a night (its check-in, its standings, a confirmation ask) is
remembered as a night operation too, answering the night the message was drawn from.
Lookups and the league's own changes answer read models (`League`, `Night`, `NightView`, a
season table, a scheduled posting's `StoredRun`, ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar, TypeVar

from bot.engine import RuleSet
from bot.store import CheckinMessage, PostedMessage
from bot.tables import TableSettings

from .draw import RoundDraw
from .night import Attendance, NightMessage
from .night_view import NightView
from .results import TableResult
from .standings import Adjustment

__all__ = [
    "Adjusted",
    "CheckinPosted",
    "Checked",
    "Closed",
    "MessagePosted",
    "NightAnswer",
    "NightEvent",
    "NightEventKind",
    "Opened",
    "Opening",
    "ResultConfirmed",
    "ResultSet",
    "RoundDrawn",
    "TableOpened",
    "TableRequest",
]

E = TypeVar("E", bound="NightEvent")


class NightEventKind(StrEnum):
    """The kind of a night's event."""

    OPENED = "opened"
    CHECKED = "checked"
    ROUND_DRAWN = "round_drawn"
    TABLE_OPENED = "table_opened"
    RESULT_SET = "result_set"
    RESULT_CONFIRMED = "result_confirmed"
    ADJUSTED = "adjusted"
    CLOSED = "closed"
    CHECKIN_POSTED = "checkin_posted"
    MESSAGE_POSTED = "message_posted"


@dataclass(frozen=True, slots=True, kw_only=True)
class NightEvent:
    """Something that happened at a night."""

    kind: ClassVar[NightEventKind]


@dataclass(frozen=True, slots=True, kw_only=True)
class Opened(NightEvent):
    """The night opened for check-in."""

    kind = NightEventKind.OPENED


@dataclass(frozen=True, slots=True, kw_only=True)
class Checked(NightEvent):
    """A player checked in or out."""

    kind = NightEventKind.CHECKED
    attendance: Attendance


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundDrawn(NightEvent):
    """The next round drawn and published."""

    kind = NightEventKind.ROUND_DRAWN
    draw: RoundDraw


@dataclass(frozen=True, slots=True, kw_only=True)
class TableOpened(NightEvent):
    """A drawn table dealt as bot table `table_id`."""

    kind = NightEventKind.TABLE_OPENED
    round_no: int
    table_no: int
    table_id: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultSet(NightEvent):
    """A table's new result: entered, read from its bot table, corrected, voided or
    restored; `before`: the result a correction, void or restore replaced."""

    kind = NightEventKind.RESULT_SET
    round_no: int
    table_no: int
    result: TableResult
    before: TableResult | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultConfirmed(ResultSet):
    """A table's result a player entered, confirmed."""

    kind = NightEventKind.RESULT_CONFIRMED


@dataclass(frozen=True, slots=True, kw_only=True)
class Adjusted(NightEvent):
    """A player's points adjusted (a penalty or a bonus)."""

    kind = NightEventKind.ADJUSTED
    adjustment: Adjustment


@dataclass(frozen=True, slots=True, kw_only=True)
class Closed(NightEvent):
    """The night closed: its ranking is final."""

    kind = NightEventKind.CLOSED


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckinPosted(NightEvent):
    """The night's newest check-in message posted (for round `message.drawn` + 1):
    /league join and leave update its count, after a restart too."""

    kind = NightEventKind.CHECKIN_POSTED
    message: CheckinMessage


@dataclass(frozen=True, slots=True, kw_only=True)
class MessagePosted(NightEvent):
    """The night's message of `message_kind` posted (its standings, or the confirmation
    ask of round `round_no`'s table `table_no`): every later change edits this one."""

    kind = NightEventKind.MESSAGE_POSTED
    message_kind: NightMessage
    message: PostedMessage
    round_no: int = 0
    table_no: int = 0


@dataclass(frozen=True, slots=True)
class TableRequest:
    """One drawn table the bot should deal: its players in seat order (four, or a table of
    three's three), the rules it plays (a table of three's are the league's three-player
    rules), on a duplicate night the seed every table of the round deals from, and the
    league's name and the night's number (the table's messages name them)."""

    guild_id: int | None
    league_id: int
    night_id: int
    round_no: int
    table_no: int
    seats: tuple[int, ...]
    rules: RuleSet
    deal_seed: str | None
    league_name: str = ""
    night_no: int = 0


@dataclass(frozen=True, slots=True)
class Opening:
    """Where and how the front end has a wanted table opened: its channel (a thread, on
    Discord), the names its seats show, the night's standings message (channel, message)
    its end links to, and its timings."""

    channel_id: int
    names: tuple[str, ...]  # one a seat, in the request's seat order
    standings: tuple[int, int] | None = None
    settings: TableSettings = field(default_factory=TableSettings)


@dataclass(frozen=True, slots=True)
class NightAnswer:
    """One answer of a league operation: `events` (what changed) and `view`, the night as
    it now is; `tables`: the drawn tables the front end is to open (`TableRequest`)."""

    events: tuple[NightEvent, ...]
    view: NightView
    tables: tuple[TableRequest, ...] = ()

    def event(self, kind: type[E]) -> E:
        """The answer's event of class `kind` (an operation causes at most one of each);
        LookupError when it caused none (asked of the wrong operation's answer)."""
        for event in self.events:
            if isinstance(event, kind):
                return event
        raise LookupError(f"no {kind.__name__} event among {self.events}")

    @property
    def draw(self) -> RoundDraw:
        """The round a start drew."""
        return self.event(RoundDrawn).draw

    @property
    def changed(self) -> ResultSet:
        """The table whose result an entry, a confirmation or a correction changed."""
        return self.event(ResultSet)

    @property
    def round_no(self) -> int:
        """The round of the table whose result changed."""
        return self.changed.round_no

    @property
    def table_no(self) -> int:
        """The table (from 0) whose result changed."""
        return self.changed.table_no

    @property
    def result(self) -> TableResult:
        """The table's result after the change."""
        return self.changed.result

    @property
    def adjustment(self) -> Adjustment:
        """The adjustment a penalty made."""
        return self.event(Adjusted).adjustment
