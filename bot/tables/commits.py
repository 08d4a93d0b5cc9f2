"""Committing a table's change: the store's row for every action, and the engine's actions
applied to a table's working copy with the events they make.
"""

from __future__ import annotations

from typing import Any

from bot.engine import (
    Action,
    ActionResult,
    ClaimResult,
    FinishResult,
    PassResult,
    PlayResult,
    RuleViolation,
    TrumpResult,
)
from bot.store import Store

from . import events as ev
from .checks import require
from .clock import Clock
from .deadlines import arm
from .errors import RefusalCode, TableError
from .events import Event
from .model import Status, Table
from .records import hand_record, match_record
from .registry import TableRegistry


class Recorder:
    """Writes each change of a table to the store before anyone is answered."""

    def __init__(self, store: Store, clock: Clock, registry: TableRegistry) -> None:
        """Commits go to ``store``, stamped by ``clock``; ``registry`` holds the snapshots."""
        self.store = store
        self.clock = clock
        self.registry = registry
        self._committed = registry.committed

    async def apply(
        self, table: Table, actor: int | None, action: Action, kind: str = "engine"
    ) -> list[Event]:
        """Apply one engine action and commit it with any finished hand and match."""
        require(table, Status.PLAYING)
        match = table.match
        assert match is not None
        lines = len(match.sheet)
        try:
            result = match.apply(action)
        except RuleViolation as exc:
            raise TableError(RefusalCode(exc.code), str(exc), **exc.facts) from None
        events = _engine_events(result)
        now = self.clock.now()
        hands = [hand_record(table, line, now) for line in match.sheet[lines:]]
        events += [ev.HandScored(line=line) for line in match.sheet[lines:]]
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
            table.id,
            table.seq,
            actor,
            kind,
            payload,
            self.clock.now(),
            snapshot,
            str(table.status),
            hands or (),
            finished,
        )
        self._committed[table.id] = snapshot


def _engine_events(result: ActionResult) -> list[Event]:
    """The events one accepted engine action makes (a finish makes none of its own: the
    hand it scores is reported as ``HandScored`` from the sheet)."""
    match result:
        case TrumpResult(seat, suit):
            return [ev.TrumpChosen(seat=seat, suit=suit)]
        case PassResult(seat):
            return [ev.TrumpPassed(seat=seat)]
        case ClaimResult(seat, roem):
            return [ev.RoemClaimed(seat=seat, roem=roem)]
        case PlayResult(seat, card, trick):
            played: list[Event] = [ev.CardPlayed(seat=seat, card=card)]
            if trick is not None:
                played.append(ev.TrickTaken(seat=trick.winner, trick=trick))
            return played
        case FinishResult():
            return []
