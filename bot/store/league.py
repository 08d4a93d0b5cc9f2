"""Leagues, nights and everything a night produces (migration 0002), and what the bot
posted for each scheduled night (migration 0003).

Stores the JSON values bot/league writes and reads them back; it never interprets them.
A night's rows are appended, never changed: a correction is a new result version written
in the same transaction as its audit entry, so neither exists without the other.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from typing import Any

import aiosqlite

from . import queries as q
from .db import connection_lock, scalar, transaction
from .errors import AlreadyStored, NightBusy, StoreError
from .records import (
    CheckinMessage,
    NightRows,
    StoredAudit,
    StoredLeague,
    StoredNight,
    StoredResult,
    StoredRun,
)
from .rows import (
    LEAGUE_COLUMNS,
    audit_values,
    dump_json,
    night_rows,
    run_values,
    stored_audit,
    stored_league,
    stored_night,
    stored_result,
    stored_run,
)

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


class SqliteLeagueStore:
    """Reads and writes of leagues and nights in SQLite; every write is one transaction."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def _rows(self, sql: str, params: Any = ()) -> list[sqlite3.Row]:
        async with connection_lock(self._db):
            return list(await self._db.execute_fetchall(sql, params))

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
        async with transaction(self._db) as db:
            await db.execute(q.UPDATE_SETTINGS.sqlite, (dump_json(settings), at, league_id))

    async def league(self, league_id: int) -> StoredLeague | None:
        rows = await self._rows(q.LEAGUE.sqlite, (league_id,))
        return stored_league(rows[0]) if rows else None

    async def leagues(self, guild_id: int | None) -> list[StoredLeague]:
        rows = await self._rows(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE guild_id IS ? ORDER BY name", (guild_id,)
        )
        return [stored_league(row) for row in rows]

    async def all_leagues(self) -> list[StoredLeague]:
        """Every league of every server (the scheduler's round), oldest first."""
        rows = await self._rows(q.ALL_LEAGUES.sqlite)
        return [stored_league(row) for row in rows]

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

    async def checkin_message(self, night_id: int) -> CheckinMessage | None:
        rows = await self._rows(q.CHECKIN_MESSAGE.sqlite, (night_id,))
        return CheckinMessage(*rows[0]) if rows else None

    async def night(self, night_id: int) -> StoredNight | None:
        rows = await self._rows(q.NIGHT.sqlite, (night_id,))
        return stored_night(rows[0]) if rows else None

    async def nights(self, league_id: int) -> list[StoredNight]:
        rows = await self._rows(q.NIGHTS.sqlite, (league_id,))
        return [stored_night(row) for row in rows]

    async def open_nights(self) -> list[StoredNight]:
        """Every night not closed, of any league (what a restart resumes)."""
        rows = await self._rows(q.OPEN_NIGHTS.sqlite)
        return [stored_night(row) for row in rows]

    # --------------------------------------------------------------- attendance
    async def add_attendance(self, night_id: int, event: Mapping[str, Any], at: float) -> None:
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
                (
                    night_id,
                    seq,
                    event["user_id"],
                    event["kind"],
                    event["rounds_drawn"],
                    event.get("partner_id"),
                    at,
                ),
            )

    async def attendance(self, night_id: int) -> list[dict[str, Any]]:
        rows = await self._rows(q.ATTENDANCE.sqlite, (night_id,))
        return [dict(row) for row in rows]

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

    async def rounds(self, night_id: int) -> list[dict[str, Any]]:
        rows = await self._rows(q.ROUNDS.sqlite, (night_id,))
        return [json.loads(row["draw"]) for row in rows]

    async def dealt_rounds(self, night_id: int) -> set[int]:
        """The night's rounds whose tables the bot deals."""
        rows = await self._rows(
            "SELECT number FROM league_rounds WHERE night_id = ? AND dealt", (night_id,)
        )
        return {row["number"] for row in rows}

    async def link_table(
        self, night_id: int, round_no: int, table_no: int, table_id: int, at: float
    ) -> None:
        async with transaction(self._db) as db:
            await db.execute(q.LINK_TABLE.sqlite, (night_id, round_no, table_no, table_id, at))

    async def round_tables(self, night_id: int) -> dict[tuple[int, int], int]:
        """(round, table) -> the bot table playing it."""
        rows = await self._rows(q.ROUND_TABLES.sqlite, (night_id,))
        return {(row["round_no"], row["table_no"]): row["table_id"] for row in rows}

    async def table_round(self, table_id: int) -> tuple[int, int, int] | None:
        """(night, round, table) a bot table plays, or None when it is no league table."""
        rows = await self._rows(q.TABLE_ROUND.sqlite, (table_id,))
        return (rows[0][0], rows[0][1], rows[0][2]) if rows else None

    # ------------------------------------------------------------------ results
    async def add_result(
        self,
        night_id: int,
        round_no: int,
        table_no: int,
        result: Mapping[str, Any],
        actor: int | None,
        at: float,
        audit: StoredAudit | None = None,
    ) -> int:
        """Append the next version of a table's result (with its audit entry); its version."""
        async with transaction(self._db) as db:
            version = 1 + int(
                await scalar(
                    db,
                    "SELECT COALESCE(MAX(version), 0) FROM league_results"
                    " WHERE night_id = ? AND round_no = ? AND table_no = ?",
                    (night_id, round_no, table_no),
                )
            )
            await db.execute(
                "INSERT INTO league_results (night_id, round_no, table_no, version, result,"
                " actor, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (night_id, round_no, table_no, version, dump_json(result), actor, at),
            )
            if audit is not None:
                await db.execute(q.INSERT_AUDIT.sqlite, audit_values(audit))
        return version

    async def results(self, night_id: int) -> list[StoredResult]:
        """Every version of every result of the night, oldest first."""
        rows = await self._rows(q.RESULTS.sqlite, (night_id,))
        return [stored_result(r) for r in rows]

    # -------------------------------------------------------------- adjustments
    async def add_adjustment(
        self, night_id: int, adjustment: Mapping[str, Any], audit: StoredAudit
    ) -> None:
        async with transaction(self._db) as db:
            await db.execute(
                q.INSERT_ADJUSTMENT.sqlite,
                (
                    night_id,
                    adjustment["user_id"],
                    adjustment["points"],
                    adjustment["reason"],
                    audit.actor,
                    audit.at,
                ),
            )
            await db.execute(q.INSERT_AUDIT.sqlite, audit_values(audit))

    async def adjustments(self, night_id: int) -> list[dict[str, Any]]:
        rows = await self._rows(q.ADJUSTMENTS.sqlite, (night_id,))
        return [dict(row) for row in rows]

    async def audit(self, night_id: int) -> list[StoredAudit]:
        rows = await self._rows(q.AUDIT.sqlite, (night_id,))
        return [stored_audit(row) for row in rows]

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
