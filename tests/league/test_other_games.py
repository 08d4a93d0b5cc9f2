"""A league plays four-player Klaverjas: a preset or a rule override of another game is
refused by the game's name (`game_not_offered`), and a league an older version stored with
one loads with it dropped (docs/decisions.md, "Games across the features")."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import RuleSet
from bot.league.errors import LeagueCode, LeagueError
from bot.league.repair import stored_settings
from bot.league.settings import LeagueSettings
from tests.games import OTHER_GAME_PRESETS


def refusal(**changes: Any) -> LeagueError:
    with pytest.raises(LeagueError) as raised:
        LeagueSettings(**{"name": "Thursday club", **changes})
    return raised.value


@pytest.mark.parametrize("name", OTHER_GAME_PRESETS)
def test_a_preset_of_another_game_is_refused_by_the_game(name: str) -> None:
    game = RuleSet.game_preset(name).game
    refused = refusal(preset=name)
    assert (refused.code, refused.facts) == (LeagueCode.GAME_NOT_OFFERED, {"game": game})


def test_an_override_of_the_game_is_refused_too() -> None:
    refused = refusal(overrides={"game": "driemans"})
    assert (refused.code, refused.facts) == (LeagueCode.GAME_NOT_OFFERED, {"game": "driemans"})


def test_a_stored_league_of_another_game_loads_as_four_player_klaverjas() -> None:
    stored = {**LeagueSettings("Club").to_dict(), "overrides": {"game": "driemans"}}
    settings, changes = stored_settings(stored)
    assert settings.overrides == {} and settings.rules.game == "klaverjas"
    assert "overrides.game driemans dropped" in changes
