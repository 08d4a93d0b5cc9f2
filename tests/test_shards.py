"""Shards over processes (bot/shards.py): each process serves only its shards' guilds, and
processes with disjoint shard sets share one PostgreSQL database.

The process test runs real subprocesses (tests/fixtures/shard_worker.py) through the
service layer, no Discord: two processes with half the shards each, tables in guilds of
both, one killed with SIGKILL and replaced, and every table back with every acknowledged
action.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.settings import SettingsError, load_settings
from bot.shards import ShardSet, shard_of
from bot.store import open_store
from bot.store.lock import StoreLocked
from bot.store.postgres.db import with_schema
from tests.backends import (
    create_schema,
    drop_schema,
    postgres_host,
    postgres_required,
    postgres_url,
)
from tests.test_settings import TOKEN

ROOT = Path(__file__).resolve().parents[1]
WORKER = ROOT / "tests" / "fixtures" / "shard_worker.py"
on_postgres = pytest.mark.parametrize("backend", ["postgresql"], indirect=True)


def guild_on(shard: int, count: int, n: int = 0) -> int:
    """A snowflake-sized guild id that Discord routes to `shard` of `count`."""
    guild = ((1_000_000 + n * count + shard) << 22) | 4321
    assert shard_of(guild, count) == shard
    return guild


# ------------------------------------------------------------------ the formula
def test_the_formula_is_discords() -> None:
    # Discord's documented example: shard_id = (guild_id >> 22) % num_shards.
    assert shard_of(197038439483310086, 2) == (197038439483310086 >> 22) % 2
    assert shard_of(None, 4) == 0  # no guild: direct messages arrive on shard 0
    assert ShardSet().owns(guild_on(3, 4)) and ShardSet().complete


def test_a_shard_set_owns_exactly_its_shards_guilds() -> None:
    half = ShardSet(4, (0, 1))
    assert [half.owns(guild_on(s, 4)) for s in range(4)] == [True, True, False, False]
    assert not half.complete and str(half) == "shards 0,1 of 4"
    with pytest.raises(ValueError):
        ShardSet(4, (4,))
    with pytest.raises(ValueError):
        ShardSet(4, (1, 1))


# --------------------------------------------------------------------- settings
def test_shard_count_alone_runs_every_shard() -> None:
    settings = load_settings({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "3"})
    assert settings.shards == ShardSet(3, (0, 1, 2)) and settings.sharded
    plain = load_settings({"DISCORD_TOKEN": TOKEN})
    assert plain.shards == ShardSet() and not plain.sharded


def test_shard_ids_pick_shards_on_postgresql() -> None:
    settings = load_settings(
        {
            "DISCORD_TOKEN": TOKEN,
            "DATABASE_URL": "postgresql://bot@db/klaverjas",
            "SHARD_COUNT": "4",
            "SHARD_IDS": " 3, 1",
        }
    )
    assert settings.shards == ShardSet(4, (1, 3))


@pytest.mark.parametrize(
    ("env", "problem"),
    [
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a number from 1 to 16384, not '0'"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a number"),
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "shard numbers from 0 to 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1,1"}, "SHARD_IDS names a shard twice"),
        (  # a second process on one SQLite file: refused before anything starts
            {"SHARD_COUNT": "2", "SHARD_IDS": "0"},
            "SHARD_IDS names shards 0 of 2 but the SQLite file serves one process only",
        ),
    ],
)
def test_bad_shard_settings_are_one_line_each(env: dict[str, str], problem: str) -> None:
    with pytest.raises(SettingsError) as refused:
        load_settings({"DISCORD_TOKEN": TOKEN, **env})
    assert len(refused.value.problems) == 1
    assert problem in refused.value.problems[0]


def test_every_shard_on_sqlite_is_fine() -> None:
    settings = load_settings({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "2", "SHARD_IDS": "1,0"})
    assert settings.shards.complete


def test_python_m_bot_refuses_part_of_the_shards_on_sqlite(tmp_path: Path) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "DISCORD_TOKEN")
    }
    env |= {
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": TOKEN,
        "DATABASE_PATH": str(tmp_path / "kj.sqlite3"),
        "SHARD_COUNT": "2",
        "SHARD_IDS": "1",
    }
    result = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "configuration error: SHARD_IDS names shards 1 of 2 but the SQLite file serves one "
        "process only: run every shard in this process, or set DATABASE_URL "
        "(docs/operations.md)"
    ]
    assert not (tmp_path / "kj.sqlite3").exists()


# ------------------------------------------------------------------- PostgreSQL
@on_postgres
async def test_disjoint_shards_share_the_database_and_the_same_shard_is_refused(
    database: str,
) -> None:
    first = await open_store(database, exclusive=True, shards=ShardSet(4, (0, 1)))
    second = await open_store(database, exclusive=True, shards=ShardSet(4, (2, 3)))
    try:
        with pytest.raises(StoreLocked, match=r"for shard 1 of 4; stop it first"):
            await open_store(database, exclusive=True, shards=ShardSet(4, (1,)))
        with pytest.raises(StoreLocked, match=r"SHARD_COUNT=4, not 2"):
            await open_store(database, exclusive=True, shards=ShardSet(2, (1,)))
        with pytest.raises(StoreLocked, match="another bot process is using the database"):
            await open_store(database, exclusive=True)  # the whole bot: shard 0 of 1
    finally:
        await second.close()
    third = await open_store(database, exclusive=True, shards=ShardSet(4, (2, 3)))
    await third.close()
    await first.close()


@pytest.fixture
async def shared_schema() -> AsyncIterator[str]:
    url = postgres_url()
    if url is None:
        if postgres_required():
            pytest.fail("REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set")
        pytest.skip("PostgreSQL back end not tested: set TEST_DATABASE_URL")
    schema = await create_schema(url)
    try:
        yield with_schema(url, schema)
    finally:
        await drop_schema(url, schema)


class Worker:
    """A worker process; its stdout is read line by line."""

    def __init__(self, url: str, ids: str, mode: str, *guilds: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(WORKER), url, "4", ids, mode, *map(str, guilds)],
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        self.stdout = self.process.stdout

    def line(self) -> str:
        line = self.stdout.readline()
        assert line, f"worker ended early (exit {self.process.poll()})"
        return line.strip()

    def acks(self, until: int) -> Iterator[tuple[int, int]]:
        """(table, seq) acknowledgements, until `until` of them were read."""
        for _ in range(until):
            kind, table, seq = self.line().split()
            assert kind == "ack"
            yield int(table), int(seq)

    def kill(self) -> list[tuple[int, int]]:
        """SIGKILL; the acknowledgements already written, read to the end."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        rest = [line.split() for line in self.stdout.read().splitlines()]
        return [(int(table), int(seq)) for kind, table, seq in rest if kind == "ack"]

    def finish(self) -> tuple[int, str]:
        out = self.stdout.read()
        return self.process.wait(timeout=60), out


