"""Command names as each language's players see them, and texts that name them that way.

The names come from the synced command tree, as the translator publishes them. A text of a
locale that names a command (`/tafel openen`) names one that exists under that name in
that locale, never the English one; a name keeps the accents its language writes
(`lançar`, not `lancar`, when a description of the same locale says "Lançar"); and one
concept has one option name (the rules preset is one option in /table open, /league create
and /rules).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest

from bot.settings import Settings
from bot.texts.catalog import FALLBACK, LOCALES, catalogue, t, templates
from bot.texts.rulebook import TOPICS, topic
from cogs.common.translator import SUPPORTED
from tests.harness.harness import Harness
from tests.harness.world import FAKE_TOKEN, GUILD_COMMANDS

MENTION = re.compile(r"(?<![\w<])/([^\s/`*]+(?: [^\s/`*.,;:!?)]+)?)")
DISCORD_LOCALE = {"nl": "nl", "pt-BR": "pt-BR", "es-ES": "es-ES", "it": "it"}


def _name(item: dict[str, Any], locale: str) -> str:
    return str((item.get("name_localizations") or {}).get(DISCORD_LOCALE.get(locale), item["name"]))


def _paths(items: list[dict[str, Any]], locale: str, prefix: str = "") -> Iterator[str]:
    for item in items:
        if item.get("type", 1) not in (1, 2):  # commands, groups and subcommands only
            continue
        path = f"{prefix}{_name(item, locale)}"
        yield path
        yield from _paths(item.get("options") or [], locale, path + " ")


def _names(items: list[dict[str, Any]], locale: str) -> Iterator[str]:
    """Every name in the tree: commands, groups, subcommands and options."""
    for item in items:
        yield _name(item, locale)
        yield from _names(item.get("options") or [], locale)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _texts(locale: str) -> Iterator[tuple[str, str]]:
    for key, value in catalogue(locale).items():
        for form in templates(value):
            yield key, form
    for name in TOPICS:
        yield f"rulebook.{name}", topic(name, locale).body


@pytest.fixture
async def tree(make_harness: Callable[..., Awaitable[Harness]]) -> list[dict[str, Any]]:
    settings = Settings(discord_token=FAKE_TOKEN, sync_commands=True, dev_guild_id=79)
    harness = await make_harness(settings=settings)
    [sync] = harness.rest_calls("PUT", GUILD_COMMANDS)
    assert {str(locale) for locale in SUPPORTED} >= set(DISCORD_LOCALE.values())
    return list(sync.json)


@pytest.mark.parametrize("locale", LOCALES)
async def test_texts_name_commands_as_the_locale_publishes_them(
    tree: list[dict[str, Any]], locale: str
) -> None:
    paths = set(_paths(tree, locale))
    groups = {path.split(" ")[0] for path in paths if " " in path}
    wrong = []
    for key, text in _texts(locale):
        for mention in MENTION.findall(text):
            first, _, second = mention.partition(" ")
            if not _fold(first).replace("-", "").replace("_", "").isalpha():
                continue  # "/2", "/hand" in "points/hand" never reach here: not a name
            if first not in paths or (first in groups and f"{first} {second}" not in paths):
                wrong.append((key, f"/{mention}"))
    assert not wrong, wrong


@pytest.mark.parametrize("locale", LOCALES)
async def test_command_names_keep_the_accents_of_their_language(
    tree: list[dict[str, Any]], locale: str
) -> None:
    words = {
        _fold(word): word
        for _, text in _texts(locale)
        for word in re.findall(r"\w+", text.casefold())
        if _fold(word) != word
    }
    names = set(_names(tree, locale))
    # Each word of a name (`día_semana`) keeps its accents too; one- and two-letter words are
    # left out (Spanish "de" and "dé" are two words).
    plain = sorted(
        name
        for name in names
        for part in {name, *re.split(r"[_-]", name)}
        if len(part) > 2 and part in words and _fold(part) == part
    )
    folded: dict[str, set[str]] = {}
    for name in names:
        folded.setdefault(_fold(name), set()).add(name)
    assert plain == [], plain
    assert [group for group in folded.values() if len(group) > 1] == []


@pytest.mark.parametrize("locale", LOCALES)
def test_the_rules_preset_option_has_one_name(locale: str) -> None:
    keys = (
        "tables.cmd.opt.preset.name",
        "league.cmd.opt.preset.name",
        "rules.cmd.opt.variant.name",
    )
    assert len({t(key, locale) for key in keys}) == 1, locale
    assert t(keys[0], FALLBACK) == "preset"


# Discord draws a boolean option's two values itself, in the reader's language: a
# description that names them ("or false: face to face", "Waar: ...") shows a word the
# picker does not.
BOOLEAN = 5
VALUE_WORDS = re.compile(
    r"(?<!\w)(?:true|false|waar|onwaar|verdadeiro|falso|verdadero|vero)(?!\w)", re.IGNORECASE
)


def _booleans(items: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for item in items:
        if item.get("type") == BOOLEAN:
            yield item
        yield from _booleans(item.get("options") or [])


def _descriptions(option: dict[str, Any]) -> dict[str, str]:
    shown = {FALLBACK: option["description"]}
    for locale, discord_locale in DISCORD_LOCALE.items():
        localized = option.get("description_localizations") or {}
        shown[locale] = localized.get(discord_locale, option["description"])
    return shown


async def test_a_boolean_options_description_names_no_value(tree: list[dict[str, Any]]) -> None:
    options = list(_booleans(tree))
    assert len(options) >= 10  # public, season, deal, unschedule, ...
    wrong = [
        f"{option['name']} ({locale}): {text!r}"
        for option in options
        for locale, text in _descriptions(option).items()
        if VALUE_WORDS.search(text)
    ]
    assert wrong == []
    assert VALUE_WORDS.search("El bot reparte las mesas en hilos, o false: en persona.")
