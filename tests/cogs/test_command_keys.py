"""Every name and description of the command tree, pinned by the catalogue key it comes from.

Discord receives a command's, option's and choice's names and descriptions in every locale
from the catalogue (`cogs/common/translator.py`); which key each one reads is pinned here
in `command_keys.json`, so a change to how commands are declared cannot move a name or a
description to another text unnoticed (the texts themselves are the catalogue's, checked by
tests/texts and tests/cogs/test_command_names.py). After adding or changing a command on
purpose, write the file again: ``PIN_COMMAND_KEYS=1 .venv/bin/python -m pytest
tests/cogs/test_command_keys.py``, and read its diff.
"""

from __future__ import annotations

import json
import os
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

from discord import Locale, app_commands

from bot.texts.catalog import LOCALES, catalogue
from tests.harness.harness import Harness

PINNED = Path(__file__).with_name("command_keys.json")


class KeyTranslator(app_commands.Translator):
    """Answers a text's catalogue key instead of its words (Dutch only: one locale is
    enough to show the key)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return string.extras.get("key", "-") if locale is Locale.dutch else None


def _keys(items: list[dict[str, Any]], prefix: str = "") -> Iterator[tuple[str, str]]:
    """(path, "name key | description key") for every command, option and choice."""
    for item in items:
        path = f"{prefix}{item['name']}"
        name = (item.get("name_localizations") or {}).get("nl", "-")
        desc = (item.get("description_localizations") or {}).get("nl", "-")
        yield path, f"{name} | {desc}"
        for choice in item.get("choices") or []:
            choice_key = (choice.get("name_localizations") or {}).get("nl", "-")
            yield f"{path} = {choice['value']}", choice_key
        yield from _keys(item.get("options") or [], path + " ")


async def command_keys(harness: Harness) -> dict[str, str]:
    """The tree's keys as the bot declares them."""
    tree, translator = harness.bot.tree, KeyTranslator()
    payloads = [
        await command.get_translated_payload(tree, translator)
        for command in tree.get_commands()
        if isinstance(command, app_commands.Command | app_commands.Group)
    ]
    return dict(_keys(payloads))


async def test_every_command_text_reads_its_pinned_key(
    make_harness: Callable[..., Awaitable[Harness]],
) -> None:
    keys = await command_keys(await make_harness())
    if os.environ.get("PIN_COMMAND_KEYS") == "1":  # write the file again (see above)
        PINNED.write_text(json.dumps(keys, indent=1, ensure_ascii=False) + "\n", "utf-8")
    assert keys == json.loads(PINNED.read_text(encoding="utf-8"))


def test_every_pinned_key_is_in_every_locale() -> None:
    """The keys the commands' texts read (options included, which the code names only by a
    prefix and the parameters) exist in every locale of their domain."""
    pinned = json.loads(PINNED.read_text(encoding="utf-8"))
    keys = {key for value in pinned.values() for key in value.split(" | ") if key != "-"}
    missing = [
        (locale, key) for key in sorted(keys) for locale in LOCALES if key not in catalogue(locale)
    ]
    assert keys and not missing, missing
