"""What every table service call answers: one `TableAnswer` (a hint: one `HintAnswer`).

An operation (sit, play, close, ...) answers with the events it caused and the table's
committed state after it; a lookup (get, find, in_channel, ...) with no events and the
state it found. Front ends draw from the result alone, through its read models: the
public table, a seat's private hand, the score sheet. The state behind a result is a
committed one the service never changes again (it replaces a table's state with each
commit), so a result drawn later still shows what it answered, and each read model is
made once per state however many results and viewers share it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from bot.engine import RuleSet, SheetLine
from bot.players.hint import Hint
from bot.store import StoredAction

from .errors import RefusalCode, TableError
from .events import Event
from .model import Status, Table, TableSettings
from .readmodels import (
    DealtHands,
    PrivateHand,
    PublicTable,
    check_scored,
    dealt_hands,
    private_hand,
    public_table,
)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class HintAnswer:
    """A hint, and whether it is the one that took the hand out of the par count
    (``uncounted``: the hand counted against par until this hint; docs/pars.md)."""

    hint: Hint
    uncounted: bool


@dataclass(frozen=True, slots=True, eq=False)
class TableAnswer:
    """One answer of the table service: `events` (what changed; none for a lookup) and
    the committed state, read through its read models. `viewer`: the user the call was
    made for, whose own hand `hand()` gives (refused ``not_seated`` when they have none)."""

    events: tuple[Event, ...]
    viewer: int | None
    _table: Table = field(repr=False)

    @property
    def id(self) -> int:
        """The table's id."""
        return self._table.id

    @property
    def seq(self) -> int:
        """The state's sequence number (buttons carry it; the service refuses stale ones)."""
        return self._table.seq

    @property
    def status(self) -> Status:
        """Lobby, playing, finished or closed."""
        return self._table.status

    @property
    def is_open(self) -> bool:
        """Whether the table is in the lobby or playing."""
        return self._table.is_open

    @property
    def guild_id(self) -> int | None:
        """The guild the table is in (None: a direct message or the terminal)."""
        return self._table.guild_id

    @property
    def channel_id(self) -> int:
        """The channel (or thread) the table plays in."""
        return self._table.channel_id

    @property
    def opener_id(self) -> int:
        """Who opened the table."""
        return self._table.opener_id

    @property
    def message_id(self) -> int | None:
        """The table's public message, as the service last heard of it."""
        return self._table.message_id

    @property
    def settings(self) -> TableSettings:
        """The table's settings (frozen)."""
        return self._table.settings

    @property
    def rules(self) -> RuleSet:
        """The table's rule set (frozen)."""
        return self._table.rules

    @property
    def public(self) -> PublicTable:
        """What everyone may see of this state (made once per state)."""
        return public_table(self._table)

    @property
    def sheet(self) -> tuple[SheetLine, ...]:
        """The score sheet of the match, one line per scored hand."""
        return self.public.sheet

    def private(self, seat: int) -> PrivateHand:
        """What `seat` may see of its own hand (made once per state and seat)."""
        return private_hand(self._table, seat)

    @property
    def seat(self) -> int | None:
        """The viewer's seat, if they hold one."""
        return None if self.viewer is None else self._table.seat_of(self.viewer)

    def own_seat(self) -> int:
        """The viewer's seat; refused ``not_seated`` when they hold none."""
        if self.viewer is None:
            raise TableError(RefusalCode.NOT_SEATED)
        return self._table.human_seat(self.viewer)

    def hand(self) -> PrivateHand:
        """The viewer's own hand; refused ``not_seated`` when they hold no seat."""
        return self.private(self.own_seat())

    def scored_line(self, number: int) -> SheetLine:
        """Hand `number`'s sheet line; refused ``not_scored`` until it is scored."""
        return check_scored(self._table, number)

    def review(self, number: int, log: Sequence[StoredAction] = ()) -> DealtHands:
        """Hand `number` of the match as dealt and, from the table's action `log`, as
        played; refused ``not_scored`` until it is scored."""
        return dealt_hands(self._table, number, log)

    def waiting_for(self) -> tuple[int, int] | None:
        """(seat, user id) of the human whose own decision the table waits for, if any."""
        return self._table.waiting_for()

    def drawn(self, key: Hashable, make: Callable[[], T]) -> T:
        """`make()`, once for this state: what a front end draws from it (a message's
        JSON per locale) is drawn once for every viewer and edit of the state."""
        return self._table.rendered(("drawn", key), make)
