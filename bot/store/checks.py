"""The database check before the bot starts: one clear sentence instead of a traceback.

A bot that starts on a damaged, read-only or newer database fails on every action while
looking healthy, and its traceback names SQLite internals rather than what the operator
must do. So the process opens, migrates, checks (`PRAGMA quick_check`) and write-probes
the database once before it logs in, and turns each way this can fail into one sentence
that says what is wrong and what to do.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
from pathlib import Path
from typing import Final

import aiosqlite

from ..shards import ShardSet
from .db import open_db, scalar
from .errors import SchemaTooNew, StoreError

__all__ = [
    "DatabaseUnusable",
    "check_database",
    "check_postgres",
    "describe_sqlite_error",
    "probe_database",
    "summarise_verdict",
]

# Errors met before SQLite opens the file (the lock file, the folder), named as SQLite would.
_OS_ERRORS: Final = {
    errno.EACCES: "SQLITE_PERM",
    errno.EPERM: "SQLITE_PERM",
    errno.EROFS: "SQLITE_READONLY",
    errno.ENOSPC: "SQLITE_FULL",
}
_RESTORE_HINT: Final = "restore a backup (python -m bot restore, see docs/operations.md)"


class DatabaseUnusable(StoreError):
    """The database cannot be used as it is; ``str()`` is one line for the operator."""


async def check_database(path: Path) -> None:
    """Open ``path`` (creating and migrating it when new), verify it, and close it again.

    Raises `DatabaseUnusable` with one line saying what is wrong. A zero-length file is
    refused rather than taken as a new database: it is what a truncated copy looks like,
    and starting on it would silently begin an empty season.
    """
    if path.is_file() and path.stat().st_size == 0:
        raise DatabaseUnusable(
            f"the database {path} is an empty file (0 bytes), not a database: "
            f"{_RESTORE_HINT}, or delete it to start a new database"
        )
    try:
        db = await open_db(path)
    except SchemaTooNew as error:
        raise DatabaseUnusable(f"the database {path}: {error}") from None
    except (sqlite3.Error, OSError) as error:
        raise DatabaseUnusable(describe_sqlite_error(path, error)) from None
    try:
        await _verify(db, path)
    finally:
        await db.close()


def probe_database(path: Path) -> None:
    """Open ``path`` read only and read its schema version: the health check's cheap test
    that the file is there and is a database of ours (no migration, no write, no lock)."""
    if not path.is_file():
        raise DatabaseUnusable(f"the database {path} does not exist")
    try:
        with contextlib.closing(
            sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        ) as db:
            db.execute("PRAGMA busy_timeout = 2000")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            db.execute("SELECT 1 FROM tables LIMIT 1").fetchall()
    except sqlite3.Error as error:
        raise DatabaseUnusable(describe_sqlite_error(path, error)) from None
    if version < 1:
        raise DatabaseUnusable(f"the database {path} has no schema (version {version})")


async def _verify(db: aiosqlite.Connection, path: Path) -> None:
    try:
        verdict = str(await scalar(db, "PRAGMA quick_check(1)"))
        if verdict != "ok":
            raise DatabaseUnusable(
                f"the database {path} is damaged ({summarise_verdict(verdict)}): {_RESTORE_HINT}"
            )
        await write_probe(db)
    except sqlite3.Error as error:
        raise DatabaseUnusable(describe_sqlite_error(path, error)) from None


async def write_probe(db: aiosqlite.Connection) -> None:
    """Write a page and roll it back: a read-only file or a full disk shows here, not on
    the first player's action. (``BEGIN IMMEDIATE`` alone succeeds on a read-only file.)"""
    await db.execute("BEGIN IMMEDIATE")
    try:
        await db.execute("CREATE TABLE _write_probe (x INTEGER)")
    finally:
        await db.execute("ROLLBACK")


def summarise_verdict(verdict: str) -> str:
    """SQLite's quick_check verdict in one line: its header ("*** in database main ***")
    dropped and its lines joined."""
    lines = [line.strip() for line in verdict.splitlines()]
    return "; ".join(line for line in lines if line and not line.startswith("***")) or "?"


def describe_sqlite_error(path: Path, error: BaseException) -> str:
    """One sentence for an error met while opening the database at ``path``."""
    name = getattr(error, "sqlite_errorname", "") or ""
    if isinstance(error, OSError) and not isinstance(error, sqlite3.Error):
        name = _OS_ERRORS.get(error.errno or 0, "")
        if not name:
            return f"cannot prepare the database {path}: {error.strerror or error}"
    if name.startswith("SQLITE_READONLY") or name == "SQLITE_PERM":
        return (
            f"the database {path} is read-only: give the bot's user write access to the file "
            "and its folder (SQLite writes -wal and -shm files beside it)"
        )
    if name == "SQLITE_FULL":
        return f"the disk holding the database {path} is full: free some space and start again"
    if name == "SQLITE_NOTADB":
        return (
            f"the file {path} is not a SQLite database (damaged or another file): {_RESTORE_HINT}"
        )
    if name.startswith("SQLITE_CORRUPT"):
        return f"the database {path} is damaged: {_RESTORE_HINT}"
    if name.startswith("SQLITE_CANTOPEN"):
        return (
            f"cannot open the database {path}: check that its folder exists and that the "
            "bot's user may write there"
        )
    return f"cannot use the database {path}: {error}"


async def check_postgres(url: str, shards: ShardSet | None = None) -> None:
    """The same check on a PostgreSQL database: connect, migrate (refusing a newer schema)
    and write-probe, so an unreachable server, a wrong password or a read-only role shows
    as one line before the bot logs in. The URL's password never reaches the message.
    `shards`: also try the bot's shard locks (`StoreLocked` when another process runs one
    of them), so a duplicate process stops before it logs in too; the bot takes them for
    good when it opens its services."""
    import asyncpg

    from .postgres import PostgresStore
    from .urls import describe_url

    where = describe_url(url)
    try:
        store = await PostgresStore.connect(url, shards is not None, shards)
    except SchemaTooNew as error:
        raise DatabaseUnusable(f"the database {where}: {error}") from None
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise DatabaseUnusable(f"cannot use the database {where}: {_reason(error)}") from None
    try:
        async with store.pool.acquire() as conn, conn.transaction():
            await conn.execute("CREATE TABLE _write_probe (x INTEGER)")
            raise _ProbeDone
    except _ProbeDone:
        pass  # the transaction rolled back: nothing was written
    except asyncpg.PostgresError as error:
        raise DatabaseUnusable(f"cannot write to the database {where}: {_reason(error)}") from None
    finally:
        await store.close()


class _ProbeDone(Exception):
    """Leaves the probe's transaction so that it rolls back."""


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and (error.errno or 0) > 0:  # asyncio's text adds no more
        return os.strerror(error.errno or 0)
    if isinstance(error, OSError) and error.strerror:  # a failed name lookup, say
        return error.strerror
    return str(error).splitlines()[0] if str(error) else type(error).__name__
