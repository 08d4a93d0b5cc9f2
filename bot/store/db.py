"""Opening the SQLite file: connection settings, schema migrations and transactions.

One aiosqlite connection is shared by every coroutine of the bot. A connection has a single
transaction at a time, so every store operation holds a per-connection `asyncio.Lock`:
writers so two `BEGIN`s never interleave, readers so they never see another coroutine's
uncommitted (and possibly rolled back) rows.
"""

from __future__ import annotations

import asyncio
import sqlite3
import weakref
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from .errors import SchemaTooNew, StoreError
from .queries import Sql
from .reads import Reads
from .schema import latest_version as latest_version_of_schema
from .schema import migrations

__all__ = [
    "SqliteReads",
    "connection_lock",
    "latest_version",
    "migrate",
    "open_db",
    "scalar",
    "split_statements",
    "transaction",
]

_locks: weakref.WeakKeyDictionary[aiosqlite.Connection, asyncio.Lock] = weakref.WeakKeyDictionary()


def connection_lock(db: aiosqlite.Connection) -> asyncio.Lock:
    """The lock every store operation on `db` holds; shared by all stores on one connection."""
    lock = _locks.get(db)
    if lock is None:
        lock = _locks[db] = asyncio.Lock()
    return lock


@asynccontextmanager
async def transaction(db: aiosqlite.Connection) -> AsyncIterator[aiosqlite.Connection]:
    """Hold the connection lock and run the body as one `BEGIN IMMEDIATE` transaction.

    Committed when the body returns, rolled back (and the error re-raised) when it raises,
    including on cancellation: aiosqlite runs queued calls in order on its thread, so the
    rollback always runs after the statement that was in flight.
    """
    async with connection_lock(db):
        try:
            # Inside the try: a task cancelled while BEGIN is queued must still roll back.
            # IMMEDIATE takes the write lock up front, so a busy database fails (after
            # busy_timeout) here rather than half-way through the body.
            await db.execute("BEGIN IMMEDIATE")
            yield db
            await db.commit()
        except BaseException:
            await db.rollback()  # a no-op if COMMIT itself went through
            raise


class SqliteReads(Reads):
    """A store on the shared connection: each read holds the connection lock."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def _fetch(self, sql: Sql, *params: Any) -> list[sqlite3.Row]:
        """The rows of `sql` in SQLite's placeholders, read under the connection lock."""
        return await self._rows(sql.sqlite, params)

    async def _rows(self, sql: str, params: Any = ()) -> list[sqlite3.Row]:
        async with connection_lock(self._db):
            return list(await self._db.execute_fetchall(sql, params))


async def scalar(db: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> Any:
    """The first column of the first row, or None when there is no row. `params` is a
    sequence for `?` or a mapping for `:name` placeholders."""
    rows = list(await db.execute_fetchall(sql, params))
    return rows[0][0] if rows else None


def _migrations() -> list[tuple[int, str]]:
    """SQLite's migration scripts, in order (bot/store/schema.py)."""
    return migrations("sqlite")


def latest_version() -> int:
    """The schema version this code migrates to."""
    return latest_version_of_schema()


def split_statements(script: str) -> list[str]:
    """Split a SQL script into statements (trigger bodies included) for `execute`.

    `executescript` would COMMIT our open transaction first, so we run statements one by one.
    """
    statements: list[str] = []
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if pending.strip():
        statements.append(pending.strip())  # trailing comments, or an error SQLite reports
    return statements


async def migrate(db: aiosqlite.Connection) -> int:
    """Apply the migrations newer than the database's `user_version`, each in its own
    transaction together with the version bump. Returns the resulting version."""
    migrations = _migrations()
    latest = len(migrations)
    async with connection_lock(db):
        version = int(await scalar(db, "PRAGMA user_version"))
    if version > latest:
        raise SchemaTooNew(version, latest)
    for number, script in migrations[version:]:
        async with transaction(db):
            # Re-read under the write lock: another process may have migrated meanwhile.
            if int(await scalar(db, "PRAGMA user_version")) >= number:
                continue
            for statement in split_statements(script):
                await db.execute(statement)
            await db.execute(f"PRAGMA user_version = {number:d}")
    return max(version, latest)


async def open_db(path: str | Path) -> aiosqlite.Connection:
    """Open (creating if needed) the database at `path` and migrate it to the latest schema.

    Autocommit mode (`isolation_level=None`): the only transactions are the explicit ones
    of `transaction`, so nothing is committed or left open behind our back.
    """
    in_memory = str(path) == ":memory:"
    if not in_memory:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = await aiosqlite.connect(path, isolation_level=None)
    try:
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA busy_timeout = 5000")  # first, so the WAL switch waits too
        mode = await scalar(db, "PRAGMA journal_mode = WAL")
        if mode != "wal" and not in_memory:
            raise StoreError(f"could not switch {path} to WAL journal mode (got {mode!r})")
        # FULL: a commit survives power loss; the bot answers users only after commit.
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA foreign_keys = ON")
        await migrate(db)
    except BaseException:
        await db.close()
        raise
    return db
