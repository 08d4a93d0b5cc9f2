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

from bot.engine import PRESET_NAMES, Card, RuleError, RuleSet, Suit
from bot.engine.tricks import HAND_TOTAL
from bot.texts.catalog import LOCALES
from bot.texts.rulebook import TOPICS, search_topics
from cogs.common.text import card_text, cards_text, parse_card, t
from cogs.common.text import parse_suit as suit_from_text
from cogs.rules.errors import InputProblem
from cogs.rules.ui import ScoreQuestion

__all__ = [
    "HAND_MAX",
    "ROEM_CARDS",
    "TRICKS_PER_HAND",
    "parse_card_list",
    "parse_suit",
    "parse_trick",
    "parse_variant",
    "quote",
    "require_disjoint",
    "score_question",
    "suit_names",
    "topic_key",
]

# Variation selectors and zero-width characters that phone keyboards put after ♥ and friends.
_INVISIBLE = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200b\u200c\u200d\u2060"), None)
_SEPARATORS = re.compile(r"[\s,;]+")
HAND_MAX = 8
TRICK_MAX = 3  # cards already in a trick the acting player still plays to
ROEM_CARDS = (2, 4)
TRICKS_PER_HAND = 8


def _clean(text: str) -> str:
    return unicodedata.normalize("NFC", text.translate(_INVISIBLE)).strip()


def quote(text: str, limit: int = 40) -> str:
    """User text made safe to echo: no markdown surprises, no wall of text."""
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    return text.replace("`", "'")


def parse_card_list(
    text: str | None, option: str, locale: object, *, minimum: int, maximum: int
) -> list[Card]:
    """Cards written like ``Jh 10h Th J♥`` (commas or semicolons too), in the given order;
    the user's language's letters too (``Bh Vs`` in Dutch, `cogs/common/text.py`).

    Refuses, naming the option and the part: text that is not a card, a card named twice,
    fewer than ``minimum`` or more than ``maximum`` cards.
    """
    parts = [p for p in _SEPARATORS.split(_clean(text or "")) if p]
    cards: list[Card] = []
    unknown: list[str] = []
    for part in parts:
        try:
            cards.append(parse_card(part, locale))
        except ValueError:
            unknown.append(part)
    if unknown:
        shown = ", ".join(f"`{quote(p)}`" for p in unknown[:5])
        raise InputProblem("rules.err.unknown_card", option=option, text=shown)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InputProblem(
                "rules.err.duplicate_card", option=option, card=card_text(card, locale)
            )
        seen.add(card)
    if len(cards) > maximum:
        raise InputProblem("rules.err.too_many_cards", option=option, count=len(cards), max=maximum)
    if len(cards) < minimum:
        raise InputProblem("rules.err.too_few_cards", option=option, count=len(cards), min=minimum)
    return cards


def require_disjoint(first: Sequence[Card], second: Iterable[Card], locale: object) -> None:
    """A card cannot be in the hand and in the trick at once."""
    both = [c for c in first if c in set(second)]
    if both:
        raise InputProblem("rules.err.card_in_both", card=cards_text(both, locale))


def suit_names(suit: Suit) -> set[str]:
    """The suit's names in every catalogue language, folded for comparison."""
    return {_fold(t(f"common.suit.{suit.letter}", locale)) for locale in LOCALES}


def parse_suit(text: str | None, option: str, locale: object) -> Suit:
    """A suit from ``h``, ``♥``, ``hearts``, ``harten``, ``copas``, ``cuori``, the locale's
    letter (``k`` for klaveren in Dutch), ..."""
    cleaned = _clean(text or "")
    try:
        return suit_from_text(cleaned, locale)
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


def topic_key(text: str, locale: str) -> str:
    """A topic key from the autocomplete value, or from what the user typed."""
    cleaned = text.strip()
    if cleaned in TOPICS:
        return cleaned
    found = search_topics(cleaned, locale)
    if found:
        return found[0]
    raise InputProblem(
        "rules.err.unknown_topic",
        option="rules.cmd.opt.topic.name",
        text=f"`{quote(cleaned)}`",
    )


def parse_trick(text: str | None, locale: object) -> list[Card]:
    # A trick in progress holds 0 to 3 cards: with 4 it is complete and nobody plays to it.
    played = parse_card_list(text, "rules.cmd.opt.trick.name", locale, minimum=0, maximum=32)
    if len(played) > TRICK_MAX:
        raise InputProblem(
            "rules.err.trick_complete", option="rules.cmd.opt.trick.name", count=len(played)
        )
    return played


def score_question(
    makers: str, points: int, roem_makers: int, roem_defenders: int, tricks: int | None
) -> ScoreQuestion:
    """The user's numbers per pair; ``tricks`` defaults as documented in the command."""
    choice = makers.strip().lower()
    if choice not in ("us", "them"):
        raise InputProblem(
            "rules.err.makers", option="rules.cmd.opt.makers.name", text=f"`{quote(makers, 20)}`"
        )
    if not 0 <= points <= HAND_TOTAL:
        raise InputProblem(
            "rules.err.points_range",
            option="rules.cmd.opt.points.name",
            value=points,
            max=HAND_TOTAL,
        )
    for option, roem in (
        ("rules.cmd.opt.roem_makers.name", roem_makers),
        ("rules.cmd.opt.roem_defenders.name", roem_defenders),
    ):
        if roem < 0:
            raise InputProblem("rules.err.roem_negative", option=option, value=roem)
    if tricks is not None and not 0 <= tricks <= TRICKS_PER_HAND:
        raise InputProblem(
            "rules.err.tricks_range",
            option="rules.cmd.opt.tricks.name",
            value=tricks,
            max=TRICKS_PER_HAND,
        )
    pair = 0 if choice == "us" else 1
    others = HAND_TOTAL - points
    given = tricks is not None
    if tricks is None:
        # Not given: a pit only when the other pair has neither card points nor roem;
        # otherwise both pairs took tricks (how many does not change the score).
        if others == 0 and roem_defenders == 0:
            tricks = TRICKS_PER_HAND
        elif points == 0 and roem_makers == 0:
            tricks = 0
        else:
            tricks = TRICKS_PER_HAND // 2
    by_pair = _per_pair(pair, points, others)
    return ScoreQuestion(
        makers=pair,
        points=by_pair,
        roem=_per_pair(pair, roem_makers, roem_defenders),
        tricks=_per_pair(pair, tricks, TRICKS_PER_HAND - tricks),
        tricks_given=given,
    )


def _per_pair(makers: int, mine: int, theirs: int) -> tuple[int, int]:
    return (mine, theirs) if makers == 0 else (theirs, mine)
