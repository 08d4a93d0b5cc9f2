"""Tables, their action logs and score sheets. Stores what the table service decided;
it never interprets a snapshot or an action."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import aiosqlite

from .db import connection_lock, transaction
from .errors import ChannelBusy, SeqConflict, TableNotFound
from .groupcommit import group_commit
from .records import OPEN_STATUSES, HandRecord, MatchRecord, StoredAction, StoredTable

__all__ = ["TableStore", "dump_json"]

Row = tuple[Any, ...]

_TABLE_COLUMNS = "id, guild_id, channel_id, opener_id, status, message_id, seq, snapshot"


def dump_json(value: Mapping[str, Any]) -> str:
    """Canonical JSON (sorted keys, no spaces), so equal states store as equal text."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True, allow_nan=False)


def _is_channel_taken(error: sqlite3.IntegrityError) -> bool:
    """Whether the error is the one-open-table-per-channel index refusing a row."""
    return "tables.channel_id" in str(error)


def _snapshot(text: str) -> dict[str, Any]:
    """The stored snapshot; {} if it is not JSON, so the service can close that one table
    instead of failing to restore every table."""
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _stored_table(row: sqlite3.Row) -> StoredTable:
    return StoredTable(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        opener_id=row["opener_id"],
        status=row["status"],
        message_id=row["message_id"],
        seq=row["seq"],
        snapshot=_snapshot(row["snapshot"]),
    )


def _hand_rows(hand: HandRecord) -> tuple[Row, list[Row]]:
    """The score-sheet row and one player_hands row per human seat, from their view."""
    computers = any(user is None for user in hand.seats)
    sheet = (
        hand.table_id, hand.match_no, hand.number, hand.guild_id, hand.dealer, hand.trump,
        hand.makers, hand.chooser, *hand.points, *hand.roem, *hand.scores, int(hand.nat),
        hand.pit, hand.at,
    )  # fmt: skip
    players = []
    for seat, user in enumerate(hand.seats):
        if user is None:
            continue
        pair = seat % 2
        maker = pair == hand.makers
        players.append((
            hand.table_id, hand.match_no, hand.number, hand.guild_id, user, seat, pair,
            int(maker), int(seat == hand.chooser), int(maker and hand.nat),
            int(hand.pit == pair), hand.scores[pair], hand.roem[pair], int(computers), hand.at,
        ))  # fmt: skip
    return sheet, players


def _match_rows(match: MatchRecord) -> tuple[Row, list[Row]]:
    """The matches row and one player_matches row per human seat."""
    computers = any(user is None for user in match.seats)
    row = (
        match.table_id, match.match_no, match.guild_id, match.rules, *match.totals,
        match.winner, match.hands, int(computers), match.at,
    )  # fmt: skip
    players = []
    for seat, user in enumerate(match.seats):
        if user is None:
            continue
        pair = seat % 2
        result = "draw" if match.winner is None else "win" if match.winner == pair else "loss"
        players.append((
            match.table_id, match.match_no, match.guild_id, user, pair, result,
            match.totals[pair], int(computers), match.at,
        ))  # fmt: skip
    return row, players


