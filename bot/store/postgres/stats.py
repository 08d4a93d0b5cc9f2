"""Player statistics in PostgreSQL: the same aggregates as bot/store/stats.py."""

from __future__ import annotations

from typing import Any, Final

from ..records import PlayerStats
from ..stats import players_sql, standings_sql
from .db import Pool

__all__ = ["PostgresStatsStore"]

# $1 guild ($1 IS NOT DISTINCT FROM: DMs with a NULL guild work too), $2 since,
# $3 include computer tables, $4 one user; the casts name the types of NULL parameters.
_WHERE: Final = (
    "guild_id IS NOT DISTINCT FROM $1::bigint"
    " AND ($2::double precision IS NULL OR at >= $2)"
    " AND ($3::boolean OR computers = 0) AND ($4::bigint IS NULL OR user_id = $4)"
)
_COUNT_IF: Final = "COUNT(*) FILTER (WHERE {})"
_STANDINGS: Final = standings_sql(_WHERE, _COUNT_IF, "$5::bigint", "$6::bigint")
_COUNT: Final = players_sql(_WHERE, _COUNT_IF) + "SELECT COUNT(*) FROM players"


class PostgresStatsStore:
    """Read-only statistics over the rows `PostgresTableStore.record` wrote."""

    def __init__(self, pool: Pool) -> None:
        self._pool = pool

    async def standings(
        self,
        guild_id: int | None,
        since: float | None = None,
        include_computers: bool = True,
        limit: int = 100,
        offset: int = 0,
    ) -> list[PlayerStats]:
        """One page of the standings, in one statement on the pool."""
        rows = await self._pool.fetch(
            _STANDINGS, guild_id, since, include_computers, None, limit, offset
        )
        return [_player_stats(row) for row in rows]

    async def player(
        self,
        guild_id: int | None,
        user_id: int,
        since: float | None = None,
        include_computers: bool = True,
    ) -> PlayerStats:
        """One player's line of the standings query (a filter on the user), or zeros."""
        row = await self._pool.fetchrow(
            _STANDINGS, guild_id, since, include_computers, user_id, None, 0
        )
        return _player_stats(row) if row is not None else PlayerStats(user_id=user_id)

    async def count_players(
        self, guild_id: int | None, since: float | None = None, include_computers: bool = True
    ) -> int:
        """The players the standings query would list, counted by the server."""
        count = await self._pool.fetchval(_COUNT, guild_id, since, include_computers, None)
        return int(count)


def _player_stats(row: Any) -> PlayerStats:
    return PlayerStats(**dict(row.items()))
