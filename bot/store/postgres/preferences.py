"""Player preferences in PostgreSQL: the same rows as bot/store/preferences.py."""

from __future__ import annotations

from .. import queries as q
from ..reads import PreferenceReads
from .db import PostgresReads

__all__ = ["PostgresPreferenceStore"]


class PostgresPreferenceStore(PostgresReads, PreferenceReads):
    """Reads and writes of player preferences in PostgreSQL, one statement each."""

    async def set_notify_mode(self, user_id: int, mode: str, at: float) -> None:
        """One autocommit statement: the row is stored when the call returns."""
        await self._pool.execute(q.SET_NOTIFY_MODE.postgres, user_id, mode, at)
