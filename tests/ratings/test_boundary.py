"""The standings and ratings services' boundary (`ARGUMENTS` in bot/standings.py and
bot/ratings/service.py): every argument of every public method is checked by its name
before the method runs; a bad one is a `StandingsError` (`period`, `bad_id` or
`bad_argument`) and no rating row changes. Each on both stores."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.league.service import Actor
from bot.ratings import RatingService
from bot.ratings.service import ARGUMENTS as RATING_ARGUMENTS
from bot.standings import ARGUMENTS, StandingsCode, StandingsError, StandingsService
from bot.store import open_store
from tests.backends import rows
from tests.ratings.kit import ORGANISER, record_match

GUILD = 42
NOW = dt.datetime(2025, 3, 5, 12, tzinfo=dt.UTC)
Services = tuple[StandingsService, RatingService]
Call = Callable[[Services], Any]  # -> the call's awaitable
ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(),
    st.datetimes(timezones=st.one_of(st.none(), st.just(dt.UTC))),
    st.builds(Actor, st.integers(), st.tuples(st.integers()), st.booleans()),
)


@settings(max_examples=300, deadline=None)
@given(
    arguments=st.sampled_from([ARGUMENTS, RATING_ARGUMENTS]),
    name=st.sampled_from(sorted({*ARGUMENTS.checks, *RATING_ARGUMENTS.checks})),
    value=ANYTHING,
)
def test_a_check_refuses_with_a_standings_error_or_gives_a_clean_value(
    arguments: Any, name: str, value: Any
) -> None:
    if name not in arguments.checks:
        return
    try:
        checked = arguments.check(name, value)
    except StandingsError as error:
        assert error.code in (
            StandingsCode.PERIOD,
            StandingsCode.BAD_ID,
            StandingsCode.BAD_ARGUMENT,
        )
        assert error.facts["field"] == name
        assert all(len(str(fact)) <= 100 for fact in error.facts.values())
        return
    if name in ("guild_id", "user_id", "page", "page_size", "seen") and checked is not None:
        assert type(checked) is int and checked >= 0
    if name == "now":
        assert checked.tzinfo is not None


BAD_CALLS: list[tuple[str, Call, StandingsCode, str]] = [
    (
        "an unknown period",
        lambda s: s[0].leaderboard(GUILD, "decade", NOW, humans_only=True, page=0, page_size=10),
        StandingsCode.PERIOD,
        "period",
    ),
    (
        "a period as a number",
        lambda s: s[0].player(GUILD, 1, 7, NOW, humans_only=True),
        StandingsCode.PERIOD,
        "period",
    ),
    (
        "a page size of 0",
        lambda s: s[0].leaderboard(GUILD, "all", NOW, humans_only=True, page=0, page_size=0),
        StandingsCode.BAD_ARGUMENT,
        "page_size",
    ),
    (
        "a negative page",
        lambda s: s[0].leaderboard(GUILD, "all", NOW, humans_only=True, page=-1, page_size=10),
        StandingsCode.BAD_ARGUMENT,
        "page",
    ),
    (
        "a moment without a time zone",
        lambda s: s[0].player(GUILD, 1, "week", NOW.replace(tzinfo=None), humans_only=True),
        StandingsCode.BAD_ARGUMENT,
        "now",
    ),
    (
        "the first moment there is",
        lambda s: s[0].player(
            GUILD, 1, "week", dt.datetime.min.replace(tzinfo=dt.UTC), humans_only=True
        ),
        StandingsCode.BAD_ARGUMENT,
        "now",
    ),
    (
        "a moment as epoch seconds",
        lambda s: s[0].player(GUILD, 1, "week", NOW.timestamp(), humans_only=True),
        StandingsCode.BAD_ARGUMENT,
        "now",
    ),
    (
        "humans_only=1",
        lambda s: s[0].player(GUILD, 1, "week", NOW, humans_only=1),
        StandingsCode.BAD_ARGUMENT,
        "humans_only",
    ),
    (
        "a user as text",
        lambda s: s[0].player(GUILD, "1", "week", NOW, humans_only=True),
        StandingsCode.BAD_ID,
        "user_id",
    ),
    ("a guild of 2**64", lambda s: s[1].season(2**64), StandingsCode.BAD_ID, "guild_id"),
    ("no guild", lambda s: s[1].board(None, 0, 10), StandingsCode.BAD_ID, "guild_id"),
    ("a page as a float", lambda s: s[1].board(GUILD, 1.0, 10), StandingsCode.BAD_ARGUMENT, "page"),
    (
        "a page size of a million",
        lambda s: s[1].board(GUILD, 0, 10**6),
        StandingsCode.BAD_ARGUMENT,
        "page_size",
    ),
    ("a user as a flag", lambda s: s[1].player(GUILD, True), StandingsCode.BAD_ID, "user_id"),
    (
        "an actor as an id",
        lambda s: s[1].organiser_season(GUILD, 100),
        StandingsCode.BAD_ARGUMENT,
        "actor",
    ),
    (
        "an actor with a role as text",
        lambda s: s[1].new_season(GUILD, 1, Actor(100, ("7",), True)),
        StandingsCode.BAD_ARGUMENT,
        "actor",
    ),
    (
        "a season seen as text",
        lambda s: s[1].new_season(GUILD, "1", ORGANISER),
        StandingsCode.BAD_ARGUMENT,
        "seen",
    ),
    (
        "season 0",
        lambda s: s[1].new_season(GUILD, 0, Actor(100, (), True)),
        StandingsCode.BAD_ARGUMENT,
        "seen",
    ),
]


@pytest.mark.parametrize(
    ("case", "call", "code", "field"), BAD_CALLS, ids=[c[0] for c in BAD_CALLS]
)
async def test_a_bad_argument_is_refused_and_changes_nothing(
    database: str | Path, case: str, call: Call, code: StandingsCode, field: str
) -> None:
    store = await open_store(database)
    try:
        await record_match(store, GUILD, [1, 2, 3, 4], at=1_000.0)
        clock = itertools.count(10_000)
        services = StandingsService(store.stats), RatingService(store, lambda: float(next(clock)))
        await services[1].board(GUILD, 0, 10)  # the ratings stored once
        before = await rows(store, "rating")

        with pytest.raises(StandingsError) as refused:
            await call(services)

        assert (refused.value.code, refused.value.facts["field"]) == (code, field)
        assert await rows(store, "rating") == before
    finally:
        await store.close()


async def test_good_arguments_still_answer(database: str | Path) -> None:
    store = await open_store(database)
    try:
        await record_match(store, GUILD, [1, 2, 3, 4], at=1_000.0)
        standings = StandingsService(store.stats)
        page = await standings.leaderboard(
            GUILD, "all", NOW, humans_only=False, page=2**31 - 1, page_size=100
        )
        ratings = await RatingService(store, lambda: 20_000.0).board(GUILD, 5, 1)
    finally:
        await store.close()
    assert (page.page, page.players) == (0, 4)  # past the end: the last page
    assert (ratings.page, ratings.pages) == (3, 4)
