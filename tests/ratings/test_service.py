"""The ratings service on each back end: results move ratings the way the model says,
computers count as fixed seats, league results count (and their corrections replay the
season), nothing is lost or counted twice across restarts, and a new season starts only
for an organiser, leaving everything as it was when refused."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path

import pytest

from bot.league.service import Actor, LeagueService
from bot.ratings import RatingService
from bot.ratings.rating import Game, league_key, shown, spread
from bot.standings import StandingsError
from bot.store import RatingSave, Store, open_store
from tests.backends import execute, fetch
from tests.games import OTHER_GAME_PRESETS
from tests.ratings.kit import (
    LEAGUE,
    ORGANISER,
    PAIR_0_WINS,
    casual,
    expected,
    league_night,
    record_match,
)

GUILD = 42
A, B, C, D, E, F = 1, 2, 3, 4, 5, 6
Opened = tuple[Store, RatingService]
Opener = Callable[[], AbstractAsyncContextManager[Opened]]


@pytest.fixture
def reopen(database: str | Path) -> Opener:
    """`async with reopen() as (store, ratings)`: a fresh store and service on the same
    database, as after a restart; one clock for all of them."""
    clock = itertools.count(10_000)

    @asynccontextmanager
    async def opened() -> AsyncIterator[Opened]:
        store = await open_store(database)
        try:
            yield store, RatingService(store, lambda: float(next(clock)))
        finally:
            await store.close()

    return opened


async def board_of(ratings: RatingService, guild: int = GUILD) -> dict[int, tuple[int, int, int]]:
    """user -> (rating, ±, games) as the board shows them, all on one page."""
    page = await ratings.board(guild, 0, 100)
    return {row.user_id: (row.rating, row.spread, row.games) for row in page.rows}


def shown_of(games: list[Game]) -> dict[int, tuple[int, int, int]]:
    return {u: (shown(r.mu), spread(r.sigma), r.games) for u, r in expected(games).items()}


async def test_a_win_moves_the_winners_up_and_the_losers_down(reopen: Opener) -> None:
    async with reopen() as (store, ratings):
        table = await record_match(store, GUILD, [A, B, C, D], at=100.0, winner=0)
        board = await board_of(ratings)
        page = await ratings.board(GUILD, 0, 10)
    assert board == shown_of([casual(table, [A, B, C, D], 100.0, 0)])
    assert board[A][0] == board[C][0] > 1500 > board[B][0] == board[D][0]
    assert all(games == 1 and plus_minus < 350 for _, plus_minus, games in board.values())
    assert [row.place for row in page.rows] == [1, 2, 3, 4]
    assert {row.user_id for row in page.rows[:2]} == {A, C}
    assert page.season.number == 1 and page.players == 4


async def test_computers_are_fixed_seats_that_move_a_rating_less(reopen: Opener) -> None:
    async with reopen() as (store, ratings):
        people = await record_match(store, GUILD, [A, B, C, D], at=100.0, winner=0)
        half = await record_match(store, GUILD, [E, None, F, None], at=101.0, winner=0)
        solo = await record_match(store, GUILD + 1, [E, None, None, None], at=102.0, winner=0)
        none = await record_match(store, GUILD, [None, None, None, None], at=103.0)
        board = await board_of(ratings)
        other = await board_of(ratings, GUILD + 1)
    games = [casual(people, [A, B, C, D], 100.0, 0), casual(half, [E, None, F, None], 101.0, 0)]
    assert board == shown_of(games)  # no computer on the board; `none` counted for no one
    assert 1500 < board[E][0] < board[A][0]
    assert other == shown_of([casual(solo, [E, None, None, None], 102.0, 0)])
    assert 1500 < other[E][0] < board[E][0]
    assert none > solo


@pytest.mark.parametrize("name", OTHER_GAME_PRESETS)
async def test_a_match_of_another_game_is_not_rated(reopen: Opener, name: str) -> None:
    """A rating is a partnership's: a match of another game than four-player Klaverjas
    (its row names its preset) counts for no one, whatever its seats hold."""
    async with reopen() as (store, ratings):
        four = await record_match(store, GUILD, [A, B, C, D], at=100.0, winner=0)
        await record_match(store, GUILD, [A, B, C, D], at=101.0, winner=1, rules=name)
        board = await board_of(ratings)
    assert board == shown_of([casual(four, [A, B, C, D], 100.0, 0)])


async def test_ratings_survive_restarts_and_count_every_game_once(reopen: Opener) -> None:
    games = []
    async with reopen() as (store, ratings):
        for n, seats in enumerate([[A, B, C, D], [A, C, B, D], [A, D, B, None]]):
            table = await record_match(store, GUILD, seats, at=100.0 + n, winner=n % 2)
            games.append(casual(table, seats, 100.0 + n, n % 2))
        first = await board_of(ratings)
        assert await board_of(ratings) == first  # a read again counts nothing again
    # A match finished while nobody read the board, then the process stopped: the result
    # is in the store, and the next read rates it.
    async with reopen() as (store, ratings):
        table = await record_match(store, GUILD, [B, C, D, E], at=110.0, winner=None)
        games.append(casual(table, [B, C, D, E], 110.0, None))
    async with reopen() as (store, ratings):
        assert await board_of(ratings) == shown_of(games)
        mark = await store.ratings.mark(GUILD)
        assert mark is not None and (mark.casual, mark.league, mark.season) == (4, 0, 1)
        # A cache written by no one (or lost) is never trusted over the results: with the
        # mark gone the season is replayed from its start, to the same table.
        await execute(store, "DELETE FROM rating_marks")
        assert await board_of(ratings) == shown_of(games)
        assert (await store.ratings.mark(GUILD)) is not None


async def test_new_games_are_rated_on_top_of_the_stored_table(reopen: Opener) -> None:
    games = []
    async with reopen() as (store, ratings):
        for n in range(6):
            seats = [[A, B, C, D], [E, F, A, B], [C, E, D, F]][n % 3]
            table = await record_match(store, GUILD, seats, at=200.0 + n, winner=(n * 7) % 2)
            games.append(casual(table, seats, 200.0 + n, (n * 7) % 2))
            assert await board_of(ratings) == shown_of(games)
        before = await store.ratings.mark(GUILD)
        rows = await fetch(store, "SELECT user_id, games FROM ratings ORDER BY user_id")
    assert before is not None and before.version == 6  # one save a read with news
    assert rows == [(A, 4), (B, 4), (C, 4), (D, 4), (E, 4), (F, 4)]


async def test_a_save_computed_from_an_older_mark_is_refused(reopen: Opener) -> None:
    async with reopen() as (store, ratings):
        await record_match(store, GUILD, [A, B, C, D], at=100.0)
        await ratings.refresh(GUILD)
        mark = await store.ratings.mark(GUILD)
        assert mark is not None
        stale = RatingSave(GUILD, mark, None, (), replace=True, at=1.0)  # "none stored"
        assert await store.ratings.save(stale) is False
        assert await store.ratings.mark(GUILD) == mark
        assert await store.ratings.count(GUILD, 1) == 4  # the rows were not cleared


async def test_league_results_count_once_and_corrections_replay_the_season(
    reopen: Opener,
) -> None:
    async with reopen() as (store, ratings):
        leagues = LeagueService(store, lambda: 500.0, seed=lambda: "night")
        night = await league_night(leagues, GUILD, [A, B, C, D])
        draw = (await leagues.start_round(night, ORGANISER, deal=False)).draw
        seats = draw.tables[0].seats
        await leagues.record_sheet(night, 1, 0, PAIR_0_WINS, ORGANISER)
        # A bot-dealt league table's own match is counted once, as the league result.
        dealt = await record_match(store, GUILD, list(seats), at=499.0, winner=0)
        await store.leagues.link_table(night, 1, 0, dealt, 499.0)
        later = await record_match(store, GUILD, [A, B, C, D], at=600.0, winner=1)
        key = league_key(night, 1, 0)
        pairs = ((seats[0], seats[2]), (seats[1], seats[3]))
        won = Game(key, 500.0, pairs, 0)
        after = casual(later, [A, B, C, D], 600.0, 1)
        assert await board_of(ratings) == shown_of([won, after])
        # A correction that turns the result round: the game keeps its place, the season
        # is replayed from its start with the corrected result.
        leagues.now = lambda: 700.0
        await leagues.correct_totals(night, 1, 0, (162, 182), 2, ORGANISER, "swapped")
        assert await board_of(ratings) == shown_of([Game(key, 500.0, pairs, 1), after])
        await leagues.void_table(night, 1, 0, ORGANISER, "misdeal")
        assert await board_of(ratings) == shown_of([after])
    async with reopen() as (store, ratings):  # a restart changes nothing
        leagues = LeagueService(store, lambda: 800.0, seed=lambda: "night")
        await leagues.restore_table(night, 1, 0, ORGANISER, "it stands")
        assert await board_of(ratings) == shown_of([Game(key, 500.0, pairs, 1), after])


async def test_a_new_season_starts_everyone_afresh_for_organisers_only(
    reopen: Opener,
) -> None:
    async with reopen() as (store, ratings):
        leagues = LeagueService(store, lambda: 50.0, seed=lambda: "night")
        await leagues.create_league(GUILD, LEAGUE, ORGANISER)
        old = await record_match(store, GUILD, [A, B, C, D], at=100.0)
        before = await board_of(ratings)
        with pytest.raises(StandingsError) as refused:
            await ratings.new_season(GUILD, 1, Actor(A))
        assert refused.value.code == "not_organiser"
        with pytest.raises(StandingsError) as refused:
            await ratings.new_season(GUILD, 1, Actor(A, role_ids=(8,)))  # another role
        assert refused.value.code == "not_organiser"
        assert (await ratings.season(GUILD)).number == 1
        assert await board_of(ratings) == before == shown_of([casual(old, [A, B, C, D], 100.0, 0)])
        season = await ratings.new_season(GUILD, 1, Actor(B, role_ids=(7,)))  # league role
        assert (season.number, season.actor) == (2, B)
        assert await board_of(ratings) == {}
        with pytest.raises(StandingsError) as refused:  # a second click on the same offer
            await ratings.new_season(GUILD, 1, Actor(C, manager=True))
        assert (refused.value.code, refused.value.facts) == ("season_changed", {"season": 2})
        new = await record_match(store, GUILD, [A, C, B, D], at=season.started_at + 1, winner=1)
    async with reopen() as (store, ratings):
        assert (await ratings.season(GUILD)).number == 2
        assert await board_of(ratings) == shown_of(
            [casual(new, [A, C, B, D], season.started_at + 1, 1)]
        )
        third = await ratings.new_season(GUILD, 2, Actor(C, manager=True))  # Manage Server
        assert third.number == 3
        rows = await fetch(
            store, "SELECT guild_id, season, actor FROM rating_seasons ORDER BY season"
        )
        assert rows == [(GUILD, 2, B), (GUILD, 3, C)]
        old_rows = await fetch(store, "SELECT COUNT(*) FROM ratings WHERE season = 1")
        assert old_rows == [(4,)]  # the season that ended keeps its last table


async def test_a_player_sees_their_own_place(reopen: Opener) -> None:
    async with reopen() as (store, ratings):
        await record_match(store, GUILD, [A, B, C, D], at=100.0, winner=0)
        await record_match(store, GUILD, [A, E, C, F], at=101.0, winner=0)
        mine = await ratings.player(GUILD, A)
        board = (await ratings.board(GUILD, 0, 10)).rows
        nobody = await ratings.player(GUILD, 99)
    assert mine.player is not None and mine.players == 6
    assert mine.player == next(row for row in board if row.user_id == A)
    assert mine.player.games == 2 and mine.player.place <= 2
    assert nobody.player is None and nobody.players == 6


async def test_pages_past_the_end_show_the_last(reopen: Opener) -> None:
    async with reopen() as (store, ratings):
        for n in range(3):
            base = 10 * n
            await record_match(store, GUILD, [base + 1, base + 2, base + 3, base + 4], at=100.0 + n)
        page = await ratings.board(GUILD, 7, 5)
        empty = await ratings.board(GUILD + 5, 3, 5)
    assert (page.page, page.players, [r.place for r in page.rows]) == (2, 12, [11, 12])
    assert (empty.page, empty.players, empty.rows) == (0, 0, [])
