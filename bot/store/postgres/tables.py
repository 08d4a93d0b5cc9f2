"""Tables, their action logs and score sheets in PostgreSQL (bot/store/interface.py says
what each call promises; the rows are SQLite's, and the reads of one statement are shared,
in bot/store/reads.py)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Final

import asyncpg

from .. import queries as q
from ..errors import ChannelBusy, SeqConflict, TableNotFound
from ..reads import TableReads
from ..records import ActionRecord, HandRecord, NewTable
from ..rows import dump_json, first_values, hand_records
from .db import Conn, Pool, PostgresReads, touched, transaction

__all__ = ["PostgresTableStore", "WriteCounter"]

_OPEN_CHANNEL: Final = "tables_open_channel"

# The action and the table's new state in one statement: the UPDATE matches only when the
# stored seq is the one before this action (a concurrent writer's UPDATE waits for the row
# lock and then no longer matches), and the INSERT appends the action only if it did. In
# autocommit that is one round trip and one commit per action.
_APPEND: Final = """
WITH updated AS (
    UPDATE tables SET snapshot = $5, status = $6, seq = $2, updated_at = $4
    WHERE id = $1 AND seq = $2 - 1
    RETURNING id
)
INSERT INTO actions (table_id, seq, actor, kind, payload, at)
SELECT id, $2, $3, $7, $8, $4 FROM updated
"""


@dataclass
class WriteCounter:
    """Transactions committed and the actions they held: one each here, since PostgreSQL
    groups concurrent commits itself (for the benchmark's actions-per-commit figure)."""

    batches: int = 0
    jobs: int = 0


class PostgresTableStore(PostgresReads, TableReads):
    """Reads and writes of tables in PostgreSQL; every write is one transaction."""

    def __init__(self, pool: Pool, counter: WriteCounter) -> None:
        super().__init__(pool)
        self._counter = counter

    async def create(self, table: NewTable) -> int:
        """Insert the row and, if given, its snapshot naming the id and action 1 in one
        transaction on a pooled connection; `ChannelBusy` from the open-channel index."""
        seq, first, action = first_values(table)
        try:
            async with transaction(self._pool) as conn:
                table_id = int(
                    await conn.fetchval(
                        "INSERT INTO tables (guild_id, channel_id, opener_id, status,"
                        " message_id, created_at, updated_at, seq, snapshot)"
                        " VALUES ($1, $2, $3, 'lobby', NULL, $4, $4, $5, $6) RETURNING id",
                        table.guild_id,
                        table.channel_id,
                        table.opener_id,
                        table.at,
                        seq,
                        first,
                    )
                )
                for sql, values in q.opening_writes(table, table_id, action):
                    await conn.execute(sql.postgres, *values)
        except asyncpg.UniqueViolationError as error:
            if error.constraint_name == _OPEN_CHANNEL:
                raise ChannelBusy(table.channel_id) from error
            raise
        return table_id

    async def record(self, action: ActionRecord) -> None:
        """Append the action and store the new state in one statement (`_APPEND`), in a
        transaction with the sheet lines when there are any. A cancelled caller still waits
        for the write's own outcome, so its state matches what is stored."""
        # Serialise and derive everything first: a bad value then fails before any write.
        sheets = q.sheet_writes(action)
        values = (
            action.table_id, action.seq, action.actor, action.at, dump_json(action.snapshot),
            action.status, action.kind, dump_json(action.payload),
        )  # fmt: skip
        write = asyncio.ensure_future(self._append(action.table_id, action.seq, values, sheets))
        try:
            await asyncio.shield(write)
        except asyncio.CancelledError:
            # The statement may be committing: the caller's state must match what is
            # stored, so report the write's own outcome rather than a cancel (as the SQLite
            # group commit does once a write is in its transaction).
            await write
        self._counter.batches += 1
        self._counter.jobs += 1

    async def _append(
        self,
        table_id: int,
        seq: int,
        values: tuple[Any, ...],
        sheets: list[tuple[q.Sql, list[q.Values]]],
    ) -> None:
        async with self._pool.acquire() as conn:
            try:
                if not sheets:
                    appended = touched(await conn.execute(_APPEND, *values))
                else:
                    async with conn.transaction():
                        appended = touched(await conn.execute(_APPEND, *values))
                        if appended:
                            for sql, rows in sheets:
                                await conn.executemany(sql.postgres, rows)
            except asyncpg.UniqueViolationError as error:
                if error.constraint_name == _OPEN_CHANNEL:
                    channel = await conn.fetchval(q.TABLE_CHANNEL.postgres, table_id)
                    raise ChannelBusy(channel) from error
                raise
            if not appended:
                stored = await conn.fetchval(q.TABLE_SEQ.postgres, table_id)
                if stored is None:
                    raise TableNotFound(table_id)
                raise SeqConflict(table_id, stored + 1, seq)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Set the message column in one autocommit statement."""
        await self._set_message_column("message_id", table_id, message_id)

    async def set_notice(self, table_id: int, message_id: int | None) -> None:
        """Set the notice column in one autocommit statement."""
        await self._set_message_column("notice_id", table_id, message_id)

    async def _set_message_column(self, column: str, table_id: int, message_id: int | None) -> None:
        status = await self._pool.execute(
            f"UPDATE tables SET {column} = $1 WHERE id = $2", message_id, table_id
        )
        if touched(status) == 0:
            raise TableNotFound(table_id)

    async def set_channel(self, table_id: int, channel_id: int) -> None:
        """Move the table in one autocommit statement; the open-channel index refuses a
        taken channel."""
        try:
            status = await self._pool.execute(q.SET_CHANNEL.postgres, channel_id, table_id)
        except asyncpg.UniqueViolationError as error:
            if error.constraint_name == _OPEN_CHANNEL:
                raise ChannelBusy(channel_id) from error
            raise
        if touched(status) == 0:
            raise TableNotFound(table_id)

    async def sheet(self, table_id: int, match_no: int) -> list[HandRecord]:
        """The score sheet, both of its reads in one read-only snapshot so they agree."""
        async with self._pool.acquire() as conn, _snapshot(conn):  # both reads agree
            hands = await conn.fetch(q.SHEET_HANDS.postgres, table_id, match_no)
            players = await conn.fetch(q.SHEET_PLAYERS.postgres, table_id, match_no)
        return hand_records(hands, players)


def _snapshot(conn: Conn) -> asyncpg.transaction.Transaction:
    """A read-only transaction whose reads all see one snapshot of the database."""
    return conn.transaction(isolation="repeatable_read", readonly=True)
