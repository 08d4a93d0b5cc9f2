"""The catalogues and the rulebook use the glossary's word for each game concept (docs/glossary.md).

Two checks per locale: no text uses a word the glossary names as a second word for a concept
(a Dutch term quoted in bold or italics is a name, not a second word); and where the English
source names a concept, the locale's text names it with the glossary's word.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from bot.texts.catalog import FALLBACK, LOCALES, catalogue, templates
from tests.texts.glossary import glossary_rows, texts

# Concepts checked for the word itself: the English term is a noun there, so the locale's
# text names the same thing with the glossary's word (a verb such as "trump" or "claim"
# takes other forms: those concepts are held to the forbidden words only).
NOUNS = ("partner", "last trick", "previous trick", "trick", "dealer", "seat", "score sheet")
QUOTED = re.compile(r"\{\w+\}|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|`[^`]*`")


@cache
def terms() -> dict[str, dict[str, str]]:
    """concept -> locale -> the glossary's word."""
    header = ["concept", *LOCALES]
    return {row[0]: dict(zip(header[1:], row[1:], strict=True)) for row in glossary_rows("Terms")}


@cache
def forbidden() -> dict[str, list[tuple[str, str, str]]]:
    """locale -> (concept, the word not to use, the word to use)."""
    found: dict[str, list[tuple[str, str, str]]] = {locale: [] for locale in LOCALES}
    for concept, locale, words, use in glossary_rows("Words not to use"):
        found[locale] += [(concept, word.strip(), use) for word in words.split(",")]
    return found


def _word(term: str) -> re.Pattern[str]:
    """A glossary cell (``presa/prese``) as a pattern: any of its words, at a word's start."""
    words = "|".join(re.escape(word) for word in term.split("/"))
    return re.compile(rf"(?<!\w)(?:{words})", re.IGNORECASE)


def _english(term: str) -> re.Pattern[str]:
    """An English noun, singular or plural, as a whole word ("seat", not "seated")."""
    return re.compile(rf"(?<!\w){re.escape(term)}s?(?!\w)", re.IGNORECASE)


def test_the_glossary_has_every_concept_of_the_issue() -> None:
    concepts = set(terms())
    assert {
        "trump",
        "partner",
        "makers",
        "defenders",
        "roem",
        "stuk",
        "nat",
        "pit",
        "last trick",
        "previous trick",
        "follow suit",
        "overtrump",
        "undertrump",
        "hand",
        "trick",
        "dealer",
        "seat",
        "score sheet",
        "bye",
        "check-in",
        "league night",
        "claim",
    } <= concepts
    for concept in concepts:
        assert all(terms()[concept][locale] for locale in LOCALES), concept
    for locale, rows in forbidden().items():
        for concept, word, _ in rows:
            assert concept in concepts, (locale, concept)
            assert word.casefold() != terms()[concept][locale].casefold(), (locale, word)


@pytest.mark.parametrize("locale", LOCALES)
def test_no_second_word_for_a_concept(locale: str) -> None:
    found = []
    for where, text in texts(locale):
        plain = QUOTED.sub(" ", text)
        for concept, word, use in forbidden()[locale]:
            if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", plain, re.IGNORECASE):
                found.append(f"{where}: {word!r} for {concept} (use {use})")
    assert found == []


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != FALLBACK])
def test_a_concept_the_english_names_is_named_with_the_glossary_word(locale: str) -> None:
    english = catalogue(FALLBACK)
    missing = []
    for key, value in catalogue(locale).items():
        source = " ".join(templates(english[key]))
        text = " ".join(templates(value))
        for concept in NOUNS:
            source_hit = _english(terms()[concept][FALLBACK]).search(source)
            if source_hit and not _word(terms()[concept][locale]).search(text):
                missing.append(f"{key}: {concept} -> {terms()[concept][locale]!r}")
    assert missing == []
