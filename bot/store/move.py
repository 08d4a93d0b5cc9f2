"""`python -m bot migrate-store`: copy every row of one database into another, empty one:
a SQLite file into PostgreSQL, or PostgreSQL back into a SQLite file.

For moving a bot from its SQLite file to a PostgreSQL server (or back): stop the bot, copy,
set (or unset) DATABASE_URL, start it again; open tables resume where they stopped, since
their snapshots and action logs come along row for row (ids included). The source is held
as the bot holds it (a SQLite file's process lock, PostgreSQL's shard locks), so a running
bot refuses the copy and none starts during it; the target must be empty, so nothing is
ever merged into an existing league or table history. The copy is one transaction: a
failure leaves the target as it was (a SQLite file made for it stays, empty).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import asyncpg

from ..shards import ShardSet
from .backends import sqlite_path
from .checks import check_database, check_postgres
from .errors import StoreError
from .interface import is_postgres_url
from .lock import ProcessLock
from .postgres import PostgresStore
from .postgres.db import Conn, Pool
from .urls import describe_url, parse_postgres_url

__all__ = ["COPIED_TABLES", "MoveSummary", "move_store"]

# Parents before children, so every foreign key finds its row.
COPIED_TABLES: Final = (
    "tables",
    "actions",
    "hands",
    "player_hands",
    "matches",
    "player_matches",
    "leagues",
    "league_schedule_runs",
    "league_nights",
    "league_checkin_messages",
    "league_night_messages",
    "league_attendance",
    "league_rounds",
    "league_round_tables",
    "league_results",
    "league_adjustments",
    "player_preferences",
    "league_audit",
    "bot_state",
    "rating_seasons",
    "rating_marks",
    "ratings",
    "challenge_settings",
    "challenges",
    "challenge_entries",
    "challenge_results",
    "challenge_pars",
    "hand_pars",
)
_IDENTITIES: Final = (
    "tables",
    "leagues",
    "league_nights",
    "league_adjustments",
    "league_audit",
    "challenges",
)
_CHUNK: Final = 5_000


class MoveError(StoreError):
    """The copy was refused; ``str()`` is one line for the operator."""


@dataclass(frozen=True, slots=True)
class MoveSummary:
    """What a move copied: the target, and the rows copied per table."""

    target: str  # without its password
    rows: dict[str, int]


Count = Callable[[str], Awaitable[int]]  # a table's rows on one side


async def move_store(source: str, target: str) -> MoveSummary:
    """Copy every row of `source` into the empty `target`, and check that each table's
    count matches: one is a SQLite file (`sqlite:PATH` or a path), the other a
    `postgresql://` URL."""
    url = target if is_postgres_url(target) else source
    try:
        if is_postgres_url(source) == is_postgres_url(target):
            raise MoveError(
                "one of --from and --to must be a SQLite file (sqlite:PATH) and the other "
                "a postgresql:// URL"
            )
        parse_postgres_url(url)  # an unreadable URL is refused before anything is locked
        if is_postgres_url(target):
            return await _into_postgres(Path(sqlite_path(source)), target)
        return await _into_sqlite(source, Path(sqlite_path(target)))
    except (asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        way = "into" if url == target else "from"
        raise MoveError(f"copy {way} {describe_url(url)} failed: {first}") from None


async def _into_postgres(path: Path, url: str) -> MoveSummary:
    if not path.is_file():
        raise MoveError(f"there is no database at {path}")
    with ProcessLock(path):
        await check_database(path)  # migrated to the schema the target gets, and checked
        await check_postgres(url)  # reachable, migrated, writable: or one line
        with contextlib.closing(sqlite3.connect(path)) as reader:
            store = await PostgresStore.connect(url)
            try:
                async with store.pool.acquire() as conn, conn.transaction():
                    await _refuse_filled(_postgres_count(conn), describe_url(url))
                    for table in COPIED_TABLES:
                        await _copy_in(reader, conn, table)
                    for table in _IDENTITIES:
                        await conn.execute(
                            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                            f" COALESCE(MAX(id), 0) + 1, false) FROM {table}"
                        )
                    rows = await _compare(_sqlite_count(reader), _postgres_count(conn))
            finally:
                await store.close()
    return MoveSummary(describe_url(url), rows)


async def _into_sqlite(url: str, path: Path) -> MoveSummary:
    if path.is_dir():
        raise MoveError(f"{path} is a folder; name the SQLite file to copy into")
    await check_postgres(url, ShardSet())  # reachable, migrated, and no bot process on it
    with ProcessLock(path):
        await check_database(path)  # a new file is made and migrated; a damaged one refused
        store = await PostgresStore.connect(url, exclusive=True)  # nor a bot starting meanwhile
        try:
            with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as writer:
                rows = await _copy_all_out(store.pool, writer, str(path))
        finally:
            await store.close()
    return MoveSummary(str(path), rows)


async def _copy_all_out(pool: Pool, writer: sqlite3.Connection, where: str) -> dict[str, int]:
    """Every table from one consistent read of PostgreSQL into the SQLite file, in one
    SQLite transaction, committed only when every table's count matches."""
    writer.execute("BEGIN IMMEDIATE")
    try:
        async with pool.acquire() as conn, conn.transaction(isolation="repeatable_read"):
            await _refuse_filled(_sqlite_count(writer), where)
            for table in COPIED_TABLES:
                await _copy_out(conn, writer, table)
            rows = await _compare(_postgres_count(conn), _sqlite_count(writer))
        writer.execute("COMMIT")
    except BaseException:
        writer.execute("ROLLBACK")
        raise
    return rows


async def _refuse_filled(count: Count, where: str) -> None:
    for table in COPIED_TABLES:
        if await count(table):
            raise MoveError(
                f"the database {where} is not empty ({table} has rows); copy into a new one"
            )


async def _copy_in(reader: sqlite3.Connection, conn: Conn, table: str) -> None:
    cursor = reader.execute(f"SELECT * FROM {table}")
    columns = [d[0] for d in cursor.description]
    while chunk := cursor.fetchmany(_CHUNK):
        await conn.copy_records_to_table(table, records=chunk, columns=columns)


async def _copy_out(conn: Conn, writer: sqlite3.Connection, table: str) -> None:
    cursor = await conn.cursor(f"SELECT * FROM {table}")
    while chunk := await cursor.fetch(_CHUNK):
        columns = list(chunk[0].keys())
        insert = (
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
        )
        writer.executemany(insert, [tuple(record) for record in chunk])


def _sqlite_count(db: sqlite3.Connection) -> Count:
    async def count(table: str) -> int:
        return int(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])

    return count


def _postgres_count(conn: Conn) -> Count:
    async def count(table: str) -> int:
        return int(await conn.fetchval(f"SELECT COUNT(*) FROM {table}"))

    return count


async def _compare(source: Count, target: Count) -> dict[str, int]:
    rows: dict[str, int] = {}
    for table in COPIED_TABLES:
        here, there = await source(table), await target(table)
        if here != there:
            raise MoveError(f"{table}: {here} rows in the source but {there} copied; nothing kept")
        rows[table] = there
    return rows
