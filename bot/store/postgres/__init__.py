"""The PostgreSQL back end (`DATABASE_URL=postgresql://...`): a pool of asyncpg
connections, for a bot whose data lives on a database server (backed up with pg_dump)."""

from __future__ import annotations

from typing import Final

import asyncpg

from ...shards import ShardSet
from ..interface import Store
from ..lock import StoreLocked
from ..urls import describe_url, postgres_dsn
from .challenges import PostgresChallengeStore
from .db import Pool, connect_pool
from .league import PostgresLeagueStore
from .pars import PostgresParStore
from .preferences import PostgresPreferenceStore
from .ratings import PostgresRatingStore
from .state import PostgresStateStore
from .stats import PostgresStatsStore
from .tables import PostgresTableStore, WriteCounter

__all__ = ["PostgresStore"]

# A session advisory lock per schema and shard, held by the one process running that shard:
# keys (hash of the schema, count * 65536 + shard id), so processes with disjoint shard
# sets share the database and two claiming the same shard do not.
_SCHEMA_KEY: Final = "hashtext('klaverjas:shard:' || current_schema())"
_TRY_LOCK: Final = f"SELECT pg_try_advisory_lock({_SCHEMA_KEY}, $1)"
# Shard locks of this schema held under another SHARD_COUNT: their guilds overlap ours.
_OTHER_COUNTS: Final = f"""
    SELECT DISTINCT objid::bigint >> 16 FROM pg_locks
    WHERE locktype = 'advisory' AND objsubid = 2 AND granted
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND classid = ({_SCHEMA_KEY})::oid AND objid::bigint >> 16 <> $1
"""


class PostgresStore(Store):
    """The bot's connection pool with its table, statistics and league stores."""

    backend = "postgresql"

    def __init__(self, pool: Pool, holder: asyncpg.Connection | None = None) -> None:
        self.pool = pool
        self._holder = holder  # the connection holding the shard locks, if taken
        self.commits = WriteCounter()
        self.tables = PostgresTableStore(pool, self.commits)
        self.stats = PostgresStatsStore(pool)
        self.leagues = PostgresLeagueStore(pool)
        self.preferences = PostgresPreferenceStore(pool)
        self.state = PostgresStateStore(pool)
        self.ratings = PostgresRatingStore(pool)
        self.challenges = PostgresChallengeStore(pool)
        self.pars = PostgresParStore(pool)

    @classmethod
    async def connect(
        cls, url: str, exclusive: bool = False, shards: ShardSet | None = None
    ) -> PostgresStore:
        """Connect to `url` and migrate its schema. `exclusive`: also lock each of `shards`
        (default: the whole bot) for as long as the store is open (`StoreLocked` if another
        process holds one, or runs another shard count): two processes serving one guild
        would both restore and drive its tables. The server drops the locks with the
        connection, however the process ends."""
        holder = await _take_locks(url, shards or ShardSet()) if exclusive else None
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


async def _take_locks(url: str, shards: ShardSet) -> asyncpg.Connection:
    holder: asyncpg.Connection = await asyncpg.connect(postgres_dsn(url))
    try:
        for shard in shards.ids:
            if not await holder.fetchval(_TRY_LOCK, shards.count * 65536 + shard):
                raise StoreLocked(
                    f"another bot process is using the database {describe_url(url)} "
                    f"for shard {shard} of {shards.count}; stop it first "
                    "(one process per shard)"
                )
        # Checked after locking: of two processes starting together with different counts,
        # at least the later one sees the other's locks.
        others = [int(count) for (count,) in await holder.fetch(_OTHER_COUNTS, shards.count)]
        if others:
            raise StoreLocked(
                f"another bot process is using the database {describe_url(url)} with "
                f"SHARD_COUNT={others[0]}, not {shards.count}; every process must run the "
                "same shard count (stop them all to reshard)"
            )
    except BaseException:
        await holder.close()
        raise
    return holder
