"""The start-up database check: each way a database can be unusable gives one sentence."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.store import open_store
from bot.store.checks import (
    DatabaseUnusable,
    check_database,
    describe_sqlite_error,
    summarise_verdict,
    write_probe,
)
from bot.store.db import latest_version


async def _unusable(path: Path) -> str:
    with pytest.raises(DatabaseUnusable) as caught:
        await check_database(path)
    message = str(caught.value)
    assert "\n" not in message and str(path) in message
    return message


async def test_a_new_database_is_created_and_passes(db_path: Path) -> None:
    await check_database(db_path)

    assert db_path.is_file()
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == latest_version()


async def test_a_zero_length_file_is_refused_not_taken_for_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "kj.sqlite3"
    path.touch()

    assert "empty file (0 bytes)" in await _unusable(path)
    assert path.stat().st_size == 0  # left as it was: nothing migrated into it


async def test_a_file_that_is_not_a_database_is_named_as_such(tmp_path: Path) -> None:
    path = tmp_path / "kj.sqlite3"
    path.write_bytes(b"these are not the pages you are looking for\n" * 200)

    assert "is not a SQLite database" in await _unusable(path)


async def test_a_truncated_database_is_reported_damaged(db_path: Path) -> None:
    store = await open_store(db_path)
    await store.db.execute("CREATE TABLE filler (x TEXT)")
    for _ in range(400):
        await store.db.execute("INSERT INTO filler VALUES (?)", ("x" * 500,))
    await store.close()
    data = db_path.read_bytes()
    db_path.write_bytes(data[: len(data) // 2])

    message = await _unusable(db_path)

    assert "damaged" in message and "restore" in message


async def test_a_database_from_a_newer_bot_is_refused(db_path: Path) -> None:
    await check_database(db_path)
    with sqlite3.connect(db_path) as db:
        db.execute(f"PRAGMA user_version = {latest_version() + 1}")

    assert "newer than this code knows" in await _unusable(db_path)


async def test_a_folder_that_cannot_be_made_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the database folder should be")

    assert "cannot prepare the database" in await _unusable(blocker / "kj.sqlite3")


async def test_a_read_only_database_fails_the_write_probe_with_its_sentence(db_path: Path) -> None:
    await check_database(db_path)
    # The tests run as root, for whom file modes do not apply: a read-only connection gives
    # the same SQLite error a read-only file gives the bot.
    db = await aiosqlite.connect(f"file:{db_path}?mode=ro", uri=True, isolation_level=None)
    try:
        with pytest.raises(sqlite3.OperationalError) as caught:
            await write_probe(db)
    finally:
        await db.close()

    assert "is read-only" in describe_sqlite_error(db_path, caught.value)


async def test_a_full_disk_fails_the_write_probe_with_its_sentence(db_path: Path) -> None:
    await check_database(db_path)
    db = await aiosqlite.connect(db_path, isolation_level=None)
    try:
        pages = (await (await db.execute("PRAGMA page_count")).fetchone() or [0])[0]
        await db.execute(f"PRAGMA max_page_count = {pages}")  # what a full disk looks like
        with pytest.raises(sqlite3.OperationalError) as caught:
            await write_probe(db)
    finally:
        await db.close()

    assert "is full" in describe_sqlite_error(db_path, caught.value)


def test_a_folder_or_lock_file_refused_by_the_os_gets_the_sqlite_sentence(tmp_path: Path) -> None:
    import errno
    import os

    path = tmp_path / "kj.sqlite3"

    def os_error(code: int) -> OSError:
        return OSError(code, os.strerror(code), str(path) + ".lock")

    assert "is read-only" in describe_sqlite_error(path, os_error(errno.EACCES))
    assert "is read-only" in describe_sqlite_error(path, os_error(errno.EROFS))
    assert "is full" in describe_sqlite_error(path, os_error(errno.ENOSPC))
    assert "cannot prepare" in describe_sqlite_error(path, os_error(errno.ENOTDIR))


def test_a_quick_check_verdict_is_summarised_in_one_line() -> None:
    verdict = "*** in database main ***\nPage 5: btreeInitPage() returns error code 11"

    assert summarise_verdict(verdict) == "Page 5: btreeInitPage() returns error code 11"
    assert summarise_verdict("row 3 missing from index a\nrow 4 missing from index a") == (
        "row 3 missing from index a; row 4 missing from index a"
    )
