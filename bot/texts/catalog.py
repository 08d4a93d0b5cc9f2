"""Message catalogues: every user-facing string, per locale, with English as the fallback.

Catalogues are flat JSON files ``messages/<domain>.<locale>.json`` (``tables.nl.json``), one
per front-end area, so each cog owns its keys. Keys are dotted (``tables.err.not_seated``);
values are ``str.format`` templates. A test checks every locale has every key.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from importlib import resources
from typing import Any

LOCALES = ("en", "nl", "pt-BR", "es-ES", "it")
FALLBACK = "en"
CLIP = 12  # characters of a user's value an answer repeats (a number: up to 11 digits)
_ALIASES = {"en-US": "en", "en-GB": "en", "pt": "pt-BR", "es": "es-ES", "es-419": "es-ES"}


_EXACT = {loc.lower(): loc for loc in (*LOCALES, *_ALIASES)}


def normalize_locale(locale: object) -> str:
    """A catalogue locale for a Discord locale (``discord.Locale`` or its string)."""
    return _normalize(str(getattr(locale, "value", locale) or ""))


@cache
def _normalize(raw: str) -> str:
    """Cached: every catalogue look-up asks this (a few dozen per click), and Discord has
    only about thirty locales."""
    text = raw.strip().replace("_", "-")
    exact = _EXACT.get(text.lower())
    if exact is not None:
        return _ALIASES.get(exact, exact)
    base = text.split("-")[0].lower()
    return next((loc for loc in LOCALES if loc.split("-")[0].lower() == base), FALLBACK)


@cache
def catalogue(locale: str) -> dict[str, str]:
    """All keys of one locale, merged from every domain file."""
    merged: dict[str, str] = {}
    folder = resources.files("bot.texts") / "messages"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        name = entry.name
        if name.endswith(f".{locale}.json") and name.count(".") == 2 + locale.count("."):
            merged.update(json.loads(entry.read_text(encoding="utf-8")))
    return merged


@lru_cache(maxsize=256)
def _texts(locale: object) -> dict[str, str]:
    """The catalogue for a locale value as callers pass it (a string or a
    `discord.Locale`): a drawing asks a few dozen times per click, mostly with the same two
    or three values, so the normalising is done once per value."""
    return catalogue(normalize_locale(locale))


def has(key: str, locale: str = FALLBACK) -> bool:
    """Whether `locale`'s catalogue (without the English fallback) has a text for `key`."""
    return key in _texts(locale)


def t(key: str, locale: object = FALLBACK, /, **values: Any) -> str:
    """The text for ``key`` in ``locale`` (English when missing), filled with ``values``."""
    texts = _texts(locale)
    text = texts.get(key)
    if text is None:
        text = catalogue(FALLBACK).get(key)
    if text is None:
        raise KeyError(f"no message {key!r} in any catalogue")
    return text.format(**values) if values else text


def clip(value: object, limit: int = CLIP) -> str:
    """A user's value as an answer may repeat it: cut to `limit` characters ("1000000000…"),
    so a pasted essay or a 300-digit number is not echoed in full, and without backticks
    (a value shown in a code span could otherwise end it)."""
    text = str(value).replace("`", "'")
    return text if len(text) <= limit else text[: limit - 1] + "…"
