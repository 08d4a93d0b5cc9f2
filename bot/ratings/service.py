"""The ratings service: each server's players rated from their partnership results.

What counts: every finished match of a casual table in the server (a league table's match
counts once, as its league result) and every league table's result in the server's
leagues, its latest version (a voided one counts for nothing), each a game of two pairs
(bot/ratings/rating.py). A season's ratings are `replay` of its games in the order they
were recorded (a league result: when its first version was), so they are a function of
the results the store already holds: finishing a match or entering a result writes
nothing for ratings, and no crash or restart can lose a game or count one twice.

The store keeps the last table computed and its mark: how many results it counted and up
to which moment. A read first brings it up to date (`refresh`): when only new games came,
each recorded after everything counted, they are rated on top of the stored table;
anything else (a league correction, void or restore, a row recorded out of order, a new
season) replays the season from its start. Either way the table is the one a replay from
the start gives.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from bot.checks import Arguments, an_id, whole
from bot.games import preset_game
from bot.league.arguments import an_actor
from bot.league.results import TableResult
from bot.league.service import Actor
from bot.league.settings import LeagueSettings
from bot.ratings.rating import Game, Pair, Rating, league_key, match_key, replay, shown, spread
from bot.standings import PAGE, PAGE_SIZE, StandingsCode, StandingsError, refuse_argument
from bot.store import (
    AlreadyStored,
    CasualGame,
    LeagueVersion,
    RatingMark,
    RatingSave,
    RatingSources,
    Store,
    StoredRating,
)

__all__ = [
    "PlayerRating",
    "RatedPlayer",
    "RatingPage",
    "RatingService",
    "Season",
    "games_of",
]

_EVERYTHING = -1.0  # `after` for a replay from the season's start: every row counts
SEASON_MAX: Final = 2**31 - 1  # a season's number, as the store keeps it
# Refused as the standings refuse (`bad_id`, `bad_argument`): ratings are a standings board.
ARGUMENTS: Final = Arguments(
    {
        "guild_id": an_id,
        "user_id": an_id,
        "page": PAGE,
        "page_size": PAGE_SIZE,
        "actor": an_actor,
        "seen": whole(1, SEASON_MAX),
    },
    refuse_argument,
)
checked = ARGUMENTS.checked  # the decorator of every public method of `RatingService`


@dataclass(frozen=True, slots=True)
class Season:
    """A server's rating season: its number, when it started (0: the first season,
    from the server's first result) and who started it (None: no one)."""

    number: int
    started_at: float
    actor: int | None


@dataclass(frozen=True, slots=True)
class RatedPlayer:
    """A player's line on the ratings board: place, rating and its uncertainty on the
    shown scale (1,500 ± 350 for a newcomer), and the games behind them."""

    user_id: int
    place: int
    rating: int
    spread: int
    games: int


@dataclass(frozen=True, slots=True)
class RatingPage:
    """One page of a season's ratings board; `page` is zero-based, never past the end,
    of `pages` (at least one)."""

    season: Season
    rows: list[RatedPlayer]
    players: int
    page: int
    pages: int


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One player's rating in the current season (None: no rated game in it yet)."""

    season: Season
    player: RatedPlayer | None
    players: int


class RatingService:
    """Ratings per server and season, kept up to date from the stored results."""

    def __init__(self, store: Store, now: Callable[[], float]) -> None:
        """The service on `store`, with the clock that dates a new season."""
        self._store = store
        self._now = now
        self._refreshing: dict[int, asyncio.Lock] = {}

    @checked
    async def season(self, guild_id: int) -> Season:
        """The server's current season."""
        stored = await self._store.ratings.season(guild_id)
        if stored is None:
            return Season(1, 0.0, None)
        return Season(stored.season, stored.started_at, stored.actor)

    @checked
    async def board(self, guild_id: int, page: int, page_size: int) -> RatingPage:
        """Page `page` of the server's ratings board, best first; past the end (the board
        shrank since the page was shown, a new season began) it is the last page."""
        season = await self.refresh(guild_id)
        ratings = self._store.ratings
        players = await ratings.count(guild_id, season.number)
        pages = max(1, math.ceil(players / page_size))
        page = min(page, pages - 1)
        offset = page * page_size
        rows = await ratings.board(guild_id, season.number, page_size, offset)
        lines = [_line(row, offset + i + 1) for i, row in enumerate(rows)]
        return RatingPage(season, lines, players, page, pages)

    @checked
    async def player(self, guild_id: int, user_id: int) -> PlayerRating:
        """The player's rating and place in the server's current season."""
        season = await self.refresh(guild_id)
        ratings = self._store.ratings
        found = await ratings.rating(guild_id, season.number, user_id)
        players = await ratings.count(guild_id, season.number)
        line = None if found is None else _line(found[0], found[1] + 1)
        return PlayerRating(season, line, players)

    @checked
    async def organiser_season(self, guild_id: int, actor: Actor) -> Season:
        """The server's current season, for an organiser about to start the next: one who
        manages the server or organises one of its leagues (`not_organiser` for anyone
        else)."""
        if not await self._organises(guild_id, actor):
            raise StandingsError(StandingsCode.NOT_ORGANISER, user_id=actor.user_id)
        return await self.season(guild_id)

    @checked
    async def new_season(self, guild_id: int, seen: int, actor: Actor) -> Season:
        """Start the server's next season, everyone a newcomer again, for an organiser
        (`organiser_season`) who saw season `seen`: refused (`season_changed`) when
        another season began since. The season that ends keeps its last table in the
        store."""
        await self.organiser_season(guild_id, actor)
        current = await self.refresh(guild_id)
        if current.number != seen:
            raise StandingsError(StandingsCode.SEASON_CHANGED, season=current.number)
        at = self._now()
        try:
            await self._store.ratings.start_season(guild_id, seen + 1, at, actor.user_id)
        except AlreadyStored as error:
            raise StandingsError(StandingsCode.SEASON_CHANGED, season=seen + 1) from error
        return Season(seen + 1, at, actor.user_id)

    async def _organises(self, guild_id: int, actor: Actor) -> bool:
        if actor.manager:
            return True
        for league in await self._store.leagues.leagues(guild_id):
            organisers = LeagueSettings.from_dict(league.settings).organisers
            if organisers.allows(actor.user_id, actor.role_ids):
                return True
        return False

    # ----------------------------------------------------------------- refreshing
    @checked
    async def refresh(self, guild_id: int) -> Season:
        """Bring the server's stored ratings up to date with its results; its season.
        One refresh of a server at a time; a save that finds the store changed by another
        process since its reads is dropped, and the store keeps the newer table."""
        lock = self._refreshing.setdefault(guild_id, asyncio.Lock())
        async with lock:
            season = await self.season(guild_id)
            mark = await self._store.ratings.mark(guild_id)
            save = await self._refreshed(guild_id, season, mark)
            if save is not None:
                await self._store.ratings.save(save)
            return season

    async def _refreshed(
        self, guild_id: int, season: Season, mark: RatingMark | None
    ) -> RatingSave | None:
        """What to save to bring the stored table up to date; None when it is."""
        sources = self._store.ratings.sources
        since = season.started_at
        if mark is not None and mark.season == season.number:
            found = await sources(guild_id, since, mark.seen_at)
            if (found.casual_count, found.league_count) == (mark.casual, mark.league):
                return None
            if _only_new(mark, found):
                stored = await self._store.ratings.board(guild_id, season.number)
                before = {row.user_id: _rating(row) for row in stored}
                games = games_of(found)
                after = replay(games, before)
                changed = {user for game in games for user in game.humans}
                rows = [after[user] for user in sorted(changed)]
                return _save(guild_id, season, mark, found, rows, replace=False, at=self._now())
        found = await sources(guild_id, since, _EVERYTHING)
        table = await asyncio.to_thread(replay, games_of(found))
        rows = [table[user] for user in sorted(table)]
        return _save(guild_id, season, mark, found, rows, replace=True, at=self._now())


