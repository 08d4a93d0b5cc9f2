"""Leagues, nights and everything a night produces (migration 0002), and what the bot
posted for each scheduled night (migration 0003).

Stores the JSON values bot/league writes and reads them back; it never interprets them.
A night's rows are appended, never changed: a correction is a new result version written
in the same transaction as its audit entry, so neither exists without the other.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from typing import Any

from . import queries as q
from .db import SqliteReads, connection_lock, scalar, transaction
from .errors import AlreadyStored, NightBusy, StoreError
from .reads import LeagueReads
from .records import (
    CheckinMessage,
    NewResult,
    NightRows,
    PostedMessage,
    StoredAudit,
    StoredLeague,
    StoredNight,
    StoredResult,
    StoredRun,
)
from .rows import attendance_values, audit_values, dump_json, night_rows, run_values, stored_run

__all__ = [
    "SqliteLeagueStore",
    "NightBusy",
    "StoredAudit",
    "StoredLeague",
    "StoredNight",
    "StoredResult",
    "StoredRun",
]


def _is_duplicate(error: sqlite3.IntegrityError) -> bool:
    return "UNIQUE constraint failed" in str(error)


class SqliteLeagueStore(SqliteReads, LeagueReads):
    """Reads and writes of leagues and nights in SQLite; every write is one transaction."""

    # ------------------------------------------------------------------ leagues
    async def create_league(
        self, guild_id: int | None, name: str, settings: Mapping[str, Any], at: float
    ) -> int:
        """A new league; `StoreError` if the guild has one of that name already."""
        try:
            async with transaction(self._db) as db:
                cursor = await db.execute(
                    "INSERT INTO leagues (guild_id, name, settings, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (guild_id, name, dump_json(settings), at, at),
                )
        except sqlite3.IntegrityError as error:
            raise StoreError(f"a league named {name!r} exists") from error
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def update_settings(self, league_id: int, settings: Mapping[str, Any], at: float) -> None:
        """Replace the settings in one transaction."""
        async with transaction(self._db) as db:
            await db.execute(q.UPDATE_SETTINGS.sqlite, (dump_json(settings), at, league_id))

    # ------------------------------------------------------------------- nights
    async def open_night(self, league_id: int, seed: str, at: float) -> StoredNight:
        """The league's next night, in check-in; `NightBusy` if one is not closed yet."""
        try:
            async with transaction(self._db) as db:
                number = 1 + int(
                    await scalar(
                        db,
                        "SELECT COALESCE(MAX(number), 0) FROM league_nights WHERE league_id = ?",
                        (league_id,),
                    )
                )
                cursor = await db.execute(
                    "INSERT INTO league_nights (league_id, number, seed, status, opened_at)"
                    " VALUES (?, ?, ?, 'checkin', ?)",
                    (league_id, number, seed, at),
                )
        except sqlite3.IntegrityError as error:
            if "league_nights.league_id" in str(error):
                raise NightBusy(league_id) from error
            raise
        assert cursor.lastrowid is not None
        return StoredNight(cursor.lastrowid, league_id, number, seed, "checkin", at, None)

    async def set_status(self, night_id: int, status: str, at: float) -> None:
        """Set the status (and the closing time, when closed) in one transaction."""
        closed = at if status == "closed" else None
        async with transaction(self._db) as db:
            await db.execute(q.SET_STATUS.sqlite, (status, closed, night_id))

    async def set_checkin_message(self, night_id: int, message: CheckinMessage, at: float) -> None:
        """Make `message` the night's check-in message (the newest one wins)."""
        async with transaction(self._db) as db:
            await db.execute(
                q.SET_CHECKIN_MESSAGE.sqlite,
                (night_id, message.channel_id, message.message_id, message.drawn, at),
            )

    async def set_night_message(
        self, night_id: int, kind: str, message: PostedMessage, at: float
    ) -> None:
        """Make `message` the night's message of `kind` (replacing any), in one transaction."""
        async with transaction(self._db) as db:
            await db.execute(
                q.SET_NIGHT_MESSAGE.sqlite,
                (night_id, kind, message.channel_id, message.message_id, at),
            )

    # --------------------------------------------------------------- attendance
    async def add_attendance(self, night_id: int, event: Mapping[str, Any], at: float) -> None:
        """Number the event after the night's last one and append it, in one transaction."""
        async with transaction(self._db) as db:
            seq = 1 + int(
                await scalar(
                    db,
                    "SELECT COALESCE(MAX(seq), 0) FROM league_attendance WHERE night_id = ?",
                    (night_id,),
                )
            )
            await db.execute(
                "INSERT INTO league_attendance (night_id, seq, user_id, kind, rounds_drawn,"
                " partner_id, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (night_id, seq, *attendance_values(event), at),
            )

    # ------------------------------------------------------------------- rounds
    async def add_round(
        self, night_id: int, number: int, draw: Mapping[str, Any], dealt: bool, at: float
    ) -> None:
        """Publish round `number`'s draw and mark the night running, in one transaction."""
        try:
            async with transaction(self._db) as db:
                await db.execute(
                    q.INSERT_ROUND.sqlite, (night_id, number, dump_json(draw), int(dealt), at)
                )
                await db.execute(q.SET_RUNNING.sqlite, (night_id,))
        except sqlite3.IntegrityError as error:
            if _is_duplicate(error):  # another start drew this round first
                raise AlreadyStored(f"night {night_id} has a round {number} already") from error
            raise

    async def link_table(
        self, night_id: int, round_no: int, table_no: int, table_id: int, at: float
    ) -> None:
        """Store the link in one transaction."""
        async with transaction(self._db) as db:
            await db.execute(q.LINK_TABLE.sqlite, (night_id, round_no, table_no, table_id, at))

    # ------------------------------------------------------------------ results
    async def add_result(self, new: NewResult) -> int:
        """Append the next version of a table's result (with its audit entry); its version."""
        async with transaction(self._db) as db:
            version = 1 + int(
                await scalar(
                    db,
                    "SELECT COALESCE(MAX(version), 0) FROM league_results"
                    " WHERE night_id = ? AND round_no = ? AND table_no = ?",
                    (new.night_id, new.round_no, new.table_no),
                )
            )
            await db.execute(
                "INSERT INTO league_results (night_id, round_no, table_no, version, result,"
                " actor, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (new.night_id, new.round_no, new.table_no, version, dump_json(new.result))
                + (new.actor, new.at),
            )
            if new.audit is not None:
                await db.execute(q.INSERT_AUDIT.sqlite, audit_values(new.audit))
        return version

    # -------------------------------------------------------------- adjustments
    async def add_adjustment(
        self, night_id: int, adjustment: Mapping[str, Any], audit: StoredAudit
    ) -> None:
        """The adjustment and its audit entry in one transaction."""
        async with transaction(self._db) as db:
            for sql, values in q.adjustment_writes(night_id, adjustment, audit):
                await db.execute(sql.sqlite, values)

    # ---------------------------------------------------------------- schedules
    async def add_runs(self, runs: list[StoredRun]) -> list[bool]:
        """Record postings of scheduled nights in one transaction; for each, whether it
        was new (False: that posting of that night was recorded already, and stays)."""
        added: list[bool] = []
        async with transaction(self._db) as db:
            for run in runs:
                cursor = await db.execute(q.INSERT_RUN.sqlite, run_values(run))
                added.append(cursor.rowcount == 1)
        return added

    async def runs(self, league_id: int, starts_at: list[int] | None = None) -> list[StoredRun]:
        """The league's recorded postings (of the nights starting at `starts_at`, if
        given), in the order of the nights and their due times."""
        sql = "SELECT * FROM league_schedule_runs WHERE league_id = ?"
        params: list[Any] = [league_id]
        if starts_at is not None:
            sql += f" AND starts_at IN ({', '.join('?' * len(starts_at))})"
            params += starts_at
        rows = await self._rows(sql + " ORDER BY starts_at, due_at, kind", params)
        return [stored_run(r) for r in rows]

    # ------------------------------------------------------------- a whole night
    async def night_rows(self, night_id: int) -> NightRows | None:
        """The night and everything it produced, read under the connection's lock, so no
        write lands between its reads; None when there is no such night."""
        async with connection_lock(self._db):
            fetched = [
                list(await self._db.execute_fetchall(query.sqlite, (night_id,)))
                for query in q.NIGHT_ROWS
            ]
        return night_rows(*fetched)

    async def add_audit(self, audit: StoredAudit) -> None:
        """Append an audit entry that changes no result (a confirmation)."""
        async with transaction(self._db) as db:
            await db.execute(q.INSERT_AUDIT.sqlite, audit_values(audit))
