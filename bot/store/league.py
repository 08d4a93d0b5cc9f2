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
from dataclasses import dataclass
from typing import Any

import aiosqlite

from .db import connection_lock, scalar, transaction
from .errors import StoreError
from .tables import dump_json

__all__ = [
    "LeagueStore",
    "NightBusy",
    "StoredAudit",
    "StoredLeague",
    "StoredNight",
    "StoredResult",
    "StoredRun",
]


class NightBusy(StoreError):
    """The league already has a night that is not closed."""

    def __init__(self, league_id: int) -> None:
        super().__init__(f"league {league_id} already has an open night")
        self.league_id = league_id


@dataclass(frozen=True, slots=True)
class StoredLeague:
    id: int
    guild_id: int | None
    name: str
    settings: dict[str, Any]
    updated_at: float = 0.0  # when the settings were last saved


@dataclass(frozen=True, slots=True)
class StoredRun:
    """One posting of a scheduled night and what became of it."""

    league_id: int
    starts_at: int  # the night's scheduled start, UTC seconds since the epoch
    kind: str  # 'checkin' or 'reminder'
    minutes: int  # a reminder's minutes before the start; 0 for the check-in
    due_at: int
    outcome: str  # 'posted' or 'skipped'
    message_id: int | None
    at: float


@dataclass(frozen=True, slots=True)
class StoredNight:
    id: int
    league_id: int
    number: int
    seed: str
    status: str
    opened_at: float
    closed_at: float | None


@dataclass(frozen=True, slots=True)
class StoredResult:
    round_no: int
    table_no: int
    version: int
    result: dict[str, Any]
    actor: int | None
    at: float


@dataclass(frozen=True, slots=True)
class StoredAudit:
    """One correction as stored: what the history shows."""

    night_id: int
    kind: str
    round_no: int | None
    table_no: int | None
    line: int | None
    actor: int
    reason: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    at: float


def _json(value: Mapping[str, Any] | None) -> str | None:
    return None if value is None else dump_json(value)


def _loads(text: str | None) -> dict[str, Any] | None:
    return None if text is None else dict(json.loads(text))


def _night(row: sqlite3.Row) -> StoredNight:
    return StoredNight(
        row["id"],
        row["league_id"],
        row["number"],
        row["seed"],
        row["status"],
        row["opened_at"],
        row["closed_at"],
    )


def _audit(row: sqlite3.Row) -> StoredAudit:
    return StoredAudit(
        row["night_id"],
        row["kind"],
        row["round_no"],
        row["table_no"],
        row["line"],
        row["actor"],
        row["reason"],
        _loads(row["before"]),
        _loads(row["after"]),
        row["at"],
    )


_INSERT_AUDIT = (
    "INSERT INTO league_audit (night_id, kind, round_no, table_no, line, actor, reason,"
    " before, after, at) VALUES (:night_id, :kind, :round_no, :table_no, :line, :actor,"
    " :reason, :before, :after, :at)"
)


def _audit_params(audit: StoredAudit) -> dict[str, Any]:
    return {
        "night_id": audit.night_id,
        "kind": audit.kind,
        "round_no": audit.round_no,
        "table_no": audit.table_no,
        "line": audit.line,
        "actor": audit.actor,
        "reason": audit.reason,
        "before": _json(audit.before),
        "after": _json(audit.after),
        "at": audit.at,
    }


_LEAGUE = "id, guild_id, name, settings, updated_at"


