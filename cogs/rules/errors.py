"""Refusals of the rules commands, as sentences in the user's language.

Two sources: input only the command knows about (a rules topic, the us/them choice), raised
here as an `InputProblem`; and the engine's coded refusals (`bot.engine.EngineError`: an
unreadable card or suit, a card twice, an impossible position or hand), which the functions
below turn into an `InputProblem` by their `code` and `facts`. Nothing here decides whether
input is possible: the engine says that, this module only says it in words and names the
option the user can fix.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from bot.engine import Card, EngineError, ErrorCode
from bot.engine.tricks import HAND_TOTAL, TRICKS_PER_HAND
from cogs.common.text import AmbiguousLetter, card_text, t

if TYPE_CHECKING:
    from cogs.rules.ui import ScoreQuestion

__all__ = [
    "CALCULATOR_CODES",
    "InputProblem",
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
ROEM: Final = ("rules.cmd.opt.roem_makers.name", "rules.cmd.opt.roem_defenders.name")
SHOWN_TYPOS = 5  # unreadable cards named in one answer


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
        # A card is named in the reader's letters (B♥ for a Dutch player).
        values = {
            k: card_text(v, locale) if isinstance(v, Card) else v for k, v in self.values.items()
        }
        if self.option is not None:
            values["option"] = t(self.option, locale)
        return t(self.key, locale, **values)


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
# `roem_of_trick`): code -> (catalogue key, the sentence's values from the facts).
_SENTENCES: Final[dict[ErrorCode, tuple[str, Callable[[Mapping[str, Any]], dict[str, Any]]]]] = {
    ErrorCode.UNKNOWN_CARD: ("rules.err.unknown_card", _typos),
    ErrorCode.UNKNOWN_SUIT: ("rules.err.bad_suit", lambda facts: {"text": _shown(facts["text"])}),
    ErrorCode.UNKNOWN_PRESET: ("rules.err.unknown_variant", _preset),
    ErrorCode.DUPLICATE_CARD: ("rules.err.duplicate_card", _card),
    ErrorCode.CARD_IN_HAND_AND_TRICK: ("rules.err.card_in_both", _card),
    ErrorCode.TOO_MANY_CARDS: ("rules.err.too_many_cards", _facts("count", "max")),
    ErrorCode.TOO_FEW_CARDS: ("rules.err.too_few_cards", _facts("count", "min")),
}
# `score_hand`'s refusals, worded in `score_problem` with the user's own numbers.
_SCORE_CODES: Final = frozenset(
    {
        ErrorCode.NOT_A_PAIR,
        ErrorCode.NOT_TWO_PAIRS,
        ErrorCode.NEGATIVE_VALUE,
        ErrorCode.POINTS_TOTAL,
        ErrorCode.ROEM_NOT_TENS,
        ErrorCode.TRICKS_TOTAL,
        ErrorCode.SCORE_WITHOUT_TRICKS,
    }
)
CALCULATOR_CODES: Final = frozenset(_SENTENCES) | _SCORE_CODES


def engine_problem(
    error: EngineError, option: str | None = None, fields: Mapping[str, str] | None = None
) -> InputProblem:
    """The engine's refusal as a sentence naming ``option``, or the option the refusal's
    ``field`` fact stands for in ``fields`` (engine argument -> option key).

    A code without a sentence is not the user's doing: the original error goes on to the
    error handler (an error code for the user, the traceback in the log)."""
    if error.code not in _SENTENCES:
        raise error
    key, values = _SENTENCES[error.code]
    field = error.facts.get("field")
    named = option if option is not None else (fields or {}).get(str(field))
    return InputProblem(key, option=named, **values(error.facts))


def ambiguous_problem(error: AmbiguousLetter, option: str, locale: object) -> InputProblem:
    """A suit letter that reads as two suits in the user's language (`c` in Portuguese,
    Spanish or Italian), refused with the letter of each suit it could mean."""
    return InputProblem(
        "rules.err.ambiguous_suit",
        option=option,
        text=_shown(error.text),
        choices=error.choices(locale),
    )


def legal_problem(error: EngineError) -> InputProblem:
    """A refusal of `play_options`, naming the /legal option at fault. A trick of four is
    worded as what it is: complete, nobody plays to it any more."""
    fields = {"hand": HAND, "trick": TRICK, "trump": TRUMP}
    if error.code == ErrorCode.TOO_MANY_CARDS and error.facts.get("field") == "trick":
        return InputProblem("rules.err.trick_complete", option=TRICK, count=error.facts["count"])
    return engine_problem(error, fields=fields)


def roem_problem(error: EngineError) -> InputProblem:
    """A refusal of `roem_of_trick`: its trick is the /roem ``cards`` option."""
    return engine_problem(error, fields={"trick": CARDS, "trump": TRUMP})


def score_problem(error: EngineError, question: ScoreQuestion) -> InputProblem:
    """A refusal of `score_hand`, naming the /score option at fault with the number the
    user typed (the engine sees both pairs; the user gave the makers' points and tricks)."""
    facts = error.facts
    makers = question.makers
    pair = facts.get("pair", makers)
    code = error.code
    if code == ErrorCode.NEGATIVE_VALUE and facts.get("field") == "points":
        value = question.points[makers]
        return InputProblem("rules.err.points_range", option=POINTS, value=value, max=HAND_TOTAL)
    if code == ErrorCode.NEGATIVE_VALUE and facts.get("field") == "tricks":
        value = question.tricks[makers]
        return InputProblem(
            "rules.err.tricks_range", option=TRICKS, value=value, max=TRICKS_PER_HAND
        )
    if code == ErrorCode.NEGATIVE_VALUE:
        return InputProblem(
            "rules.err.roem_negative", option=_roem(pair, makers), value=facts["value"]
        )
    if code == ErrorCode.ROEM_NOT_TENS:
        return InputProblem("rules.err.roem_tens", option=_roem(pair, makers), value=facts["roem"])
    if code == ErrorCode.SCORE_WITHOUT_TRICKS:
        key = "rules.err.tricks_all_makers" if pair != makers else "rules.err.tricks_all_defenders"
        return InputProblem(
            key,
            option=TRICKS,
            tricks=question.tricks[makers],
            points=facts["points"],
            roem=facts["roem"],
        )
    if code == ErrorCode.POINTS_TOTAL:
        return InputProblem("rules.err.points_total", option=POINTS, total=facts["total"])
    if code == ErrorCode.TRICKS_TOTAL:
        return InputProblem("rules.err.tricks_total", option=TRICKS, total=facts["total"])
    if code == ErrorCode.NOT_A_PAIR:
        return InputProblem("rules.err.makers", option=MAKERS, text=_shown(facts["value"]))
    if code == ErrorCode.NOT_TWO_PAIRS:
        option = {"roem": ROEM[0], "tricks": TRICKS}.get(facts.get("field", ""), POINTS)
        return InputProblem("rules.err.two_pairs", option=option, count=facts["count"])
    return engine_problem(error)


def _roem(pair: int, makers: int) -> str:
    return ROEM[0] if pair == makers else ROEM[1]
