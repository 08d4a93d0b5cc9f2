"""Group commit runs a whole batch on aiosqlite's worker thread through two private names
(`Connection._execute`, `Connection._conn`); aiosqlite is pinned to a minor range in
pyproject.toml, and this test fails loudly if an upgrade moves them."""

from __future__ import annotations

import sqlite3

import pytest

from bot.store import Store
from bot.store.groupcommit import on_worker
from bot.store.sqlite import SqliteStore


@pytest.fixture
def store(sqlite_store: SqliteStore) -> SqliteStore:
    """What these tests look at is SQLite's own (its connection, its file)."""
    return sqlite_store


async def test_a_function_runs_on_the_worker_thread_with_the_sqlite3_connection(
    store: Store,
) -> None:
    def probe(conn: sqlite3.Connection, value: int) -> tuple[bool, int]:
        return isinstance(conn, sqlite3.Connection), conn.execute("SELECT ?", (value,)).fetchone()[
            0
        ]

    assert await on_worker(store.db, probe, 41) == (True, 41)
