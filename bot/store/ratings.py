"""Ratings' rows (migration 0011): a server's seasons, and the cache of its ratings.

The ratings themselves are the ratings service's (bot/ratings): it replays the results
this store already holds, casual matches (`matches`, `player_matches`) and league results
(`league_results`), read by `sources` at one moment, and saves what it computed with the
mark of how far it got. The statements are written once here with `?`; each back end runs
them its way (SQLite below, PostgreSQL in postgres/ratings.py), and the reads of one
statement are shared (`RatingReads`).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from .db import SqliteReads, connection_lock, transaction
from .errors import AlreadyStored
from .queries import Sql, Values, shared
from .reads import Reads
from .records import (
    CasualGame,
    LeagueVersion,
    RatingMark,
    RatingSave,
    RatingSources,
    StoredRating,
    StoredSeason,
)
from .rows import Row

__all__ = [
    "SOURCES",
    "RatingReads",
    "SqliteRatingStore",
    "rating_sources",
    "save_writes",
    "source_reads",
]

_CASUAL_WHERE: Final = "m.guild_id = ? AND m.at >= ?"
_LEAGUE_FROM: Final = (
    "league_results AS r JOIN league_nights AS n ON n.id = r.night_id"
    " JOIN leagues AS g ON g.id = n.league_id WHERE g.guild_id = ? AND r.at >= ?"
)
# What `sources` reads, in order: 1 guild, 2 the season's start; the rows also 3 after.
CASUAL_COUNT: Final = shared(
    f"SELECT COUNT(*) AS n, MAX(m.at) AS seen FROM matches AS m WHERE {_CASUAL_WHERE}"
)
LEAGUE_COUNT: Final = shared(f"SELECT COUNT(*) AS n, MAX(r.at) AS seen FROM {_LEAGUE_FROM}")
# A league table's match is marked (`league`): it counts once, as the table's league result.
CASUAL_ROWS: Final = shared(
    "SELECT m.table_id, m.match_no, m.at, m.winner, m.rules, p.user_id, p.pair, EXISTS (SELECT 1"
    " FROM league_round_tables AS l WHERE l.table_id = m.table_id) AS league FROM matches AS m"
    " LEFT JOIN player_matches AS p ON p.table_id = m.table_id AND p.match_no = m.match_no"
    f" WHERE {_CASUAL_WHERE} AND m.at > ? ORDER BY m.at, m.table_id, m.match_no, p.pair"
)
LEAGUE_ROWS: Final = shared(
    "SELECT r.night_id, r.round_no, r.table_no, r.version, r.result, r.at"
    f" FROM {_LEAGUE_FROM} AND r.at > ?"
    " ORDER BY r.at, r.night_id, r.round_no, r.table_no, r.version"
)
SOURCES: Final = (CASUAL_COUNT, LEAGUE_COUNT, CASUAL_ROWS, LEAGUE_ROWS)


def source_reads(guild_id: int, since: float, after: float) -> list[tuple[Sql, Values]]:
    """`SOURCES` with their parameters: the counts from `since`, the rows also after
    `after`."""
    counts: Values = (guild_id, since)
    rows: Values = (guild_id, since, after)
    return [
        (CASUAL_COUNT, counts),
        (LEAGUE_COUNT, counts),
        (CASUAL_ROWS, rows),
        (LEAGUE_ROWS, rows),
    ]


_RATING_COLUMNS: Final = "user_id, mu, sigma, low, games, at"
SEASON: Final = shared(
    "SELECT season, started_at, actor FROM rating_seasons WHERE guild_id = ?"
    " ORDER BY season DESC LIMIT 1"
)
CURRENT_SEASON: Final = shared(
    "SELECT COALESCE(MAX(season), 1) AS season FROM rating_seasons WHERE guild_id = ?"
)
START_SEASON: Final = shared(
    "INSERT INTO rating_seasons (guild_id, season, started_at, actor) VALUES (?, ?, ?, ?)"
)
MARK: Final = shared(
    "SELECT season, version, casual, league, seen_at FROM rating_marks WHERE guild_id = ?"
)
_BOARD_ORDER: Final = "ORDER BY low DESC, games DESC, user_id"
BOARD: Final = shared(
    f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND season = ?"
    f" {_BOARD_ORDER} LIMIT ? OFFSET ?"
)
EVERY_RATING: Final = shared(
    f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND season = ? {_BOARD_ORDER}"
)
COUNT: Final = shared("SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND season = ?")
# A player's row and how many players the board puts above them (its order, as a count).
PLAYER: Final = shared(
    f"SELECT {_RATING_COLUMNS}, (SELECT COUNT(*) FROM ratings AS o"
    " WHERE o.guild_id = r.guild_id AND o.season = r.season AND (o.low > r.low"
    " OR (o.low = r.low AND (o.games > r.games"
    " OR (o.games = r.games AND o.user_id < r.user_id))))) AS above"
    " FROM ratings AS r WHERE r.guild_id = ? AND r.season = ? AND r.user_id = ?"
)

# The writes of `save`, in order: the mark first (its check decides), then the rows.
INSERT_MARK: Final = shared(
    "INSERT INTO rating_marks (guild_id, season, version, casual, league, seen_at,"
    " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO NOTHING"
)
UPDATE_MARK: Final = shared(
    "UPDATE rating_marks SET season = ?, version = ?, casual = ?, league = ?, seen_at = ?,"
    " updated_at = ? WHERE guild_id = ? AND season = ? AND version = ?"
)
CLEAR_SEASON: Final = shared("DELETE FROM ratings WHERE guild_id = ? AND season = ?")
PUT_RATING: Final = shared(
    f"INSERT INTO ratings (guild_id, season, {_RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, season, user_id) DO UPDATE SET mu = excluded.mu,"
    " sigma = excluded.sigma, low = excluded.low, games = excluded.games, at = excluded.at"
)


def mark_write(save: RatingSave) -> tuple[Sql, Values]:
    """The mark's write: an insert when none was stored, else an update that matches only
    the mark the ratings were computed from (no row changed: someone saved meanwhile)."""
    mark, old = save.mark, save.expected
    if old is None:
        return INSERT_MARK, (
            save.guild_id, mark.season, mark.version, mark.casual, mark.league,
            mark.seen_at, save.at,
        )  # fmt: skip
    return UPDATE_MARK, (
        mark.season, mark.version, mark.casual, mark.league, mark.seen_at, save.at,
        save.guild_id, old.season, old.version,
    )  # fmt: skip


def save_writes(save: RatingSave) -> list[tuple[Sql, list[Values]]]:
    """The writes after the mark's: the season's rows cleared for a replay from the start,
    then each changed player's row (for `executemany`)."""
    writes: list[tuple[Sql, list[Values]]] = []
    guild, season = save.guild_id, save.mark.season
    if save.replace:
        writes.append((CLEAR_SEASON, [(guild, season)]))
    rows = [(guild, season, r.user_id, r.mu, r.sigma, r.low, r.games, r.at) for r in save.ratings]
    if rows:
        writes.append((PUT_RATING, rows))
    return writes


