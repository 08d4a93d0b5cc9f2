"""A table's language can be any language the catalogue is complete in, offered by name."""

from __future__ import annotations

from bot.texts.catalog import LOCALES
from cogs.tables.cog import LANGUAGES


def test_every_catalogue_language_is_a_choice_once() -> None:
    values = [choice.value for choice in LANGUAGES]
    assert sorted(values) == sorted(LOCALES) and len(set(values)) == len(values)
    assert len({choice.name for choice in LANGUAGES}) == len(LANGUAGES)
