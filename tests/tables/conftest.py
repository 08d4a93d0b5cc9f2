"""Close every store a service test opened, even when the test fails; the database a test
runs on; a seed per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.seeds import fix_seed

from .helpers import OPENED


@pytest.fixture(autouse=True)
async def close_stores() -> AsyncIterator[None]:
    yield
    while OPENED:
        await OPENED.pop().close()


@pytest.fixture
def db(database: str | Path) -> str | Path:
    """Each test runs on SQLite and on PostgreSQL (tests/conftest.py)."""
    return database


@pytest.fixture
def seed_per_test(request: pytest.FixtureRequest) -> None:
    """The test's tables deal and decide from a seed of its own (its name), not a random
    one."""
    fix_seed(request.node.name)
