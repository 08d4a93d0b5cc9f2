"""Player statistics: SQL aggregates over player_hands and player_matches.

Those tables already hold each hand and match from each human player's point of view
(written by `TableStore.record`), so every statistic here is a plain SUM or COUNT.
"""

from __future__ import annotations

from typing import Any, Final

import aiosqlite

from .db import connection_lock, scalar
from .records import PlayerStats

__all__ = ["SqliteStatsStore", "players_sql", "standings_sql"]

# SQLite's filter: guild (IS, so DMs with a NULL guild work too), period, computer tables.
_WHERE: Final = (
    "guild_id IS :guild AND (:since IS NULL OR at >= :since)"
    " AND (:computers OR computers = 0) AND (:user IS NULL OR user_id = :user)"
)


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


_STANDINGS: Final = standings_sql(_WHERE, "SUM({})", ":limit", ":offset")

_COUNT: Final = players_sql(_WHERE, "SUM({})") + "SELECT COUNT(*) FROM players"


def _params(
    guild_id: int | None,
    since: float | None,
    include_computers: bool,
    user_id: int | None = None,
    limit: int = -1,
    offset: int = 0,
) -> dict[str, Any]:
    return {
        "guild": guild_id,
        "since": since,
        "computers": int(include_computers),
        "user": user_id,
        "limit": limit,
        "offset": offset,
    }


def _player_stats(row: aiosqlite.Row) -> PlayerStats:
    # sqlite3.Row iterates over values; the column aliases match the field names.
    return PlayerStats(**dict(zip(row.keys(), row, strict=True)))


class SqliteStatsStore:
    """Read-only statistics (SQLite) over the rows `TableStore.record` wrote."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

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
        params = _params(guild_id, since, include_computers, limit=limit, offset=offset)
        async with connection_lock(self._db):
            rows = await self._db.execute_fetchall(_STANDINGS, params)
        return [_player_stats(row) for row in rows]

    async def player(
        self,
        guild_id: int | None,
        user_id: int,
        since: float | None = None,
        include_computers: bool = True,
    ) -> PlayerStats:
        """One player's statistics; all zeros when they have not played."""
        params = _params(guild_id, since, include_computers, user_id=user_id)
        async with connection_lock(self._db):
            rows = list(await self._db.execute_fetchall(_STANDINGS, params))
        return _player_stats(rows[0]) if rows else PlayerStats(user_id=user_id)

    async def count_players(
        self, guild_id: int | None, since: float | None = None, include_computers: bool = True
    ) -> int:
        """How many players `standings` would list without a limit (for paging)."""
        async with connection_lock(self._db):
            count = await scalar(self._db, _COUNT, _params(guild_id, since, include_computers))
        return int(count)
