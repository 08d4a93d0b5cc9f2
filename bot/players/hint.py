"""Advice for a human player: the strong player's choice for the asker's own seat, with why.

A hint is computed from the asker's ``SeatView`` only (``view_for`` of their seat), so it
can never reveal another seat's cards: the search samples the hidden cards like the strong
computer does. The reason is a code with facts, turned into one line by the front end.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Card, Phase, Suit, trick_winner
from bot.engine.seats import FOUR_SEATS
from bot.engine.tricks import trick_points

from .base import SeatView
from .search import BUDGET_MS, UNKNOWN_OPTIONS, SearchPlayer


@dataclass(frozen=True, slots=True)
class Hint:
    """What to do and why. ``reason`` is one of: ``only`` (no other legal choice), ``wins``
    (takes the trick), ``smear`` (points to the partner who holds the trick), ``lead``,
    ``discard``, ``name`` (name ``suit`` as trump), ``pass``, ``call`` (make the call
    ``level``: kraak, rekraak, superkraak), ``no_call`` (pass on it) and ``ledig`` (a card
    of a ledig hand, docs/rules.md 2.10: the normal player's, no search). ``margin`` is how
    many points per hand the advice is worth over ``runner_up`` (over the other answer, for
    a call) on average over ``samples`` deals."""

    reason: str
    card: Card | None = None
    suit: Suit | None = None
    runner_up: Card | Suit | None = None
    margin: float = 0.0
    samples: int = 0
    level: int | None = None


def hint_for(view: SeatView, seed: int | str, budget_ms: float = BUDGET_MS) -> Hint:
    """The strong player's advice for ``view``'s seat (it must be that seat's turn)."""
    player = SearchPlayer(f"hint/{seed}", budget_ms=budget_ms, **UNKNOWN_OPTIONS)
    if view.phase == Phase.TRUMP:
        return _trump_hint(view, player)
    if view.phase == Phase.DOUBLING:
        return _call_hint(view, player)
    if not view.legal:
        raise ValueError("a hint needs a decision of the seat: it is not its turn")
    card = player.choose_card(view)
    if len(view.legal) == 1:
        return Hint("only", card=card)
    if view.ledig is not None:  # no search: no values to compare
        return Hint("ledig", card=card)
    values = player.card_values
    runner_up = max((c for c in view.legal if c != card), key=lambda c: values[c])
    return Hint(
        _card_reason(view, card),
        card=card,
        runner_up=runner_up,
        margin=values[card] - values[runner_up],
        samples=player.samples,
    )


def _trump_hint(view: SeatView, player: SearchPlayer) -> Hint:
    options = view.trump_options
    if options is None:
        raise ValueError("a hint needs a decision of the seat: it is not its turn")
    suit = player.choose_trump(view)
    values = player.trump_values
    others = [s for s in values if s != suit]
    if not others:
        return Hint("only", suit=suit)
    runner_up = max(others, key=lambda s: values[s])
    return Hint(
        "pass" if suit is None else "name",
        suit=suit,
        runner_up=runner_up,
        margin=values[suit] - values[runner_up],
        samples=player.samples,
    )


def _call_hint(view: SeatView, player: SearchPlayer) -> Hint:
    if view.call_level is None:
        raise ValueError("a hint needs a decision of the seat: it is not its turn")
    call = player.wants_call(view)
    values = player.call_values
    return Hint(
        "call" if call else "no_call",
        margin=values[call] - values[not call],
        samples=player.samples,
        level=view.call_level,
    )


def _card_reason(view: SeatView, card: Card) -> str:
    """How the card serves the trick in progress (the search's choice, told in words)."""
    if not view.current:
        return "lead"
    assert view.trump is not None
    trick = (*view.current, card)
    if trick_winner(trick, view.trump) == len(view.current):
        return "wins"
    leader_of_best = FOUR_SEATS.after(view.leader, trick_winner(view.current, view.trump))
    if leader_of_best == view.partner and trick_points((card,), view.trump) > 0:
        return "smear"
    return "discard"
