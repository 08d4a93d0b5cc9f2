"""Reading the options of the rules commands, and saying precisely what is wrong with them.

Presentation-level only: these helpers turn text into engine values (cards, suits, rule
sets) and, when they cannot, raise `InputProblem` naming the option and the offending part
in the user's language. Whether a card may be played, what roem a trick holds or what a
hand scores is never decided here: the engine answers those questions.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

from bot.engine import PRESET_NAMES, Card, RuleError, RuleSet, Suit
from bot.texts.catalog import LOCALES, t

__all__ = [
    "InputProblem",
    "parse_card_list",
    "parse_suit",
    "parse_variant",
    "quote",
    "require_disjoint",
    "suit_names",
]

# Variation selectors and zero-width characters that phone keyboards put after ♥ and friends.
_INVISIBLE = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200b\u200c\u200d\u2060"), None)
_SEPARATORS = re.compile(r"[\s,;]+")


class InputProblem(Exception):
    """A user's input the command cannot use: a catalogue key and its values.

    `option` is the catalogue key of the option's (localised) name, so the message names
    the option as the user sees it in their client.
    """

    def __init__(self, key: str, *, option: str | None = None, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.option = option
        self.values = values

    def render(self, locale: object) -> str:
        values = dict(self.values)
        if self.option is not None:
            values["option"] = t(self.option, locale)
        return t(self.key, locale, **values)


def _clean(text: str) -> str:
    return unicodedata.normalize("NFC", text.translate(_INVISIBLE)).strip()


def quote(text: str, limit: int = 40) -> str:
    """User text made safe to echo: no markdown surprises, no wall of text."""
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    return text.replace("`", "'")


def parse_card_list(text: str | None, option: str, *, minimum: int, maximum: int) -> list[Card]:
    """Cards written like ``Jh 10h Th J♥`` (commas or semicolons too), in the given order.

    Refuses, naming the option and the part: text that is not a card, a card named twice,
    fewer than ``minimum`` or more than ``maximum`` cards.
    """
    parts = [p for p in _SEPARATORS.split(_clean(text or "")) if p]
    cards: list[Card] = []
    unknown: list[str] = []
    for part in parts:
        try:
            cards.append(Card.parse(part))
        except ValueError:
            unknown.append(part)
    if unknown:
        shown = ", ".join(f"`{quote(p)}`" for p in unknown[:5])
        raise InputProblem("rules.err.unknown_card", option=option, text=shown)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InputProblem("rules.err.duplicate_card", option=option, card=str(card))
        seen.add(card)
    if len(cards) > maximum:
        raise InputProblem("rules.err.too_many_cards", option=option, count=len(cards), max=maximum)
    if len(cards) < minimum:
        raise InputProblem("rules.err.too_few_cards", option=option, count=len(cards), min=minimum)
    return cards


def require_disjoint(first: Sequence[Card], second: Iterable[Card]) -> None:
    """A card cannot be in the hand and in the trick at once."""
    both = [c for c in first if c in set(second)]
    if both:
        raise InputProblem("rules.err.card_in_both", card=" ".join(str(c) for c in both))


def suit_names(suit: Suit) -> set[str]:
    """The suit's names in every catalogue language, folded for comparison."""
    return {_fold(t(f"common.suit.{suit.letter}", locale)) for locale in LOCALES}


def parse_suit(text: str | None, option: str) -> Suit:
    """A suit from ``h``, ``♥``, ``hearts``, ``harten``, ``copas``, ``cuori``, ..."""
    cleaned = _clean(text or "")
    try:
        return Suit.parse(cleaned)
    except ValueError:
        pass
    folded = _fold(cleaned)
    for suit in Suit:
        if folded and folded in suit_names(suit):
            return suit
    shown = f"`{quote(cleaned)}`" if cleaned else "—"
    raise InputProblem("rules.err.bad_suit", option=option, text=shown)


def parse_variant(text: str, option: str) -> RuleSet:
    """One of the engine's rule presets, by name."""
    try:
        return RuleSet.preset(_clean(text))
    except RuleError:
        choices = ", ".join(f"`{name}`" for name in PRESET_NAMES)
        raise InputProblem(
            "rules.err.unknown_variant", option=option, text=f"`{quote(text)}`", choices=choices
        ) from None


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).strip()
