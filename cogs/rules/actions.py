"""What the rules commands ask the engine, under the rule set in effect here.

Every answer comes from the engine: the legal cards and the reason for each refused card,
the score of a hand. A refusal of the engine becomes an `InputProblem` naming the option
the user can fix. The rule set is the chosen variant, else the one of the table in the
channel, else the default rules.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.engine import (
    Card,
    HandScore,
    RuleSet,
    Suit,
    explain_illegal,
    legal_cards,
    partner_is_winning,
    score_hand,
    trick_winner,
)
from bot.tables import TableService
from cogs.rules.errors import InputProblem
from cogs.rules.options import TRICKS_PER_HAND, parse_variant
from cogs.rules.ui import LegalAnswer, RulesInEffect, ScoreQuestion

__all__ = ["legal_answer", "rules_here", "score"]

log = logging.getLogger(__name__)


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
    """Everything the engine says about playing from ``hand`` to ``trick``."""
    legal = legal_cards(hand, trick, trump, rules)
    refused = []
    for card in hand:
        reason = explain_illegal(card, hand, trick, trump, rules)
        if reason is not None:
            refused.append((card, reason))
    winning = partner = None
    top_trump = None
    if trick:
        index = trick_winner(trick, trump)
        winning = trick[index]
        partner = partner_is_winning(trick, trump)
        trumps = [c for c in trick if c.suit == trump]
        if trumps:
            top_trump = trumps[trick_winner(trumps, trump)]
    return LegalAnswer(
        hand=tuple(hand),
        trick=tuple(trick),
        trump=trump,
        legal=tuple(legal),
        refused=tuple(refused),
        winning=winning,
        partner_winning=bool(partner),
        top_trump=top_trump,
    )


def score(question: ScoreQuestion, rules: RuleSet) -> HandScore:
    """The engine's score, or the refusal turned into a message naming the option."""
    try:
        return score_hand(question.makers, question.points, question.roem, question.tricks, rules)
    except ValueError as error:
        raise _score_problem(question, error) from None


def _score_problem(question: ScoreQuestion, error: ValueError) -> InputProblem:
    makers, defenders = question.makers, 1 - question.makers
    for pair, option in (
        (makers, "rules.cmd.opt.roem_makers.name"),
        (defenders, "rules.cmd.opt.roem_defenders.name"),
    ):
        if question.roem[pair] % 10:
            return InputProblem("rules.err.roem_tens", option=option, value=question.roem[pair])
    for pair in (makers, defenders):
        other = 1 - pair
        if question.tricks[pair] == TRICKS_PER_HAND and (
            question.points[other] or question.roem[other]
        ):
            key = (
                "rules.err.tricks_all_makers"
                if pair == makers
                else "rules.err.tricks_all_defenders"
            )
            return InputProblem(
                key,
                option="rules.cmd.opt.tricks.name",
                tricks=question.tricks[makers],
                points=question.points[other],
                roem=question.roem[other],
            )
    log.info("score_hand refused %s: %s", question, error)
    return InputProblem("rules.err.score_refused", reason=str(error))
