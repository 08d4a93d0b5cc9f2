"""The one way into a table, for operations and timers alike: counted in flight (so a
shutdown can wait for them), under the table's lock on a working copy, and answered with
one `TableAnswer` that the listeners (the front ends' renderers) hear first.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from .answers import TableAnswer
from .checks import check_id, require_channel
from .errors import RefusalCode, TableError
from .events import Event
from .model import Table
from .registry import TableRegistry

Listener = Callable[[TableAnswer], Awaitable[None]]
log = logging.getLogger(__name__)


class TableAccess:
    """Operations in flight, the lock and working copy of each, and their answers."""

    def __init__(self, registry: TableRegistry) -> None:
        """Operations reach ``registry``'s tables through here."""
        self.registry = registry
        self.listeners: list[Listener] = []
        self._closing = False  # set by quiesce: new operations are refused
        self._busy = 0  # operations in flight
        self._idle = asyncio.Event()
        self._idle.set()

    @asynccontextmanager
    async def operate(
        self,
        table_id: int,
        seq: int | None,
        actor: int | None = None,
        channel_id: int | None = None,
    ) -> AsyncIterator[Table]:
        """Lock the table, check the sequence the user saw (and the channel asked from,
        when given), and yield a private copy to change; it becomes the table's state when
        the block ends without an exception.

        Front ends only ever see committed state: a failed operation leaves the table as
        it was, or, if part of it was committed before it failed, at that last committed
        snapshot, so nothing half-done or unsaved is ever shown.
        """
        if actor is not None:
            check_id("user_id", actor)
        registry = self.registry
        require_channel(registry.get(table_id), channel_id)
        async with self.inflight(), registry.lock(table_id):
            live = registry.get(table_id)
            if seq is not None and seq != live.seq:
                raise TableError(RefusalCode.STALE, seq=live.seq)
            work = live.copy()
            committed = registry.committed[table_id]
            try:
                yield work
            except BaseException:
                registry.roll_back(live, committed)
                raise
            registry.adopt(work)

    @asynccontextmanager
    async def inflight(self) -> AsyncIterator[None]:
        """Count an operation in flight, so `quiesce` can wait for it; refused once the
        service is shutting down."""
        if self._closing:
            raise TableError(RefusalCode.SHUTTING_DOWN)
        self._busy += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if not self._busy:
                self._idle.set()

    async def quiesce(self, timeout: float = 30.0) -> bool:
        """Refuse new operations (``shutting_down``) and wait for those in flight to
        commit and answer, so the store can close under none of them. False if some were
        still running after ``timeout`` seconds (logged)."""
        self._closing = True
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            log.warning(
                "shutdown: %d table operations still running after %s s", self._busy, timeout
            )
            return False
        return True

    async def answer(
        self, table: Table, events: list[Event], viewer: int | None = None
    ) -> TableAnswer:
        """The result of a committed operation, told to every listener first (a failed
        render never undoes a committed move)."""
        result = TableAnswer(tuple(events), viewer, table)
        for listener in self.listeners:
            try:
                await listener(result)
            except Exception:
                log.exception("table listener failed for table %s", table.id)
        return result
