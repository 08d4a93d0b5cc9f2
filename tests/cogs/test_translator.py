"""Command names and descriptions reach Discord in every supported language."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from discord import Locale, app_commands

from bot.settings import Settings
from bot.texts.catalog import LOCALES, catalogue, normalize_locale
from cogs.common.translator import SUPPORTED, CatalogueTranslator
from tests.harness.harness import Harness
from tests.harness.limits import is_command_name
from tests.harness.world import FAKE_TOKEN, GUILD_COMMANDS

CONTEXT = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)


def test_every_catalogue_locale_but_english_is_offered_to_discord() -> None:
    ours = {normalize_locale(locale) for locale in SUPPORTED}
    assert ours == set(LOCALES) - {"en"}
    assert Locale.latin_american_spanish in SUPPORTED


@pytest.mark.parametrize("locale", sorted(SUPPORTED, key=str))
async def test_each_command_key_translates(locale: Locale) -> None:
    translator = CatalogueTranslator()
    key = "tables.cmd.open.name"
    text = await translator.translate(app_commands.locale_str("open", key=key), locale, CONTEXT)
    assert text == catalogue(normalize_locale(locale))[key]
    assert await translator.translate(app_commands.locale_str("x"), locale, CONTEXT) is None


async def test_synced_commands_carry_every_language(
    make_harness: Callable[..., Awaitable[Harness]],
) -> None:
    settings = Settings(discord_token=FAKE_TOKEN, sync_commands=True, dev_guild_id=77)
    harness = await make_harness(settings=settings)
    [sync] = harness.rest_calls("PUT", GUILD_COMMANDS)
    wanted = {str(locale) for locale in SUPPORTED}
    for command in sync.json:
        assert set(command["name_localizations"]) == wanted, command["name"]
        assert set(command["description_localizations"]) == wanted, command["name"]
        for name in command["name_localizations"].values():
            assert is_command_name(name), name


async def test_localised_names_never_collide(
    make_harness: Callable[..., Awaitable[Harness]],
) -> None:
    """Discord refuses a sync where two commands (or two options of one command) share a
    name in some language; check every level in every language."""
    settings = Settings(discord_token=FAKE_TOKEN, sync_commands=True, dev_guild_id=78)
    harness = await make_harness(settings=settings)
    [sync] = harness.rest_calls("PUT", GUILD_COMMANDS)

    def name(item: dict[str, Any], locale: str | None) -> str:
        localised = item.get("name_localizations") or {}
        return str(localised.get(locale, item["name"]) if locale else item["name"])

    def check(siblings: list[dict[str, Any]]) -> None:
        for locale in [None, *(str(loc) for loc in SUPPORTED)]:
            names = [name(item, locale) for item in siblings]
            assert len(names) == len(set(names)), (locale, names)
        for item in siblings:
            check(item.get("options") or [])

    check(sync.json)
