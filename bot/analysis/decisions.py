"""A player's own decisions in a scored hand, each as that player could see it, and the
strong player's value of every alternative.

`decisions_of` replays the hand from its deal and, before each action the player took
themselves, keeps the player's `SeatView` then: their own cards and the play so far,
nothing of the other hands. `value_decision` (run on a computer worker) lets the strong
player value every legal alternative from that view with a fixed effort and a fixed
seed, so the answer is the same on every machine and at every load. A decision's cost is
the best alternative's value minus the chosen one's, in points for the player's pair
(docs/decisions.md, "Analysis of a hand").
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from bot.engine import Action, ChooseTrump, Hand, PassTrump, PlayCard, action_from_dict
from bot.engine.cards import Card, Suit
from bot.players import UNKNOWN_OPTIONS, Effort, SearchPlayer, SeatView, view_for

__all__ = [
    "EFFORT",
    "Choice",
    "Decision",
    "Valued",
    "decisions_of",
    "digest",
    "value_decision",
]

EFFORT: Final = Effort()  # every decision's search: the challenge's computers' effort
TRUMP: Final = 0  # the "trick" of the trump choice
Choice = Card | Suit | None  # a card played, a suit named as trump, or None: passed


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the player: the hand's action index (``step``), the trick it was
    taken in (``TRUMP``: the trump choice), what they chose and what they saw then."""

    step: int
    trick: int
    chosen: Choice
    view: SeatView


@dataclass(frozen=True, slots=True)
class Valued:
    """A decision valued: the strong player's best choice and the cost of the one made,
    in points for the player's pair (0 when they chose as well as the best); for a card,
    the cards already on the table then, in playing order (none when the player led)."""

    step: int
    trick: int
    chosen: Choice
    best: Choice
    cost: float
    table: tuple[Card, ...] = ()


def decisions_of(
    hand: Hand, actions: Iterable[tuple[dict[str, Any], bool]], seat: int
) -> list[Decision]:
    """Replay ``actions`` (stored dict form, each with whether the player took it
    themselves) on ``hand`` as dealt; the player's own decisions at ``seat`` that had an
    alternative. Raises the engine's `RuleViolation` when the record does not replay."""
    found = []
    for step, (data, mine) in enumerate(actions):
        action = action_from_dict(data)
        decides, choice = _choice(action, seat)
        if mine and decides:
            view = view_for(hand, seat)
            # A ledig hand's cards (docs/rules.md 2.10) are not valued: the search plays
            # trump and four cards a trick only.
            if _alternatives(view) > 1 and view.ledig is None:
                trick = TRUMP if view.trump_options is not None else len(view.tricks) + 1
                found.append(Decision(step, trick, choice, view))
        hand.apply(action)
    return found


def _choice(action: Action, seat: int) -> tuple[bool, Choice]:
    """Whether ``action`` is a decision of ``seat`` (a claim or another seat's is not),
    and the choice it makes."""
    match action:
        case PlayCard(seat=s, card=card) if s == seat:
            return True, card
        case ChooseTrump(seat=s, suit=suit) if s == seat:
            return True, suit
        case PassTrump(seat=s) if s == seat:
            return True, None
    return False, None


def _alternatives(view: SeatView) -> int:
    """How many choices the seat had (a decision with one choice costs nothing)."""
    options = view.trump_options
    if options is not None:
        return len(options.suits) + int(options.can_pass)
    return len(view.legal)


def value_decision(decision: Decision, seed: str, effort: Effort = EFFORT) -> Valued:
    """The strong player's value of every alternative of ``decision`` (module level: a
    worker process runs it), searched with ``effort`` from ``seed`` alone."""
    player = SearchPlayer(seed, **UNKNOWN_OPTIONS, **effort.options())
    values: dict[Any, float]
    if decision.trick == TRUMP:
        player.choose_trump(decision.view)
        values = dict(player.trump_values)
    else:
        player.choose_card(decision.view)
        values = dict(player.card_values)
    chosen = values[decision.chosen]
    best = max(values, key=lambda c: (values[c], c == decision.chosen))
    # The search values "our pair's score minus theirs": half a change of it is what the
    # pair's own score gains when the hand's total stays what it is.
    cost = (values[best] - chosen) / 2
    return Valued(decision.step, decision.trick, decision.chosen, best, cost, decision.view.current)


def digest(*facts: object) -> str:
    """Eight hex characters naming a scored hand's result: a button carries it, and an
    analysis of a record that no longer matches (a stale or forged button) is refused."""
    text = "/".join(str(fact) for fact in facts)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]
