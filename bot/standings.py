"""The standings service: a guild's leaderboard and one player's statistics, per period.

The read side of what the table service records. Front ends ask this service, never the
store, so they do not depend on how statistics are kept (`bot/store/stats.py` aggregates
them in SQL). A period is one of `PERIODS`, measured back from the moment the front end
gives (for Discord, the interaction's own time). The standings' other board, the ratings,
is bot/ratings; both refuse with a `StandingsError`.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from bot.engine.errors import Refusal
from bot.store import PlayerStats, StatsStore

__all__ = [
    "BOARDS",
    "PERIODS",
    "LeaderboardPage",
    "PlayerStats",
    "StandingsCode",
    "StandingsError",
    "StandingsService",
    "since",
]

# Period name -> its length in days (None: all time), in the order front ends offer them.
PERIODS: Final[dict[str, int | None]] = {"week": 7, "month": 30, "year": 365, "all": None}
# What a leaderboard ranks by: wins over a period (this service), or the season's ratings
# (bot/ratings), in the order front ends offer them.
BOARDS: Final = ("wins", "rating")


def since(period: str, now: dt.datetime) -> float | None:
    """The earliest `at` (epoch seconds) that counts for `period`, None for all time."""
    days = PERIODS[period]
    return None if days is None else (now - dt.timedelta(days=days)).timestamp()


class StandingsCode(StrEnum):
    """Every code a `StandingsError` carries; the values are the keys of their sentences
    (``standings.err.<code>``), so they never change."""

    GUILD_ONLY = "guild_only"  # used outside a server (a DM)
    PERIOD = "period"  # facts: value (the period asked for)
    BOARD = "board"  # facts: value (the board asked for)
    OTHER_GUILD = "other_guild"  # a page button of another server's leaderboard
    NOT_ORGANISER = "not_organiser"  # a new rating season, asked by someone else
    SEASON_CHANGED = "season_changed"  # facts: season (the one now running)
    BAD_ARGUMENT = "bad_argument"  # facts: argument, reason (a caller's bad value: bot/pars)


class StandingsError(Refusal[StandingsCode]):
    """A standings command, button or service call refused: a `StandingsCode` and its
    facts."""


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """One page of a leaderboard; `page` is zero-based and never past the last page."""

    rows: list[PlayerStats]
    players: int  # players on the whole board (every page)
    page: int


class StandingsService:
    """The standings boards the front ends show, read from the statistics store."""

    def __init__(self, stats: StatsStore) -> None:
        self._stats = stats

    async def leaderboard(
        self,
        guild_id: int | None,
        period: str,
        now: dt.datetime,
        *,
        humans_only: bool,
        page: int,
        page_size: int,
    ) -> LeaderboardPage:
        """Page `page` of the guild's leaderboard; past the end (the board shrank since the
        page was shown) it is the last page."""
        start = since(period, now)
        include_computers = not humans_only
        players = await self._stats.count_players(guild_id, start, include_computers)
        page = min(page, max(0, math.ceil(players / page_size) - 1))
        rows = await self._stats.standings(
            guild_id, start, include_computers, limit=page_size, offset=page * page_size
        )
        return LeaderboardPage(rows=rows, players=players, page=page)

    async def player(
        self,
        guild_id: int | None,
        user_id: int,
        period: str,
        now: dt.datetime,
        *,
        humans_only: bool,
    ) -> PlayerStats:
        """One player's statistics over `period`; all zeros when they have not played."""
        start = since(period, now)
        return await self._stats.player(guild_id, user_id, start, not humans_only)
