"""What the rules commands ask the engine, under the rule set in effect here.

Every answer and every refusal comes from the engine: `play_options` for /legal (the legal
cards, a reason per refused card, the trick facts the reasons name), `roem_of_trick` for
/roem (`combinations_of` for a hand under roem from the hand), `score_hand` for /score. A
refusal of the engine becomes a `RulesError` naming the option the user can fix
(cogs/rules/errors.py). The rule set is the chosen variant, else the one of the table in
the channel, else the default rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import (
    Card,
    EngineError,
    HandScore,
    Roem,
    RuleSet,
    Suit,
    check_hand,
    check_line,
    play_options,
    roem_of_trick,
)
from bot.engine.cards import check_count
from bot.engine.handroem import Combination, combinations_of
from bot.engine.roem import ROEM_MIN_CARDS, TRICK_CARDS
from bot.engine.seats import TRICKS_PER_HAND
from bot.tables import TableService
from cogs.rules.errors import legal_problem, roem_problem, score_problem
from cogs.rules.options import parse_variant
from cogs.rules.ui import LegalAnswer, RulesInEffect, ScoreQuestion

__all__ = ["legal_answer", "roem_answer", "rules_here", "score"]

CARDS_PER_HAND = TRICKS_PER_HAND  # a player's cards as dealt: one for each trick


def rules_here(tables: TableService, channel_id: int | None, variant: str | None) -> RulesInEffect:
    """The chosen variant, else the rule set of this channel's table, else the default."""
    table = tables.in_channel(channel_id) if channel_id is not None else None
    table_rules = table.rules if table is not None else None
    if variant:
        return RulesInEffect(
            parse_variant(variant, "rules.cmd.opt.variant.name"), "chosen", table_rules
        )
    if table_rules is not None:
        return RulesInEffect(table_rules, "table", table_rules)
    return RulesInEffect(RuleSet(), "default")


def legal_answer(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit, rules: RuleSet
) -> LegalAnswer:
    """The engine's play options for ``hand`` on ``trick``, or its refusal of the position."""
    try:
        options = play_options(hand, trick, trump, rules)
    except EngineError as error:
        raise legal_problem(error) from None
    return LegalAnswer(hand=tuple(hand), trick=tuple(trick), trump=trump, options=options)


def roem_answer(
    cards: Sequence[Card], trump: Suit, rules: RuleSet
) -> Roem | tuple[Combination, ...]:
    """The roem in ``cards`` (a trick, or the part of one that holds the roem: from a stuk's
    two cards to a whole trick); under rules with roem from the hand, more cards than a
    trick are one player's hand as dealt and its combinations (docs/rules.md 2.6). Or the
    engine's refusal of them."""
    try:
        if rules.hand_roem and len(cards) > TRICK_CARDS:
            check_count(len(cards), "hand", TRICK_CARDS + 1, CARDS_PER_HAND)
            return tuple(combinations_of(0, cards, trump, rules))
        check_count(len(cards), "trick", ROEM_MIN_CARDS, TRICK_CARDS)
        return roem_of_trick(cards, trump, rules)
    except EngineError as error:
        raise roem_problem(error) from None


def score(question: ScoreQuestion, rules: RuleSet) -> HandScore:
    """The engine's score, or its refusal as a message naming the option: numbers no hand
    can end with (card points no cards make, roem no tricks hold) are refused as on a sheet,
    with the tricks the user gave, or else as sheets are read."""
    q = question
    try:
        if q.tricks_given:
            return check_hand(q.makers, q.points, q.roem, q.tricks, rules, q.calls, q.spades)
        return check_line(q.makers, q.points, q.roem, None, rules, q.calls, q.spades)
    except EngineError as error:
        raise score_problem(error, question) from None
