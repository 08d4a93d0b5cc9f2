"""Which game a rule set plays (bot/games.py), asked by the features built for four-player
Klaverjas: by the rule set's game, so every preset of another game is caught; and a match
of another game is kept without the per-pair players' rows the standings count."""

from __future__ import annotations

import pytest

from bot.engine import ENGINE_PRESET_NAMES, RuleSet
from bot.games import FOUR_PLAYER_GAME, four_player_presets, other_game, preset_game
from bot.tables import Table
from bot.tables.records import seat_users
from bot.tables.table import Seat, SeatKind
from tests.games import OTHER_GAME_PRESETS


def test_four_player_presets_are_four_player_klaverjas() -> None:
    assert FOUR_PLAYER_GAME == "klaverjas"
    assert all(preset_game(name) is None for name in ENGINE_PRESET_NAMES)
    assert four_player_presets(ENGINE_PRESET_NAMES) == list(ENGINE_PRESET_NAMES)
    assert preset_game("klaverjassen") is None and preset_game(None) is None


@pytest.mark.parametrize("name", OTHER_GAME_PRESETS)
def test_a_preset_of_another_game_is_told_by_its_game(name: str) -> None:
    rules = RuleSet.game_preset(name)
    assert preset_game(name) == preset_game(name.upper()) == other_game(rules) == rules.game
    assert four_player_presets(["amsterdam", name]) == ["amsterdam"]


def test_a_rule_set_made_another_game_by_an_option_is_caught() -> None:
    assert other_game(RuleSet().with_options(game="driemans")) == "driemans"
    assert other_game(RuleSet.preset("rotterdam")) is None


@pytest.mark.parametrize("name", OTHER_GAME_PRESETS)
def test_a_match_of_another_game_has_no_players_rows(name: str) -> None:
    seats = [Seat(SeatKind.HUMAN, 7), Seat(SeatKind.COMPUTER), Seat(SeatKind.HUMAN, 8)]
    four = Table(1, 1, 555, 7, RuleSet(), "seed", 0.0, seats=[*seats, Seat(SeatKind.COMPUTER)])
    assert seat_users(four) == (7, None, 8, None)
    other = Table(1, 1, 555, 7, RuleSet.game_preset(name), "seed", 0.0, seats=seats)
    assert seat_users(other) == (None, None, None)
