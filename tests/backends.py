"""The databases the store and service tests run on: SQLite always, PostgreSQL when
TEST_DATABASE_URL names a server (skipped with the reason otherwise; REQUIRE_POSTGRES=1,
as CI sets it, turns that skip into a failure).

Each PostgreSQL test works in a schema of its own (`?search_path=` on the URL), so runs
side by side never see each other's rows, and the schema is dropped afterwards.
"""

from __future__ import annotations

import os
import re
import sqlite3
import uuid
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

import asyncpg

from bot.store import Store
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore

BACKENDS: Final = ("sqlite", "postgresql")
NO_SERVER: Final = (
    "PostgreSQL back end not tested: set TEST_DATABASE_URL "
    "(e.g. postgresql://root@127.0.0.1:5432/test)"
)
# What a refused write raises on each back end (a trigger, a constraint).
DATABASE_ERRORS: Final = (sqlite3.IntegrityError, asyncpg.PostgresError)


def postgres_url() -> str | None:
    return os.environ.get("TEST_DATABASE_URL") or None


def postgres_required() -> bool:
    return os.environ.get("REQUIRE_POSTGRES", "") == "1"


def postgres_host() -> str | None:
    url = postgres_url()
    return urlsplit(url).hostname if url else None


async def create_schema(url: str) -> str:
    name = f"test_{uuid.uuid4().hex[:16]}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {name}")
    finally:
        await conn.close()
    return name


async def drop_schema(url: str, name: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("SET lock_timeout = '10s'")
        await conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
    finally:
        await conn.close()


def _numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, ...` (test SQL has no `?` in literals)."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


async def fetch(store: Store, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Raw rows for a test to look at, on either back end (`?` placeholders)."""
    if isinstance(store, PostgresStore):
        return [tuple(row) for row in await store.pool.fetch(_numbered(sql), *params)]
    assert isinstance(store, SqliteStore)
    return [tuple(row) for row in await store.db.execute_fetchall(sql, params)]


async def execute(store: Store, sql: str, *params: Any) -> None:
    """A raw statement outside the store's API (to show what the schema refuses)."""
    if isinstance(store, PostgresStore):
        await store.pool.execute(_numbered(sql), *params)
    else:
        assert isinstance(store, SqliteStore)
        await store.db.execute(sql, params)


async def rows(store: Store, prefix: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table whose name starts with `prefix` ("league", "challenge",
    "rating"), in a stable order: to show that a refusal wrote nothing."""
    from bot.store.move import COPIED_TABLES

    return {
        table: sorted(await fetch(store, f"SELECT * FROM {table}"), key=repr)
        for table in COPIED_TABLES
        if table.startswith(prefix)
    }


def sqlite_file(tmp_path: Path) -> Path:
    return tmp_path / "data" / "klaverjas.sqlite3"
