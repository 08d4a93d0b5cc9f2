"""The league service's boundary (bot/league/arguments.py): every argument of every public
method is checked by its name before the method runs; a bad one is a `LeagueError`
(`bad_id` or `bad_argument`) and no league row changes. Each on both stores."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.checks import clean_text
from bot.league.arguments import ARGUMENTS
from bot.league.entry import SheetEntry
from bot.league.errors import LeagueCode, LeagueError
from bot.league.night import NightMessage
from bot.league.refs import LeagueName, NightRef, Pick
from bot.league.service import Actor, LeagueService
from bot.league.settings import LEAGUE_NAME_MAX, RoundLength

from .conftest import Opener
from .test_entry_checks import ORGANISER, league_rows, night

Call = Callable[[LeagueService, int], Any]  # (service, night id) -> the call's awaitable
HALF = SheetEntry(1, (62, 100))


async def checkin_posted(service: LeagueService, night_id: int, *where: Any) -> Any:
    """The night's check-in message remembered at `where`, drawn from its view."""
    return await service.checkin_posted(await service.view(night_id), *where)


async def standings_posted(service: LeagueService, night_id: int, *where: Any) -> Any:
    """The night's standings message remembered at `where`, drawn from its view."""
    view = await service.view(night_id)
    return await service.message_posted(view, NightMessage.STANDINGS, *where)


def test_every_public_method_checks_its_arguments() -> None:
    public = [
        name
        for name, member in inspect.getmembers(LeagueService, inspect.isfunction)
        if not name.startswith("_")
    ]
    assert len(public) > 40
    unchecked = [
        name for name in public if not getattr(getattr(LeagueService, name), "__checked__", False)
    ]
    assert unchecked == []


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(sorted(ARGUMENTS.checks)),
    value=st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.text(),
        st.tuples(st.integers(), st.integers()),
        st.builds(Actor, st.integers(), st.tuples(st.integers()), st.booleans()),
        st.builds(LeagueName, st.one_of(st.none(), st.integers()), st.one_of(st.none(), st.text())),
        st.builds(NightRef, st.integers(), st.sampled_from(Pick), st.none()),
    ),
)
def test_a_check_refuses_with_a_league_error_or_passes_a_clean_value(name: str, value: Any) -> None:
    try:
        checked = ARGUMENTS.check(name, value)
    except LeagueError as error:
        assert error.code in (LeagueCode.BAD_ID, LeagueCode.BAD_ARGUMENT)
        assert error.facts["field"] == name
        return
    if isinstance(checked, str):
        assert checked == clean_text(checked)
    if isinstance(checked, LeagueName) and checked.name is not None:
        assert checked.name == clean_text(checked.name) and len(checked.name) <= LEAGUE_NAME_MAX


