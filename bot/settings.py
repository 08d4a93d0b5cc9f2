"""Typed settings, read once at start-up from the environment (and `.env`).

Everything is validated up front so that a misconfigured deployment fails with a short,
specific message instead of a traceback from deep inside discord.py or SQLite. The Discord
token is a secret: it is kept out of reprs, and no error message ever quotes it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from dotenv import find_dotenv, load_dotenv

from bot.shards import ShardSet
from bot.store import is_postgres_url
from bot.store.urls import UrlError, parse_postgres_url

__all__ = [
    "LOCALES",
    "LOG_LEVELS",
    "Settings",
    "SettingsError",
    "load_database_path",
    "load_database_url",
    "load_settings",
]

DEFAULT_DATABASE_PATH: Final = Path("data/klaverjas.sqlite3")
# Keeps a shard's PostgreSQL lock key (count * 65536 + shard id) a positive 32-bit integer;
# Discord asks for about one shard per 1,000 guilds, so this is far beyond any real bot.
MAX_SHARD_COUNT: Final = 16_384
LOG_LEVELS: Final = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOCALES: Final = ("en", "nl", "pt-BR", "es-ES", "it")
DEFAULT_COMPUTER_BUDGET_MS: Final = 150.0  # bot.players.search.BUDGET_MS
MIN_COMPUTER_BUDGET_MS, MAX_COMPUTER_BUDGET_MS = 10.0, 2000.0

# Loose on purpose: Discord does not document the token format, only that it is three
# base64url segments; we only want to catch pasted garbage (quotes, "Bot " prefixes, spaces).
_TOKEN_RE: Final = re.compile(r"[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}")
_TRUE: Final = frozenset({"1", "true", "yes", "on"})
_FALSE: Final = frozenset({"0", "false", "no", "off"})


class SettingsError(Exception):
    """One or more settings are missing or invalid; `str()` gives one line per problem."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True, slots=True)
class Settings:
    """The validated configuration of one bot process."""

    discord_token: str = field(repr=False)
    database_path: Path = DEFAULT_DATABASE_PATH
    # postgresql://... when set (it may carry a password: kept out of reprs like the token).
    database_url: str | None = field(default=None, repr=False)
    log_level: str = "INFO"
    dev_guild_id: int | None = None
    default_locale: str = "en"
    # SYNC_COMMANDS: True publishes the slash commands at every start, False never, None
    # (unset) when they changed since the last publish (bot/client.py `publish_commands`).
    sync_commands: bool | None = None
    # SHARD_COUNT / SHARD_IDS: the shards this process runs (all of them by default).
    shards: ShardSet = ShardSet()
    sharded: bool = False  # SHARD_COUNT was set: run discord.py's AutoShardedBot
    # A strong computer's time per decision; lower it when many tables run on few cores.
    computer_budget_ms: float = DEFAULT_COMPUTER_BUDGET_MS

    @property
    def database(self) -> str | Path:
        """Where the store lives: DATABASE_URL's PostgreSQL when set, else the SQLite file."""
        return self.database_url or self.database_path


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    """Build `Settings` from `env`, or from the process environment plus `.env` when None.

    All values are checked before raising so the operator can fix everything in one go.
    """
    env = _environment(env)
    problems: list[str] = []
    token = _parse_token(_get(env, "DISCORD_TOKEN"), problems)
    database_path = _parse_path(_get(env, "DATABASE_PATH"), problems)
    database_url = _parse_database_url(_get(env, "DATABASE_URL"), problems)
    log_level = _parse_log_level(_get(env, "LOG_LEVEL"), problems)
    dev_guild_id = _parse_guild_id(_get(env, "DEV_GUILD_ID"), problems)
    default_locale = _parse_locale(_get(env, "DEFAULT_LOCALE"), problems)
    sync_commands = _parse_flag("SYNC_COMMANDS", _get(env, "SYNC_COMMANDS"), problems)
    shards = _parse_shards(_get(env, "SHARD_COUNT"), _get(env, "SHARD_IDS"), problems)
    if shards is not None and not shards.complete and database_url is None:
        problems.append(
            f"SHARD_IDS names {shards} but the SQLite file serves one process only: "
            "run every shard in this process, or set DATABASE_URL (docs/operations.md)"
        )
    budget = _parse_budget(_get(env, "COMPUTER_BUDGET_MS"), problems)
    if problems:
        raise SettingsError(problems)
    return Settings(
        discord_token=token,
        database_path=database_path,
        database_url=database_url,
        log_level=log_level,
        dev_guild_id=dev_guild_id,
        default_locale=default_locale,
        sync_commands=sync_commands,
        computer_budget_ms=budget,
        shards=shards or ShardSet(),
        sharded=shards is not None,
    )


def load_database_url(env: Mapping[str, str] | None = None) -> str | None:
    """Only `DATABASE_URL` (None when unset), for the maintenance commands."""
    problems: list[str] = []
    url = _parse_database_url(_get(_environment(env), "DATABASE_URL"), problems)
    if problems:
        raise SettingsError(problems)
    return url


