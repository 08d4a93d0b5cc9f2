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
from tests.seeds import table_seeds
from tests.tables.helpers import act_once, human_to_act

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
        tables = TableService(store, clock or FakeClock(), seeds=table_seeds())
        await tables.restore()
        yield tables, ParService(store, inline, tables.clock.now, effort=SMALL)
    finally:
        await store.close()


async def play_hands(
    tables: TableService, table_id: int, hands: int, clock: FakeClock | None = None
) -> None:
    """Play the table's people's decisions until ``hands`` hands are scored; with
    ``clock``, the computers' too as their delay passes (a second at a time)."""
    for _ in range(2000):
        table = tables.registry.get(table_id)
        assert table.match is not None
        if len(table.match.sheet) >= hands:
            return
        if clock is not None and human_to_act(tables, table_id) is None:
            clock.advance(1)
            await tables.tick()
        else:
            await act_once(tables, table_id)
    raise AssertionError("the hands were not scored")
