"""Which back end a target names, and opening it."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from ..shards import ShardSet
from .interface import Store, is_postgres_url
from .sqlite import SqliteStore

__all__ = ["SQLITE_PREFIX", "open_store", "sqlite_path"]

SQLITE_PREFIX: Final = "sqlite:"


async def open_store(
    target: str | Path, exclusive: bool = False, shards: ShardSet | None = None
) -> Store:
    """Open and migrate the database `target` names: a `postgresql://` URL, or a SQLite
    file path (optionally written `sqlite:PATH`).

    `exclusive` (the bot process): on PostgreSQL also hold the lock of each of `shards`
    (default: the whole bot) while open, so no other process runs the same shard.
    A SQLite file's lock is the process's (bot/store/lock.py), taken before the event loop
    starts by `python -m bot run`, so it has nothing to add here.
    """
    if is_postgres_url(target):
        from .postgres import PostgresStore  # asyncpg is imported only when it is used

        return await PostgresStore.connect(str(target), exclusive, shards or ShardSet())
    return await SqliteStore.connect(sqlite_path(target))


def sqlite_path(target: str | Path) -> str | Path:
    """The file of a SQLite target: `sqlite:PATH` or a plain path (`:memory:` too)."""
    if isinstance(target, str) and target.startswith(SQLITE_PREFIX):
        return target[len(SQLITE_PREFIX) :]
    return target
