"""The bot's own key-value facts in PostgreSQL: the same rows as bot/store/state.py."""

from __future__ import annotations

from .. import queries as q
from .db import Pool

__all__ = ["PostgresStateStore"]


class PostgresStateStore:
    def __init__(self, pool: Pool) -> None:
        self._pool = pool

    async def get(self, key: str) -> str | None:
        """The value stored under `key`; None when nothing was stored."""
        found = await self._pool.fetchval(q.STATE_VALUE.postgres, key)
        return None if found is None else str(found)

    async def put(self, key: str, value: str, at: float) -> None:
        """One autocommit statement: the value is stored when the call returns."""
        await self._pool.execute(q.SET_STATE_VALUE.postgres, key, value, at)
