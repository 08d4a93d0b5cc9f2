"""Refusals of the rules commands, and the one mapping from their codes to sentences.

Two sources: input only the command knows about (a rules topic, the us/them choice), raised
as a `RulesError`; and the engine's coded refusals (`bot.engine.EngineError`: an unreadable
card or suit, a card twice, an impossible position or hand), which the functions below
turn into a `RulesError` by their `code` and `facts`. Nothing here decides whether input
is possible: the engine says that, this module only says it in words and names the option
the user can fix. A `RulesError` is a `bot.engine.errors.Refusal` with a `RulesCode`; its
sentence is `rules.err.<code>`, and `REFUSALS` is what the common guard
(cogs/common/replies.py) knows of them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from bot.engine import Card, EngineError, ErrorCode
from bot.engine.errors import Refusal
from bot.engine.seats import TRICKS_PER_HAND
from cogs.common.refusals import Refusals
from cogs.common.text import AmbiguousLetter, call_name, card_text, t

if TYPE_CHECKING:
    from cogs.rules.ui import ScoreQuestion

__all__ = [
    "CALCULATOR_CODES",
    "REFUSALS",
    "RulesCode",
    "RulesError",
    "ambiguous_problem",
    "engine_problem",
    "legal_problem",
    "quote",
    "roem_problem",
    "score_problem",
]

# The options' catalogue keys (their localised names).
CARDS: Final = "rules.cmd.opt.cards.name"
HAND: Final = "rules.cmd.opt.hand.name"
TRICK: Final = "rules.cmd.opt.trick.name"
TRUMP: Final = "rules.cmd.opt.trump.name"
MAKERS: Final = "rules.cmd.opt.makers.name"
POINTS: Final = "rules.cmd.opt.points.name"
TRICKS: Final = "rules.cmd.opt.tricks.name"
CALLS: Final = "rules.cmd.opt.calls.name"
ROEM: Final = ("rules.cmd.opt.roem_makers.name", "rules.cmd.opt.roem_defenders.name")
SHOWN_TYPOS = 5  # unreadable cards named in one answer


class RulesCode(StrEnum):
    """Every code a `RulesError` carries (the key of its sentence, `rules.err.<code>`)."""

    # A card, a suit, a variant or a topic the user typed.
    UNKNOWN_CARD = "unknown_card"
    DUPLICATE_CARD = "duplicate_card"
    BAD_SUIT = "bad_suit"
    AMBIGUOUS_SUIT = "ambiguous_suit"
    UNKNOWN_VARIANT = "unknown_variant"
    UNKNOWN_TOPIC = "unknown_topic"
    # A position (/legal, /roem) no game can reach.
    TOO_MANY_CARDS = "too_many_cards"
    TOO_FEW_CARDS = "too_few_cards"
    CARD_IN_BOTH = "card_in_both"
    TRICK_COMPLETE = "trick_complete"
    # A hand (/score) no game can produce.
    MAKERS = "makers"
    POINTS_RANGE = "points_range"
    POINTS_TOTAL = "points_total"
    ROEM_NEGATIVE = "roem_negative"
    ROEM_TENS = "roem_tens"
    TRICKS_RANGE = "tricks_range"
    TRICKS_TOTAL = "tricks_total"
    TRICKS_ALL_MAKERS = "tricks_all_makers"
    TRICKS_ALL_DEFENDERS = "tricks_all_defenders"
    TWO_PAIRS = "two_pairs"
    CARD_POINTS_IMPOSSIBLE = "card_points_impossible"
    CARD_POINTS_FOR_TRICKS = "card_points_for_tricks"
    ROEM_IMPOSSIBLE = "roem_impossible"
    ROEM_BOTH_PAIRS = "roem_both_pairs"
    ROEM_FOR_POINTS = "roem_for_points"
    TOO_MANY_CALLS = "too_many_calls"
    NO_CALLS = "no_calls"


class RulesError(Refusal[RulesCode]):
    """A user's input the command cannot use: a `RulesCode` and the values its sentence
    names.

    `option` is the catalogue key of the option's (localised) name, so the message names
    the option as the user sees it in their client.
    """

    def __init__(self, code: RulesCode, *, option: str | None = None, **facts: Any) -> None:
        """`code`, the option at fault (its name's key) and the sentence's values."""
        super().__init__(code, **facts)
        self.option = option

    @property
    def key(self) -> str:
        """The catalogue key of the sentence."""
        return REFUSALS.key(self.code)

    def render(self, locale: object) -> str:
        """The sentence in `locale`, naming the option."""
        return error_text(self, locale)


def error_text(error: RulesError, locale: object) -> str:
    """The sentence for a rules refusal; a card is named in the reader's letters (B♥ for a
    Dutch player), the option by its name in the reader's client."""
    values = {k: card_text(v, locale) if isinstance(v, Card) else v for k, v in error.facts.items()}
    last = error.facts.get("last")
    if isinstance(last, int):  # the last call the rules allow, by level
        values["last"] = call_name(last, locale)
    if error.option is not None:
        values["option"] = t(error.option, locale)
    return t(error.key, locale, **values)


