"""The terminal's commands (`play`, `challenge`) on either store, chosen as the bot chooses
it: `--db` (a SQLite file or a postgresql:// URL), else DATABASE_URL, else their own file."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import main
from bot.store import is_postgres_url, open_store
from bot.terminal.tables import TERMINAL_CHANNEL
from tests.backends import fetch

on_postgres = pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
# What each command leaves in the store after the player quits at once: the match's open
# table in the terminal's channel, or the member's entry in the running challenge.
LEFT: dict[str, tuple[str, list[tuple[Any, ...]]]] = {
    "play": ("SELECT channel_id FROM tables WHERE status <> 'closed'", [(TERMINAL_CHANNEL,)]),
    "challenge": ("SELECT name FROM challenge_entries", [("You",)]),
}


@pytest.fixture
def quiet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder without .env, no DATABASE_URL, and a player who quits at once."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "")  # recorded, so a value .env sets is undone too
    monkeypatch.delenv("DATABASE_URL")
    monkeypatch.setattr("builtins.input", lambda _prompt: "quit")
    return tmp_path


def _left(target: str | Path, command: str) -> list[tuple[Any, ...]]:
    async def read() -> list[tuple[Any, ...]]:
        async with await open_store(target) as store:
            return await fetch(store, LEFT[command][0])

    return asyncio.run(read())


@pytest.mark.parametrize("command", ["play", "challenge"])
def test_db_names_either_store(database: str | Path, quiet: Path, command: str) -> None:
    assert main([command, "--db", str(database)]) == 0

    assert _left(database, command) == LEFT[command][1]
    assert [p.name for p in quiet.iterdir() if p.name.startswith("postgres")] == []


@pytest.mark.parametrize("command", ["play", "challenge"])
def test_without_db_database_url_is_honoured(
    database: str | Path, quiet: Path, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if is_postgres_url(database):
        monkeypatch.setenv("DATABASE_URL", str(database))
    own = quiet / "data" / "terminal.sqlite3"

    assert main([command]) == 0

    assert _left(database if is_postgres_url(database) else own, command) == LEFT[command][1]
    assert own.exists() == (not is_postgres_url(database))


@on_postgres
@pytest.mark.parametrize("command", ["play", "challenge"])
def test_the_terminal_beside_a_running_bot_is_refused(
    database: str, quiet: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    async def beside_the_bot() -> int:
        async with await open_store(database, exclusive=True):  # the running bot
            return await asyncio.to_thread(main, [command, "--db", database])

    assert asyncio.run(beside_the_bot()) == 2

    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("database error: another bot process is using the database")
    assert _left(database, command) == []


def test_a_bad_database_url_is_one_line(quiet: Path, capsys: pytest.CaptureFixture[str]) -> None:
    quiet.joinpath(".env").write_text("DATABASE_URL=postgresql://bot:s3c/ret@db:port/kj\n")

    assert main(["play"]) == 2

    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("configuration error: DATABASE_URL: the host of a PostgreSQL URL")
    assert "s3c" not in line and not (quiet / "data").exists()
