"""The bot's own key-value facts in PostgreSQL: the same rows as bot/store/state.py."""

from __future__ import annotations

from .. import queries as q
from ..reads import StateReads
from .db import PostgresReads

__all__ = ["PostgresStateStore"]


class PostgresStateStore(PostgresReads, StateReads):
    """Reads and writes of the bot's own facts in PostgreSQL, one statement each."""

    async def put(self, key: str, value: str, at: float) -> None:
        """One autocommit statement: the value is stored when the call returns."""
        await self._pool.execute(q.SET_STATE_VALUE.postgres, key, value, at)
