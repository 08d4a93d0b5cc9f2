"""What the par tests share: a table service and a par service on one store."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

from bot.pars import ParService
from bot.players import Effort
from bot.store import open_store
from bot.tables import FakeClock, TableService

T = TypeVar("T")
GUILD = 1  # the guild tests/tables/helpers.py opens its tables in
SMALL = Effort(nodes=200, samples=3)  # quick, and as deterministic as the real one


async def inline(work: Callable[[], T]) -> T:
    """Decide on the loop itself (the tests' worker)."""
    return work()


@asynccontextmanager
async def opened(
    database: str | Path, clock: FakeClock | None = None
) -> AsyncIterator[tuple[TableService, ParService]]:
    """A restored table service and a par service on ``database``, as a fresh process
    would open them; closed after."""
    store = await open_store(database)
    try:
        tables = TableService(store, clock or FakeClock())
        await tables.restore()
        yield tables, ParService(store, inline, tables.clock.now, effort=SMALL)
    finally:
        await store.close()
