"""Player preferences in PostgreSQL: the same rows as bot/store/preferences.py."""

from __future__ import annotations

from .. import queries as q
from .db import Pool

__all__ = ["PostgresPreferenceStore"]


class PostgresPreferenceStore:
    """Reads and writes of player preferences in PostgreSQL, one statement each."""

    def __init__(self, pool: Pool) -> None:
        self._pool = pool

    async def notify_mode(self, user_id: int) -> str | None:
        """The stored choice, read from the pool in one statement."""
        found = await self._pool.fetchval(q.NOTIFY_MODE.postgres, user_id)
        return None if found is None else str(found)

    async def set_notify_mode(self, user_id: int, mode: str, at: float) -> None:
        """One autocommit statement: the row is stored when the call returns."""
        await self._pool.execute(q.SET_NOTIFY_MODE.postgres, user_id, mode, at)
