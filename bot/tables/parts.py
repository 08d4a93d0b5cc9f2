"""The parts of the table service that its groups of operations share."""

from __future__ import annotations

from bot.players.workers import Computers
from bot.store import Store

from .access import TableAccess
from .clock import Clock
from .registry import TableRegistry
from .timers import TableTimers


class TableParts:
    """What every group of operations works with; `TableService` builds the parts."""

    store: Store
    clock: Clock
    registry: TableRegistry
    access: TableAccess
    timers: TableTimers
    computers: Computers
