"""Tables, their action logs and score sheets. Stores what the table service decided;
it never interprets a snapshot or an action."""

from __future__ import annotations

import sqlite3

from . import queries as q
from .db import SqliteReads, connection_lock, transaction
from .errors import ChannelBusy, SeqConflict, TableNotFound
from .groupcommit import group_commit
from .reads import TableReads
from .records import ActionRecord, HandRecord, NewTable
from .rows import dump_json, first_values, hand_records

__all__ = ["SqliteTableStore", "dump_json"]


def _is_channel_taken(error: sqlite3.IntegrityError) -> bool:
    """Whether the error is the one-open-table-per-channel index refusing a row."""
    return "tables.channel_id" in str(error)


class SqliteTableStore(SqliteReads, TableReads):
    """Reads and writes of tables in SQLite; every write is one transaction, committed on
    return."""

    async def create(self, table: NewTable) -> int:
        """Insert the row and, if given, its snapshot naming the id and action 1 in one
        transaction under the connection lock; `ChannelBusy` from the open-table index."""
        seq, first, action = first_values(table)
        try:
            async with transaction(self._db) as db:
                cursor = await db.execute(
                    "INSERT INTO tables (guild_id, channel_id, opener_id, status, message_id,"
                    " created_at, updated_at, seq, snapshot)"
                    " VALUES (?, ?, ?, 'lobby', NULL, ?, ?, ?, ?)",
                    (table.guild_id, table.channel_id, table.opener_id, table.at, table.at, seq,
                     first),
                )  # fmt: skip
                table_id = cursor.lastrowid
                assert table_id is not None
                for sql, values in q.opening_writes(table, table_id, action):
                    await db.execute(sql.sqlite, values)
        except sqlite3.IntegrityError as error:
            if _is_channel_taken(error):
                raise ChannelBusy(table.channel_id) from error
            raise
        return table_id

    async def record(self, action: ActionRecord) -> None:
        """Check the seq, append the action and store the new state and sheet lines in the
        group commit: one transaction shared with the writes queued meanwhile, returning
        once the COMMIT holding this action is done."""
        # Serialise and derive everything first: a bad value then fails before any write.
        payload = dump_json(action.payload)
        snapshot = dump_json(action.snapshot)
        sheets = q.sheet_writes(action)
        table_id, seq = action.table_id, action.seq

        def write(db: sqlite3.Connection) -> None:
            stored = db.execute(q.TABLE_SEQ.sqlite, (table_id,)).fetchone()
            if stored is None:
                raise TableNotFound(table_id)
            if seq != stored[0] + 1:
                raise SeqConflict(table_id, stored[0] + 1, seq)
            db.execute(
                "INSERT INTO actions (table_id, seq, actor, kind, payload, at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, seq, action.actor, action.kind, payload, action.at),
            )
            try:
                db.execute(
                    "UPDATE tables SET snapshot = ?, status = ?, seq = ?, updated_at = ?"
                    " WHERE id = ?",
                    (snapshot, action.status, seq, action.at, table_id),
                )
            except sqlite3.IntegrityError as error:
                if _is_channel_taken(error):
                    channel = db.execute(q.TABLE_CHANNEL.sqlite, (table_id,)).fetchone()[0]
                    raise ChannelBusy(channel) from error
                raise
            for sql, rows in sheets:
                db.executemany(sql.sqlite, rows)

        await group_commit(self._db).run(write)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the table's Discord message (None: it must be posted again)."""
        await self._set_message_column("message_id", table_id, message_id)

    async def set_notice(self, table_id: int, message_id: int | None) -> None:
        """Remember the turn notice standing in the table's channel (None: none is)."""
        await self._set_message_column("notice_id", table_id, message_id)

    async def _set_message_column(self, column: str, table_id: int, message_id: int | None) -> None:
        """In the group commit: a notice or a re-post shares the next COMMIT (and its
        fsync) with the moves queued meanwhile instead of taking one of its own."""

        def write(db: sqlite3.Connection) -> None:
            update = f"UPDATE tables SET {column} = ? WHERE id = ?"
            if db.execute(update, (message_id, table_id)).rowcount == 0:
                raise TableNotFound(table_id)

        await group_commit(self._db).run(write)

    async def set_channel(self, table_id: int, channel_id: int) -> None:
        """Move the table to another channel (e.g. re-posted after its channel vanished)."""
        try:
            async with transaction(self._db) as db:
                cursor = await db.execute(q.SET_CHANNEL.sqlite, (channel_id, table_id))
                if cursor.rowcount == 0:
                    raise TableNotFound(table_id)
        except sqlite3.IntegrityError as error:
            if _is_channel_taken(error):
                raise ChannelBusy(channel_id) from error
            raise

    async def sheet(self, table_id: int, match_no: int) -> list[HandRecord]:
        """The score sheet of one match, hand by hand. Seats come back from player_hands,
        so computer seats read as None just as they were recorded."""
        async with connection_lock(self._db):
            hands = await self._db.execute_fetchall(q.SHEET_HANDS.sqlite, (table_id, match_no))
            players = await self._db.execute_fetchall(q.SHEET_PLAYERS.sqlite, (table_id, match_no))
        return hand_records(hands, players)
