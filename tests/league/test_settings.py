"""League settings: checked by the engine for rules, by the league for the rest."""

from __future__ import annotations

from typing import Any

import pytest

from bot.league.errors import LeagueError
from bot.league.settings import Counting, LeagueSettings, Organisers, RoundLength


def refused(**changes: Any) -> str:
    with pytest.raises(LeagueError) as raised:
        LeagueSettings(**{"name": "Thursday club", **changes})
    return raised.value.code


def test_defaults_follow_the_clubs() -> None:
    league = LeagueSettings("Thursday club")
    assert (league.rounds_per_night, league.format, league.bye_policy) == (
        3,
        "individual",
        "fixed_1450",
    )
    assert league.tie_breaks == ("points", "rounds_won", "fewer_nat", "more_roem")
    assert (league.rules.name, league.rules.match_hands) == ("amsterdam", 16)


def test_rules_come_from_the_engine_with_the_round_length() -> None:
    league = LeagueSettings(
        "x", preset="rotterdam", overrides={"pit_bonus": 50}, round_length=RoundLength(hands=12)
    )
    assert (league.rules.obligations, league.rules.pit_bonus, league.rules.match_hands) == (
        "rotterdam",
        50,
        12,
    )
    target = LeagueSettings("x", round_length=RoundLength(hands=None, target=1500))
    assert (target.rules.match_hands, target.rules.target_score) == (None, 1500)


def test_bad_rules_are_refused_by_the_engine() -> None:
    assert refused(preset="nowhere") == "bad_rules"
    assert refused(overrides={"pit_bonus": -1}) == "bad_rules"
    assert refused(overrides={"colour": "red"}) == "bad_rules"
    assert refused(round_length=RoundLength(hands=99)) == "bad_rules"


def test_kraken_rules_are_the_engines_to_check() -> None:
    assert LeagueSettings("Kraakavond", preset="kraken").rules.doubling == "kraken"
    assert LeagueSettings("x", overrides={"spades_double": "multiply"}).rules.kraken
    assert refused(preset="kraken", overrides={"nat_enabled": False}) == "bad_rules"
    assert LeagueSettings("Thursday club", overrides={"four_nines": 150}).rules.four_nines == 150


def test_target_or_hands_whichever_first_is_dealt_with_both_ends() -> None:
    league = LeagueSettings("x", round_length=RoundLength(hands=8, target=750))
    assert (league.rules.match_hands, league.rules.target_score) == (8, 750)
    assert league.scoring_rules == league.rules


@pytest.mark.parametrize(
    "changes",
    [
        {"name": " "},
        {"rounds_per_night": 0},
        {"format": "swiss"},
        {"bye_policy": "fixed_1500"},
        {"tie_breaks": ("rounds_won", "points")},
        {"tie_breaks": ("points", "more_roem", "more_roem")},
        {"tie_breaks": ("points", "coin")},
    ],
)
def test_bad_settings(changes: dict[str, Any]) -> None:
    assert refused(**changes) == "bad_setting"


def test_counting_and_round_length_refusals() -> None:
    for make in (
        lambda: Counting("best"),
        lambda: Counting("all", 3),
        lambda: Counting("best", 0),
        lambda: Counting(min_nights=-1),
        lambda: RoundLength(hands=None),
    ):
        with pytest.raises(LeagueError):
            make()


def test_organisers_by_user_role_or_server_manager() -> None:
    organisers = Organisers(role_ids=(77,), user_ids=(5,))
    assert organisers.allows(5)
    assert organisers.allows(6, role_ids=[1, 77])
    assert organisers.allows(6, manager=True)
    assert not organisers.allows(6, role_ids=[1])


def test_round_trip_through_a_dict() -> None:
    league = LeagueSettings(
        "x",
        Organisers((1,), (2, 3)),
        "utrecht",
        {"zero_bonus": 50},
        RoundLength(12),
        4,
        "pairs",
        "night_average",
        Counting("best", 8, 5),
        ("points", "more_roem"),
        True,
    )
    assert LeagueSettings.from_dict(league.to_dict()) == league


def test_the_channel_survives_the_store_and_older_settings_have_none() -> None:
    settings = LeagueSettings("Dinsdag", channel_id=42)
    assert LeagueSettings.from_dict(settings.to_dict()).channel_id == 42
    assert LeagueSettings.from_dict({"name": "Dinsdag"}).channel_id is None


def test_leagues_refuse_ledig_a_house_rule() -> None:
    # docs/rules.md 2.10: no league sheet holds a ledig line.
    assert refused(overrides={"ledig_enabled": True}) == "bad_setting"
    assert not LeagueSettings("x", overrides={"ledig_enabled": False}).rules.ledig_enabled
