"""`python -m bot`: exit codes and messages, without ever starting a Discord connection."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import bot.__main__ as entry
from bot import runtime
from bot.client import RETRY_CAP, RETRY_FIRST, Backoff
from bot.settings import Settings
from tests.test_settings import TOKEN

ROOT = Path(__file__).resolve().parents[1]
SETTING_NAMES = (
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DATABASE_URL",
    "LOG_LEVEL",
    "DEV_GUILD_ID",
    "DEFAULT_LOCALE",
    "SYNC_COMMANDS",
    "SHARD_COUNT",
    "SHARD_IDS",
)


@pytest.fixture
def clean_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working folder (no .env) and no settings in the environment."""
    monkeypatch.chdir(tmp_path)
    for name in SETTING_NAMES:
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    return tmp_path


def _python_m_bot(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in SETTING_NAMES}
    clean["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_missing_token_exits_2_naming_the_variable(clean_env: Path) -> None:
    result = _python_m_bot(clean_env, {})

    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_malformed_token_exits_2_without_printing_it(clean_env: Path) -> None:
    secret = "abcdefghijklmnopqrstuvwxyz.secret-part-that-must-not-leak"

    result = _python_m_bot(clean_env, {"DISCORD_TOKEN": secret}, "run")

    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr
    assert "secret-part" not in result.stderr + result.stdout
    assert "abcdefghijklmnopqrstuvwxyz" not in result.stderr + result.stdout


def test_every_bad_value_gets_its_own_line(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LOG_LEVEL", "LOUD")
    monkeypatch.setenv("DEFAULT_LOCALE", "fr")

    assert entry.main(["run"]) == 2

    lines = capsys.readouterr().err.strip().splitlines()
    assert [line.split()[2] for line in lines] == ["DISCORD_TOKEN", "LOG_LEVEL", "DEFAULT_LOCALE"]


class FakeBot:
    """Stands in for KlaverjasBot: `start` runs until `close`, as the real one does."""

    made: list[FakeBot] = []

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.token: str | None = None
        self.closes = 0
        self._closed = asyncio.Event()
        self._ready = asyncio.Event()
        FakeBot.made.append(self)

    async def __aenter__(self) -> FakeBot:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self, token: str) -> None:
        self.token = token
        self._ready.set()
        await self._closed.wait()

    async def wait_until_ready(self) -> None:
        await self._ready.wait()

    async def close(self) -> None:
        self.closes += 1
        self._closed.set()


@pytest.fixture
def fake_bot(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> type[FakeBot]:
    FakeBot.made = []
    monkeypatch.setattr("bot.client.KlaverjasBot", FakeBot)
    monkeypatch.setattr(entry, "_configure_logging", lambda level: None)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_PATH", str(clean_env / "nested" / "db" / "kj.sqlite3"))
    return FakeBot


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_run_is_the_default_and_a_signal_closes_the_bot_cleanly(
    fake_bot: type[FakeBot], signum: int
) -> None:
    real_start = FakeBot.start

    async def start_then_signal(self: FakeBot, token: str) -> None:
        asyncio.get_running_loop().call_later(0.05, os.kill, os.getpid(), signum)
        await real_start(self, token)

    FakeBot.start = start_then_signal  # type: ignore[method-assign]
    try:
        assert entry.main([]) == 0
    finally:
        FakeBot.start = real_start  # type: ignore[method-assign]

    [bot] = fake_bot.made
    assert bot.token == TOKEN and bot.closes >= 1
    assert bot.settings.database_path.parent.is_dir()


def test_the_heap_is_settled_once_the_bot_is_ready(
    fake_bot: type[FakeBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    settled: list[bool] = []
    monkeypatch.setattr(runtime, "settle_heap", lambda: settled.append(True))
    real_start = FakeBot.start

    async def start_then_close(self: FakeBot, token: str) -> None:
        asyncio.get_running_loop().call_later(0.05, self._closed.set)
        await real_start(self, token)

    monkeypatch.setattr(FakeBot, "start", start_then_close)
    assert entry.main([]) == 0
    assert settled == [True]


def _command_groups(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[str, ...]]:
    """The command lines that name a group of commands (`league`), however deep."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            if path:
                yield path
            for name, child in action.choices.items():
                yield from _command_groups(child, (*path, name))


def test_a_command_group_without_its_command_answers_its_usage(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(entry, "_run", lambda args: pytest.fail("the bot must not start"))
    groups = list(_command_groups(entry._build_parser()))
    assert ("league",) in groups

    for group in groups:
        with pytest.raises(SystemExit) as exited:
            entry.main(list(group))
        assert exited.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith(f"usage: python -m bot {' '.join(group)} [-h] {{")
        assert "error: the following arguments are required" in err


def test_play_hands_its_arguments_to_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.terminal.tables as terminal

    seen: list[Any] = []
    monkeypatch.setattr(
        terminal,
        "run_terminal",
        lambda args: seen.append(("play", args.db, args.preset, args.name)) or 0,
    )
    monkeypatch.setattr(
        terminal,
        "run_simulation",
        lambda args: seen.append(("simulate", args.matches, args.preset)) or 0,
    )

    assert entry.main(["play", "--db", "x.sqlite3", "--preset", "rotterdam", "--name", "Anna"]) == 0
    assert entry.main(["simulate", "--matches", "3"]) == 0
    assert seen == [("play", "x.sqlite3", "rotterdam", "Anna"), ("simulate", 3, None)]


def test_a_damaged_database_stops_the_start_with_one_line(clean_env: Path) -> None:
    database = clean_env / "kj.sqlite3"
    database.write_bytes(b"garbage, not pages " * 300)

    result = _python_m_bot(clean_env, {"DISCORD_TOKEN": TOKEN, "DATABASE_PATH": str(database)})

    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"database error: the file {database} is not a SQLite database (damaged or another "
        "file): restore a backup (python -m bot restore, see docs/operations.md)"
    ]


def test_a_second_process_on_the_same_database_is_refused(clean_env: Path) -> None:
    from bot.store.lock import ProcessLock

    database = clean_env / "kj.sqlite3"
    with ProcessLock(database):  # the first bot process
        result = _python_m_bot(clean_env, {"DISCORD_TOKEN": TOKEN, "DATABASE_PATH": str(database)})

    assert result.returncode == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"database error: another bot process (pid {os.getpid()})")


def _bot_database(path: Path) -> Path:
    """A new, empty database of this bot at `path`."""
    from bot.store import open_store

    async def make() -> None:
        await (await open_store(path)).close()

    asyncio.run(make())
    return path


def test_backup_and_restore_commands_need_no_token(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = _bot_database(clean_env / "data" / "kj.sqlite3")
    monkeypatch.setenv("DATABASE_PATH", str(database))

    assert entry.main(["backup", "night.sqlite3"]) == 0
    assert entry.main(["backup", "night.sqlite3"]) == 2
    assert entry.main(["restore", "night.sqlite3"]) == 0
    assert entry.main(["restore", "missing.sqlite3", "--db", str(database)]) == 2

    out, err = capsys.readouterr()
    assert out.splitlines()[0].startswith("backup written to night.sqlite3: 0 tables, 0 actions")
    [kept] = database.parent.glob("kj.sqlite3.replaced-*")  # the database it replaced
    assert out.splitlines()[1] == (
        f"restored {database} from night.sqlite3; the replaced database was kept as {kept}"
    )
    assert err.splitlines() == [
        "database error: night.sqlite3 exists already; choose a new file name for the backup",
        "database error: there is no backup at missing.sqlite3",
    ]


def test_a_backup_that_is_no_database_of_this_bot_changes_nothing(
    clean_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3

    database = _bot_database(clean_env / "kj.sqlite3")
    before = database.read_bytes()
    (clean_env / "empty.sqlite3").touch()
    with sqlite3.connect(clean_env / "other.sqlite3") as other:  # another program's database
        other.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)")
    other.close()

    for backup in ("empty.sqlite3", "other.sqlite3"):
        assert entry.main(["restore", backup, "--db", str(database)]) == 2

    assert capsys.readouterr().err.splitlines() == [
        "database error: the backup empty.sqlite3 is an empty file (0 bytes), not a database",
        "database error: the backup other.sqlite3 is not a database of this bot (it has no "
        "schema version): another program's database?",
    ]
    assert database.read_bytes() == before
    assert sorted(p.name for p in clean_env.iterdir()) == [
        "empty.sqlite3",
        "kj.sqlite3",
        "other.sqlite3",
    ]


def test_backup_and_restore_point_to_pg_dump_when_database_url_is_set(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:s3cret@db.example/kj")
    assert entry.main(["backup", "night.sqlite3"]) == 2
    assert entry.main(["restore", "night.sqlite3"]) == 2
    err = capsys.readouterr().err
    assert err.count("DATABASE_URL is set: back up and restore PostgreSQL with pg_dump") == 2
    assert "s3cret" not in err and not (clean_env / "night.sqlite3").exists()


def test_backup_and_restore_refuse_a_postgres_url_as_db(
    clean_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = "postgresql://bot:s3c/ret@db.example/kj"
    (clean_env / "night.sqlite3").touch()

    assert entry.main(["backup", "copy.sqlite3", "--db", url]) == 2
    assert entry.main(["restore", "night.sqlite3", "--db", url]) == 2

    err = capsys.readouterr().err
    said = "--db names a PostgreSQL database: back up and restore PostgreSQL with pg_dump"
    assert err.count(said) == 2 and "s3c" not in err
    assert sorted(p.name for p in clean_env.iterdir()) == ["night.sqlite3"]  # no postgresql:


# The start-up path (bot/store/startup.py): every command that opens the store checks it
# and takes its lock first, and answers each fault in one line with exit code 2.

on_postgres = pytest.mark.parametrize("backend", ["postgresql"], indirect=True)


def _one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("database error: ")
    return line


def _damaged_in_the_middle(database: Path) -> None:
    """A database whose header is intact but one of its middle pages is overwritten."""
    import sqlite3

    with sqlite3.connect(database) as db:
        db.execute("CREATE TABLE filler (x TEXT)")
        db.executemany("INSERT INTO filler VALUES (?)", [("x" * 500,)] * 400)
    db.close()
    data = bytearray(database.read_bytes())
    page = 4096
    middle = (len(data) // page // 2) * page
    data[middle : middle + page] = b"\xa5" * page
    database.write_bytes(bytes(data))


def _play(cwd: Path, database: Path, command: str = "play") -> subprocess.CompletedProcess[str]:
    return _python_m_bot(cwd, {}, command, "--db", str(database))


# The terminal's commands on a file of their own: a match (`play`), the challenge.
terminal_commands = pytest.mark.parametrize("command", ["play", "challenge"])


@terminal_commands
def test_a_terminal_command_on_a_file_damaged_in_the_middle_is_one_line(
    clean_env: Path, command: str
) -> None:
    database = clean_env / "terminal.sqlite3"
    _damaged_in_the_middle(database)

    line = _one_error_line(_play(clean_env, database, command))

    assert line.startswith(f"database error: the database {database} is damaged (")
    assert line.endswith("restore a backup (python -m bot restore, see docs/operations.md)")
    assert "***" not in line


def test_run_on_a_file_damaged_in_the_middle_is_one_line(clean_env: Path) -> None:
    database = clean_env / "kj.sqlite3"
    _damaged_in_the_middle(database)

    result = _python_m_bot(clean_env, {"DISCORD_TOKEN": TOKEN, "DATABASE_PATH": str(database)})

    assert f"the database {database} is damaged (" in _one_error_line(result)


@terminal_commands
def test_a_terminal_command_beside_a_running_bot_is_refused(clean_env: Path, command: str) -> None:
    from bot.store.lock import ProcessLock

    database = clean_env / "terminal.sqlite3"
    with ProcessLock(database):  # the bot, or another `play`, on the same file
        line = _one_error_line(_play(clean_env, database, command))

    assert line.startswith(f"database error: another bot process (pid {os.getpid()})")


def test_play_holds_the_lock_while_it_runs(clean_env: Path) -> None:
    from bot.store.lock import ProcessLock, StoreLocked

    database = clean_env / "terminal.sqlite3"
    player = subprocess.Popen(
        [sys.executable, "-m", "bot", "play", "--db", str(database)],
        cwd=clean_env,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert player.stdout is not None and player.stdin is not None
        assert player.stdout.readline().startswith("New match")  # checked, locked, playing
        with pytest.raises(StoreLocked, match=f"pid {player.pid}"):
            ProcessLock(database).acquire()
        player.stdin.write("quit\n")
        player.stdin.flush()
        assert player.wait(timeout=60) == 0
    finally:
        player.kill()
        player.wait()
    with ProcessLock(database):  # free again once it ended
        pass


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"], indirect=True)
async def test_a_database_from_a_newer_bot_is_one_line(
    clean_env: Path, backend: str, database: str | Path
) -> None:
    from bot.store import open_store
    from bot.store.db import latest_version
    from tests.backends import execute

    store = await open_store(database)
    newer = latest_version() + 1
    if backend == "sqlite":
        await execute(store, f"PRAGMA user_version = {newer}")
        env = {"DATABASE_PATH": str(database)}
    else:
        await execute(store, "UPDATE schema_version SET version = ?", newer)
        env = {"DATABASE_URL": str(database)}
    await store.close()

    result = _python_m_bot(clean_env, {"DISCORD_TOKEN": TOKEN, **env}, "run")

    assert f"database schema version {newer} is newer than this code" in _one_error_line(result)
    if backend == "sqlite":
        for command in ("play", "challenge"):
            line = _one_error_line(_play(clean_env, Path(database), command))
            assert "newer than this code" in line


@terminal_commands
def test_a_terminal_command_on_a_read_only_file_is_one_line(clean_env: Path, command: str) -> None:
    database = clean_env / "terminal.sqlite3"
    # A new match or challenge, saved on end of input.
    assert _play(clean_env, database, command).returncode == 0
    database.chmod(0o444)
    with _immutable_for_root(database):  # file modes do not bind root, who runs the tests
        result = _play(clean_env, database, command)

    assert "is read-only: give the bot's user write access" in _one_error_line(result)


STORE_COMMANDS = [
    ["run"],
    ["play", "--db", "kj.sqlite3"],
    ["simulate", "--matches", "1"],
    ["challenge", "--db", "kj.sqlite3"],
    ["migrate-store", "--from", "kj.sqlite3", "--to", "postgresql://bot@127.0.0.1:1/kj"],
]


@pytest.mark.parametrize("argv", STORE_COMMANDS, ids=[argv[0] for argv in STORE_COMMANDS])
def test_every_command_that_opens_the_store_checks_it_first(
    clean_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
) -> None:
    # The one start-up path: a database the checks refuse (here every one, whatever the
    # fault) ends each command before its work, in one line with exit code 2.
    from bot.store import checks

    async def refused(db: object, path: Path) -> None:
        raise checks.DatabaseUnusable(f"the database {path} is refused by the checks")

    import sqlite3

    with sqlite3.connect(clean_env / "kj.sqlite3") as db:  # a database to start on
        db.execute("CREATE TABLE kept (x INTEGER)")
    db.close()
    monkeypatch.setattr(checks, "_verify", refused)
    # `run` would give the root logger a handler on this test's captured stderr, which
    # later tests' logging would find closed.
    monkeypatch.setattr(entry, "_configure_logging", lambda level: None)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_PATH", str(clean_env / "kj.sqlite3"))

    assert entry.main(argv) == 2

    out, err = capsys.readouterr()
    [line] = err.strip().splitlines()
    assert line.startswith("database error: the database ") and line.endswith(" checks")
    assert "New match" not in out and "Challenge #" not in out


@contextlib.contextmanager
def _immutable_for_root(path: Path) -> Iterator[None]:
    """`path` as unwritable for root as a read-only file is for anyone else (`chattr +i`)."""
    if os.geteuid() != 0:
        yield
        return
    made = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
    if made.returncode != 0:
        pytest.skip(f"root is not bound by file modes and chattr failed: {made.stderr.strip()}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("postgresql://bot:s3cret@127.0.0.1:1/kj", "refused"),  # nothing listens on port 1
        ("postgresql://bot:s3cret@no-such-host.invalid/kj", ""),  # no such host
        ("postgresql://bot:s3c/r@t#%x?@127.0.0.1:1/kj", "refused"),  # a password as written
    ],
)
def test_a_postgres_url_that_cannot_be_used_is_one_line(
    clean_env: Path, url: str, reason: str
) -> None:
    import sqlite3

    with sqlite3.connect(clean_env / "kj.sqlite3") as source:  # a source to copy from
        source.execute("CREATE TABLE kept (x INTEGER)")
    source.close()
    run = _python_m_bot(clean_env, {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": url}, "run")
    move = _python_m_bot(clean_env, {}, "migrate-store", "--from", "kj.sqlite3", "--to", url)

    for result in (run, move):
        line = _one_error_line(result)
        assert line.startswith("database error: cannot use the database ")
        assert reason in line.lower() and "s3c" not in result.stderr + result.stdout


def test_an_unreadable_postgres_url_is_one_line_without_the_password(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = "postgresql://bot:s3c/ret@127.0.0.1:x/kj"  # the port is no number
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_URL", url)

    assert entry.main(["run"]) == 2
    assert entry.main(["migrate-store", "--from", "kj.sqlite3", "--to", url]) == 2

    out, err = capsys.readouterr()
    reason = "the host of a PostgreSQL URL must read host or host:port, the port a number"
    assert [line.split(": ", 1)[0] for line in err.splitlines()] == [
        "configuration error",
        "database error",
    ]
    assert all(reason in line for line in err.splitlines())
    assert "s3c" not in out + err


@on_postgres
def test_a_refused_login_is_one_line(clean_env: Path, database: str) -> None:
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(database)
    where = f"no_such_role:s3cret@{parts.hostname}" + (f":{parts.port}" if parts.port else "")
    url = urlunsplit(parts._replace(netloc=where))

    result = _python_m_bot(clean_env, {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": url}, "run")

    line = _one_error_line(result)
    assert line.startswith("database error: cannot use the database ")
    assert "no_such_role" in line and "s3cret" not in result.stderr + result.stdout


# backup, restore and migrate-store: the same one line and exit code 2 for each fault.


def test_a_backup_of_a_damaged_file_names_it_in_one_line(clean_env: Path) -> None:
    database = clean_env / "kj.sqlite3"
    _damaged_in_the_middle(database)

    result = _python_m_bot(clean_env, {}, "backup", "night.sqlite3", "--db", str(database))

    assert _one_error_line(result).startswith(f"database error: {database} is damaged (")
    assert sorted(p.name for p in clean_env.iterdir()) == ["kj.sqlite3"]  # no copy, no .partial


def test_a_damaged_backup_is_not_restored(clean_env: Path) -> None:
    backup = clean_env / "night.sqlite3"
    _damaged_in_the_middle(backup)

    result = _python_m_bot(clean_env, {}, "restore", str(backup), "--db", "kj.sqlite3")

    assert _one_error_line(result).startswith(f"database error: {backup} is damaged (")
    assert not (clean_env / "kj.sqlite3").exists()


def test_a_restore_whose_copy_fails_leaves_the_database_in_place(clean_env: Path) -> None:
    import sqlite3

    database, backup = clean_env / "kj.sqlite3", _bot_database(clean_env / "night.sqlite3")
    with sqlite3.connect(database) as db:
        db.execute("CREATE TABLE kj (x INTEGER)")
    db.close()
    (clean_env / "kj.sqlite3.partial").mkdir()  # the copy cannot be written

    result = _python_m_bot(clean_env, {}, "restore", str(backup), "--db", str(database))

    line = _one_error_line(result)
    assert line.startswith(f"database error: restore of {backup} failed: ")
    with sqlite3.connect(database) as db:  # the database was not set aside
        assert db.execute("SELECT name FROM sqlite_master").fetchall() == [("kj",)]
    db.close()


def test_a_restore_into_a_folder_is_refused(clean_env: Path) -> None:
    import sqlite3

    with sqlite3.connect(clean_env / "night.sqlite3") as db:
        db.execute("CREATE TABLE t (x INTEGER)")
    db.close()
    (clean_env / "data").mkdir()

    result = _python_m_bot(clean_env, {}, "restore", "night.sqlite3", "--db", "data")

    assert _one_error_line(result) == (
        "database error: data is a folder; name the database file to restore into"
    )
    assert (clean_env / "data").is_dir() and not list((clean_env / "data").iterdir())


def test_migrate_store_from_a_damaged_file_is_one_line(clean_env: Path) -> None:
    database = clean_env / "kj.sqlite3"
    _damaged_in_the_middle(database)
    url = "postgresql://bot@127.0.0.1:1/kj"  # never reached: the source is checked first

    result = _python_m_bot(clean_env, {}, "migrate-store", "--from", str(database), "--to", url)

    assert f"the database {database} is damaged (" in _one_error_line(result)


# Discord unreachable at start, and SIGTERM whatever the connection is doing: real processes
# (tests/fixtures/offline_discord.py) with Discord at a closed loopback port.


@pytest.mark.parametrize(
    ("mode", "shards", "step"),
    [
        ("login", None, "log in"),
        ("gateway", None, "connect to the gateway"),
        ("gateway", "2", "connect shard 0"),  # a shard that never connected
    ],
)
def test_an_unreachable_discord_is_one_line_a_try_and_sigterm_exits_0(
    clean_env: Path, mode: str, shards: str | None, step: str
) -> None:
    env = {k: v for k, v in os.environ.items() if k not in SETTING_NAMES}
    env |= {"PYTHONPATH": str(ROOT), "DISCORD_TOKEN": TOKEN, "SYNC_COMMANDS": "0"}
    env |= {"DATABASE_PATH": str(clean_env / "kj.sqlite3"), "SHARD_COUNT": shards or ""}
    fixture = ROOT / "tests" / "fixtures" / "offline_discord.py"
    run = subprocess.Popen(
        [sys.executable, str(fixture), mode],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert run.stderr is not None
    tries: list[str] = []
    try:
        while len(tries) < 4:  # waits of 0.1-0.2, 0.2-0.4, 0.4-0.8 s: it runs on after them
            line = run.stderr.readline()
            assert line and run.poll() is None, f"exited {run.returncode} after {tries}"
            assert "Traceback" not in line, line
            if "Discord cannot be reached" in line:
                tries.append(line)
        run.send_signal(signal.SIGTERM)
        rest = run.communicate(timeout=30)[1]
    finally:
        if run.poll() is None:
            run.kill()
            run.communicate()

    assert run.returncode == 0, rest
    assert "Traceback" not in rest and "SIGTERM received: shutting down" in rest
    waits = [float(re.findall(r"trying again in ([\d.]+) s", line)[0]) for line in tries]
    assert waits[-1] > waits[0]  # the waits grow
    for line in tries:
        assert f"could not {step} (ClientConnectorError: Cannot connect to host 127.0.0.1" in line
        assert TOKEN not in line


def test_a_rejected_token_is_not_tried_again(clean_env: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in SETTING_NAMES}
    env |= {"PYTHONPATH": str(ROOT), "DISCORD_TOKEN": TOKEN, "SYNC_COMMANDS": "0"}
    env |= {"DATABASE_PATH": str(clean_env / "kj.sqlite3")}
    fixture = ROOT / "tests" / "fixtures" / "offline_discord.py"
    result = subprocess.run(
        [sys.executable, str(fixture), "rejected"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "cannot be reached" not in result.stderr
    assert result.stderr.count("Discord rejected DISCORD_TOKEN") == 1


def test_the_waits_double_up_to_the_cap_each_drawn_from_its_upper_half() -> None:
    backoff = Backoff(random.Random(7))
    waits = [backoff.next() for _ in range(12)]

    ceilings = [min(RETRY_CAP, RETRY_FIRST * 2**n) for n in range(12)]
    assert all(c / 2 <= w <= c for w, c in zip(waits, ceilings, strict=True))
    assert max(waits) <= RETRY_CAP and waits[-1] >= RETRY_CAP / 2
    assert len({round(w, 6) for w in waits[-4:]}) == 4  # jitter: capped waits still differ
