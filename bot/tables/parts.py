"""The parts of the table service that its groups of operations share."""

from __future__ import annotations

from bot.store import Store

from .access import TableAccess
from .clock import Clock
from .computers import Computers
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
