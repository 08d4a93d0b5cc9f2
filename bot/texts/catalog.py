"""Message catalogues: every user-facing string, per locale, with English as the fallback.

Catalogues are flat JSON files ``messages/<domain>.<locale>.json`` (``tables.nl.json``), one
per front-end area, so each cog owns its keys. Keys are dotted (``tables.err.not_seated``);
values are ``str.format`` templates. A test checks every locale has every key.

A sentence that counts something is an object of CLDR plural categories instead of one
template: ``{"one": "{count} seat free", "other": "{count} seats free"}``. `t` chooses the
form by the value ``count`` through Babel's plural rules of the locale (Dutch and English
have one and other; Portuguese, Spanish and Italian also many, and Brazilian Portuguese
counts 0 as one). A refusal's facts may name their number otherwise: the object then
says which value counts, ``{"count": "lines", "one": ..., "other": ...}``.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from babel import Locale
from babel.plural import PluralRule

LOCALES = ("en", "nl", "pt-BR", "es-ES", "it")
FALLBACK = "en"
CLIP = 12  # characters of a user's value an answer repeats (a number: up to 11 digits)
_ALIASES = {"en-US": "en", "en-GB": "en", "pt": "pt-BR", "es": "es-ES", "es-419": "es-ES"}


_EXACT = {loc.lower(): loc for loc in (*LOCALES, *_ALIASES)}
COUNT = "count"  # the value a plural message is chosen by, unless the message names another

# A catalogue value: a template, or the templates of a count's CLDR plural categories.
Message = str | dict[str, str]


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
def catalogue(locale: str) -> dict[str, Message]:
    """All keys of one locale, merged from every domain file."""
    merged: dict[str, Message] = {}
    folder = resources.files("bot.texts") / "messages"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        name = entry.name
        if name.endswith(f".{locale}.json") and name.count(".") == 2 + locale.count("."):
            merged.update(json.loads(entry.read_text(encoding="utf-8")))
    return merged


@lru_cache(maxsize=256)
def _texts(locale: object) -> dict[str, Message]:
    """The catalogue for a locale value as callers pass it (a string or a
    `discord.Locale`): a drawing asks a few dozen times per click, mostly with the same two
    or three values, so the normalising is done once per value."""
    return catalogue(normalize_locale(locale))


def has(key: str, locale: str = FALLBACK) -> bool:
    """Whether `locale`'s catalogue (without the English fallback) has a text for `key`."""
    return key in _texts(locale)


def t(key: str, locale: object = FALLBACK, /, **values: Any) -> str:
    """The text for ``key`` in ``locale`` (English when missing), filled with ``values``;
    a plural message in the form the locale's plural rule gives its count."""
    text = _texts(locale).get(key)
    if text is None:
        locale, text = FALLBACK, catalogue(FALLBACK).get(key)
    if text is None:
        raise KeyError(f"no message {key!r} in any catalogue")
    if isinstance(text, dict):
        text = plural_form(text, values.get(text.get(COUNT, COUNT)), locale)
    return text.format(**values) if values else text


def templates(value: Message) -> list[str]:
    """A catalogue value's templates: the one, or each plural form (not a count's name)."""
    if isinstance(value, str):
        return [value]
    return [text for category, text in value.items() if category != COUNT]


def plural_form(forms: dict[str, str], count: object, locale: object) -> str:
    """The template of ``forms`` (CLDR plural categories) for ``count`` in ``locale``;
    ``other`` when the locale's category has no form of its own, or without a count (the
    template as such, for a caller that reads its placeholders)."""
    number = _number(count)
    category = "other" if number is None else plural_rule(normalize_locale(locale))(number)
    return forms.get(category, forms["other"])


@cache
def plural_rule(locale: str) -> PluralRule:
    """The CLDR plural rule of a catalogue locale (``pt-BR``: 0 and 1 are one)."""
    return Locale.parse(babel_locale(locale)).plural_form


def babel_locale(locale: str) -> str:
    """A catalogue locale as Babel names it (``pt-BR`` -> ``pt_BR``). English is written
    the British way (``19:30``, not ``7:30 PM``): the bot's English readers play in
    European clubs, where league nights start at 19:30."""
    return "en_GB" if locale == FALLBACK else locale.replace("-", "_")


def _number(count: object) -> float | int | None:
    """A count as a number: text (a count already shown, "12,5") is read; text that is no
    number ("-" for none) and a missing count are None, chosen as ``other``, which every
    locale has."""
    if isinstance(count, int | float) or count is None:
        return count
    try:
        return float(str(count).replace(",", "."))
    except ValueError:
        return None


def clip(value: object, limit: int = CLIP) -> str:
    """A user's value as an answer may repeat it: cut to `limit` characters ("1000000000…"),
    so a pasted essay or a 300-digit number is not echoed in full, and without backticks
    (a value shown in a code span could otherwise end it)."""
    text = str(value).replace("`", "'")
    return text if len(text) <= limit else text[: limit - 1] + "…"