REFUSALS = Refusals(RulesError, RulesCode, "rules.err.", error_text)


def quote(text: str, limit: int = 40) -> str:
    """User text made safe to echo: no markdown surprises, no wall of text."""
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    return text.replace("`", "'")


def _shown(text: object) -> str:
    return f"`{quote(str(text))}`" if str(text) else "—"


def _typos(facts: Mapping[str, Any]) -> dict[str, Any]:
    texts = facts.get("texts") or (facts.get("text", ""),)
    return {"text": ", ".join(_shown(text) for text in texts[:SHOWN_TYPOS])}


def _preset(facts: Mapping[str, Any]) -> dict[str, Any]:
    choices = ", ".join(f"`{name}`" for name in facts.get("choices", ()))
    return {"text": _shown(facts.get("name", "")), "choices": choices}


def _card(facts: Mapping[str, Any]) -> dict[str, Any]:
    card = facts.get("card", "")
    return {"card": card if isinstance(card, Card) else str(card)}


def _facts(*names: str) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    return lambda facts: {name: facts.get(name, "") for name in names}


# Refusals of the engine's parsers and of the calculators' positions (`play_options`,
# `roem_of_trick`): engine code -> (the rules code, the sentence's values from the facts).
_SENTENCES: Final[
    dict[ErrorCode, tuple[RulesCode, Callable[[Mapping[str, Any]], dict[str, Any]]]]
] = {
    ErrorCode.UNKNOWN_CARD: (RulesCode.UNKNOWN_CARD, _typos),
    ErrorCode.UNKNOWN_SUIT: (RulesCode.BAD_SUIT, lambda facts: {"text": _shown(facts["text"])}),
    ErrorCode.UNKNOWN_PRESET: (RulesCode.UNKNOWN_VARIANT, _preset),
    ErrorCode.DUPLICATE_CARD: (RulesCode.DUPLICATE_CARD, _card),
    ErrorCode.CARD_IN_HAND_AND_TRICK: (RulesCode.CARD_IN_BOTH, _card),
    ErrorCode.TOO_MANY_CARDS: (RulesCode.TOO_MANY_CARDS, _facts("count", "max")),
    ErrorCode.TOO_FEW_CARDS: (RulesCode.TOO_FEW_CARDS, _facts("count", "min")),
}
# The sheet checks' refusals of one hand: numbers no hand can end with (`_impossible_hand`).
_IMPOSSIBLE_HAND: Final = frozenset(
    {
        ErrorCode.CARD_POINTS_IMPOSSIBLE,
        ErrorCode.ROEM_IMPOSSIBLE,
        ErrorCode.ROEM_BOTH_PAIRS,
        ErrorCode.ROEM_FOR_POINTS,
    }
)
# `score_hand`'s refusals, worded in `score_problem` with the user's own numbers.
_SCORE_CODES: Final = (
    frozenset(
        {
            ErrorCode.NOT_A_PAIR,
            ErrorCode.NOT_TWO_PAIRS,
            ErrorCode.NEGATIVE_VALUE,
            ErrorCode.POINTS_TOTAL,
            ErrorCode.ROEM_NOT_TENS,
            ErrorCode.TRICKS_TOTAL,
            ErrorCode.SCORE_WITHOUT_TRICKS,
            ErrorCode.TOO_MANY_CALLS,
            ErrorCode.NO_CALLS,
        }
    )
    | _IMPOSSIBLE_HAND
)
CALCULATOR_CODES: Final = frozenset(_SENTENCES) | _SCORE_CODES


def engine_problem(
    error: EngineError, option: str | None = None, fields: Mapping[str, str] | None = None
) -> RulesError:
    """The engine's refusal as a sentence naming ``option``, or the option the refusal's
    ``field`` fact stands for in ``fields`` (engine argument -> option key).

    A code without a sentence is not the user's doing: the original error goes on to the
    error handler (an error code for the user, the traceback in the log)."""
    if error.code not in _SENTENCES:
        raise error
    code, values = _SENTENCES[error.code]
    field = error.facts.get("field")
    named = option if option is not None else (fields or {}).get(str(field))
    return RulesError(code, option=named, **values(error.facts))


def ambiguous_problem(error: AmbiguousLetter, option: str, locale: object) -> RulesError:
    """A suit letter that reads as two suits in the user's language (`c` in Portuguese,
    Spanish or Italian), refused with the letter of each suit it could mean."""
    return RulesError(
        RulesCode.AMBIGUOUS_SUIT,
        option=option,
        text=_shown(error.text),
        choices=error.choices(locale),
    )


