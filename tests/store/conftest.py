"""Fixtures for the store tests: a real database per test (`store` on each back end,
`sqlite_store` for what only SQLite has), and record builders."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import HandRecord, MatchRecord, Store, open_store
from bot.store.sqlite import SqliteStore
from tests.backends import fetch, sqlite_file

GUILD = 1
HUMANS = (1, 2, 3, 4)  # pair 0: users 1 and 3, pair 1: users 2 and 4


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return sqlite_file(tmp_path)


@pytest.fixture
async def store(database: str | Path) -> AsyncIterator[Store]:
    """A migrated store on each back end in turn."""
    opened = await open_store(database)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def sqlite_store(db_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.connect(db_path)
    try:
        yield opened
    finally:
        await opened.close()


def hand(table_id: int, number: int = 1, **changes: Any) -> HandRecord:
    """A plain hand made by pair 0 (seat 0 chose), 100-62, 20 roem for pair 0."""
    values: dict[str, Any] = {
        "table_id": table_id,
        "match_no": 1,
        "number": number,
        "guild_id": GUILD,
        "dealer": 3,
        "trump": "clubs",
        "makers": 0,
        "chooser": 0,
        "points": (100, 62),
        "roem": (20, 0),
        "scores": (120, 62),
        "nat": False,
        "pit": None,
        "seats": HUMANS,
        "at": 1000.0 + number,
    }
    values.update(changes)
    return HandRecord(**values)


def match(table_id: int, **changes: Any) -> MatchRecord:
    values: dict[str, Any] = {
        "table_id": table_id,
        "match_no": 1,
        "guild_id": GUILD,
        "rules": "amsterdam",
        "totals": (1200, 800),
        "winner": 0,
        "hands": 16,
        "seats": HUMANS,
        "at": 2000.0,
    }
    values.update(changes)
    return MatchRecord(**values)


async def count(store: Store, table: str) -> int:
    rows = await fetch(store, f"SELECT COUNT(*) FROM {table}")
    return int(rows[0][0])
