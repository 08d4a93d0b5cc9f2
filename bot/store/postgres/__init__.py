"""The PostgreSQL back end (`DATABASE_URL=postgresql://...`): a pool of asyncpg
connections, for a bot whose data lives on a database server (backed up with pg_dump)."""

from __future__ import annotations

from typing import Final

import asyncpg

from ..interface import Store
from ..lock import StoreLocked
from .db import Pool, connect_pool, describe_url
from .league import PostgresLeagueStore
from .preferences import PostgresPreferenceStore
from .stats import PostgresStatsStore
from .tables import PostgresTableStore, WriteCounter

__all__ = ["PostgresStore"]

# A session advisory lock per database and schema: held by the one bot process serving it.
_TRY_LOCK: Final = "SELECT pg_try_advisory_lock(hashtext('klaverjas:bot:' || current_schema()))"


class PostgresStore(Store):
    """The bot's connection pool with its table, statistics and league stores."""

    backend = "postgresql"

    def __init__(self, pool: Pool, holder: asyncpg.Connection | None = None) -> None:
        self.pool = pool
        self._holder = holder  # the connection holding the one-bot lock, if taken
        self.commits = WriteCounter()
        self.tables = PostgresTableStore(pool, self.commits)
        self.stats = PostgresStatsStore(pool)
        self.leagues = PostgresLeagueStore(pool)
        self.preferences = PostgresPreferenceStore(pool)

    @classmethod
    async def connect(cls, url: str, exclusive: bool = False) -> PostgresStore:
        """Connect to `url` and migrate its schema. `exclusive`: also take the one-bot lock
        for as long as the store is open (`StoreLocked` if another process holds it), as
        SQLite's file lock does: two bots on one database would both restore and drive the
        same tables. The server drops the lock with the connection, however the bot ends."""
        holder = await _take_lock(url) if exclusive else None
        try:
            return cls(await connect_pool(url), holder)
        except BaseException:
            if holder is not None:
                await holder.close()
            raise

    async def close(self) -> None:
        """Close once every connection is back in the pool, so no write is cut off."""
        await self.pool.close()
        if self._holder is not None:
            await self._holder.close()
            self._holder = None


async def _take_lock(url: str) -> asyncpg.Connection:
    holder: asyncpg.Connection = await asyncpg.connect(url)
    if not await holder.fetchval(_TRY_LOCK):
        await holder.close()
        raise StoreLocked(
            f"another bot process is using the database {describe_url(url)}; stop it first "
            "(one bot process per database)"
        )
    return holder
