"""Player statistics: SQL aggregates over player_hands and player_matches.

Those tables already hold each hand and match from each human player's point of view
(written by `TableStore.record`), so every statistic here is a plain SUM or COUNT. The
query is written once and put in each back end's words here; `StatsReads` runs it on
either back end.
"""

from __future__ import annotations

from typing import Final

from .db import SqliteReads
from .queries import Sql
from .reads import Reads
from .records import PlayerStats
from .rows import player_stats

__all__ = ["SqliteStatsStore", "StatsReads", "players_sql", "standings_sql"]

# The filter, in each back end's words: 1 guild (a NULL guild, for direct messages,
# matches too), 2 since, 3 include computer tables, 4 one user; PostgreSQL's casts name the
# types of NULL parameters.
_SQLITE_WHERE: Final = (
    "guild_id IS ?1 AND (?2 IS NULL OR at >= ?2)"
    " AND (?3 OR computers = 0) AND (?4 IS NULL OR user_id = ?4)"
)
_POSTGRES_WHERE: Final = (
    "guild_id IS NOT DISTINCT FROM $1::bigint"
    " AND ($2::double precision IS NULL OR at >= $2)"
    " AND ($3::boolean OR computers = 0) AND ($4::bigint IS NULL OR user_id = $4)"
)
_SQLITE_COUNT_IF: Final = "SUM({})"
_POSTGRES_COUNT_IF: Final = "COUNT(*) FILTER (WHERE {})"


def players_sql(where: str, count_if: str) -> str:
    """The per-player aggregates both back ends share; `where` filters the rows, and
    `count_if` counts the rows where a condition holds (`{}` marks the condition)."""
    wins, draws, losses = (count_if.format(f"result = '{r}'") for r in ("win", "draw", "loss"))
    return f"""
WITH h AS (
    SELECT user_id, COUNT(*) AS hands, SUM(points) AS points, SUM(maker) AS hands_as_maker,
           SUM(chose) AS chose_trump, SUM(nat) AS nat, SUM(pit) AS pits, SUM(roem) AS roem
    FROM player_hands WHERE {where} GROUP BY user_id
), m AS (
    SELECT user_id, COUNT(*) AS matches, {wins} AS wins,
           {draws} AS draws, {losses} AS losses,
           SUM(computers) AS matches_with_computers
    FROM player_matches WHERE {where} GROUP BY user_id
), players AS (
    SELECT user_id FROM h UNION SELECT user_id FROM m
)
"""


def standings_sql(where: str, count_if: str, limit: str, offset: str) -> str:
    """The standings query over `players_sql`, paged by the `limit` and `offset` markers."""
    return (
        players_sql(where, count_if)
        + f"""
SELECT p.user_id,
       COALESCE(m.matches, 0) AS matches, COALESCE(m.wins, 0) AS wins,
       COALESCE(m.draws, 0) AS draws, COALESCE(m.losses, 0) AS losses,
       COALESCE(h.hands, 0) AS hands, COALESCE(h.points, 0) AS points,
       COALESCE(h.hands_as_maker, 0) AS hands_as_maker,
       COALESCE(h.chose_trump, 0) AS chose_trump, COALESCE(h.nat, 0) AS nat,
       COALESCE(h.pits, 0) AS pits, COALESCE(h.roem, 0) AS roem,
       COALESCE(m.matches_with_computers, 0) AS matches_with_computers
FROM players AS p
LEFT JOIN h ON h.user_id = p.user_id
LEFT JOIN m ON m.user_id = p.user_id
ORDER BY wins DESC,
         CASE WHEN COALESCE(h.hands, 0) > 0
              THEN CAST(h.points AS DOUBLE PRECISION) / h.hands ELSE 0 END DESC,
         p.user_id
LIMIT {limit} OFFSET {offset}
"""
    )


# 5 the page's size (NULL: every player; SQLite's LIMIT takes -1 for that), 6 its offset.
_STANDINGS: Final = Sql(
    standings_sql(_SQLITE_WHERE, _SQLITE_COUNT_IF, "COALESCE(?5, -1)", "?6"),
    standings_sql(_POSTGRES_WHERE, _POSTGRES_COUNT_IF, "$5::bigint", "$6::bigint"),
)
_COUNT: Final = Sql(
    players_sql(_SQLITE_WHERE, _SQLITE_COUNT_IF) + "SELECT COUNT(*) AS players FROM players",
    players_sql(_POSTGRES_WHERE, _POSTGRES_COUNT_IF) + "SELECT COUNT(*) AS players FROM players",
)


class StatsReads(Reads):
    """The statistics store, the same on both back ends: one statement a call."""

    async def standings(
        self,
        guild_id: int | None,
        since: float | None = None,
        include_computers: bool = True,
        limit: int = 100,
        offset: int = 0,
    ) -> list[PlayerStats]:
        """The guild's players by wins, then points per hand (then user id, for a stable
        page order). Without computers only matches and hands with four humans count."""
        rows = await self._fetch(
            _STANDINGS, guild_id, since, include_computers, None, limit, offset
        )
        return [player_stats(row) for row in rows]

    async def player(
        self,
        guild_id: int | None,
        user_id: int,
        since: float | None = None,
        include_computers: bool = True,
    ) -> PlayerStats:
        """One player's line of the standings; all zeros when they have not played."""
        row = await self._fetch_one(
            _STANDINGS, guild_id, since, include_computers, user_id, None, 0
        )
        return player_stats(row) if row is not None else PlayerStats(user_id=user_id)

    async def count_players(
        self, guild_id: int | None, since: float | None = None, include_computers: bool = True
    ) -> int:
        """How many players `standings` would list without a limit (for paging)."""
        row = await self._fetch_one(_COUNT, guild_id, since, include_computers, None)
        assert row is not None  # COUNT(*) always gives a row
        return int(row["players"])


class SqliteStatsStore(SqliteReads, StatsReads):
    """Read-only statistics (SQLite) over the rows `TableStore.record` wrote."""
