"""Opening the database: pragmas, migrations and the schema-version guard."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import SchemaTooNew, open_store
from bot.store.db import latest_version, open_db, scalar, split_statements, transaction
from bot.store.records import NewTable
from bot.store.sqlite import SqliteStore


@pytest.fixture
def store(sqlite_store: SqliteStore) -> SqliteStore:
    """What these tests look at is SQLite's own (its connection, its file)."""
    return sqlite_store


async def test_creates_folder_and_migrates(db_path: Path) -> None:
    assert not db_path.parent.exists()
    db = await open_db(db_path)
    try:
        assert await scalar(db, "PRAGMA user_version") == latest_version() >= 1
        names = {row[0] for row in await db.execute_fetchall("SELECT name FROM sqlite_master")}
        assert {"tables", "actions", "hands", "player_hands", "matches"} <= names
        assert {"player_matches", "tables_open_channel", "actions_no_update"} <= names
    finally:
        await db.close()


async def test_pragmas(db_path: Path) -> None:
    db = await open_db(db_path)
    try:
        assert await scalar(db, "PRAGMA journal_mode") == "wal"
        assert await scalar(db, "PRAGMA synchronous") == 2  # FULL
        assert await scalar(db, "PRAGMA foreign_keys") == 1
        assert await scalar(db, "PRAGMA busy_timeout") == 5000
        assert db.isolation_level is None
        assert not db.in_transaction
    finally:
        await db.close()


async def test_reopen_is_idempotent(db_path: Path) -> None:
    async with await open_store(db_path) as store:
        table_id = await store.tables.create(NewTable(1, 10, 7, {"a": 1}, 1.0))
    async with await open_store(db_path) as store:
        assert await scalar(store.db, "PRAGMA user_version") == latest_version()
        assert (await store.tables.get(table_id)) is not None


async def test_too_new_database_is_refused(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as raw:
        raw.execute(f"PRAGMA user_version = {latest_version() + 1}")
    raw.close()
    with pytest.raises(SchemaTooNew, match="newer than this code"):
        await open_db(db_path)
    with sqlite3.connect(db_path) as raw:  # untouched
        assert raw.execute("PRAGMA user_version").fetchone()[0] == latest_version() + 1
        assert raw.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] == 0
    raw.close()


async def test_transaction_rolls_back_on_error(db_path: Path) -> None:
    db = await open_db(db_path)
    try:
        with pytest.raises(RuntimeError):
            async with transaction(db):
                await db.execute(
                    "INSERT INTO tables (channel_id, opener_id, status, created_at,"
                    " updated_at, snapshot) VALUES (1, 1, 'lobby', 0, 0, '{}')"
                )
                raise RuntimeError("boom")
        assert not db.in_transaction
        assert await scalar(db, "SELECT COUNT(*) FROM tables") == 0
    finally:
        await db.close()


def test_split_statements_keeps_trigger_bodies_whole() -> None:
    script = """-- comment; with a semicolon
CREATE TABLE a (x INTEGER);
CREATE TRIGGER t BEFORE DELETE ON a
BEGIN
    SELECT RAISE(ABORT, 'no');
END;
-- trailing comment
"""
    statements = split_statements(script)
    assert len(statements) == 3
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")


async def test_failed_migration_leaves_the_previous_version(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.store import db as db_module

    good = "CREATE TABLE one (x INTEGER);"
    bad = "CREATE TABLE two (x INTEGER);\nINSERT INTO missing VALUES (1);"
    monkeypatch.setattr(db_module, "_migrations", lambda: [(1, good), (2, bad)])
    with pytest.raises(sqlite3.OperationalError, match="missing"):
        await open_db(db_path)
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 1
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
        assert names == {"one"}
    raw.close()


async def test_in_memory_database(tmp_path: Path) -> None:
    async with await open_store(":memory:") as store:
        assert await store.tables.create(NewTable(1, 10, 7, {}, 1.0)) == 1
    assert not any(tmp_path.iterdir())