def legal_problem(error: EngineError) -> RulesError:
    """A refusal of `play_options`, naming the /legal option at fault. A trick of four is
    worded as what it is: complete, nobody plays to it any more."""
    fields = {"hand": HAND, "trick": TRICK, "trump": TRUMP}
    if error.code == ErrorCode.TOO_MANY_CARDS and error.facts.get("field") == "trick":
        return RulesError(RulesCode.TRICK_COMPLETE, option=TRICK, count=error.facts["count"])
    return engine_problem(error, fields=fields)


def roem_problem(error: EngineError) -> RulesError:
    """A refusal of `roem_of_trick` (or of a hand's combinations): its trick or hand is the
    /roem ``cards`` option."""
    return engine_problem(error, fields={"trick": CARDS, "hand": CARDS, "trump": TRUMP})


def score_problem(error: EngineError, question: ScoreQuestion) -> RulesError:
    """A refusal of `score_hand`, naming the /score option at fault with the number the
    user typed (the engine sees both pairs; the user gave the makers' points and tricks)."""
    facts = error.facts
    makers = question.makers
    pair = facts.get("pair", makers)
    code = error.code
    if code == ErrorCode.NEGATIVE_VALUE and facts.get("field") == "points":
        value = question.points[makers]
        return RulesError(RulesCode.POINTS_RANGE, option=POINTS, value=value, max=question.total)
    if code == ErrorCode.NEGATIVE_VALUE and facts.get("field") == "tricks":
        value = question.tricks[makers]
        return RulesError(RulesCode.TRICKS_RANGE, option=TRICKS, value=value, max=TRICKS_PER_HAND)
    if code == ErrorCode.NEGATIVE_VALUE:
        return RulesError(RulesCode.ROEM_NEGATIVE, option=_roem(pair, makers), value=facts["value"])
    if code == ErrorCode.ROEM_NOT_TENS:
        return RulesError(RulesCode.ROEM_TENS, option=_roem(pair, makers), value=facts["roem"])
    if code == ErrorCode.SCORE_WITHOUT_TRICKS:
        side = RulesCode.TRICKS_ALL_MAKERS if pair != makers else RulesCode.TRICKS_ALL_DEFENDERS
        return RulesError(
            side,
            option=TRICKS,
            tricks=question.tricks[makers],
            points=facts["points"],
            roem=facts["roem"],
        )
    if code == ErrorCode.POINTS_TOTAL:
        return RulesError(RulesCode.POINTS_TOTAL, option=POINTS, total=facts["total"])
    if code == ErrorCode.TRICKS_TOTAL:
        return RulesError(RulesCode.TRICKS_TOTAL, option=TRICKS, total=facts["total"])
    if code == ErrorCode.NOT_A_PAIR:
        return RulesError(RulesCode.MAKERS, option=MAKERS, text=_shown(facts["value"]))
    if code == ErrorCode.NOT_TWO_PAIRS:
        option = {"roem": ROEM[0], "tricks": TRICKS}.get(facts.get("field", ""), POINTS)
        return RulesError(RulesCode.TWO_PAIRS, option=option, count=facts["count"])
    if code == ErrorCode.TOO_MANY_CALLS:
        most = facts["most"]
        return RulesError(RulesCode.TOO_MANY_CALLS, option=CALLS, most=most, last=most)
    if code == ErrorCode.NO_CALLS:
        return RulesError(RulesCode.NO_CALLS, option=CALLS)
    if code in _IMPOSSIBLE_HAND:
        return _impossible_hand(error, question)
    return engine_problem(error)


def _impossible_hand(error: EngineError, question: ScoreQuestion) -> RulesError:
    """A sheet check's refusal of /score's numbers (no cards or tricks end a hand so),
    naming the option at fault with the user's own numbers."""
    facts = error.facts
    makers = question.makers
    if error.code == ErrorCode.CARD_POINTS_IMPOSSIBLE:
        value = question.points[makers]
        if question.tricks_given:
            tricks = question.tricks[makers]
            return RulesError(
                RulesCode.CARD_POINTS_FOR_TRICKS, option=POINTS, value=value, tricks=tricks
            )
        other = question.total - value
        return RulesError(RulesCode.CARD_POINTS_IMPOSSIBLE, option=POINTS, value=value, other=other)
    if error.code == ErrorCode.ROEM_BOTH_PAIRS:
        value, other = question.roem[1 - makers], question.roem[makers]
        return RulesError(RulesCode.ROEM_BOTH_PAIRS, option=ROEM[1], value=value, other=other)
    option = _roem(facts["pair"], makers)
    if error.code == ErrorCode.ROEM_IMPOSSIBLE:
        most = facts["most"]
        return RulesError(RulesCode.ROEM_IMPOSSIBLE, option=option, value=facts["roem"], most=most)
    points = facts["points"]
    return RulesError(RulesCode.ROEM_FOR_POINTS, option=option, value=facts["roem"], points=points)


def _roem(pair: int, makers: int) -> str:
    return ROEM[0] if pair == makers else ROEM[1]
