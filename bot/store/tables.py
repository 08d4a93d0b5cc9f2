"""Tables, their action logs and score sheets. Stores what the table service decided;
it never interprets a snapshot or an action."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import aiosqlite

from . import queries as q
from .db import connection_lock, transaction
from .errors import ChannelBusy, SeqConflict, TableNotFound
from .groupcommit import group_commit
from .records import (
    OPEN_STATUSES,
    HandRecord,
    MatchRecord,
    PostedNotice,
    StoredAction,
    StoredTable,
)
from .rows import (
    TABLE_COLUMNS,
    check_records,
    dump_json,
    hand_records,
    hand_rows,
    match_rows,
    stored_table,
)

__all__ = ["SqliteTableStore", "dump_json"]


def _is_channel_taken(error: sqlite3.IntegrityError) -> bool:
    """Whether the error is the one-open-table-per-channel index refusing a row."""
    return "tables.channel_id" in str(error)


class SqliteTableStore:
    """Reads and writes of tables in SQLite; every write is one transaction, committed on
    return."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def create(
        self,
        guild_id: int | None,
        channel_id: int,
        opener_id: int,
        snapshot: Mapping[str, Any] | Callable[[int], Mapping[str, Any]],
        at: float,
        action: tuple[int | None, str, Mapping[str, Any]] | None = None,
    ) -> int:
        """Insert a new table in the lobby and return its id; `ChannelBusy` if the channel
        already has an open table.

        `snapshot` may be a function of the new id, so the stored snapshot names its own
        table; `action` (actor, kind, payload), if given, is logged as action 1 in the same
        transaction. Opening is then all or nothing: a crash can never leave a row whose
        snapshot does not match it.
        """
        action_json = None if action is None else dump_json(action[2])
        first = "{}" if callable(snapshot) else dump_json(snapshot)
        seq = 0 if action is None else 1
        try:
            async with transaction(self._db) as db:
                cursor = await db.execute(
                    "INSERT INTO tables (guild_id, channel_id, opener_id, status, message_id,"
                    " created_at, updated_at, seq, snapshot)"
                    " VALUES (?, ?, ?, 'lobby', NULL, ?, ?, ?, ?)",
                    (guild_id, channel_id, opener_id, at, at, seq, first),
                )
                table_id = cursor.lastrowid
                assert table_id is not None
                if callable(snapshot):
                    await db.execute(
                        q.SET_SNAPSHOT.sqlite, (dump_json(snapshot(table_id)), table_id)
                    )
                if action is not None:
                    await db.execute(
                        q.FIRST_ACTION.sqlite,
                        (table_id, action[0], action[1], action_json, at),
                    )
        except sqlite3.IntegrityError as error:
            if _is_channel_taken(error):
                raise ChannelBusy(channel_id) from error
            raise
        return table_id

    async def record(
        self,
        table_id: int,
        seq: int,
        actor: int | None,
        kind: str,
        payload: Mapping[str, Any],
        at: float,
        snapshot: Mapping[str, Any],
        status: str,
        hands: Iterable[HandRecord] = (),
        match: MatchRecord | None = None,
    ) -> None:
        """Append action `seq` and, in the same transaction, store the new snapshot and
        status plus any finished hands and match. All or nothing.

        `SeqConflict` unless `seq` is the stored seq + 1; `ChannelBusy` if reopening the
        table collides with another open table in its channel.
        """
        # Serialise and derive everything first: a bad value then fails before any write.
        payload_json = dump_json(payload)
        snapshot_json = dump_json(snapshot)
        records: list[HandRecord | MatchRecord] = [*hands, *([match] if match else [])]
        check_records(table_id, records)
        sheets = [hand_rows(hand) for hand in records if isinstance(hand, HandRecord)]
        finished = match_rows(match) if match is not None else None

        def write(db: sqlite3.Connection) -> None:
            stored = db.execute(q.TABLE_SEQ.sqlite, (table_id,)).fetchone()
            if stored is None:
                raise TableNotFound(table_id)
            if seq != stored[0] + 1:
                raise SeqConflict(table_id, stored[0] + 1, seq)
            db.execute(
                "INSERT INTO actions (table_id, seq, actor, kind, payload, at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, seq, actor, kind, payload_json, at),
            )
            try:
                db.execute(
                    "UPDATE tables SET snapshot = ?, status = ?, seq = ?, updated_at = ?"
                    " WHERE id = ?",
                    (snapshot_json, status, seq, at, table_id),
                )
            except sqlite3.IntegrityError as error:
                if _is_channel_taken(error):
                    channel = db.execute(q.TABLE_CHANNEL.sqlite, (table_id,)).fetchone()[0]
                    raise ChannelBusy(channel) from error
                raise
            for sheet, players in sheets:
                db.execute(q.INSERT_HAND.sqlite, sheet)
                db.executemany(q.INSERT_PLAYER_HAND.sqlite, players)
            if finished is not None:
                match_row, players = finished
                db.execute(q.INSERT_MATCH.sqlite, match_row)
                db.executemany(q.INSERT_PLAYER_MATCH.sqlite, players)

        # Shares a transaction with the writes queued meanwhile (group commit); returns once
        # the COMMIT holding this action is done.
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

    async def notices(self) -> list[PostedNotice]:
        """Every standing turn notice, open table or not (a match may have ended while the
        bot was down before its notice was deleted)."""
        async with connection_lock(self._db):
            rows = await self._db.execute_fetchall(q.NOTICES.sqlite)
        return [PostedNotice(*row) for row in rows]

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

    async def open_tables(self) -> list[StoredTable]:
        """Tables in the lobby or playing, oldest first: what start-up must restore."""
        marks = ", ".join("?" * len(OPEN_STATUSES))
        async with connection_lock(self._db):
            rows = await self._db.execute_fetchall(
                f"SELECT {TABLE_COLUMNS} FROM tables WHERE status IN ({marks}) ORDER BY id",
                OPEN_STATUSES,
            )
        return [stored_table(row) for row in rows]

    async def get(self, table_id: int) -> StoredTable | None:
        async with connection_lock(self._db):
            rows = list(await self._db.execute_fetchall(q.TABLE.sqlite, (table_id,)))
        return stored_table(rows[0]) if rows else None

    async def latest_in_channel(self, channel_id: int) -> StoredTable | None:
        """The channel's most recent table, finished or closed ones included."""
        async with connection_lock(self._db):
            rows = list(await self._db.execute_fetchall(q.LATEST_IN_CHANNEL.sqlite, (channel_id,)))
        return stored_table(rows[0]) if rows else None

    async def actions(self, table_id: int) -> list[StoredAction]:
        """The table's action log in order, for replay."""
        async with connection_lock(self._db):
            rows = await self._db.execute_fetchall(q.ACTIONS.sqlite, (table_id,))
        return [
            StoredAction(
                table_id=row["table_id"],
                seq=row["seq"],
                actor=row["actor"],
                kind=row["kind"],
                payload=json.loads(row["payload"]),
                at=row["at"],
            )
            for row in rows
        ]

    async def sheet(self, table_id: int, match_no: int) -> list[HandRecord]:
        """The score sheet of one match, hand by hand. Seats come back from player_hands,
        so computer seats read as None just as they were recorded."""
        async with connection_lock(self._db):
            hands = await self._db.execute_fetchall(q.SHEET_HANDS.sqlite, (table_id, match_no))
            players = await self._db.execute_fetchall(q.SHEET_PLAYERS.sqlite, (table_id, match_no))
        return hand_records(hands, players)
