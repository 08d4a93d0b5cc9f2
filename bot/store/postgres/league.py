"""Leagues and nights in PostgreSQL (bot/store/interface.py says what each call promises;
the reads of one statement are shared, in bot/store/reads.py).

SQLite runs one writer at a time; here transactions run side by side, so a write that
numbers the next row (night, check-in, result version) first locks the row it numbers
under (`FOR UPDATE` on the league or the night): two such writes then take turns, as
they do on SQLite, instead of colliding on the same number.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import asyncpg

from .. import queries as q
from ..errors import AlreadyStored, NightBusy, StoreError
from ..reads import LeagueReads
from ..records import (
    CheckinMessage,
    NewResult,
    NightRows,
    PostedMessage,
    StoredAudit,
    StoredNight,
    StoredRun,
)
from ..rows import (
    attendance_values,
    audit_values,
    dump_json,
    night_rows,
    run_values,
    stored_run,
)
from .db import Conn, PostgresReads, transaction

__all__ = ["PostgresLeagueStore"]


async def _lock(conn: Conn, table: str, row_id: int) -> None:
    await conn.execute(f"SELECT FROM {table} WHERE id = $1 FOR UPDATE", row_id)


class PostgresLeagueStore(PostgresReads, LeagueReads):
    """Reads and writes of leagues and nights in PostgreSQL; every write is one transaction."""

    # ------------------------------------------------------------------ leagues
    async def create_league(
        self, guild_id: int | None, name: str, settings: Mapping[str, Any], at: float
    ) -> int:
        """Insert the league in one statement; the unique name index refuses a second of a name."""
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
        """Replace the settings in one autocommit statement."""
        await self._pool.execute(q.UPDATE_SETTINGS.postgres, dump_json(settings), at, league_id)

    # ------------------------------------------------------------------- nights
    async def open_night(self, league_id: int, seed: str, at: float) -> StoredNight:
        """Number and insert the night under a lock on the league row, so two openings take
        turns; the one-open-night index refuses a second."""
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
        """Set the status (and the closing time, when closed) in one autocommit statement."""
        closed = at if status == "closed" else None
        await self._pool.execute(q.SET_STATUS.postgres, status, closed, night_id)

    async def set_checkin_message(self, night_id: int, message: CheckinMessage, at: float) -> None:
        """Upsert the night's check-in message in one autocommit statement."""
        await self._pool.execute(
            q.SET_CHECKIN_MESSAGE.postgres,
            night_id,
            message.channel_id,
            message.message_id,
            message.drawn,
            at,
        )

    async def set_night_message(
        self, night_id: int, kind: str, message: PostedMessage, at: float
    ) -> None:
        """Upsert the night's message of `kind` in one autocommit statement."""
        await self._pool.execute(
            q.SET_NIGHT_MESSAGE.postgres,
            night_id,
            kind,
            message.channel_id,
            message.message_id,
            at,
        )

    # --------------------------------------------------------------- attendance
    async def add_attendance(self, night_id: int, event: Mapping[str, Any], at: float) -> None:
        """Number and append the event under a lock on the night row, so two check-ins
        take turns."""
        async with transaction(self._pool) as conn:
            await _lock(conn, "league_nights", night_id)
            await conn.execute(
                "INSERT INTO league_attendance (night_id, seq, user_id, kind, rounds_drawn,"
                " partner_id, at) SELECT $1, COALESCE(MAX(seq), 0) + 1, $2, $3, $4, $5, $6"
                " FROM league_attendance WHERE night_id = $1",
                night_id,
                *attendance_values(event),
                at,
            )

    # ------------------------------------------------------------------- rounds
    async def add_round(
        self, night_id: int, number: int, draw: Mapping[str, Any], dealt: bool, at: float
    ) -> None:
        """The round and the night's running status in one transaction; the unique index
        refuses a round drawn twice."""
        try:
            async with transaction(self._pool) as conn:
                await conn.execute(
                    q.INSERT_ROUND.postgres, night_id, number, dump_json(draw), int(dealt), at
                )
                await conn.execute(q.SET_RUNNING.postgres, night_id)
        except asyncpg.UniqueViolationError as error:  # another start drew it first
            raise AlreadyStored(f"night {night_id} has a round {number} already") from error

    async def link_table(
        self, night_id: int, round_no: int, table_no: int, table_id: int, at: float
    ) -> None:
        """Store the link in one autocommit statement."""
        await self._pool.execute(q.LINK_TABLE.postgres, night_id, round_no, table_no, table_id, at)

    # ------------------------------------------------------------------ results
    async def add_result(self, new: NewResult) -> int:
        """Number and insert the version under a lock on the night row, with its audit
        entry, in one transaction."""
        async with transaction(self._pool) as conn:
            await _lock(conn, "league_nights", new.night_id)
            version = await conn.fetchval(
                "INSERT INTO league_results (night_id, round_no, table_no, version, result,"
                " actor, at) SELECT $1, $2, $3, COALESCE(MAX(version), 0) + 1, $4, $5, $6"
                " FROM league_results WHERE night_id = $1 AND round_no = $2 AND table_no = $3"
                " RETURNING version",
                new.night_id,
                new.round_no,
                new.table_no,
                dump_json(new.result),
                new.actor,
                new.at,
            )
            if new.audit is not None:
                await conn.execute(q.INSERT_AUDIT.postgres, *audit_values(new.audit))
        return int(version)

    # -------------------------------------------------------------- adjustments
    async def add_adjustment(
        self, night_id: int, adjustment: Mapping[str, Any], audit: StoredAudit
    ) -> None:
        """The adjustment and its audit entry in one transaction."""
        async with transaction(self._pool) as conn:
            for sql, values in q.adjustment_writes(night_id, adjustment, audit):
                await conn.execute(sql.postgres, *values)

    # ---------------------------------------------------------------- schedules
    async def add_runs(self, runs: list[StoredRun]) -> list[bool]:
        """Insert the postings in one transaction; a posting recorded already is left as it is."""
        added: list[bool] = []
        async with transaction(self._pool) as conn:
            for run in runs:
                status = await conn.execute(q.INSERT_RUN.postgres, *run_values(run))
                added.append(status.endswith(" 1"))
        return added

    async def runs(self, league_id: int, starts_at: list[int] | None = None) -> list[StoredRun]:
        """The league's postings, the nights chosen by one array parameter (NULL: all)."""
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
