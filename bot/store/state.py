"""The bot's own key-value facts in SQLite (migration 0007), such as the hash of the slash
commands last published. Stores strings; bot/client.py decides what they mean."""

from __future__ import annotations

from . import queries as q
from .db import SqliteReads, transaction
from .reads import StateReads

__all__ = ["SqliteStateStore"]


class SqliteStateStore(SqliteReads, StateReads):
    """Reads and writes of the bot's own facts in SQLite, on the shared connection."""

    async def put(self, key: str, value: str, at: float) -> None:
        """Store `value` under `key` (replacing an earlier one) in one transaction."""
        async with transaction(self._db) as db:
            await db.execute(q.SET_STATE_VALUE.sqlite, (key, value, at))
