"""The bot's own key-value facts in SQLite (migration 0007), such as the hash of the slash
commands last published. Stores strings; bot/client.py decides what they mean."""

from __future__ import annotations

import aiosqlite

from . import queries as q
from .db import connection_lock, scalar, transaction

__all__ = ["SqliteStateStore"]


class SqliteStateStore:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def get(self, key: str) -> str | None:
        """The value stored under `key`; None when nothing was stored."""
        async with connection_lock(self._db):
            found = await scalar(self._db, q.STATE_VALUE.sqlite, (key,))
        return None if found is None else str(found)

    async def put(self, key: str, value: str, at: float) -> None:
        """Store `value` under `key` (replacing an earlier one) in one transaction."""
        async with transaction(self._db) as db:
            await db.execute(q.SET_STATE_VALUE.sqlite, (key, value, at))
