"""The PostgreSQL back end (`DATABASE_URL=postgresql://...`): a pool of asyncpg
connections, for a bot whose data lives on a database server (backed up with pg_dump)."""

from __future__ import annotations

from ..interface import Store
from .db import Pool, connect_pool
from .league import PostgresLeagueStore
from .stats import PostgresStatsStore
from .tables import PostgresTableStore, WriteCounter

__all__ = ["PostgresStore"]


class PostgresStore(Store):
    """The bot's connection pool with its table, statistics and league stores."""

    backend = "postgresql"

    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.commits = WriteCounter()
        self.tables = PostgresTableStore(pool, self.commits)
        self.stats = PostgresStatsStore(pool)
        self.leagues = PostgresLeagueStore(pool)

    @classmethod
    async def connect(cls, url: str) -> PostgresStore:
        """Connect to `url` and migrate its schema."""
        return cls(await connect_pool(url))

    async def close(self) -> None:
        """Close once every connection is back in the pool, so no write is cut off."""
        await self.pool.close()
