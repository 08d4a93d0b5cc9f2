"""Ratings' rows on each back end: seasons are append-only and start once, a save lands
only on the mark it was computed from and in the current season, and `sources` reads
each result of the season (a league table's match marked as such)."""

from __future__ import annotations

import pytest

from bot.store import AlreadyStored, NewResult, RatingMark, RatingSave, Store, StoredRating
from tests.backends import DATABASE_ERRORS, execute
from tests.ratings.kit import record_match

GUILD = 7
ROW = StoredRating(1, 26.0, 8.0, 10.0, 1, 100.0)


def saved(mark: RatingMark, expected: RatingMark | None, *rows: StoredRating) -> RatingSave:
    return RatingSave(GUILD, mark, expected, rows, replace=True, at=1.0)


async def test_a_season_starts_once_and_stays_as_it_started(store: Store) -> None:
    assert await store.ratings.season(GUILD) is None
    await store.ratings.start_season(GUILD, 2, 50.0, 9)
    with pytest.raises(AlreadyStored):
        await store.ratings.start_season(GUILD, 2, 51.0, 10)
    season = await store.ratings.season(GUILD)
    assert season is not None and (season.season, season.started_at, season.actor) == (2, 50.0, 9)
    for sql in ("UPDATE rating_seasons SET actor = 1", "DELETE FROM rating_seasons"):
        with pytest.raises(DATABASE_ERRORS, match="append-only"):
            await execute(store, sql)
    with pytest.raises(DATABASE_ERRORS):  # season 1 is nobody's to start
        await execute(store, "INSERT INTO rating_seasons VALUES (8, 1, 1.0, 1)")


async def test_a_save_lands_only_on_the_mark_it_was_computed_from(store: Store) -> None:
    first = RatingMark(1, 1, 1, 0, 100.0)
    assert await store.ratings.save(saved(first, None, ROW))
    assert not await store.ratings.save(saved(first, None, ROW))  # someone saved first
    second = RatingMark(1, 2, 2, 0, 101.0)
    moved = StoredRating(1, 27.0, 7.0, 13.0, 2, 101.0)
    stale = RatingMark(1, 5, 1, 0, 100.0)  # not the stored version
    assert not await store.ratings.save(saved(second, stale, moved))
    assert await store.ratings.mark(GUILD) == first
    assert await store.ratings.board(GUILD, 1) == [ROW]
    assert await store.ratings.save(saved(second, first, moved))
    assert await store.ratings.mark(GUILD) == second
    assert await store.ratings.rating(GUILD, 1, 1) == (moved, 0)
    # A new season began: a save for the old one is refused.
    await store.ratings.start_season(GUILD, 2, 200.0, 9)
    assert not await store.ratings.save(saved(RatingMark(1, 3, 3, 0, 102.0), second, ROW))
    assert await store.ratings.mark(GUILD) == second


async def test_a_full_save_replaces_the_season_and_an_update_only_its_players(
    store: Store,
) -> None:
    other = StoredRating(2, 20.0, 6.0, 8.0, 3, 90.0)
    first = RatingMark(1, 1, 2, 0, 100.0)
    await store.ratings.save(saved(first, None, ROW, other))
    update = RatingSave(GUILD, RatingMark(1, 2, 3, 0, 101.0), first, (ROW,), False, 2.0)
    assert await store.ratings.save(update)
    assert [r.user_id for r in await store.ratings.board(GUILD, 1)] == [1, 2]
    replay = RatingSave(GUILD, RatingMark(1, 3, 3, 0, 101.0), update.mark, (other,), True, 3.0)
    assert await store.ratings.save(replay)
    assert await store.ratings.board(GUILD, 1) == [other]
    assert await store.ratings.count(GUILD, 1) == 1


async def test_sources_read_each_result_from_the_seasons_start(store: Store) -> None:
    await record_match(store, GUILD, [1, 2, 3, 4], at=100.0, winner=1)
    league_table = await record_match(store, GUILD, [1, 2, 3, None], at=103.0)
    await record_match(store, GUILD + 1, [1, 2, 3, 4], at=104.0)  # another server
    league = await store.leagues.create_league(GUILD, "Club", {"name": "Club"}, 1.0)
    night = (await store.leagues.open_night(league, "seed", 2.0)).id
    await store.leagues.add_round(night, 1, {"number": 1}, True, 3.0)
    await store.leagues.link_table(night, 1, 0, league_table, 3.0)
    await store.leagues.add_result(NewResult(night, 1, 0, {"v": 1}, None, 105.0))
    await store.leagues.add_result(NewResult(night, 1, 0, {"v": 2}, 9, 106.0))
    everything = await store.ratings.sources(GUILD, 0.0, -1.0)
    assert (everything.casual_count, everything.league_count, everything.seen_at) == (2, 2, 106.0)
    casual, dealt = everything.casual
    assert (casual.at, casual.winner, casual.league, sorted(casual.players)) == (
        100.0, 1, False, [(1, 0), (2, 1), (3, 0), (4, 1)],
    )  # fmt: skip
    # A league table's match is marked: it counts as the table's league result.
    assert (dealt.table_id, dealt.league, sorted(dealt.players)) == (
        league_table, True, [(1, 0), (2, 1), (3, 0)],
    )  # fmt: skip
    assert [(v.version, v.result, v.at) for v in everything.league] == [
        (1, {"v": 1}, 105.0), (2, {"v": 2}, 106.0),
    ]  # fmt: skip
    later = await store.ratings.sources(GUILD, 0.0, 105.0)
    assert (later.casual_count, later.league_count, len(later.casual)) == (2, 2, 0)
    assert [v.version for v in later.league] == [2]
    season = await store.ratings.sources(GUILD, 101.0, -1.0)
    assert (season.casual_count, season.league_count) == (1, 2)
    assert [match.table_id for match in season.casual] == [league_table]
    empty = await store.ratings.sources(GUILD + 5, 50.0, -1.0)
    assert (empty.casual_count, empty.league_count, empty.seen_at) == (0, 0, 50.0)