BAD_CALLS: list[tuple[str, Call, LeagueCode, str]] = [
    ("no user", lambda s, n: s.check_in(n, None), LeagueCode.BAD_ID, "user_id"),
    ("a user as a flag", lambda s, n: s.check_out(n, True), LeagueCode.BAD_ID, "user_id"),
    ("a night as text", lambda s, n: s.view("1"), LeagueCode.BAD_ARGUMENT, "night"),
    ("an actor as an id", lambda s, n: s.close_night(n, 100), LeagueCode.BAD_ARGUMENT, "actor"),
    (
        "an actor with a bool user",
        lambda s, n: s.close_night(n, Actor(True)),
        LeagueCode.BAD_ARGUMENT,
        "actor",
    ),
    (
        "an actor with a role as text",
        lambda s, n: s.start_round(n, Actor(100, ("7",))),
        LeagueCode.BAD_ARGUMENT,
        "actor",
    ),
    (
        "manager=1",
        lambda s, n: s.close_night(n, Actor(100, (), 1)),
        LeagueCode.BAD_ARGUMENT,
        "actor",
    ),  # type: ignore[arg-type]
    ("deal=1", lambda s, n: s.start_round(n, ORGANISER, 1), LeagueCode.BAD_ARGUMENT, "deal"),
    (
        "a round as a float",
        lambda s, n: s.void_table(n, 1.0, 0, ORGANISER, "x"),
        LeagueCode.BAD_ARGUMENT,
        "round_no",
    ),
    (
        "a table as a flag",
        lambda s, n: s.void_table(n, 1, False, ORGANISER, "x"),
        LeagueCode.BAD_ARGUMENT,
        "table_no",
    ),
    (
        "totals of three",
        lambda s, n: s.record_totals(n, 1, 0, (1, 2, 3), 2, ORGANISER),
        LeagueCode.BAD_ARGUMENT,
        "totals",
    ),
    (
        "totals as text",
        lambda s, n: s.record_totals(n, 1, 0, "162-0", 2, ORGANISER),
        LeagueCode.BAD_ARGUMENT,
        "totals",
    ),
    (
        "a line as a tuple",
        lambda s, n: s.record_sheet(n, 1, 0, [(0, (162, 0))], ORGANISER),
        LeagueCode.BAD_ARGUMENT,
        "entries",
    ),
    (
        "a sheet of 100 lines",
        lambda s, n: s.record_sheet(n, 1, 0, [HALF] * 100, ORGANISER),
        LeagueCode.BAD_ARGUMENT,
        "entries",
    ),
    (
        "a reason as a number",
        lambda s, n: s.void_table(n, 1, 0, ORGANISER, 5),
        LeagueCode.BAD_ARGUMENT,
        "reason",
    ),
    (
        "a presence as a flag",
        lambda s, n: s.check_button(n, 1, True, 0),
        LeagueCode.BAD_ARGUMENT,
        "kind",
    ),
    (
        "a penalty as text",
        lambda s, n: s.penalise(n, 1, "10", ORGANISER, "late"),
        LeagueCode.BAD_ARGUMENT,
        "points",
    ),
    (
        "a league name of a kilobyte",
        lambda s, n: s.league(LeagueName(None, "x" * 1000)),
        LeagueCode.BAD_ARGUMENT,
        "league",
    ),
    (
        "a night number as text",
        lambda s, n: s.view(NightRef(LeagueName(None), Pick.OPEN, "2")),
        LeagueCode.BAD_ARGUMENT,
        "night",
    ),
    (
        "settings as a dict",
        lambda s, n: s.create_league(None, {"name": "x"}, ORGANISER),
        LeagueCode.BAD_ARGUMENT,
        "settings",
    ),
    ("a guild as text", lambda s, n: s.leagues("1"), LeagueCode.BAD_ID, "guild_id"),
    ("no message", lambda s, n: checkin_posted(s, n, 5, "6"), LeagueCode.BAD_ID, "message_id"),
    (
        "a check-in message of None",
        lambda s, n: checkin_posted(s, n, 5, None),
        LeagueCode.BAD_ID,
        "message_id",
    ),
    (
        "a check-in channel of None",
        lambda s, n: checkin_posted(s, n, None, 6),
        LeagueCode.BAD_ID,
        "channel_id",
    ),
    (
        "a night's id for its view",
        lambda s, n: s.checkin_posted(n, 5, 6),
        LeagueCode.BAD_ARGUMENT,
        "view",
    ),
    (
        "a standings message of None",
        lambda s, n: standings_posted(s, n, 5, None),
        LeagueCode.BAD_ID,
        "message_id",
    ),
]


@pytest.mark.parametrize(
    ("case", "call", "code", "field"), BAD_CALLS, ids=[c[0] for c in BAD_CALLS]
)
async def test_a_bad_argument_is_refused_and_changes_nothing(
    reopen: Opener, case: str, call: Call, code: LeagueCode, field: str
) -> None:
    async with reopen() as service:
        night_id = await night(service, RoundLength(hands=2))
        before = await league_rows(service)

        with pytest.raises(LeagueError) as refused:
            await call(service, night_id)

        assert (refused.value.code, refused.value.facts["field"]) == (code, field)
        assert await league_rows(service) == before


async def test_text_is_cleaned_before_it_is_stored(reopen: Opener) -> None:
    async with reopen() as service:
        night_id = await night(service, RoundLength(hands=2))
        await service.record_sheet(night_id, 1, 0, [HALF, HALF], ORGANISER)
        reason = "Wrong\u0000 table\ud800\n" + "!" * 1000

        await service.void_table(night_id, 1, 0, ORGANISER, reason)

        [entry] = [e for e in await service.history(night_id) if e.reason]
        assert entry.reason == "Wrong table" + "!" * 189  # cut to REASON_MAX (200)
        found = await service.league(LeagueName(None, " Friday\u0000 "))  # cleaned for lookup
        assert found.name == "Friday"


def test_an_actor_is_given_with_its_roles_as_a_tuple() -> None:
    actor = ARGUMENTS.check("actor", replace(ORGANISER, role_ids=[7, 8]))  # type: ignore[arg-type]
    assert actor == Actor(100, (7, 8))
