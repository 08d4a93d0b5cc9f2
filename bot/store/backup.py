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
from dataclasses import dataclass, replace
from pathlib import Path

from .checks import summarise_verdict
from .db import latest_version
from .errors import StoreError
from .lock import ProcessLock

__all__ = ["BackupError", "BackupSummary", "backup_database", "restore_database"]

_SIDECARS = ("-wal", "-shm")


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

    The database it replaces is kept beside it, renamed with a time stamp together with
    its `-wal` file, so a restore never destroys the only copy of anything. Returns that
    kept path, or None when there was no database.
    """
    if not backup.is_file():
        raise BackupError(f"there is no backup at {backup}")
    if database.is_dir():
        raise BackupError(f"{database} is a folder; name the database file to restore into")
    summary = inspect(backup)
    if summary.schema > latest_version():
        raise BackupError(
            f"the backup {backup} has schema version {summary.schema}, newer than this bot "
            f"knows ({latest_version()}); restore it with the bot version that made it"
        )
    with ProcessLock(database):
        # Copied first: a copy that fails (a full disk) leaves the database where it was.
        partial = database.with_name(database.name + ".partial")
        _copy_to(backup, partial, f"restore of {backup} failed")
        kept = _set_aside(database)
        partial.replace(database)
    return kept


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


def inspect(path: Path) -> BackupSummary:
    """Check an existing database file (quick_check) and count what it holds."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        return _summarise(db, path)


def _summarise(db: sqlite3.Connection, path: Path) -> BackupSummary:
    try:
        verdict = db.execute("PRAGMA quick_check(1)").fetchone()[0]
        if verdict != "ok":
            raise BackupError(f"{path} is damaged ({summarise_verdict(verdict)})")
        schema = int(db.execute("PRAGMA user_version").fetchone()[0])
        tables = _count(db, "tables")
        actions = _count(db, "actions")
    except sqlite3.Error as error:
        raise BackupError(f"{path} is not a usable database: {error}") from None
    return BackupSummary(path, tables, actions, path.stat().st_size, schema)


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
