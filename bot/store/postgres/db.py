"""Connecting to PostgreSQL: the connection pool, schema migrations and transactions.

Unlike SQLite's one shared connection, PostgreSQL takes concurrent transactions: every
write runs in its own transaction on a pooled connection, and the server orders them
(row locks, unique indexes). The schema's version lives in a one-row `schema_version`
table of the schema the connection's `search_path` names (a `?search_path=NAME` on the
URL puts the bot's tables in their own schema).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Final, TypeAlias
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from ..errors import SchemaTooNew
from ..queries import Sql
from ..reads import Reads
from ..schema import migrations
from ..urls import postgres_dsn

__all__ = [
    "POOL_SIZE",
    "Conn",
    "Pool",
    "PostgresReads",
    "connect_pool",
    "migrate",
    "touched",
    "transaction",
    "with_schema",
]

Pool: TypeAlias = "asyncpg.Pool[asyncpg.Record]"
Conn: TypeAlias = "asyncpg.Connection[asyncpg.Record] | PoolConnectionProxy[asyncpg.Record]"

# Concurrent transactions the bot keeps open at most. Actions of different tables commit in
# parallel; the server's own group commit (one WAL flush for the commits waiting on it)
# does what bot/store/groupcommit.py does for SQLite.
POOL_SIZE: Final = 10

# One advisory lock key for migrations (per database; the schema is in the query).
_MIGRATION_LOCK: Final = "SELECT pg_advisory_xact_lock(hashtext('klaverjas:' || current_schema()))"


def with_schema(url: str, schema: str) -> str:
    """`url` with the bot's tables in `schema` (asyncpg hands `search_path` to the server)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"]
    query.append(("search_path", schema))
    return urlunsplit(parts._replace(query=urlencode(query)))


def touched(status: str) -> int:
    """The rows a command touched, from its status tag ("UPDATE 1", "INSERT 0 1")."""
    return int(status.rsplit(" ", 1)[-1])


class PostgresReads(Reads):
    """A store on the connection pool: each read is one statement on a pooled connection."""

    def __init__(self, pool: Pool) -> None:
        self._pool = pool

    async def _fetch(self, sql: Sql, *params: Any) -> list[asyncpg.Record]:
        """The rows of `sql` in PostgreSQL's placeholders, in one round trip."""
        return list(await self._pool.fetch(sql.postgres, *params))


@asynccontextmanager
async def transaction(pool: Pool) -> AsyncIterator[Conn]:
    """A pooled connection inside one transaction: committed when the body returns,
    rolled back when it raises (cancellation included)."""
    async with pool.acquire() as conn, conn.transaction():
        yield conn


async def migrate(conn: Conn) -> int:
    """Apply the migrations newer than the schema's version, each in its own transaction
    together with the version bump; returns the resulting version. A transaction-scoped
    advisory lock makes bots starting together migrate one after the other."""
    scripts = migrations("postgresql")
    latest = len(scripts)
    version = await _version(conn)
    if version > latest:
        raise SchemaTooNew(version, latest)
    for number, script in scripts[version:]:
        async with conn.transaction():
            await conn.execute(_MIGRATION_LOCK)
            if await _version(conn) >= number:  # another process migrated meanwhile
                continue
            await conn.execute(script)  # no parameters: the whole script in one round trip
            await conn.execute("UPDATE schema_version SET version = $1", number)
    return max(version, latest)


async def _version(conn: Conn) -> int:
    async with conn.transaction():
        await conn.execute(_MIGRATION_LOCK)
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);"
            "INSERT INTO schema_version SELECT 0 WHERE NOT EXISTS (SELECT FROM schema_version)"
        )
        return int(await conn.fetchval("SELECT version FROM schema_version"))


async def connect_pool(url: str) -> Pool:
    """A pool on `url` (any password: bot/store/urls.py), migrated to the latest schema;
    closed again if migrating fails."""
    pool = await asyncpg.create_pool(postgres_dsn(url), min_size=1, max_size=POOL_SIZE)
    try:
        async with pool.acquire() as conn:
            await migrate(conn)
    except BaseException:
        await pool.close()
        raise
    return pool
