"""/league create with a preset of another game than four-player Klaverjas: refused
privately in one sentence naming the game, and no league is made; the preset list offers
four-player presets only."""

from __future__ import annotations

import pytest

from bot.games import preset_game
from bot.texts.catalog import LOCALES, t
from cogs.league.cog import PRESETS
from tests.cogs.league.league_kit import start_league
from tests.cogs.tables.tables_kit import StartHarness
from tests.games import OTHER_GAME_PRESETS
from tests.harness.limits import assert_ephemeral, assert_within_discord_limits


@pytest.mark.parametrize("name", OTHER_GAME_PRESETS)
async def test_a_league_of_another_game_is_refused(make_harness: StartHarness, name: str) -> None:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    refused = await kit.organiser("league create", boss, name="Driemansavond", preset=name)
    reply = refused.replies[-1]
    assert_ephemeral(reply)
    assert_within_discord_limits(reply)
    game = preset_game(name)
    assert reply.text() == t("league.err.game_not_offered", "en", game=game)
    assert f"Leagues play four-player Klaverjas; {game} is not offered" in reply.text()
    assert await kit.leagues.leagues(kit.world.guild_id) == []


def test_the_preset_list_offers_four_player_presets_only() -> None:
    assert PRESETS and all(preset_game(choice.value) is None for choice in PRESETS)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_sentence_names_the_game_in_every_language(locale: str) -> None:
    assert "driemans" in t("league.err.game_not_offered", locale, game="driemans")