def latest(acks: list[tuple[int, int]]) -> dict[int, int]:
    seen: dict[int, int] = {}
    for table, seq in acks:
        seen[table] = max(seen.get(table, 0), seq)
    return seen


@pytest.mark.allow_hosts([postgres_host() or "127.0.0.1"])
async def test_a_killed_process_is_replaced_and_its_tables_lose_nothing(shared_schema: str) -> None:
    url = shared_schema
    guilds_a = [guild_on(s, 4, n) for s in (0, 1) for n in range(2)]
    guilds_b = [guild_on(s, 4, n) for s in (2, 3) for n in range(2)]
    a = Worker(url, "0,1", "serve", *guilds_a)
    b = Worker(url, "2,3", "serve", *guilds_b)
    try:
        assert a.line() == "restored 0" and b.line() == "restored 0"
        acked_a = list(a.acks(40))  # the 4 opens, then sitting and leaving
        acked_b = list(b.acks(40))
        time.sleep(0.2)  # more actions in flight, so the kill lands mid-work
        acked_a += a.kill()
        # The same shard again, while B still runs: refused in one line, exit 2.
        twin = Worker(url, "3", "restore")
        code, out = twin.finish()
        assert code == 2
        assert "another bot process is using the database" in out
        assert "for shard 3 of 4" in out
        # A's shards in a new process, next to B: every table of A's guilds, and only
        # those, with every acknowledged action in its log.
        c = Worker(url, "1,0", "restore")
        code, out = c.finish()
        assert code == 0, out
        restored_line, report = out.splitlines()
        restored = {int(k): v for k, v in json.loads(report).items()}
        assert restored_line == "restored 4"
        assert sorted(guild for guild, _, _ in restored.values()) == sorted(guilds_a)
        for table, seq in latest(acked_a).items():
            _, restored_seq, log = restored[table]
            assert restored_seq >= seq
            assert log == list(range(1, restored_seq + 1))  # nothing lost, nothing torn
        assert not set(latest(acked_b)) & set(restored)
    finally:
        for worker in (a, b):
            if worker.process.poll() is None:
                worker.kill()
    assert len(latest(acked_b)) == 4  # B served its own four tables meanwhile


# ----------------------------------------------------------------------- client
async def test_shard_settings_start_discord_pys_auto_sharded_bot() -> None:
    from discord.ext import commands

    from bot.client import KlaverjasBot, ShardedKlaverjasBot

    settings = load_settings(
        {
            "DISCORD_TOKEN": TOKEN,
            "DATABASE_URL": "postgresql://bot@db/klaverjas",
            "SHARD_COUNT": "4",
            "SHARD_IDS": "1,3",
        }
    )
    bot = ShardedKlaverjasBot(settings)
    assert isinstance(bot, commands.AutoShardedBot) and isinstance(bot, KlaverjasBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    assert not isinstance(
        KlaverjasBot(load_settings({"DISCORD_TOKEN": TOKEN})), commands.AutoShardedBot
    )


@on_postgres
async def test_python_m_bot_refuses_a_running_shard_before_logging_in(
    database: str, tmp_path: Path
) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("SHARD_IDS", "DISCORD_TOKEN")}
    env |= {
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": TOKEN,
        "DATABASE_PATH": str(tmp_path / "kj.sqlite3"),
        "DATABASE_URL": database,
        "SHARD_COUNT": "2",
        "SHARD_IDS": "1",
    }
    running = await open_store(database, exclusive=True, shards=ShardSet(2, (0, 1)))
    try:
        result = subprocess.run(
            [sys.executable, "-m", "bot", "run"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        await running.close()
    assert result.returncode == 2
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("database error: another bot process is using the database")
    assert line.endswith("for shard 1 of 2; stop it first (one process per shard)")