def load_database_path(env: Mapping[str, str] | None = None) -> Path:
    """Only `DATABASE_PATH`, for the maintenance commands (backup, restore), which must
    work on a machine that holds the data but not the Discord token."""
    problems: list[str] = []
    path = _parse_path(_get(_environment(env), "DATABASE_PATH"), problems)
    if problems:
        raise SettingsError(problems)
    return path


def _environment(env: Mapping[str, str] | None) -> Mapping[str, str]:
    if env is not None:
        return env
    # usecwd: find the .env next to where the bot is started, not next to site-packages.
    load_dotenv(find_dotenv(usecwd=True), override=False)
    return os.environ


def _get(env: Mapping[str, str], name: str) -> str | None:
    """Treat blank values as unset, as `.env` templates often carry `NAME=` lines."""
    value = env.get(name)
    if value is None or not value.strip():
        return None
    return value.strip()


def _parse_token(value: str | None, problems: list[str]) -> str:
    # Never interpolate `value` into a message: it is (or resembles) a secret.
    if value is None:
        problems.append("DISCORD_TOKEN is missing: set it in the environment or in .env")
        return ""
    if value.lower().startswith("bot "):
        problems.append("DISCORD_TOKEN must be the bare token, without the 'Bot ' prefix")
    elif any(ch.isspace() for ch in value):
        problems.append("DISCORD_TOKEN must not contain whitespace")
    elif not _TOKEN_RE.fullmatch(value):
        problems.append(
            "DISCORD_TOKEN does not look like a Discord bot token "
            "(expected three dot-separated base64url parts)"
        )
    return value


def _parse_path(value: str | None, problems: list[str]) -> Path:
    if value is None:
        return DEFAULT_DATABASE_PATH
    path = Path(value).expanduser()
    if path.exists() and path.is_dir():
        problems.append(f"DATABASE_PATH must name a file, not the directory {value!r}")
    return path


def _parse_database_url(value: str | None, problems: list[str]) -> str | None:
    # Never quote `value`: a database URL may carry a password.
    if value is None:
        return None
    if not is_postgres_url(value):
        problems.append(
            "DATABASE_URL must be a postgresql://user@host:port/database URL "
            "(leave it unset to use the SQLite file at DATABASE_PATH)"
        )
        return value
    try:
        parse_postgres_url(value)  # any password reads (bot/store/urls.py)
    except UrlError as error:
        problems.append(f"DATABASE_URL: {error}")
    return value


def _parse_log_level(value: str | None, problems: list[str]) -> str:
    if value is None:
        return "INFO"
    level = value.upper()
    if level not in LOG_LEVELS:
        problems.append(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {value!r}")
        return "INFO"
    return level


def _parse_guild_id(value: str | None, problems: list[str]) -> int | None:
    if value is None:
        return None
    if not value.isdigit() or int(value) <= 0:
        problems.append(f"DEV_GUILD_ID must be a numeric Discord server id, not {value!r}")
        return None
    return int(value)


def _parse_locale(value: str | None, problems: list[str]) -> str:
    if value is None:
        return "en"
    canonical = {locale.lower(): locale for locale in LOCALES}.get(value.lower())
    if canonical is None:
        problems.append(f"DEFAULT_LOCALE must be one of {', '.join(LOCALES)}, not {value!r}")
        return "en"
    return canonical


def _parse_budget(value: str | None, problems: list[str]) -> float:
    if value is None:
        return DEFAULT_COMPUTER_BUDGET_MS
    low, high = MIN_COMPUTER_BUDGET_MS, MAX_COMPUTER_BUDGET_MS
    try:
        budget = float(value)
    except ValueError:
        budget = -1.0
    if not low <= budget <= high:
        problems.append(f"COMPUTER_BUDGET_MS must be a number from {low:g} to {high:g}")
        return DEFAULT_COMPUTER_BUDGET_MS
    return budget


def _parse_flag(name: str, value: str | None, problems: list[str]) -> bool | None:
    """1/0 (true/false, yes/no, on/off); None when unset, for the default behaviour."""
    if value is None:
        return None
    lowered = value.lower()
    if lowered in _TRUE:
        return True
    if lowered not in _FALSE:
        problems.append(f"{name} must be 1 or 0 (or true/false), not {value!r}")
    return False


def _parse_shards(count: str | None, ids: str | None, problems: list[str]) -> ShardSet | None:
    """SHARD_COUNT alone runs every shard; SHARD_IDS (a comma list) picks some of them."""
    if count is None:
        if ids is not None:
            problems.append("SHARD_IDS needs SHARD_COUNT (the total number of shards)")
        return None
    if not count.isdigit() or not 1 <= int(count) <= MAX_SHARD_COUNT:
        problems.append(f"SHARD_COUNT must be a number from 1 to {MAX_SHARD_COUNT}, not {count!r}")
        return None
    total = int(count)
    if ids is None:
        return ShardSet.every(total)
    parts = [part.strip() for part in ids.split(",")]
    if not all(part.isdigit() and int(part) < total for part in parts):
        problems.append(
            f"SHARD_IDS must be shard numbers from 0 to {total - 1} separated by commas, "
            f"not {ids!r}"
        )
        return None
    numbers = tuple(sorted(int(part) for part in parts))
    if len(set(numbers)) != len(numbers):
        problems.append(f"SHARD_IDS names a shard twice: {ids!r}")
        return None
    return ShardSet(total, numbers)
