"""/help through the offline harness: one private answer in the user's language that
names every command the tree holds, by the names the user's client shows."""

from __future__ import annotations

from typing import Any

import pytest

from bot.texts.catalog import normalize_locale, t
from cogs.help.ui import command_lines, slash_name
from tests.harness.harness import Harness
from tests.harness.limits import assert_ephemeral, assert_within_discord_limits

DISCORD_LOCALES = ("en-US", "nl", "pt-BR", "es-ES", "it")
OPEN_TABLE = {
    "en-US": "/table open",
    "nl": "/tafel openen",
    "pt-BR": "/mesa abrir",
    "es-ES": "/mesa abrir",
    "it": "/tavolo apri",
}


def _text(embed: dict[str, Any]) -> str:
    fields = embed.get("fields") or []
    return "\n".join([embed["title"], embed["description"], *(f["value"] for f in fields)])


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
async def test_help_answers_privately_in_the_users_language(harness: Harness, locale: str) -> None:
    result = await harness.slash("help", locale=locale)

    reply = result.reply
    assert reply.callback_type == 4
    assert_ephemeral(reply)
    assert_within_discord_limits(reply)
    assert result.rest == []
    [embed] = reply.embeds
    ours = normalize_locale(locale)
    assert embed["title"] == t("help.title", ours)
    text = _text(embed)
    assert t("help.about", ours) in text
    assert f"**{t('help.start.title', ours)}**" in text
    assert f"{OPEN_TABLE[locale]} " in text  # step 1 names the command as the client shows it
    assert f"**{t('tables.button.hand', ours)}**" in text
    assert embed["fields"][0]["name"] == t("help.commands", ours)
    # Every command of the tree, by its localised name and description.
    for name, key in (
        ("table open", "tables.cmd.open"),
        ("standings", "standings.cmd.standings"),
        ("legal", "rules.cmd.legal"),
        ("help", "help.cmd.help"),
    ):
        assert t(f"{key}.desc", ours) in text, (locale, name)
    if ours != "en":
        assert "Open a table in this channel" not in text


async def test_help_lists_each_runnable_command_once(harness: Harness) -> None:
    tree = harness.bot.tree
    expected = sorted(
        c.qualified_name
        for c in tree.walk_commands()
        if not hasattr(c, "walk_commands")  # groups are not runnable themselves
    )
    reply = (await harness.slash("help")).reply
    text = _text(reply.embeds[0])
    listed = sorted(line.split("`")[1][1:] for line in text.splitlines() if line.startswith("`/"))
    assert listed == expected
    assert "table bot add" in listed and "help" in listed


def test_names_come_from_the_payload_localisations() -> None:
    payloads = [
        {
            "name": "table",
            "name_localizations": {"nl": "tafel"},
            "description": "Play",
            "description_localizations": {"nl": "Spelen"},
            "options": [
                {
                    "type": 1,
                    "name": "open",
                    "name_localizations": {"nl": "openen"},
                    "description": "Open a table",
                    "description_localizations": {"nl": "Open een tafel"},
                    "options": [{"type": 5, "name": "thread", "description": "x"}],
                }
            ],
        },
        {"name": "about", "description": "About", "options": []},
    ]
    assert command_lines(payloads, "nl") == ["`/tafel openen` · Open een tafel", "`/about` · About"]
    assert command_lines(payloads, "it") == ["`/table open` · Open a table", "`/about` · About"]
    assert slash_name(payloads, "table open", "nl") == "/tafel openen"
    assert slash_name(payloads, "no such", "nl") == "/no such"
