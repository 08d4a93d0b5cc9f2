"""Backups and restores of the SQLite database, safe while the bot runs.

Copying the `.sqlite3` file alone while the bot runs gives a damaged or incomplete copy:
committed actions may still sit in the `-wal` file beside it. SQLite's online backup API
copies a consistent snapshot (committed data only, WAL included) in well under a second,
without stopping the bot; the copy is checked before it is given its final name, so a
backup file that exists is a usable one.

These run in the `python -m bot backup|restore` commands, outside the bot's event loop,
so they use the standard library's synchronous `sqlite3`.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TypeVar

from .checks import summarise_verdict
from .db import latest_version
from .errors import StoreError
from .lock import ProcessLock
from .schema import migrations

__all__ = [
    "BackupError",
    "BackupSummary",
    "backup_database",
    "check_backup",
    "restore_database",
]

_SIDECARS = ("-wal", "-shm")
T = TypeVar("T")


class BackupError(StoreError):
    """A backup or restore was refused; ``str()`` is one line for the operator."""


@dataclass(frozen=True, slots=True)
class BackupSummary:
    """What a backup or restore copied: the file, its tables and actions, its size in bytes
    and its schema version."""

    path: Path
    tables: int
    actions: int
    size: int
    schema: int


def backup_database(database: Path, target: Path) -> BackupSummary:
    """Copy ``database`` to ``target`` (which must not exist) with the online backup API."""
    if not database.is_file():
        raise BackupError(f"there is no database at {database}")
    if target.exists():
        raise BackupError(f"{target} exists already; choose a new file name for the backup")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    summary = _copy_to(database, partial, f"backup of {database} failed")
    partial.replace(target)
    return replace(summary, path=target, size=target.stat().st_size)


def restore_database(backup: Path, database: Path) -> Path | None:
    """Put ``backup`` in place of ``database``; the bot must be stopped (its lock free).

    The backup is checked first (`check_backup`): one that is not an intact database of
    this bot is refused before anything is changed. The database it replaces is kept
    beside it, renamed with a time stamp together with its `-wal` file, so a restore never
    destroys the only copy of anything. Returns that kept path, or None when there was no
    database.
    """
    if not backup.is_file():
        raise BackupError(f"there is no backup at {backup}")
    if database.is_dir():
        raise BackupError(f"{database} is a folder; name the database file to restore into")
    check_backup(backup)
    with ProcessLock(database):
        # Copied first: a copy that fails (a full disk) leaves the database where it was.
        partial = database.with_name(database.name + ".partial")
        _copy_to(backup, partial, f"restore of {backup} failed")
        kept = _set_aside(database)
        partial.replace(database)
    return kept


def check_backup(backup: Path) -> BackupSummary:
    """Check that `backup` is a database of this bot that this version can run: not empty,
    intact (`PRAGMA integrity_check`), of a schema version this bot knows, with every table
    that version has. `BackupError` with one line otherwise; nothing is changed."""
    if backup.stat().st_size == 0:
        raise BackupError(f"the backup {backup} is an empty file (0 bytes), not a database")
    with contextlib.closing(sqlite3.connect(backup)) as db:
        summary = _summarise(db, backup, "integrity_check")
        present = _guarded(backup, lambda: _table_names(db))
    if summary.schema > latest_version():
        raise BackupError(
            f"the backup {backup} has schema version {summary.schema}, newer than this bot "
            f"knows ({latest_version()}); restore it with the bot version that made it"
        )
    if summary.schema < 1:
        raise BackupError(
            f"the backup {backup} is not a database of this bot (it has no schema version): "
            "another program's database?"
        )
    missing = sorted(_tables_at(summary.schema) - present)
    if missing:
        raise BackupError(
            f"the backup {backup} is not a database of this bot: schema version "
            f"{summary.schema} has a table {missing[0]}, which it lacks"
        )
    return summary


@cache
def _tables_at(version: int) -> frozenset[str]:
    """The tables a database of schema `version` holds: its migrations run in memory."""
    with contextlib.closing(sqlite3.connect(":memory:")) as db:
        for _, script in migrations("sqlite")[:version]:
            db.executescript(script)
        return _table_names(db)


def _table_names(db: sqlite3.Connection) -> frozenset[str]:
    rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return frozenset(str(name) for (name,) in rows)


def _copy_to(source: Path, partial: Path, failed: str) -> BackupSummary:
    """`_copy` into the file `partial`, removed again when the copy fails; SQLite's
    error (a full disk, a damaged page) is a `BackupError` naming what `failed`, and a
    damaged copy names its `source` (the copy is page for page what it read there)."""
    try:
        return _copy(source, partial)
    except BaseException as error:
        if partial.is_file():
            partial.unlink()
        if isinstance(error, sqlite3.Error):
            raise BackupError(f"{failed}: {error}") from None
        if isinstance(error, BackupError):
            raise BackupError(str(error).replace(str(partial), str(source))) from None
        raise


def _copy(source: Path, destination: Path) -> BackupSummary:
    """Copy with the online backup API, in one step (a single consistent read snapshot of
    the committed data, WAL included), then check the copy."""
    with (
        contextlib.closing(sqlite3.connect(source)) as origin,
        contextlib.closing(sqlite3.connect(destination)) as copy,
    ):
        origin.backup(copy)
        return _summarise(copy, destination)


def _summarise(db: sqlite3.Connection, path: Path, check: str = "quick_check") -> BackupSummary:
    """Check the database (`check`: SQLite's quick_check, or the fuller integrity_check)
    and count what it holds."""

    def read() -> BackupSummary:
        verdict = db.execute(f"PRAGMA {check}(1)").fetchone()[0]
        if verdict != "ok":
            raise BackupError(f"{path} is damaged ({summarise_verdict(verdict)})")
        schema = int(db.execute("PRAGMA user_version").fetchone()[0])
        tables, actions = _count(db, "tables"), _count(db, "actions")
        return BackupSummary(path, tables, actions, path.stat().st_size, schema)

    return _guarded(path, read)


def _guarded(path: Path, read: Callable[[], T]) -> T:
    """`read()`, a SQLite error it raises turned into a `BackupError` naming `path`."""
    try:
        return read()
    except sqlite3.Error as error:
        raise BackupError(f"{path} is not a usable database: {error}") from None


def _count(db: sqlite3.Connection, table: str) -> int:
    exists = db.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (table,))
    if exists.fetchone() is None:
        return 0
    return int(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def _set_aside(database: Path) -> Path | None:
    if not database.exists():
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    kept = database.with_name(f"{database.name}.replaced-{stamp}")
    database.replace(kept)
    for suffix in _SIDECARS:
        sidecar = database.with_name(database.name + suffix)
        if sidecar.exists():
            sidecar.replace(kept.with_name(kept.name + suffix))
    return kept
