"""Rulebook texts for the ``/rules [topic]`` command, in the five languages of the bot.

Each language is one JSON file next to this module::

    {"topics": {"overview": {"title": "...", "summary": "...", "body": "..."}, ...}}

``body`` is Discord markdown meant for an embed description; ``summary`` doubles as the
autocomplete label. The texts follow ``docs/rules.md``. A file is read once, on
first use, through :mod:`importlib.resources`, so it is found in a source checkout, an
editable install and a built wheel alike (the wheel needs the JSON files as package data).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Final

from bot.texts.catalog import FALLBACK, LOCALES, normalize_locale

__all__ = [
    "BODY_MAX",
    "DEFAULT_LOCALE",
    "LOCALES",
    "SEARCH_LIMIT",
    "SUMMARY_MAX",
    "TITLE_MAX",
    "TOPICS",
    "RuleTopic",
    "RulebookError",
    "resolve_locale",
    "search_topics",
    "topic",
]

TOPICS: Final[tuple[str, ...]] = (
    "overview",
    "dealing",
    "choosing_trump",
    "card_order",
    "following_amsterdam",
    "following_rotterdam",
    "winning_trick",
    "roem",
    "claiming_roem",
    "scoring",
    "nat",
    "pit",
    "match",
    "variants",
    "kraken",
    "hand_roem",
    "double_spades",
    "driemans",
    "tweemans",
    "ledig",
    "glossary",
    "examples",
)
DEFAULT_LOCALE: Final = FALLBACK

TITLE_MAX: Final = 200  # embed title limit is 256; keep a margin
SUMMARY_MAX: Final = 100  # an autocomplete choice name may hold at most 100 characters
BODY_MAX: Final = 3500  # embed description limit is 4096; keep room for a footer
SEARCH_LIMIT: Final = 25  # Discord shows at most 25 autocomplete choices


class RulebookError(ValueError):
    """A rulebook file is missing a topic or holds a malformed or over-long text."""


@dataclass(frozen=True, slots=True)
class RuleTopic:
    """One rules topic in one language."""

    title: str
    summary: str
    body: str


def resolve_locale(locale: str | None) -> str:
    """Map a Discord locale code to one of :data:`LOCALES` (the catalogues' own mapping)."""
    return normalize_locale(locale)


def topic(key: str, locale: str | None = DEFAULT_LOCALE) -> RuleTopic:
    """The topic ``key`` in the language for ``locale`` (English when not supported).

    Raises :class:`KeyError` for a key that is not in :data:`TOPICS`.
    """
    if key not in TOPICS:
        raise KeyError(f"unknown rules topic {key!r}")
    return _catalogue(resolve_locale(locale))[key]


def search_topics(query: str, locale: str | None = DEFAULT_LOCALE) -> list[str]:
    """Topic keys matching ``query`` for autocomplete, best matches first, at most 25.

    A topic matches when the query occurs in its key, title or summary, ignoring case and
    accents. Keys and titles that start with the query come first, then other key or title
    matches, then summary matches; ties keep the order of :data:`TOPICS`. An empty query
    returns every topic.
    """
    needle = _fold(query)
    if not needle:
        return list(TOPICS[:SEARCH_LIMIT])
    catalogue = _catalogue(resolve_locale(locale))
    ranked: list[tuple[int, int, str]] = []
    for index, key in enumerate(TOPICS):
        entry = catalogue[key]
        names = (_fold(key), _fold(key.replace("_", " ")), _fold(entry.title))
        if any(name.startswith(needle) for name in names):
            rank = 0
        elif any(needle in name for name in names):
            rank = 1
        elif needle in _fold(entry.summary):
            rank = 2
        else:
            continue
        ranked.append((rank, index, key))
    ranked.sort()
    return [key for _, _, key in ranked[:SEARCH_LIMIT]]


def _fold(text: str) -> str:
    """Lower-case, accent-free, whitespace-normalised form of ``text`` for matching."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.split())


@cache
def _catalogue(locale: str) -> Mapping[str, RuleTopic]:
    """Read and check the file of one supported locale; cached, so read only once."""
    resource = resources.files(__name__).joinpath(f"{locale}.json")
    try:
        raw: object = json.loads(resource.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise RulebookError(f"rulebook {locale}.json cannot be read: {exc}") from exc
    return MappingProxyType(_parse(raw, locale))


def _parse(raw: object, locale: str) -> dict[str, RuleTopic]:
    where = f"rulebook {locale}.json"
    if not isinstance(raw, dict) or not isinstance(raw.get("topics"), dict):
        raise RulebookError(f"{where}: expected an object with a 'topics' object")
    entries: dict[object, object] = raw["topics"]
    missing = [key for key in TOPICS if key not in entries]
    extra = sorted(str(key) for key in entries if key not in TOPICS)
    if missing or extra:
        raise RulebookError(f"{where}: missing topics {missing}, unknown topics {extra}")
    parsed: dict[str, RuleTopic] = {}
    for key in TOPICS:
        entry = entries[key]
        if not isinstance(entry, dict):
            raise RulebookError(f"{where}: topic {key!r} is not an object")
        title = _text(entry, "title", TITLE_MAX, f"{where}: {key}")
        summary = _text(entry, "summary", SUMMARY_MAX, f"{where}: {key}")
        body = _text(entry, "body", BODY_MAX, f"{where}: {key}")
        parsed[key] = RuleTopic(title=title, summary=summary, body=body)
    return parsed


def _text(entry: dict[object, object], field: str, limit: int, where: str) -> str:
    value = entry.get(field)
    if not isinstance(value, str) or not value.strip():
        raise RulebookError(f"{where}.{field} must be a non-empty string")
    if len(value) > limit:
        raise RulebookError(f"{where}.{field} has {len(value)} characters, limit {limit}")
    return value
