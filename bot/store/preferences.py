"""Player preferences in SQLite (migration 0004): one row per player who changed a default.

Stores the strings bot/preferences.py writes and reads them back; it never interprets them.
"""

from __future__ import annotations

from . import queries as q
from .db import SqliteReads, transaction
from .reads import PreferenceReads

__all__ = ["SqlitePreferenceStore"]


class SqlitePreferenceStore(SqliteReads, PreferenceReads):
    """Reads and writes of player preferences in SQLite, on the shared connection."""

    async def set_notify_mode(self, user_id: int, mode: str, at: float) -> None:
        """Store the player's choice (replacing an earlier one) in one transaction."""
        async with transaction(self._db) as db:
            await db.execute(q.SET_NOTIFY_MODE.sqlite, (user_id, mode, at))
