"""The one way into and out of a table, for operations and timers alike: counted in
flight (so a shutdown can wait for them), under the table's lock on a working copy, each
change committed to the store (an engine action with the events it makes), and answered
with one `TableAnswer` that the listeners (the front ends' renderers) hear first.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from bot.engine import (
    CallPassResult,
    CallResult,
    ClaimResult,
    FinishResult,
    LayDownResult,
    LedigResult,
    PassResult,
    PlayResult,
    RuleViolation,
    ScoredResult,
    TrickResult,
    TrumpResult,
)
from bot.engine.games import AnyAction, AnyResult, apply
from bot.store import Store, storable_id
from bot.store.records import ActionRecord

from . import events as ev
from .answers import TableAnswer
from .clock import Clock
from .deadlines import arm
from .errors import RefusalCode, TableError
from .events import Event
from .records import hand_record, match_record
from .registry import TableRegistry
from .table import Status, Table

Listener = Callable[[TableAnswer], Awaitable[None]]
log = logging.getLogger(__name__)


class TableAccess:
    """Operations in flight, the lock and working copy of each, their commits and answers."""

    def __init__(self, registry: TableRegistry, store: Store, clock: Clock) -> None:
        """Operations reach ``registry``'s tables through here; commits go to ``store``,
        stamped by ``clock``."""
        self.registry = registry
        self.store = store
        self.clock = clock
        self._committed = registry.committed
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
        registry.get(table_id).require_channel(channel_id)
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

    async def apply(
        self, table: Table, actor: int | None, action: AnyAction, kind: str = "engine"
    ) -> list[Event]:
        """Apply one engine action and commit it with any finished hand and match (the
        statistics rows: four-seat matches only, bot/tables/records.py)."""
        table.require(Status.PLAYING)
        match = table.match
        assert match is not None
        lines = len(match.sheet)
        try:
            result = apply(match, action)
        except RuleViolation as exc:
            raise TableError(exc.code, str(exc), **exc.facts) from None
        events = _engine_events(result)
        now = self.clock.now()
        scored = match.sheet[lines:]
        hands = [record for line in scored if (record := hand_record(table, line, now))]
        if scored:
            table.hand_scored()
        events += [ev.HandScored(line=line) for line in scored]
        finished = None
        if match.result is not None:
            table.status = Status.FINISHED
            finished = match_record(table, now)
            events.append(ev.MatchFinished(seat=match.result.winner, totals=match.result.totals))
        arm(table, now)
        await self._commit(table, actor, kind, action.to_dict(), hands, finished)
        if table.status == Status.FINISHED:
            self.registry.unlink_channel(table)
        return events

    async def commit(
        self,
        table: Table,
        actor: int | None,
        kind: str,
        payload: dict[str, Any],
    ) -> None:
        """Commit a change that is not an engine action (seats, settings, closing)."""
        await self._commit(table, actor, kind, payload)

    async def _commit(
        self,
        table: Table,
        actor: int | None,
        kind: str,
        payload: dict[str, Any],
        hands: list[Any] | None = None,
        finished: Any = None,
    ) -> None:
        table.seq += 1
        table.last_activity = self.clock.now()
        snapshot = table.to_dict()
        await self.store.tables.record(
            ActionRecord(
                table_id=table.id,
                seq=table.seq,
                actor=actor,
                kind=kind,
                payload=payload,
                at=self.clock.now(),
                snapshot=snapshot,
                status=str(table.status),
                hands=tuple(hands or ()),
                match=finished,
            )
        )
        self._committed[table.id] = snapshot

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


def check_id(field: str, value: int) -> None:
    """Refuse an id the store cannot keep (a 64-bit integer)."""
    if not storable_id(value):
        raise TableError(RefusalCode.BAD_ID, field=field, value=value)


def _engine_events(result: AnyResult) -> list[Event]:
    """The events one accepted engine action makes (a finish makes none of its own: the
    hand it scores is reported as ``HandScored`` from the sheet)."""
    match result:
        case TrumpResult(seat, suit):
            return [ev.TrumpChosen(seat=seat, suit=suit)]
        case PassResult(seat):
            return [ev.TrumpPassed(seat=seat)]
        case ClaimResult(seat, roem):
            return [ev.RoemClaimed(seat=seat, roem=roem)]
        case PlayResult(seat, card, trick) | TrickResult(seat, card, trick):
            played: list[Event] = [ev.CardPlayed(seat=seat, card=card)]
            if trick is not None:
                played.append(ev.TrickTaken(seat=trick.winner, trick=trick))
            return played
        case FinishResult() | ScoredResult():
            return []
        case LayDownResult(seat):
            return [ev.LaidDown(seat=seat)]
        case CallResult(seat, level, multiplier):
            return [ev.Called(seat=seat, level=level, multiplier=multiplier)]
        case CallPassResult(seat, level):
            return [ev.CallPassed(seat=seat, level=level)]
        case LedigResult(seat, idle):
            return [ev.LedigDeclared(seat=seat, idle=idle)]
