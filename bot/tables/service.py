"""The table service: the one front of the tables for the Discord cogs and the terminal.

Every call answers with one immutable `TableAnswer` (bot/tables/answers.py): the events
an operation caused and the read models the front end draws. An operation either commits
all it changed to the store before answering, or raises ``TableError`` and leaves the
table as it was, in memory and on disk.

The service is made of parts, each in its own module: the registry of live tables
(registry.py), the way into a table, its commits and its answer (access.py), the timers
(timers.py), and the operations by role: the lobby (lobby.py), the match (play.py), the
opener's (admin.py).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.players.workers import Computers
from bot.shards import ShardSet
from bot.store import PostedNotice, Store

from .access import Listener, TableAccess, check_id
from .admin import AdminOperations
from .answers import TableAnswer
from .arguments import checked
from .clock import Clock, SystemClock
from .errors import RefusalCode, TableError
from .lobby import LobbyOperations
from .parts import new_seed
from .play import PlayOperations
from .readmodels import DealtHands
from .registry import TableRegistry
from .table import Table
from .timers import TableTimers, TickListener

ID_LIMIT = 2**63  # table ids are 64-bit integers in the store; a button may carry 20 digits

__all__ = ["ID_LIMIT", "Listener", "TableService", "TickListener"]


class TableService(LobbyOperations, PlayOperations, AdminOperations):
    """Every table of this process: lookups, operations and timers, each answered with
    one `TableAnswer`."""

    def __init__(
        self,
        store: Store,
        clock: Clock | None = None,
        budget_ms: float | None = None,
        processes: bool = False,
        shards: ShardSet | None = None,
        seeds: Callable[[], str] = new_seed,
    ) -> None:
        """``budget_ms``: a strong computer's time per decision (settings may lower it);
        ``processes``: decide in worker processes rather than threads (``Computers``);
        ``shards``: the guilds this process serves: it restores (and so times) only their
        tables, the process running the other shards the rest (docs/operations.md);
        ``seeds``: each new table's seed, which its deals and its computers draw on (random;
        tests give one that a failing test's run reproduces)."""
        self.store = store
        self.seeds = seeds
        self.clock = clock or SystemClock()
        self.shards = shards or ShardSet()
        self.computers = Computers(budget_ms, processes=processes)
        self.registry = TableRegistry(store, self.clock, self.shards)
        self.access = TableAccess(self.registry, store, self.clock)
        self.timers = TableTimers(self.access, self.computers, self.clock)
        self.listeners: list[Listener] = self.access.listeners  # hear every result
        self.tick_listeners: list[TickListener] = self.timers.tick_listeners
        self._hinted: dict[int, float] = {}

    # ----------------------------------------------------------------- lookups
    @checked
    def get(
        self, table_id: int, viewer: int | None = None, channel_id: int | None = None
    ) -> TableAnswer:
        """The table as it is now (``viewer``: whose hand `hand()` gives); refused
        ``unknown_table``, and ``wrong_channel`` when asked from another channel."""
        table = self.registry.get(table_id)
        table.require_channel(channel_id)
        return TableAnswer((), viewer, table)

    @checked
    def hand(self, table_id: int, user_id: int, channel_id: int | None = None) -> TableAnswer:
        """The table as ``user_id`` sees it, from their seat: refused ``not_seated`` when
        they hold none (the one check of a player's own requests)."""
        result = self.get(table_id, user_id, channel_id)
        result.own_seat()
        return result

    @checked
    def seated_at(self, table_id: int, user_id: int, channel_id: int | None = None) -> TableAnswer:
        """The open table ``user_id`` has a seat at: what a request only its players may
        make (Bump) needs; refused ``not_open`` or ``not_seated`` otherwise."""
        result = self.get(table_id, user_id, channel_id)
        if not result.is_open:
            raise TableError(RefusalCode.NOT_OPEN)
        result.own_seat()
        return result

    @checked
    def in_channel(self, channel_id: int, viewer: int | None = None) -> TableAnswer | None:
        """The channel's open table, if any."""
        table = self.registry.in_channel(channel_id)
        return None if table is None else TableAnswer((), viewer, table)

    @checked
    async def latest_in_channel(self, channel_id: int) -> TableAnswer | None:
        """The channel's open table, else its most recent one from the store (read only)."""
        table = self.registry.in_channel(channel_id)
        if table is not None:
            return TableAnswer((), None, table)
        stored = await self.store.tables.latest_in_channel(channel_id)
        if stored is None:
            return None
        held = self.registry.held(stored.id)
        return TableAnswer((), None, held or Table.from_dict(stored.snapshot))

    @checked
    async def find(self, table_id: int) -> TableAnswer:
        """The table in memory, else as the store last saw it (read only: a finished table
        the service has forgotten, e.g. after a restart, still shows its score sheet)."""
        table = self.registry.held(table_id)
        if table is not None:
            return TableAnswer((), None, table)
        if not 0 < table_id < ID_LIMIT:  # no table has it (and the store cannot bind it)
            raise TableError(RefusalCode.UNKNOWN_TABLE, table_id=table_id)
        stored = await self.store.tables.get(table_id)
        if stored is None:
            raise TableError(RefusalCode.UNKNOWN_TABLE, table_id=table_id)
        return TableAnswer((), None, Table.from_dict(stored.snapshot))

    @checked
    async def review(self, table_id: int, number: int) -> DealtHands:
        """Hand ``number`` of the table's match as dealt and as played (its tricks from the
        stored action log), once it is scored (refused ``not_scored`` before, so nothing of
        a hand in play is revealed, and before the log is read)."""
        table = await self.find(table_id)
        table.scored_line(number)
        return table.review(number, await self.store.tables.actions(table_id))

    @checked
    def open_tables(self) -> list[TableAnswer]:
        """Every open table this process holds."""
        return [TableAnswer((), None, table) for table in self.registry.open_tables()]

    @checked
    async def restore(self) -> list[Table]:
        """Load the open tables of our shards from the store (at start; bot-side only)."""
        return await self.registry.restore()

    @checked
    async def announce_restored(self) -> list[TableAnswer]:
        """Tell the listeners, once, about each table the restore repaired or closed (a
        `Repaired` event): the front end calls this when its listeners are in place, so
        the table's channel hears why its settings changed or its table is gone."""
        return [
            await self.access.answer(table, [event])
            for table, event in self.registry.take_restored()
        ]

    # ----------------------------------------------------------------- messages
    @checked
    async def set_message(self, table_id: int, message_id: int) -> None:
        """Remember the public message (not a game action: no sequence number)."""
        check_id("message_id", message_id)  # required here (`checked` lets None pass)
        self.registry.set_message(table_id, message_id)
        async with self.access.inflight():
            await self.store.tables.set_message(table_id, message_id)
        self.registry.committed[table_id]["message_id"] = message_id

    @checked
    async def set_notice(self, table_id: int, message_id: int | None) -> None:
        """Remember the turn notice standing in the table's channel (None: none is), so a
        restart can delete it when it is out of date. A courtesy, not a game action: not
        refused while shutting down (a notice posted then must still be remembered; the
        store closes only after the front end's notices have stopped)."""
        await self.store.tables.set_notice(table_id, message_id)

    @checked
    async def standing_notices(self) -> list[PostedNotice]:
        """The turn notices left standing in this process's guilds (by an earlier one)."""
        return [n for n in await self.store.tables.notices() if self.shards.owns(n.guild_id)]

    # ----------------------------------------------------------------- timers, shutdown
    @checked
    async def tick(self) -> dict[int, TableAnswer]:
        """Fire every deadline that has passed: computer moves, timeouts, claim windows."""
        return await self.timers.tick()

    @checked
    def next_deadline(self) -> float | None:
        """The earliest deadline of any open table, if any."""
        return self.timers.next_deadline()

    @checked
    async def run_timers(self, max_sleep: float = 1.0) -> None:
        """Run the timers forever (a background task)."""
        await self.timers.run(max_sleep)

    @checked
    async def quiesce(self, timeout: float = 30.0) -> bool:
        """Refuse new operations and wait for those in flight (`TableAccess.quiesce`)."""
        return await self.access.quiesce(timeout)
