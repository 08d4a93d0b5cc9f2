"""Reading the options of the rules commands into engine values.

Presentation only: text becomes cards, suits and rule sets through the engine's parsers
(`parse_cards`, `Suit.parse`, `RuleSet.preset`), and what they refuse becomes an
`RulesError` naming the option (cogs/rules/errors.py). What a card, a suit or a position
may be is never decided here; only what a phone keyboard adds (variation selectors,
semicolons) and the suits' names in the catalogue languages are this module's business.
"""

from __future__ import annotations

import re
import unicodedata

from bot.engine import (
    Card,
    EngineError,
    InvalidInput,
    RuleSet,
    Suit,
    assumed_tricks,
    parse_cards,
)
from bot.engine.seats import TRICKS_PER_HAND
from bot.engine.tricks import HAND_TOTAL
from bot.texts.catalog import LOCALES
from bot.texts.rulebook import TOPICS, search_topics
from cogs.common.text import AmbiguousLetter, card_input, fold, suit_input, t
from cogs.rules.errors import RulesCode, RulesError, ambiguous_problem, engine_problem, quote
from cogs.rules.ui import ScoreQuestion

__all__ = [
    "parse_card_list",
    "parse_suit",
    "parse_variant",
    "score_question",
    "suit_names",
    "topic_key",
]

# Variation selectors and zero-width characters that phone keyboards put after ♥ and friends.
_INVISIBLE = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200b\u200c\u200d\u2060"), None)
_SEPARATORS = re.compile(r"[\s,;]+")


def _clean(text: str) -> str:
    return unicodedata.normalize("NFC", text.translate(_INVISIBLE)).strip()


def parse_card_list(text: str | None, option: str, locale: object) -> list[Card]:
    """Cards written like ``Jh 10h Th J♥`` (commas or semicolons too), in the given order,
    or in the letters of the user's language (``Bh Vk`` in Dutch, `card_input`).

    The engine refuses text that is not a card and a card named twice; the refusal names
    ``option``. How many cards a command takes is the calculator's question (the engine
    refuses a position or trick of the wrong size)."""
    try:
        parts = [card_input(p, locale) for p in _SEPARATORS.split(_clean(text or "")) if p]
        return parse_cards(parts)
    except AmbiguousLetter as error:
        raise ambiguous_problem(error, option, locale) from None
    except EngineError as error:
        raise engine_problem(error, option) from None


def suit_names(suit: Suit) -> set[str]:
    """The suit's names in every catalogue language, folded for comparison."""
    return {_fold(t(f"common.suit.{suit.letter}", locale)) for locale in LOCALES}


def parse_suit(text: str | None, option: str, locale: object) -> Suit:
    """A suit from ``h``, ``♥``, ``hearts``, ``harten``, ``copas``, ``cuori``, the locale's
    letter (``k`` for klaveren in Dutch), ..."""
    cleaned = _clean(text or "")
    try:
        return Suit.parse(suit_input(cleaned, locale))
    except AmbiguousLetter as error:
        raise ambiguous_problem(error, option, locale) from None
    except InvalidInput as error:
        refusal = error
    folded = _fold(cleaned)
    for suit in Suit:
        if folded and folded in suit_names(suit):
            return suit
    raise engine_problem(refusal, option)


def parse_variant(text: str, option: str) -> RuleSet:
    """One of the engine's rule presets, by name."""
    try:
        return RuleSet.preset(_clean(text))
    except EngineError as error:
        raise engine_problem(error, option) from None


def _fold(text: str) -> str:
    return fold(text).strip()


def topic_key(text: str, locale: str) -> str:
    """A topic key from the autocomplete value, or from what the user typed."""
    cleaned = text.strip()
    if cleaned in TOPICS:
        return cleaned
    found = search_topics(cleaned, locale)
    if found:
        return found[0]
    raise RulesError(
        RulesCode.UNKNOWN_TOPIC,
        option="rules.cmd.opt.topic.name",
        text=f"`{quote(cleaned)}`",
    )


def score_question(
    makers: str,
    points: int,
    roem_makers: int,
    roem_defenders: int,
    tricks: int | None,
    calls: int = 0,
    spades: bool = False,
    total: int = HAND_TOTAL,
) -> ScoreQuestion:
    """The user's numbers per pair: ``points`` are the makers' card points, the defenders
    have the rest of the hand's; ``tricks`` (the makers'), when not given, is the engine's
    usual reading of the points and roem (`assumed_tricks`); ``calls`` and ``spades`` as
    the engine's ``score_hand`` takes them, ``total`` the hand's card points under the
    rules asked (`hand_total`: 224 when spades double their values). Whether the numbers can come
    from one hand is the engine's to say (`score_hand`)."""
    choice = makers.strip().lower()
    if choice not in ("us", "them"):
        raise RulesError(
            RulesCode.MAKERS, option="rules.cmd.opt.makers.name", text=f"`{quote(makers, 20)}`"
        )
    pair = 0 if choice == "us" else 1
    by_pair = _per_pair(pair, points, total - points)
    roem = _per_pair(pair, roem_makers, roem_defenders)
    if tricks is None:
        counted = assumed_tricks(by_pair, roem)
    else:
        counted = _per_pair(pair, tricks, TRICKS_PER_HAND - tricks)
    return ScoreQuestion(pair, by_pair, roem, counted, tricks is not None, calls, spades, total)


def _per_pair(makers: int, mine: int, theirs: int) -> tuple[int, int]:
    return (mine, theirs) if makers == 0 else (theirs, mine)
