"""The tables' timers: the loop that fires every deadline that has passed (computer moves,
turn timeouts, claim windows), the run of actions already due after a move, and the
back-off of a table whose timer failed.

When each deadline falls and what it does is bot/tables/deadlines.py; this module runs
them, each under the table's lock like any operation.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.engine.games import AnyAction
from bot.players.workers import Computers

from . import events as ev
from .access import TableAccess
from .answers import TableAnswer
from .clock import Clock
from .computer_seats import decide
from .deadlines import due_action
from .errors import TableError
from .events import Event
from .registry import TableRegistry
from .table import Table

BACKOFF = 30.0  # seconds before a table whose timer failed is tried again
TickListener = Callable[[float], Awaitable[None]]
log = logging.getLogger(__name__)


class TableTimers:
    """Runs the deadlines of the tables in memory (this process's shards)."""

    def __init__(self, access: TableAccess, computers: Computers, clock: Clock) -> None:
        """The timers act on the tables through ``access``, like any operation;
        ``computers`` decide for the computer seats."""
        self.access = access
        self.registry: TableRegistry = access.registry
        self.computers = computers
        self.clock = clock
        self.backoff: dict[int, float] = {}  # table id -> not before (a failed timer)
        # Called with the clock's time after every tick: front ends' own deadlines (turn
        # notices) run on the tables' clock and timer loop, fake in tests and simulations.
        self.tick_listeners: list[TickListener] = []

    async def tick(self) -> dict[int, TableAnswer]:
        """Fire every deadline that has passed: computer moves, timeouts, claim windows."""
        now = self.clock.now()
        fired: dict[int, TableAnswer] = {}
        for table in list(self.registry.open_tables()):
            due = self.due(table)
            if due is None or due > now:
                continue
            self.backoff.pop(table.id, None)  # a partial failure inside sets it again
            try:
                result = await self._fire(table.id, now)
            except TableError as exc:  # the state moved on between the check and the lock
                log.debug("timer on table %s skipped: %s", table.id, exc.code)
                continue
            except Exception:  # one broken table must not stop the others' timers
                log.exception("timer on table %s failed; retrying in %s s", table.id, BACKOFF)
                self.backoff[table.id] = now + BACKOFF
                continue
            if result is not None:
                fired[table.id] = result
        self.registry.evict(now, self._forget)
        for listener in self.tick_listeners:
            try:
                await listener(now)
            except Exception:  # a front end's failure must not stop the tables' timers
                log.exception("tick listener %r failed", listener)
        return fired

    def next_deadline(self) -> float | None:
        """The earliest deadline of any open table (after its back-off), if any."""
        times = [d for t in self.registry.open_tables() if (d := self.due(t)) is not None]
        return min(times) if times else None

    def due(self, table: Table) -> float | None:
        """When the table's next deadline fires, held back while its timer backs off."""
        due = table.next_deadline()
        return None if due is None else max(due, self.backoff.get(table.id, 0.0))

    def _forget(self, table_id: int) -> None:
        self.backoff.pop(table_id, None)

    async def run(self, max_sleep: float = 1.0) -> None:
        """Run forever (a background task): sleep until the next deadline, then fire it."""
        while True:
            due = self.next_deadline()
            wait = max_sleep if due is None else min(max_sleep, max(0.0, due - self.clock.now()))
            await asyncio.sleep(wait)
            try:
                await self.tick()
            except Exception:  # one bad table must not stop every table's timers
                log.exception("table timers failed")

    async def _fire(self, table_id: int, now: float) -> TableAnswer | None:
        async with self.access.operate(table_id, None) as table:
            events = await self.settle(table, now, committed=False)
        return await self.access.answer(table, events) if events else None

    async def settle(
        self, table: Table, now: float | None = None, committed: bool = True
    ) -> list[Event]:
        """Carry out every action already due: computer moves and claims, timeouts, the
        end of the last trick's claim window. With zero delays that is the whole run of
        computer moves up to the next human decision.

        Once part of the operation is committed (``committed``, or an earlier action of
        the run), a failing action does not fail the operation: the table goes back to its
        last committed state, the events so far are reported, and the timer retries the
        rest after ``BACKOFF`` (docs/decisions.md, "Partial failures").
        """
        events: list[Event] = []
        now = self.clock.now() if now is None else now
        while True:
            try:
                due = due_action(table, now)
                if due is None:
                    return events
                events += await self._step(table, *due)
            except Exception:
                if not committed:
                    raise
                log.exception("table %s: a due action failed; retrying in %s s", table.id, BACKOFF)
                snapshot = self.registry.committed[table.id]
                vars(table).update(vars(Table.from_dict(snapshot)))
                self.backoff[table.id] = now + BACKOFF
                return events
            committed = True

    async def _step(
        self, table: Table, kind: str, seat: int | None, engine_action: AnyAction | None
    ) -> list[Event]:
        """One due action, decided by the seat's computer when it is not fixed yet."""
        if engine_action is None:
            # Decided by a worker (the lock stays held: this table waits, the others do
            # not), then logged like any action: a replay never searches.
            assert seat is not None and table.match is not None and table.match.hand
            engine_action = await decide(self.computers, table, table.match.hand, seat)
        step = []
        if seat is not None and table.seats[seat].is_human:
            table.seats[seat].assisted = True  # the computer acts for a person: no par
        if kind == "timeout" and seat is not None:
            step = mark_timeout(table, seat)
        return step + await self.access.apply(table, None, engine_action, kind)


def mark_timeout(table: Table, seat: int) -> list[Event]:
    """The turn timer ran out on ``seat``: away once, the computer's seat after two."""
    state = table.seats[seat]
    state.missed += 1
    state.away = True
    state.autoplay = state.missed >= 2
    return [ev.SeatAutoplay(seat=seat) if state.autoplay else ev.SeatAway(seat=seat)]