class TableStore:
    """Reads and writes of tables. Every write is one transaction, committed on return."""

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
                        "UPDATE tables SET snapshot = ? WHERE id = ?",
                        (dump_json(snapshot(table_id)), table_id),
                    )
                if action is not None:
                    await db.execute(
                        "INSERT INTO actions (table_id, seq, actor, kind, payload, at)"
                        " VALUES (?, 1, ?, ?, ?, ?)",
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
        for record in records:
            if record.table_id != table_id or len(record.seats) != 4:
                raise ValueError(f"not a 4-seat record of table {table_id}: {record!r}")
        hand_rows = [_hand_rows(hand) for hand in records if isinstance(hand, HandRecord)]
        match_rows = _match_rows(match) if match is not None else None

        def write(db: sqlite3.Connection) -> None:
            stored = db.execute("SELECT seq FROM tables WHERE id = ?", (table_id,)).fetchone()
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
                    channel = db.execute(
                        "SELECT channel_id FROM tables WHERE id = ?", (table_id,)
                    ).fetchone()[0]
                    raise ChannelBusy(channel) from error
                raise
            for sheet, players in hand_rows:
                db.execute(
                    "INSERT INTO hands (table_id, match_no, number, guild_id, dealer, trump,"
                    " makers, chooser, points0, points1, roem0, roem1, score0, score1, nat,"
                    " pit, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    sheet,
                )
                db.executemany(
                    "INSERT INTO player_hands (table_id, match_no, number, guild_id, user_id,"
                    " seat, pair, maker, chose, nat, pit, points, roem, computers, at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    players,
                )
            if match_rows is not None:
                match_row, players = match_rows
                db.execute(
                    "INSERT INTO matches (table_id, match_no, guild_id, rules, total0, total1,"
                    " winner, hands, computers, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    match_row,
                )
                db.executemany(
                    "INSERT INTO player_matches (table_id, match_no, guild_id, user_id, pair,"
                    " result, points, computers, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    players,
                )

        # Shares a transaction with the writes queued meanwhile (group commit); returns once
        # the COMMIT holding this action is done.
        await group_commit(self._db).run(write)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the table's Discord message (None: it must be posted again)."""
        async with transaction(self._db) as db:
            cursor = await db.execute(
                "UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id)
            )
            if cursor.rowcount == 0:
                raise TableNotFound(table_id)

    async def set_channel(self, table_id: int, channel_id: int) -> None:
        """Move the table to another channel (e.g. re-posted after its channel vanished)."""
        try:
            async with transaction(self._db) as db:
                cursor = await db.execute(
                    "UPDATE tables SET channel_id = ? WHERE id = ?", (channel_id, table_id)
                )
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
                f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status IN ({marks}) ORDER BY id",
                OPEN_STATUSES,
            )
        return [_stored_table(row) for row in rows]

    async def get(self, table_id: int) -> StoredTable | None:
        async with connection_lock(self._db):
            rows = list(
                await self._db.execute_fetchall(
                    f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,)
                )
            )
        return _stored_table(rows[0]) if rows else None

    async def latest_in_channel(self, channel_id: int) -> StoredTable | None:
        """The channel's most recent table, finished or closed ones included."""
        async with connection_lock(self._db):
            rows = list(
                await self._db.execute_fetchall(
                    f"SELECT {_TABLE_COLUMNS} FROM tables WHERE channel_id = ?"
                    " ORDER BY id DESC LIMIT 1",
                    (channel_id,),
                )
            )
        return _stored_table(rows[0]) if rows else None

    async def actions(self, table_id: int) -> list[StoredAction]:
        """The table's action log in order, for replay."""
        async with connection_lock(self._db):
            rows = await self._db.execute_fetchall(
                "SELECT table_id, seq, actor, kind, payload, at FROM actions"
                " WHERE table_id = ? ORDER BY seq",
                (table_id,),
            )
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
            hands = await self._db.execute_fetchall(
                "SELECT * FROM hands WHERE table_id = ? AND match_no = ? ORDER BY number",
                (table_id, match_no),
            )
            players = await self._db.execute_fetchall(
                "SELECT number, seat, user_id FROM player_hands"
                " WHERE table_id = ? AND match_no = ?",
                (table_id, match_no),
            )
        seats: dict[int, list[int | None]] = {}
        for row in players:
            seats.setdefault(row["number"], [None] * 4)[row["seat"]] = row["user_id"]
        return [
            HandRecord(
                table_id=row["table_id"],
                match_no=row["match_no"],
                number=row["number"],
                guild_id=row["guild_id"],
                dealer=row["dealer"],
                trump=row["trump"],
                makers=row["makers"],
                chooser=row["chooser"],
                points=(row["points0"], row["points1"]),
                roem=(row["roem0"], row["roem1"]),
                scores=(row["score0"], row["score1"]),
                nat=bool(row["nat"]),
                pit=row["pit"],
                seats=tuple(seats.get(row["number"], [None] * 4)),
                at=row["at"],
            )
            for row in hands
        ]