def _only_new(mark: RatingMark, found: RatingSources) -> bool:
    """Whether the rows after the mark are all the rows that came since it, and each is a
    new game (no later version of a counted league result): then rating them on top of
    the stored table gives what a replay from the start would."""
    return (
        mark.casual + len(found.casual) == found.casual_count
        and mark.league + len(found.league) == found.league_count
        and all(version.version == 1 for version in found.league)
    )


def _save(
    guild_id: int,
    season: Season,
    mark: RatingMark | None,
    found: RatingSources,
    ratings: Iterable[Rating],
    *,
    replace: bool,
    at: float,
) -> RatingSave:
    new_mark = RatingMark(
        season.number,
        1 if mark is None else mark.version + 1,
        found.casual_count,
        found.league_count,
        found.seen_at,
    )
    rows = tuple(StoredRating(r.user_id, r.mu, r.sigma, r.low, r.games, r.at) for r in ratings)
    return RatingSave(guild_id, new_mark, mark, rows, replace, at)


def _rating(row: StoredRating) -> Rating:
    return Rating(row.user_id, row.mu, row.sigma, row.games, row.at)


def _line(row: StoredRating, place: int) -> RatedPlayer:
    return RatedPlayer(row.user_id, place, shown(row.mu), spread(row.sigma), row.games)


# --------------------------------------------------------------------- games
def games_of(sources: RatingSources) -> list[Game]:
    """The games in `sources`, in the order they count: by when they were recorded (a
    league result by its first version, which must be among the rows: one recorded before
    them belongs to an earlier season), then by key."""
    games = [game for match in sources.casual if (game := _casual(match)) is not None]
    versions: dict[str, list[LeagueVersion]] = {}
    for version in sources.league:
        key = league_key(version.night_id, version.round_no, version.table_no)
        versions.setdefault(key, []).append(version)
    for key, kept in versions.items():
        first = min(kept, key=lambda v: v.version)
        if first.version == 1 and (game := _league(key, first.at, kept)) is not None:
            games.append(game)
    return sorted(games, key=lambda game: (game.at, game.key))


def _casual(match: CasualGame) -> Game | None:
    """A casual match as a game; seats no human sat in were computers. None for a league
    table's match (it counts as the table's league result) and for a match of another game
    than four-player Klaverjas: a rating is a partnership's (docs/decisions.md, "Games
    across the features")."""
    if match.league or preset_game(match.rules) is not None:
        return None
    pairs: list[list[int | None]] = [[], []]
    for user, pair in match.players:
        pairs[pair].append(user)
    if any(len(pair) > 2 for pair in pairs):
        return None
    seats = [(*pair, None, None)[:2] for pair in pairs]
    return Game(match_key(match.table_id, match.match_no), match.at, _pairs(seats), match.winner)


def _league(key: str, at: float, versions: list[LeagueVersion]) -> Game | None:
    """A league table's result as a game, at the moment of its first version, from its
    latest version; None when that is void, or a table of three's (a game of two pairs
    rates pairs: docs/decisions.md, "Leagues")."""
    latest = TableResult.from_dict(max(versions, key=lambda v: v.version).result)
    if latest.void or latest.three:
        return None
    s = latest.seats
    first, second = latest.totals
    winner = None if first == second else (0 if first > second else 1)
    return Game(key, at, ((s[0], s[2]), (s[1], s[3])), winner)


def _pairs(seats: list[tuple[int | None, ...]]) -> tuple[Pair, Pair]:
    first, second = seats
    return (first[0], first[1]), (second[0], second[1])
