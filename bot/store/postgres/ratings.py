"""Ratings' rows in PostgreSQL: the same rows and statements as bot/store/ratings.py."""

from __future__ import annotations

import asyncpg

from ..errors import AlreadyStored
from ..ratings import (
    CURRENT_SEASON,
    START_SEASON,
    RatingReads,
    mark_write,
    rating_sources,
    save_writes,
    source_reads,
)
from ..records import RatingSave, RatingSources
from .db import PostgresReads, transaction

__all__ = ["PostgresRatingStore"]


class _Refused(Exception):
    """Rolls a save back: its mark was not the stored one (or its season is over)."""


class PostgresRatingStore(PostgresReads, RatingReads):
    """Ratings' rows in PostgreSQL; every write one transaction."""

    async def sources(self, guild_id: int, since: float, after: float) -> RatingSources:
        """Counts from `since` and rows after `after`, read in one read-only snapshot
        (repeatable read), so no write lands between the reads."""
        async with (
            self._pool.acquire() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            fetched = [
                await conn.fetch(sql.postgres, *params)
                for sql, params in source_reads(guild_id, since, after)
            ]
        return rating_sources(fetched, since)

    async def start_season(self, guild_id: int, season: int, at: float, actor: int) -> None:
        """Record the season's start; `AlreadyStored` if it was started already."""
        try:
            await self._pool.execute(START_SEASON.postgres, guild_id, season, at, actor)
        except asyncpg.UniqueViolationError as error:
            raise AlreadyStored(f"season {season} of guild {guild_id}") from error

    async def save(self, save: RatingSave) -> bool:
        """Store the refreshed ratings and their mark in one transaction, if the mark is
        still the one they were computed from and their season the current one; whether
        they were stored (a refused save is rolled back whole)."""
        sql, values = mark_write(save)
        try:
            async with transaction(self._pool) as conn:
                current = await conn.fetchval(CURRENT_SEASON.postgres, save.guild_id)
                if current != save.mark.season:
                    raise _Refused
                status = await conn.execute(sql.postgres, *values)
                if not status.endswith(" 1"):  # "INSERT 0 1", "UPDATE 1"
                    raise _Refused
                for statement, rows in save_writes(save):
                    await conn.executemany(statement.postgres, rows)
        except _Refused:
            return False
        return True