def rating_sources(counts: Sequence[Sequence[Row]], since: float) -> RatingSources:
    """`sources`' four reads (`SOURCES`' results, in order) as one record."""
    casual_count, league_count, casual_rows, league_rows = counts
    seen = [since, *(row["seen"] for row in (*casual_count, *league_count))]
    return RatingSources(
        casual_count=int(casual_count[0]["n"]),
        league_count=int(league_count[0]["n"]),
        seen_at=max(float(at) for at in seen if at is not None),
        casual=_casual_games(casual_rows),
        league=tuple(
            LeagueVersion(
                row["night_id"],
                row["round_no"],
                row["table_no"],
                row["version"],
                json.loads(row["result"]),
                float(row["at"]),
            )  # fmt: skip
            for row in league_rows
        ),
    )


def _casual_games(rows: Sequence[Row]) -> tuple[CasualGame, ...]:
    """One game per match from its rows, one row per human player (or one with no player:
    a match of computers only)."""
    games: dict[tuple[int, int], CasualGame] = {}
    for row in rows:
        key = (row["table_id"], row["match_no"])
        game = games.get(key) or CasualGame(
            key[0], key[1], float(row["at"]), row["winner"], (), bool(row["league"]), row["rules"]
        )
        if row["user_id"] is not None:
            players = (*game.players, (int(row["user_id"]), int(row["pair"])))
            game = replace(game, players=players)
        games[key] = game
    return tuple(games.values())


