"""Three-player Klaverjas (docs/rules.md 2.8) is offered by /table open alone, two-player
Klaverjas (2.9) by none: no other preset list a user is offered holds them, and a name
typed where a preset is asked is refused as unknown, with the choices that are offered
(tables.err.unknown_preset, in every language)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import (
    THREE_PLAYER_PRESET_NAMES,
    TWO_PLAYER_PRESET_NAMES,
    ErrorCode,
    RuleError,
    RuleSet,
)
from bot.tables import TableError
from bot.texts.catalog import LOCALES, catalogue
from cogs.challenge.cog import RULES_CHOICES
from cogs.league.cog import PRESETS as LEAGUE_PRESETS
from cogs.rules.cog import VARIANT_CHOICES
from cogs.rules.errors import RulesError
from cogs.rules.options import parse_variant
from cogs.tables.actions_commands import OpenOptions
from cogs.tables.cog import PRESETS as TABLE_PRESETS

OTHER_GAMES = THREE_PLAYER_PRESET_NAMES + TWO_PLAYER_PRESET_NAMES
OFFERED: dict[str, list[Any]] = {
    "/challenge": RULES_CHOICES,
    "/rules": VARIANT_CHOICES,
    "/league": LEAGUE_PRESETS,
}


@pytest.mark.parametrize("command", OFFERED)
def test_no_list_offers_a_three_player_preset(command: str) -> None:
    values = {choice.value for choice in OFFERED[command]}
    assert values and not values & set(OTHER_GAMES)


@pytest.mark.parametrize("name", THREE_PLAYER_PRESET_NAMES)
def test_table_open_offers_and_plays_the_three_player_presets(name: str) -> None:
    assert name in {choice.value for choice in TABLE_PRESETS}
    assert OpenOptions(name.upper()).rules() == RuleSet.game_preset(name)


def test_table_open_offers_no_two_player_preset() -> None:
    values = {choice.value for choice in TABLE_PRESETS}
    assert not values & set(TWO_PLAYER_PRESET_NAMES)


@pytest.mark.parametrize("name", OTHER_GAMES)
def test_a_typed_three_player_preset_is_refused(name: str) -> None:
    with pytest.raises(RuleError) as info:
        RuleSet.preset(name)
    assert info.value.code == ErrorCode.UNKNOWN_PRESET
    assert name not in info.value.facts["choices"]
    with pytest.raises(RulesError):
        parse_variant(name, "variant")
    assert RuleSet.game_preset(name).game == name  # the engine itself plays it


@pytest.mark.parametrize("locale", LOCALES)
def test_the_refusal_has_its_sentence(locale: str) -> None:
    assert "tables.err.unknown_preset" in catalogue(locale)


def test_a_three_seat_table_refuses_ledig() -> None:
    with pytest.raises(TableError) as info:
        OpenOptions("driemans", ledig=True).rules()
    assert info.value.code == ErrorCode.OPTION_NOT_IN_GAME
