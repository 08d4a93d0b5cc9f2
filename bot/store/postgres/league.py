"""Leagues and nights in PostgreSQL (see bot/store/league.py for what each call promises).

SQLite runs one writer at a time; here transactions run side by side, so a write that
numbers the next row (night, check-in, result version) first locks the row it numbers
under (`FOR UPDATE` on the league or the night): two such writes then take turns, as
they do on SQLite, instead of colliding on the same number.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import asyncpg

from .. import queries as q
from ..errors import AlreadyStored, NightBusy, StoreError
from ..records import (
    CheckinMessage,
    NightRows,
    StoredAudit,
    StoredLeague,
    StoredNight,
    StoredResult,
    StoredRun,
)
from ..rows import (
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
from .db import Conn, Pool, transaction

__all__ = ["PostgresLeagueStore"]


async def _lock(conn: Conn, table: str, row_id: int) -> None:
    await conn.execute(f"SELECT FROM {table} WHERE id = $1 FOR UPDATE", row_id)


class PostgresLeagueStore:
    """Reads and writes of leagues and nights in PostgreSQL; every write is one transaction."""

    def __init__(self, pool: Pool) -> None:
        self._pool = pool

    # ------------------------------------------------------------------ leagues
    async def create_league(
        self, guild_id: int | None, name: str, settings: Mapping[str, Any], at: float
    ) -> int:
        try:
            league_id = await self._pool.fetchval(
                "INSERT INTO leagues (guild_id, name, settings, created_at, updated_at)"
                " VALUES ($1, $2, $3, $4, $4) RETURNING id",
                guild_id,
                name,
                dump_json(settings),
                at,
            )
        except asyncpg.UniqueViolationError as error:
            raise StoreError(f"a league named {name!r} exists") from error
        return int(league_id)

    async def update_settings(self, league_id: int, settings: Mapping[str, Any], at: float) -> None:
        await self._pool.execute(q.UPDATE_SETTINGS.postgres, dump_json(settings), at, league_id)

    async def league(self, league_id: int) -> StoredLeague | None:
        row = await self._pool.fetchrow(q.LEAGUE.postgres, league_id)
        return stored_league(row) if row is not None else None

    async def leagues(self, guild_id: int | None) -> list[StoredLeague]:
        rows = await self._pool.fetch(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues"
            " WHERE guild_id IS NOT DISTINCT FROM $1::bigint ORDER BY name",
            guild_id,
        )
        return [stored_league(row) for row in rows]

    async def all_leagues(self) -> list[StoredLeague]:
        rows = await self._pool.fetch(q.ALL_LEAGUES.postgres)
        return [stored_league(row) for row in rows]

    # ------------------------------------------------------------------- nights
    async def open_night(self, league_id: int, seed: str, at: float) -> StoredNight:
        try:
            async with transaction(self._pool) as conn:
                await _lock(conn, "leagues", league_id)
                row = await conn.fetchrow(
                    "INSERT INTO league_nights (league_id, number, seed, status, opened_at)"
                    " SELECT $1, COALESCE(MAX(number), 0) + 1, $2, 'checkin', $3"
                    " FROM league_nights WHERE league_id = $1 RETURNING id, number",
                    league_id,
                    seed,
                    at,
                )
        except asyncpg.UniqueViolationError as error:
            raise NightBusy(league_id) from error
        assert row is not None
        return StoredNight(row["id"], league_id, row["number"], seed, "checkin", at, None)

    async def set_status(self, night_id: int, status: str, at: float) -> None:
        closed = at if status == "closed" else None
        await self._pool.execute(q.SET_STATUS.postgres, status, closed, night_id)

    async def set_checkin_message(self, night_id: int, message: CheckinMessage, at: float) -> None:
        await self._pool.execute(
            q.SET_CHECKIN_MESSAGE.postgres,
            night_id,
            message.channel_id,
            message.message_id,
            message.drawn,
            at,
        )

    async def checkin_message(self, night_id: int) -> CheckinMessage | None:
        row = await self._pool.fetchrow(q.CHECKIN_MESSAGE.postgres, night_id)
        return CheckinMessage(*row) if row is not None else None

    async def night(self, night_id: int) -> StoredNight | None:
        row = await self._pool.fetchrow(q.NIGHT.postgres, night_id)
        return stored_night(row) if row is not None else None

    async def nights(self, league_id: int) -> list[StoredNight]:
        rows = await self._pool.fetch(q.NIGHTS.postgres, league_id)
        return [stored_night(row) for row in rows]

    async def open_nights(self) -> list[StoredNight]:
        rows = await self._pool.fetch(q.OPEN_NIGHTS.postgres)
        return [stored_night(row) for row in rows]

    # --------------------------------------------------------------- attendance
    async def add_attendance(self, night_id: int, event: Mapping[str, Any], at: float) -> None:
        async with transaction(self._pool) as conn:
            await _lock(conn, "league_nights", night_id)
            await conn.execute(
                "INSERT INTO league_attendance (night_id, seq, user_id, kind, rounds_drawn,"
                " partner_id, at) SELECT $1, COALESCE(MAX(seq), 0) + 1, $2, $3, $4, $5, $6"
                " FROM league_attendance WHERE night_id = $1",
                night_id,
                event["user_id"],
                event["kind"],
                event["rounds_drawn"],
                event.get("partner_id"),
                at,
            )

    async def attendance(self, night_id: int) -> list[dict[str, Any]]:
        rows = await self._pool.fetch(q.ATTENDANCE.postgres, night_id)
        return [dict(row.items()) for row in rows]

    # ------------------------------------------------------------------- rounds
    async def add_round(
        self, night_id: int, number: int, draw: Mapping[str, Any], dealt: bool, at: float
    ) -> None:
        try:
            async with transaction(self._pool) as conn:
                await conn.execute(
                    q.INSERT_ROUND.postgres, night_id, number, dump_json(draw), int(dealt), at
                )
                await conn.execute(q.SET_RUNNING.postgres, night_id)
        except asyncpg.UniqueViolationError as error:  # another start drew it first
            raise AlreadyStored(f"night {night_id} has a round {number} already") from error

    async def rounds(self, night_id: int) -> list[dict[str, Any]]:
        rows = await self._pool.fetch(q.ROUNDS.postgres, night_id)
        return [json.loads(row["draw"]) for row in rows]

    async def dealt_rounds(self, night_id: int) -> set[int]:
        rows = await self._pool.fetch(
            "SELECT number FROM league_rounds WHERE night_id = $1 AND dealt <> 0", night_id
        )
        return {row["number"] for row in rows}

    async def link_table(
        self, night_id: int, round_no: int, table_no: int, table_id: int, at: float
    ) -> None:
        await self._pool.execute(q.LINK_TABLE.postgres, night_id, round_no, table_no, table_id, at)

    async def round_tables(self, night_id: int) -> dict[tuple[int, int], int]:
        rows = await self._pool.fetch(q.ROUND_TABLES.postgres, night_id)
        return {(row["round_no"], row["table_no"]): row["table_id"] for row in rows}

    async def table_round(self, table_id: int) -> tuple[int, int, int] | None:
        row = await self._pool.fetchrow(q.TABLE_ROUND.postgres, table_id)
        return (row[0], row[1], row[2]) if row is not None else None

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
        async with transaction(self._pool) as conn:
            await _lock(conn, "league_nights", night_id)
            version = await conn.fetchval(
                "INSERT INTO league_results (night_id, round_no, table_no, version, result,"
                " actor, at) SELECT $1, $2, $3, COALESCE(MAX(version), 0) + 1, $4, $5, $6"
                " FROM league_results WHERE night_id = $1 AND round_no = $2 AND table_no = $3"
                " RETURNING version",
                night_id,
                round_no,
                table_no,
                dump_json(result),
                actor,
                at,
            )
            if audit is not None:
                await conn.execute(q.INSERT_AUDIT.postgres, *audit_values(audit))
        return int(version)

    async def results(self, night_id: int) -> list[StoredResult]:
        rows = await self._pool.fetch(q.RESULTS.postgres, night_id)
        return [stored_result(r) for r in rows]

    # -------------------------------------------------------------- adjustments
    async def add_adjustment(
        self, night_id: int, adjustment: Mapping[str, Any], audit: StoredAudit
    ) -> None:
        async with transaction(self._pool) as conn:
            await conn.execute(
                q.INSERT_ADJUSTMENT.postgres,
                night_id,
                adjustment["user_id"],
                adjustment["points"],
                adjustment["reason"],
                audit.actor,
                audit.at,
            )
            await conn.execute(q.INSERT_AUDIT.postgres, *audit_values(audit))

    async def adjustments(self, night_id: int) -> list[dict[str, Any]]:
        rows = await self._pool.fetch(q.ADJUSTMENTS.postgres, night_id)
        return [dict(row.items()) for row in rows]

    async def audit(self, night_id: int) -> list[StoredAudit]:
        rows = await self._pool.fetch(q.AUDIT.postgres, night_id)
        return [stored_audit(row) for row in rows]

    # ---------------------------------------------------------------- schedules
    async def add_runs(self, runs: list[StoredRun]) -> list[bool]:
        added: list[bool] = []
        async with transaction(self._pool) as conn:
            for run in runs:
                status = await conn.execute(q.INSERT_RUN.postgres, *run_values(run))
                added.append(status.endswith(" 1"))
        return added

    async def runs(self, league_id: int, starts_at: list[int] | None = None) -> list[StoredRun]:
        rows = await self._pool.fetch(
            "SELECT * FROM league_schedule_runs WHERE league_id = $1"
            " AND ($2::bigint[] IS NULL OR starts_at = ANY($2::bigint[]))"
            " ORDER BY starts_at, due_at, kind",
            league_id,
            starts_at,
        )
        return [stored_run(row) for row in rows]

    # ------------------------------------------------------------- a whole night
    async def night_rows(self, night_id: int) -> NightRows | None:
        """The night and everything it produced, read in one read-only snapshot (repeatable
        read), so no write lands between its reads; None when there is no such night."""
        async with (
            self._pool.acquire() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            fetched = [await conn.fetch(query.postgres, night_id) for query in q.NIGHT_ROWS]
        return night_rows(*fetched)

    async def add_audit(self, audit: StoredAudit) -> None:
        """Append an audit entry that changes no result (a confirmation)."""
        async with transaction(self._pool) as conn:
            await conn.execute(q.INSERT_AUDIT.postgres, *audit_values(audit))