def _rating(row: Row) -> StoredRating:
    return StoredRating(
        int(row["user_id"]), float(row["mu"]), float(row["sigma"]), float(row["low"]),
        int(row["games"]), float(row["at"]),
    )  # fmt: skip


class RatingReads(Reads):
    """The rating store's reads of one statement each (see `RatingStore`)."""

    async def season(self, guild_id: int) -> StoredSeason | None:
        """The server's latest season started by an organiser; None while it is in its
        first."""
        row = await self._fetch_one(SEASON, guild_id)
        if row is None:
            return None
        return StoredSeason(int(row["season"]), float(row["started_at"]), int(row["actor"]))

    async def mark(self, guild_id: int) -> RatingMark | None:
        """How far the server's cached ratings were computed; None before the first save."""
        row = await self._fetch_one(MARK, guild_id)
        if row is None:
            return None
        return RatingMark(
            int(row["season"]), int(row["version"]), int(row["casual"]), int(row["league"]),
            float(row["seen_at"]),
        )  # fmt: skip

    async def board(
        self, guild_id: int, season: int, limit: int | None = None, offset: int = 0
    ) -> list[StoredRating]:
        """The season's cached ratings, best first (by `low`, then games, then user id);
        a page of them when `limit` is given."""
        if limit is None:
            rows = await self._fetch(EVERY_RATING, guild_id, season)
        else:
            rows = await self._fetch(BOARD, guild_id, season, limit, offset)
        return [_rating(row) for row in rows]

    async def count(self, guild_id: int, season: int) -> int:
        """How many players the season's cached board holds."""
        row = await self._fetch_one(COUNT, guild_id, season)
        return 0 if row is None else int(row["n"])

    async def rating(
        self, guild_id: int, season: int, user_id: int
    ) -> tuple[StoredRating, int] | None:
        """The player's cached rating and how many players the board puts above them;
        None when they have no rated game in the season."""
        row = await self._fetch_one(PLAYER, guild_id, season, user_id)
        return None if row is None else (_rating(row), int(row["above"]))


class SqliteRatingStore(SqliteReads, RatingReads):
    """Ratings' rows in SQLite, on the shared connection; every write one transaction."""

    async def sources(self, guild_id: int, since: float, after: float) -> RatingSources:
        """Counts from `since` and rows after `after`, read under the connection lock so
        no write lands between the reads."""
        async with connection_lock(self._db):
            fetched = [
                list(await self._db.execute_fetchall(sql.sqlite, params))
                for sql, params in source_reads(guild_id, since, after)
            ]
        return rating_sources(fetched, since)

    async def start_season(self, guild_id: int, season: int, at: float, actor: int) -> None:
        """Record the season's start; `AlreadyStored` if it was started already."""
        try:
            async with transaction(self._db) as db:
                await db.execute(START_SEASON.sqlite, (guild_id, season, at, actor))
        except sqlite3.IntegrityError as error:
            raise AlreadyStored(f"season {season} of guild {guild_id}") from error

    async def save(self, save: RatingSave) -> bool:
        """Store the refreshed ratings and their mark in one transaction, if the mark is
        still the one they were computed from and their season the current one; whether
        they were stored."""
        sql, values = mark_write(save)
        async with transaction(self._db) as db:
            current = await db.execute_fetchall(CURRENT_SEASON.sqlite, (save.guild_id,))
            if list(current)[0]["season"] != save.mark.season:
                return False
            if (await db.execute(sql.sqlite, values)).rowcount != 1:
                return False
            for statement, rows in save_writes(save):
                await db.executemany(statement.sqlite, rows)
        return True
