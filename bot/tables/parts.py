"""The parts of the table service that its groups of operations share."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from bot.players.workers import Computers
from bot.store import Store

from .access import TableAccess
from .clock import Clock
from .registry import TableRegistry
from .timers import TableTimers


def new_seed() -> str:
    """A new table's seed: random, 16 hex digits."""
    return secrets.token_hex(8)


class TableParts:
    """What every group of operations works with; `TableService` builds the parts."""

    store: Store
    clock: Clock
    registry: TableRegistry
    access: TableAccess
    timers: TableTimers
    computers: Computers
    seeds: Callable[[], str]  # each new table's seed (`new_seed` unless tests give one)
