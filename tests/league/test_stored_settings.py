"""A league's settings are valid when made (every value checked, no rule override of the
round's end) and when loaded: a row an older version left with a value this one cannot use
is repaired on load with one log line, or refused with one (bot/league/repair.py). The
stored rows are written straight into each store, as an older version left them."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.league.errors import LeagueError
from bot.league.refs import LeagueName
from bot.league.repair import stored_settings
from bot.league.service import Actor, LeagueService
from bot.league.settings import Counting, LeagueSettings, Organisers, RoundLength
from bot.store.rows import dump_json
from tests.backends import execute

from .conftest import Opener
from .test_entry_checks import league_rows

ORGANISER = Actor(100)


def refused(**changes: Any) -> str:
    with pytest.raises(LeagueError) as raised:
        LeagueSettings(**{"name": "Club", **changes})
    return str(raised.value.code)


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"overrides": {"match_hands": 0}}, "bad_setting"),  # stored unchecked before
        ({"overrides": {"match_hands": 16}}, "bad_setting"),  # the round's length sets it
        (
            {"overrides": {"target_score": 5}, "round_length": RoundLength(hands=None, target=750)},
            "bad_setting",
        ),
        ({"overrides": {1: 2}}, "bad_setting"),
        ({"overrides": {"pit_bonus": True}}, "bad_rules"),
        ({"name": "x" * 61}, "bad_setting"),
        ({"name": "\x00\n"}, "bad_setting"),
        ({"name": 5}, "bad_setting"),
        ({"rounds_per_night": True}, "bad_setting"),
        ({"rounds_per_night": 3.0}, "bad_setting"),
        ({"computers_allowed": 1}, "bad_setting"),
        ({"bye_follows_hands": "yes"}, "bad_setting"),
        ({"channel_id": -5}, "bad_setting"),
        ({"organisers": Organisers(role_ids=("7",))}, "bad_setting"),
        ({"organisers": Organisers(user_ids=(True,))}, "bad_setting"),
        ({"organisers": {"role_ids": []}}, "bad_setting"),
        ({"counting": {"kind": "all"}}, "bad_setting"),
        ({"round_length": RoundLength(hands=True)}, "bad_rules"),
        ({"round_length": RoundLength(hands=0)}, "bad_rules"),
        ({"preset": 5}, "bad_setting"),
        ({"schedule": "weekly"}, "bad_setting"),
        ({"tie_breaks": ["points"]}, "bad_setting"),
        ({"format": ["pairs"]}, "bad_setting"),
        ({"table_of_three": 1}, "bad_setting"),
        ({"table_of_three": True, "format": "pairs"}, "bad_setting"),
        ({"table_of_three": True, "format": "duplicate"}, "bad_setting"),
    ],
)
def test_every_setting_is_checked_when_made(changes: dict[str, Any], code: str) -> None:
    assert refused(**changes) == code


def test_counting_takes_whole_numbers_only() -> None:
    for best, least in ((True, 0), (2.0, 0), (2, False)):
        with pytest.raises(LeagueError):
            Counting("best", best, least)  # type: ignore[arg-type]


def test_a_name_is_cleaned_when_made() -> None:
    assert LeagueSettings("  Vrijdag\u0000 club\n").name == "Vrijdag club"
    assert LeagueSettings("Cafe\u0301").name == "Café"  # NFC: one name however typed


async def test_an_override_of_the_rounds_end_is_stored_nowhere(reopen: Opener) -> None:
    async with reopen() as service:
        league = (await service.create_league(None, LeagueSettings("Club"), ORGANISER)).id
        before = await league_rows(service)
        with pytest.raises(LeagueError):
            LeagueSettings("Club", overrides={"match_hands": 0})
        assert await league_rows(service) == before
        assert (await service.settings(league)).overrides == {}


async def _stored(service: LeagueService, settings: dict[str, Any]) -> int:
    """A league whose stored settings are `settings`, written straight into the store."""
    league = (await service.create_league(None, LeagueSettings("Club"), ORGANISER)).id
    await execute(
        service.store, "UPDATE leagues SET settings = ? WHERE id = ?", dump_json(settings), league
    )
    return league


def _lines(caplog: pytest.LogCaptureFixture, league: int) -> list[str]:
    return [
        r.getMessage() for r in caplog.records if r.getMessage().startswith(f"league {league}:")
    ]


async def test_stored_settings_an_older_version_left_are_repaired_on_load(
    reopen: Opener, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, "bot.league.service")
    stored = {
        **LeagueSettings("Club").to_dict(),
        "name": "Club\u0007",
        "overrides": {"match_hands": 0, "pit_bonus": 50, "colour": "red"},
        "round_length": {"hands": 500, "target": None},
        "rounds_per_night": 50,
        "format": "swiss",
        "organisers": {"role_ids": [7, "x"], "user_ids": [100, -1]},
        "computers_allowed": "no",
        "channel_id": -1,
        "tie_breaks": ["coin"],
    }
    async with reopen() as service:
        league = await _stored(service, stored)

    async with reopen() as service:
        settings = await service.settings(league)
        assert settings.overrides == {"pit_bonus": 50}
        assert settings.round_length == RoundLength(hands=64)
        assert (settings.rounds_per_night, settings.format, settings.name) == (
            12,
            "individual",
            "Club",
        )
        assert settings.organisers == Organisers((7,), (100,))
        assert (settings.computers_allowed, settings.channel_id) == (False, None)
        assert settings.rules.match_hands == 64 and settings.rules.pit_bonus == 50
        await service.settings(league)  # read again: no second line
        assert (await service.league(LeagueName(None, "club"))).id == league
        [line] = _lines(caplog, league)
        assert line.startswith(f"league {league}: stored settings repaired: name ")
        for said in (
            "overrides.match_hands 0 dropped",
            "overrides.colour red dropped",
            "rounds_per_night 50 -> 12",
        ):
            assert said in line

        # The next save stores the repaired settings; they load without a repair.
        saved = await service.update_settings(league, settings, ORGANISER)
    caplog.clear()
    async with reopen() as service:
        assert await service.league(league) == saved and saved.settings == settings
    assert _lines(caplog, league) == []


async def test_stored_settings_that_stay_unusable_are_refused_with_one_line(
    reopen: Opener, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, "bot.league.service")
    async with reopen() as service:
        league = await _stored(service, {"name": None, "preset": "amsterdam"})
        for _ in range(2):
            with pytest.raises(LeagueError) as refused_load:
                await service.settings(league)
            assert refused_load.value.code == "bad_setting"
    [line] = _lines(caplog, league)
    assert line.startswith(f"league {league}: stored settings unusable: ")


async def test_valid_stored_settings_load_untouched(
    reopen: Opener, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, "bot.league.service")
    settings = LeagueSettings(
        "Club", Organisers((7,), (0, 100)), "rotterdam", {"pit_bonus": 50}, RoundLength(12, 750)
    )
    async with reopen() as service:
        league = await _stored(service, settings.to_dict())
        assert await service.settings(league) == settings
    assert _lines(caplog, league) == []


def test_a_table_of_three_is_off_by_default_and_repaired_when_stored_wrongly() -> None:
    assert LeagueSettings("Club").table_of_three is False
    assert LeagueSettings.from_dict({"name": "Club"}).table_of_three is False  # saved before
    on = LeagueSettings("Club", table_of_three=True)
    assert LeagueSettings.from_dict(on.to_dict()) == on
    for stored, kept in (
        ({"name": "Club", "table_of_three": "yes"}, False),
        ({"name": "Club", "table_of_three": True, "format": "pairs"}, False),
        ({"name": "Club", "table_of_three": True}, True),
    ):
        settings, changes = stored_settings(stored)
        assert settings.table_of_three is kept
        assert bool(changes) is not kept
