"""The kraak calls by rule of thumb (docs/rules.md 2.5): how strong a hand is for the pair
that would call, and the two simple rules of the easy and the normal player.

A call doubles what the bearing pair stands to lose, so the normal player calls only with
a hand that would make trump comfortably itself: the defenders when the makers' trump
suit is theirs (its jack and nine, side aces), the makers when their own trump hand is
strong beyond an ordinary contract. Its own hand roem counts too: it is roem the pair
holds whatever the play. The easy player counts trumps, as a beginner does.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Card, RuleSet, Suit
from bot.engine.handroem import combinations_of
from bot.engine.seats import left_of

from .base import SeatView
from .bidding import PASS_THRESHOLD, trump_strength

# The strength each call needs, by level (1 kraak, 2 rekraak, 3 superkraak): above the
# hand one would make trump with, more for each call, since each doubles the stake again.
CALL_THRESHOLDS = {1: PASS_THRESHOLD + 10.0, 2: PASS_THRESHOLD + 20.0, 3: PASS_THRESHOLD + 25.0}
ROEM_SHARE = 0.25  # strength per point of the seat's own hand roem
EASY_TRUMPS = 4  # the easy player calls holding this many trumps


def call_strength(seat: int, hand: Sequence[Card], trump: Suit, rules: RuleSet) -> float:
    """How strong ``hand`` is with ``trump`` for its pair: ``bidding.trump_strength`` plus
    a share of the hand roem it holds (only where the rules count hand roem)."""
    strength = trump_strength(hand, trump)
    if rules.hand_roem:
        held = sum(c.points for c in combinations_of(seat, hand, trump, rules))
        strength += ROEM_SHARE * held
    return strength


def answered(
    dealt: Sequence[Sequence[Card]], chooser: int, calls: int, trump: Suit, rules: RuleSet
) -> bool:
    """Whether, on a deal (``dealt`` in seat order), the pair asked after ``calls`` calls
    would call back by ``normal_call``'s rule: the seats asked in the engine's order
    (docs/rules.md 2.5.1), none when the rules allow no further call."""
    level = calls + 1
    if level > rules.doubling_levels:
        return False
    first = chooser if calls % 2 else left_of(chooser)
    return any(
        call_strength(seat, dealt[seat], trump, rules) >= CALL_THRESHOLDS[level]
        for seat in (first, rules.seating.partner_of(first))
    )


def asked_level(view: SeatView) -> tuple[int, Suit]:
    """The level ``view``'s seat is asked to call and the trump suit; a ``ValueError`` when
    the seat is not asked."""
    if view.call_level is None or view.trump is None:
        raise ValueError(f"seat {view.seat} is not asked to call")
    return view.call_level, view.trump


def normal_call(view: SeatView) -> bool:
    """The normal player's call: the hand's ``call_strength`` reaches the level's threshold."""
    level, trump = asked_level(view)
    strength = call_strength(view.seat, view.hand, trump, view.rules)
    return strength >= CALL_THRESHOLDS[level]


def easy_call(view: SeatView) -> bool:
    """The easy player's call: at least ``EASY_TRUMPS`` trumps, whatever the level."""
    _, trump = asked_level(view)
    return sum(1 for c in view.hand if c.suit == trump) >= EASY_TRUMPS
