"""Player preferences in PostgreSQL: the same rows as bot/store/preferences.py."""

from __future__ import annotations

from .db import Pool

__all__ = ["PostgresPreferenceStore"]


class PostgresPreferenceStore:
    def __init__(self, pool: Pool) -> None:
        self._pool = pool

    async def notify_mode(self, user_id: int) -> str | None:
        found = await self._pool.fetchval(
            "SELECT notify FROM player_preferences WHERE user_id = $1", user_id
        )
        return None if found is None else str(found)

    async def set_notify_mode(self, user_id: int, mode: str, at: float) -> None:
        """One autocommit statement: the row is stored when the call returns."""
        await self._pool.execute(
            "INSERT INTO player_preferences (user_id, notify, updated_at) VALUES ($1, $2, $3)"
            " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify,"
            " updated_at = excluded.updated_at",
            user_id,
            mode,
            at,
        )
