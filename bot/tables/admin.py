"""The opener's and moderators' operations: change a table's settings, close it. Each
answers with one `TableAnswer`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import events as ev
from .answers import TableAnswer
from .arguments import check_locale, check_turn_timer, checked
from .deadlines import arm
from .errors import RefusalCode, TableError
from .events import Event
from .parts import TableParts
from .table import Status

IDLE_CLOSE = 2 * 3600.0  # a table untouched this long may be closed by anyone


class AdminOperations(TableParts):
    """What the opener (or a moderator) may do to the table as a whole."""

    @checked
    async def close(self, table_id: int, user_id: int, moderator: bool = False) -> TableAnswer:
        """Close the table whatever its state: its opener or a moderator may, and anyone
        once it has been idle for ``IDLE_CLOSE`` seconds."""
        async with self.access.operate(table_id, None, user_id) as table:
            idle = self.clock.now() - table.last_activity >= IDLE_CLOSE
            if user_id != table.opener_id and not moderator and not idle:
                raise TableError(RefusalCode.NOT_ALLOWED, opener_id=table.opener_id)
            if table.status == Status.CLOSED:
                raise TableError(RefusalCode.NOT_OPEN, status=str(table.status))
            table.status = Status.CLOSED
            table.turn_deadline = table.computer_due = table.claim_deadline = None
            await self.access.commit(table, user_id, "close", {"moderator": moderator})
            self.registry.unlink_channel(table)
            events: list[Event] = [ev.Closed(by=user_id)]
        return await self.access.answer(table, events, user_id)

    @checked
    async def update_settings(
        self,
        table_id: int,
        user_id: int,
        *,
        turn_timer: float | None = None,
        locale: str | None = None,
        moderator: bool = False,
    ) -> TableAnswer:
        """Change the turn timer or the table's language; the opener or a moderator may."""
        async with self.access.operate(table_id, None, user_id) as table:
            if user_id != table.opener_id and not moderator:
                raise TableError(RefusalCode.NOT_ALLOWED, opener_id=table.opener_id)
            if not table.is_open:
                raise TableError(RefusalCode.NOT_OPEN, status=str(table.status))
            if turn_timer is not None:
                check_turn_timer(turn_timer)
            if locale is not None:
                check_locale(locale)
            changed: dict[str, Any] = {}
            if turn_timer is not None:
                changed["turn_timer"] = float(turn_timer)
            if locale is not None:
                changed["locale"] = locale
            if not changed:
                raise TableError(RefusalCode.NOTHING_TO_CHANGE)
            table.settings = replace(table.settings, **changed)
            arm(table, self.clock.now())  # a new turn timer applies to the turn under way
            await self.access.commit(table, user_id, "settings", changed)
            events: list[Event] = [ev.SettingsChanged(**changed)]
        return await self.access.answer(table, events, user_id)
