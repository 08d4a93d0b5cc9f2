"""Backups taken while tables play, and restores that bring every table back as it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import open_store
from bot.store.backup import BackupError, backup_database, check_backup, restore_database
from bot.store.db import latest_version
from bot.store.lock import ProcessLock, StoreLocked
from bot.tables import TableService
from tests.tables.helpers import ALICE, BOB, CARL, act_once, open_service, table_with


async def _playing_tables(service: TableService, count: int, moves: int) -> list[int]:
    ids = []
    for channel in range(count):
        table = await table_with(service, {0: ALICE, 1: BOB, 2: CARL}, channel=900 + channel)
        for _ in range(moves):
            await act_once(service, table.id)
        ids.append(table.id)
    return ids


async def test_a_backup_taken_while_playing_restores_every_table_as_it_was(
    db_path: Path, tmp_path: Path
) -> None:
    service = await open_service(db_path)
    ids = await _playing_tables(service, count=3, moves=6)
    at_backup = {i: service.registry.get(i).seq for i in ids}
    snapshot_at_backup = {i: service.registry.get(i).to_dict() for i in ids}

    # The store is open and its latest commits are still in the -wal file.
    assert db_path.with_name(db_path.name + "-wal").stat().st_size > 0
    summary = backup_database(db_path, tmp_path / "backups" / "night.sqlite3")

    assert summary.tables == 3 and summary.schema == latest_version()
    assert summary.actions == sum(at_backup.values())
    for table_id in ids:  # play on after the backup: the restore must not bring these back
        await act_once(service, table_id)
    await service.store.close()

    kept = restore_database(summary.path, db_path)

    assert kept is not None and kept.is_file()
    restored = await open_service(db_path)
    assert {i: restored.get(i).seq for i in ids} == at_backup
    assert {i: restored.registry.get(i).to_dict() for i in ids} == snapshot_at_backup
    await restored.store.close()


async def test_a_restore_keeps_the_replaced_database_with_its_wal(
    db_path: Path, tmp_path: Path
) -> None:
    store = await open_store(db_path)
    await store.close()
    backup = backup_database(db_path, tmp_path / "copy.sqlite3").path
    db_path.with_name(db_path.name + "-wal").write_bytes(b"uncheckpointed pages")

    kept = restore_database(backup, db_path)

    assert kept is not None
    assert kept.with_name(kept.name + "-wal").read_bytes() == b"uncheckpointed pages"
    assert not db_path.with_name(db_path.name + "-wal").exists()


async def test_a_restore_is_refused_while_the_bot_holds_the_database(
    db_path: Path, tmp_path: Path
) -> None:
    store = await open_store(db_path)
    await store.close()
    backup = backup_database(db_path, tmp_path / "copy.sqlite3").path

    with ProcessLock(db_path), pytest.raises(StoreLocked, match="another bot process"):
        restore_database(backup, db_path)


def test_refusals_change_nothing(db_path: Path, tmp_path: Path) -> None:
    target = tmp_path / "exists.sqlite3"
    target.write_text("keep me")
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database at all " * 100)

    with pytest.raises(BackupError, match="no database at"):
        backup_database(db_path, tmp_path / "new.sqlite3")
    with pytest.raises(BackupError, match="is not a usable database"):
        restore_database(garbage, db_path)
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as db:
        db.execute("CREATE TABLE t (x)")
    with pytest.raises(BackupError, match="exists already"):
        backup_database(db_path, target)

    assert target.read_text() == "keep me"
    assert not (tmp_path / "new.sqlite3").exists()


def test_a_backup_from_a_newer_bot_is_not_restored(db_path: Path, tmp_path: Path) -> None:
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as db:
        db.execute(f"PRAGMA user_version = {latest_version() + 1}")

    with pytest.raises(BackupError, match="newer than this bot"):
        restore_database(newer, db_path)
    assert not db_path.exists()


def test_a_backup_must_be_a_whole_database_of_this_bot(db_path: Path, tmp_path: Path) -> None:
    own = tmp_path / "own.sqlite3"
    with sqlite3.connect(own) as db:  # a schema version of ours, but not its tables
        db.execute("CREATE TABLE tables (id INTEGER PRIMARY KEY)")
        db.execute("PRAGMA user_version = 2")
    db.close()
    empty = tmp_path / "empty.sqlite3"
    empty.touch()

    with pytest.raises(BackupError, match=r"empty file \(0 bytes\), not a database"):
        restore_database(empty, db_path)
    with pytest.raises(BackupError, match="schema version 2 has a table actions, which it lacks"):
        restore_database(own, db_path)
    assert not db_path.exists() and not db_path.parent.exists()


async def test_a_new_database_of_this_bot_passes_the_check(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    await (await open_store(path)).close()

    summary = check_backup(path)

    assert (summary.schema, summary.tables, summary.actions) == (latest_version(), 0, 0)
