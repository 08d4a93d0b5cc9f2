"""`python -m bot migrate-store`: copy every row of a SQLite database into PostgreSQL.

For moving a bot from its SQLite file to a PostgreSQL server: stop the bot, copy, set
DATABASE_URL, start it again; open tables resume where they stopped, since their snapshots
and action logs come along row for row (ids included). The source is opened under the
bot's process lock, so a running bot cannot write while it is copied; the target must be
empty, so nothing is ever merged into an existing league or table history. The copy is one
transaction: a failure leaves the target as it was.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import asyncpg

from .backends import sqlite_path
from .checks import check_database, check_postgres
from .errors import StoreError
from .interface import is_postgres_url
from .lock import ProcessLock
from .postgres import PostgresStore
from .postgres.db import Conn
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


async def move_store(source: str, target: str) -> MoveSummary:
    """Copy every row of the SQLite database `source` (`sqlite:PATH` or a path) into the
    empty PostgreSQL database `target`, and check that each table's count matches."""
    try:
        return await _move(source, target)
    except (asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise MoveError(f"copy into {describe_url(target)} failed: {first}") from None


async def _move(source: str, target: str) -> MoveSummary:
    if not is_postgres_url(target):
        raise MoveError("--to must be a postgresql:// URL")
    if is_postgres_url(source):
        raise MoveError("--from must be a SQLite file (sqlite:PATH)")
    parse_postgres_url(target)  # an unreadable URL is refused before the source is locked
    path = Path(sqlite_path(source))
    if not path.is_file():
        raise MoveError(f"there is no database at {path}")
    with ProcessLock(path):
        await check_database(path)  # migrated to the schema the target gets, and checked
        await check_postgres(target)  # reachable, migrated, writable: or one line
        with sqlite3.connect(path) as reader:
            store = await PostgresStore.connect(target)
            try:
                async with store.pool.acquire() as conn, conn.transaction():
                    await _refuse_filled(conn, describe_url(target))
                    for table in COPIED_TABLES:
                        await _copy(reader, conn, table)
                    for table in _IDENTITIES:
                        await conn.execute(
                            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                            f" COALESCE(MAX(id), 0) + 1, false) FROM {table}"
                        )
                    rows = await _compare(reader, conn)
            finally:
                await store.close()
        reader.close()
    return MoveSummary(describe_url(target), rows)


async def _refuse_filled(conn: Conn, where: str) -> None:
    for table in COPIED_TABLES:
        if await conn.fetchval(f"SELECT EXISTS (SELECT FROM {table})"):
            raise MoveError(
                f"the database {where} is not empty ({table} has rows); copy into a new one"
            )


async def _copy(reader: sqlite3.Connection, conn: Conn, table: str) -> None:
    cursor = reader.execute(f"SELECT * FROM {table}")
    columns = [d[0] for d in cursor.description]
    while chunk := cursor.fetchmany(_CHUNK):
        await conn.copy_records_to_table(table, records=chunk, columns=columns)


async def _compare(reader: sqlite3.Connection, conn: Conn) -> dict[str, int]:
    rows: dict[str, int] = {}
    for table in COPIED_TABLES:
        there = int(await conn.fetchval(f"SELECT COUNT(*) FROM {table}"))
        here = int(reader.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
        if here != there:
            raise MoveError(f"{table}: {here} rows in the source but {there} copied; nothing kept")
        rows[table] = there
    return rows
