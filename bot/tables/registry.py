"""The live tables of this process: by id and by channel, each with its lock and its last
committed snapshot; restored from the store at start, forgotten a while after they end.

Each table's state here is a committed one, replaced (never changed in place) by the
state an operation commits (`adopt`): what a front end was answered with stays as it was
answered (bot/tables/answers.py). An operation works on a copy, under the table's lock
(bot/tables/access.py).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import asdict, replace
from typing import Any

from bot.engine import RuleSet
from bot.shards import ShardSet
from bot.store import Store, StoredTable, storable_id
from bot.store.records import ActionRecord

from .clock import Clock
from .deadlines import arm
from .errors import RefusalCode, TableError
from .events import Repair, Repaired
from .repair import repaired, stale_deadlines
from .table import OPEN_STATUSES, Status, Table

EVICT_AFTER = 600.0  # seconds a finished or closed table stays in memory
RESTART_GRACE = 30.0  # a player to act after a restart gets at least this long
log = logging.getLogger(__name__)


class TableRegistry:
    """Every table this process holds in memory, and what protects each one."""

    def __init__(self, store: Store, clock: Clock, shards: ShardSet) -> None:
        """``shards``: the guilds whose tables this process restores (and so times)."""
        self.store = store
        self.clock = clock
        self.shards = shards
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}
        self.committed: dict[int, dict[str, Any]] = {}  # table id -> its last snapshot
        self._locks: dict[int, asyncio.Lock] = {}
        self._restored: list[tuple[Table, Repaired]] = []  # see `take_restored`

    # ----------------------------------------------------------------- lookups
    def get(self, table_id: int) -> Table:
        """The table's committed state; refused ``unknown_table`` when none is held."""
        table = self._tables.get(table_id)
        if table is None:
            raise TableError(RefusalCode.UNKNOWN_TABLE, table_id=table_id)
        return table

    def held(self, table_id: int) -> Table | None:
        """The table's committed state, if this process holds it."""
        return self._tables.get(table_id)

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table of the channel, if any."""
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self._tables.get(table_id)

    async def recall(self, table_id: int) -> Table:
        """The table, held again if it was forgotten (a finished table after `evict` or a
        restart: Play again acts on it); refused ``unknown_table`` when the store has none,
        or holds it open (an open table this process does not hold is another shard's)."""
        table = self._tables.get(table_id)
        if table is not None:
            return table
        stored = await self.store.tables.get(table_id) if storable_id(table_id) else None
        if stored is None or Status(stored.status) in OPEN_STATUSES:  # open: another shard's
            raise TableError(RefusalCode.UNKNOWN_TABLE, table_id=table_id)
        table = self._tables.get(table_id)  # another call may have recalled it meanwhile
        if table is None:
            table = Table.from_dict(stored.snapshot)
            table.message_id = stored.message_id
            self.register(table, table.to_dict())
        return table

    def open_tables(self) -> list[Table]:
        """Every open table held."""
        return [t for t in self._tables.values() if t.is_open]

    # ----------------------------------------------------------------- changes
    def register(self, table: Table, snapshot: dict[str, Any]) -> None:
        """Hold ``table`` (committed as ``snapshot``); an open table takes its channel."""
        self._tables[table.id] = table
        self.committed[table.id] = snapshot
        self._locks.setdefault(table.id, asyncio.Lock())
        if table.is_open:
            self._by_channel[table.channel_id] = table.id

    def unlink_channel(self, table: Table) -> None:
        """Free the channel, if it still points at this table (a newer one may own it)."""
        if self._by_channel.get(table.channel_id) == table.id:
            del self._by_channel[table.channel_id]

    def set_message(self, table_id: int, message_id: int) -> None:
        """Hold the table's public message id (not a game action: the state stays)."""
        # The same state (what was drawn from it holds), under a new message id.
        self._tables[table_id] = replace(self.get(table_id), message_id=message_id)

    def lock(self, table_id: int) -> asyncio.Lock:
        """The table's lock: one operation at a time changes it."""
        self.get(table_id)
        return self._locks[table_id]

    def adopt(self, work: Table) -> None:
        """Make ``work`` (an operation's copy, committed) the table's state."""
        self._tables[work.id] = work

    def roll_back(self, live: Table, committed: dict[str, Any]) -> None:
        """After a failed operation: the table stays ``live`` unless part of the operation
        was committed (the snapshot is no longer ``committed``); then it takes that."""
        snapshot = self.committed[live.id]
        if snapshot is not committed:
            self._tables[live.id] = Table.from_dict(snapshot, like=live)

    def evict(self, now: float, forget: Callable[[int], None]) -> None:
        """Forget finished and closed tables after a while (the store keeps them), so a
        season of tables does not pile up in memory; ``forget`` hears each id."""
        for table in [t for t in self._tables.values() if not t.is_open]:
            if now - table.last_activity > EVICT_AFTER and not self._locks[table.id].locked():
                for held in (self._tables, self.committed, self._locks):
                    held.pop(table.id, None)
                forget(table.id)

    # ----------------------------------------------------------------- restore
    async def restore(self) -> list[Table]:
        """Load every open table of our shards' guilds from the store; overdue timers
        fire on the next tick (the timers run over the tables in memory, so ours only).

        A stored value this version cannot run is set to its nearest valid value
        (bot/tables/repair.py) and the repaired state committed; a table whose snapshot
        cannot be loaded at all is closed (its snapshot kept in the close action's
        payload); one whose snapshot names another id takes the row's id. Each with one
        log line, and the first two with a `Repaired` event in `restored` for the table's
        channel: no channel stays blocked by a table nobody can act on.
        """
        grace = self.clock.now() + RESTART_GRACE
        for stored in await self.store.tables.open_tables():
            if not self.shards.owns(stored.guild_id):
                continue
            try:
                snapshot, changes = repaired(stored.snapshot)
                table = Table.from_dict(snapshot)
            except Exception as exc:
                await self._close_unloadable(stored, exc)
                continue
            if table.id != stored.id:
                log.warning("table %s: snapshot said id %s; repaired", stored.id, table.id)
                table.id = stored.id
            table.message_id = stored.message_id
            if changes or stale_deadlines(table, self.clock.now()):
                await self._repair(table, stored, changes)
            if table.turn_deadline is not None:
                # Downtime is not the player's fault: they could not act while we were down.
                table.turn_deadline = max(table.turn_deadline, grace)
            self.register(table, table.to_dict())
        return self.open_tables()

    def take_restored(self) -> list[tuple[Table, Repaired]]:
        """The tables restore repaired or closed, each with its `Repaired` event, once:
        the front end tells their channels when it is ready to."""
        taken, self._restored = self._restored, []
        return taken

    async def _repair(self, table: Table, stored: StoredTable, changes: tuple[Repair, ...]) -> None:
        """Re-arm a repaired table's deadlines (one set from a bad setting would never
        fire) and commit its repaired state, so the repair is made once."""
        now = self.clock.now()
        if not changes:
            changes = (Repair("deadlines", "stale", "re-armed"),)
        table.claim_deadline = None
        arm(table, now)
        table.seq = stored.seq + 1
        payload = {"repaired": [asdict(change) for change in changes]}
        record = ActionRecord(
            table.id, table.seq, None, "repair", payload, now, table.to_dict(), str(table.status)
        )
        try:
            await self.store.tables.record(record)
        except Exception:  # repaired in memory all the same; the next start repairs again
            log.exception("table %s: committing its repaired state failed", table.id)
            table.seq = stored.seq
        log.warning("table %s: stored state repaired: %s", table.id, "; ".join(map(str, changes)))
        self._restored.append((table, Repaired(changes=changes)))

    async def _close_unloadable(self, stored: StoredTable, exc: Exception) -> None:
        """Close a stored table whose snapshot cannot be loaded, so its channel is free."""
        now = self.clock.now()
        table = Table(
            id=stored.id,
            guild_id=stored.guild_id,
            channel_id=stored.channel_id,
            opener_id=stored.opener_id,
            rules=RuleSet(),
            seed="",
            created_at=now,
            status=Status.CLOSED,
            seq=stored.seq + 1,
            message_id=stored.message_id,
            last_activity=now,
        )
        payload = {"unloadable": repr(exc), "snapshot": stored.snapshot}
        try:
            await self.store.tables.record(
                ActionRecord(
                    stored.id, table.seq, None, "close", payload, now, table.to_dict(), "closed"
                )
            )
        except Exception:
            log.exception("table %s: snapshot unreadable and closing it failed", stored.id)
            return
        log.error("table %s: snapshot unreadable (%r); closed", stored.id, exc)
        self.register(table, table.to_dict())
        self._restored.append((table, Repaired(closed=True)))
