"""Fixtures for the league service tests: a real database (each back end in turn)
reopened between steps."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path

import pytest

from bot.league.service import LeagueService
from bot.store import open_store

Opener = Callable[[], AbstractAsyncContextManager[LeagueService]]


@pytest.fixture
def reopen(database: str | Path) -> Opener:
    """`async with reopen() as service`: a fresh store and service on the same database, as
    after a restart; the night's seed is fixed so the draws are known."""
    clock = iter(range(1_000, 100_000))

    @asynccontextmanager
    async def opened() -> AsyncIterator[LeagueService]:
        store = await open_store(database)
        try:
            yield LeagueService(store, now=lambda: float(next(clock)), seed=lambda: "night")
        finally:
            await store.close()

    return opened
