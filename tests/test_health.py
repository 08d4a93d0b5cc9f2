"""`python -m bot health`: the container's HEALTHCHECK, from the heartbeat and the database."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

import bot.__main__ as entry
from bot.health import STALE_AFTER, beat, heartbeat_path
from bot.store import open_store
from tests.harness.harness import Harness


@pytest.fixture
async def database(tmp_path: Path) -> Path:
    path = tmp_path / "data" / "klaverjas.sqlite3"
    async with await open_store(path):
        pass
    return path


async def health(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = entry.main(["health", "--db", str(path)])
    out = capsys.readouterr()
    lines = (out.out + out.err).strip().splitlines()
    assert len(lines) == 1, lines  # one line for the operator, healthy or not
    return code, lines[0]


async def test_a_fresh_heartbeat_and_a_database_that_opens_are_healthy(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async with await open_store(database) as store:
        await beat(store, heartbeat_path(database))
        assert await health(database, capsys) == (0, "healthy: heartbeat 0 s old, database opens")


async def test_no_heartbeat_or_a_stale_one_is_unhealthy(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, line = await health(database, capsys)
    assert code == 1 and "not running" in line
    heartbeat = heartbeat_path(database)
    async with await open_store(database) as store:
        await beat(store, heartbeat)
    old = time.time() - STALE_AFTER - 5
    os.utime(heartbeat, (old, old))
    code, line = await health(database, capsys)
    assert code == 1 and "s old (limit 90 s)" in line


async def test_a_lost_or_damaged_database_is_unhealthy(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async with await open_store(database) as store:
        await beat(store, heartbeat_path(database))
    database.write_bytes(b"not a database" * 100)
    code, line = await health(database, capsys)
    assert code == 1 and "not a SQLite database" in line
    database.unlink()
    code, line = await health(database, capsys)
    assert code == 1 and "does not exist" in line


async def test_no_beat_when_the_store_does_not_answer(database: Path) -> None:
    store = await open_store(database)
    await store.close()
    with pytest.raises(ValueError):  # aiosqlite: no active connection
        await beat(store, heartbeat_path(database))
    assert not heartbeat_path(database).exists()


async def test_the_running_bot_keeps_the_heartbeat(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    async with Harness(path, extensions=()):
        await _wait_for(heartbeat_path(path))
    assert heartbeat_path(path).exists()


async def _wait_for(path: Path) -> None:
    for _ in range(100):
        if path.exists():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{path} was never written")


async def test_with_database_url_the_heartbeat_vouches_for_the_database(
    database: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    async with await open_store(database) as store:
        await beat(store, heartbeat_path(database))
    database.unlink()  # PostgreSQL holds the data: no SQLite file to open
    monkeypatch.setenv("DATABASE_URL", "postgresql://klaverjas@db/klaverjas")
    assert await health(database, capsys) == (0, "healthy: heartbeat 0 s old")
