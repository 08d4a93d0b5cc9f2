"""Player preferences in SQLite (migration 0004): one row per player who changed a default.

Stores the strings bot/preferences.py writes and reads them back; it never interprets them.
"""

from __future__ import annotations

import aiosqlite

from . import queries as q
from .db import connection_lock, scalar, transaction

__all__ = ["SqlitePreferenceStore"]


class SqlitePreferenceStore:
    """Reads and writes of player preferences in SQLite, on the shared connection."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def notify_mode(self, user_id: int) -> str | None:
        """The player's stored turn-notice choice; None when they never chose."""
        async with connection_lock(self._db):
            found = await scalar(self._db, q.NOTIFY_MODE.sqlite, (user_id,))
        return None if found is None else str(found)

    async def set_notify_mode(self, user_id: int, mode: str, at: float) -> None:
        """Store the player's choice (replacing an earlier one) in one transaction."""
        async with transaction(self._db) as db:
            await db.execute(q.SET_NOTIFY_MODE.sqlite, (user_id, mode, at))