class LeagueStore:
    """Reads and writes of leagues and nights; every write is one transaction."""

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
            await db.execute(
                "UPDATE leagues SET settings = ?, updated_at = ? WHERE id = ?",
                (dump_json(settings), at, league_id),
            )

    async def league(self, league_id: int) -> StoredLeague | None:
        rows = await self._rows(f"SELECT {_LEAGUE} FROM leagues WHERE id = ?", (league_id,))
        return self._league(rows[0]) if rows else None

    async def leagues(self, guild_id: int | None) -> list[StoredLeague]:
        rows = await self._rows(
            f"SELECT {_LEAGUE} FROM leagues WHERE guild_id IS ? ORDER BY name", (guild_id,)
        )
        return [self._league(row) for row in rows]

    async def all_leagues(self) -> list[StoredLeague]:
        """Every league of every server (the scheduler's round), oldest first."""
        rows = await self._rows(f"SELECT {_LEAGUE} FROM leagues ORDER BY id")
        return [self._league(row) for row in rows]

    @staticmethod
    def _league(row: sqlite3.Row) -> StoredLeague:
        return StoredLeague(
            row["id"], row["guild_id"], row["name"], json.loads(row["settings"]), row["updated_at"]
        )

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
            await db.execute(
                "UPDATE league_nights SET status = ?, closed_at = ? WHERE id = ?",
                (status, closed, night_id),
            )

    async def night(self, night_id: int) -> StoredNight | None:
        rows = await self._rows("SELECT * FROM league_nights WHERE id = ?", (night_id,))
        return _night(rows[0]) if rows else None

    async def nights(self, league_id: int) -> list[StoredNight]:
        rows = await self._rows(
            "SELECT * FROM league_nights WHERE league_id = ? ORDER BY number", (league_id,)
        )
        return [_night(row) for row in rows]

    async def open_nights(self) -> list[StoredNight]:
        """Every night not closed, of any league (what a restart resumes)."""
        rows = await self._rows("SELECT * FROM league_nights WHERE status != 'closed' ORDER BY id")
        return [_night(row) for row in rows]

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
        rows = await self._rows(
            "SELECT user_id, kind, rounds_drawn, partner_id FROM league_attendance"
            " WHERE night_id = ? ORDER BY seq",
            (night_id,),
        )
        return [dict(row) for row in rows]

    # ------------------------------------------------------------------- rounds
    async def add_round(
        self, night_id: int, number: int, draw: Mapping[str, Any], dealt: bool, at: float
    ) -> None:
        """Publish round `number`'s draw and mark the night running, in one transaction."""
        async with transaction(self._db) as db:
            await db.execute(
                "INSERT INTO league_rounds (night_id, number, draw, dealt, at)"
                " VALUES (?, ?, ?, ?, ?)",
                (night_id, number, dump_json(draw), int(dealt), at),
            )
            await db.execute(
                "UPDATE league_nights SET status = 'running' WHERE id = ?", (night_id,)
            )

    async def rounds(self, night_id: int) -> list[dict[str, Any]]:
        rows = await self._rows(
            "SELECT draw FROM league_rounds WHERE night_id = ? ORDER BY number", (night_id,)
        )
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
            await db.execute(
                "INSERT INTO league_round_tables (night_id, round_no, table_no, table_id, at)"
                " VALUES (?, ?, ?, ?, ?)",
                (night_id, round_no, table_no, table_id, at),
            )

    async def round_tables(self, night_id: int) -> dict[tuple[int, int], int]:
        """(round, table) -> the bot table playing it."""
        rows = await self._rows(
            "SELECT round_no, table_no, table_id FROM league_round_tables WHERE night_id = ?",
            (night_id,),
        )
        return {(row["round_no"], row["table_no"]): row["table_id"] for row in rows}

    async def table_round(self, table_id: int) -> tuple[int, int, int] | None:
        """(night, round, table) a bot table plays, or None when it is no league table."""
        rows = await self._rows(
            "SELECT night_id, round_no, table_no FROM league_round_tables WHERE table_id = ?",
            (table_id,),
        )
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
                await db.execute(_INSERT_AUDIT, _audit_params(audit))
        return version

    async def results(self, night_id: int) -> list[StoredResult]:
        """Every version of every result of the night, oldest first."""
        rows = await self._rows(
            "SELECT round_no, table_no, version, result, actor, at FROM league_results"
            " WHERE night_id = ? ORDER BY round_no, table_no, version",
            (night_id,),
        )
        return [
            StoredResult(
                r["round_no"],
                r["table_no"],
                r["version"],
                json.loads(r["result"]),
                r["actor"],
                r["at"],
            )
            for r in rows
        ]

    # -------------------------------------------------------------- adjustments
    async def add_adjustment(
        self, night_id: int, adjustment: Mapping[str, Any], audit: StoredAudit
    ) -> None:
        async with transaction(self._db) as db:
            await db.execute(
                "INSERT INTO league_adjustments (night_id, user_id, points, reason, actor, at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    night_id,
                    adjustment["user_id"],
                    adjustment["points"],
                    adjustment["reason"],
                    audit.actor,
                    audit.at,
                ),
            )
            await db.execute(_INSERT_AUDIT, _audit_params(audit))

    async def adjustments(self, night_id: int) -> list[dict[str, Any]]:
        rows = await self._rows(
            "SELECT user_id, points, reason FROM league_adjustments WHERE night_id = ? ORDER BY id",
            (night_id,),
        )
        return [dict(row) for row in rows]

    async def audit(self, night_id: int) -> list[StoredAudit]:
        rows = await self._rows(
            "SELECT * FROM league_audit WHERE night_id = ? ORDER BY id", (night_id,)
        )
        return [_audit(row) for row in rows]

    # ---------------------------------------------------------------- schedules
    async def add_runs(self, runs: list[StoredRun]) -> list[bool]:
        """Record postings of scheduled nights in one transaction; for each, whether it
        was new (False: that posting of that night was recorded already, and stays)."""
        added: list[bool] = []
        async with transaction(self._db) as db:
            for run in runs:
                cursor = await db.execute(
                    "INSERT INTO league_schedule_runs (league_id, starts_at, kind, minutes,"
                    " due_at, outcome, message_id, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (league_id, starts_at, kind, minutes) DO NOTHING",
                    (
                        run.league_id,
                        run.starts_at,
                        run.kind,
                        run.minutes,
                        run.due_at,
                        run.outcome,
                        run.message_id,
                        run.at,
                    ),
                )
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
        return [
            StoredRun(
                r["league_id"],
                r["starts_at"],
                r["kind"],
                r["minutes"],
                r["due_at"],
                r["outcome"],
                r["message_id"],
                r["at"],
            )
            for r in rows
        ]
