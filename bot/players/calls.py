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

from bot.engine import CARDS, Card, Phase, RuleSet, Suit
from bot.engine.cards import cards_of
from bot.engine.handroem import combinations_of
from bot.engine.scoring import MAX_CALLS
from bot.engine.seats import left_of

from .base import SeatView
from .bidding import PASS_THRESHOLD, trump_strength
from .opponent_model import strength_of

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


def asked_seats(chooser: int, calls: int, rules: RuleSet) -> tuple[int, int]:
    """The two seats asked, in order, after ``calls`` calls on the trump ``chooser`` named:
    the defenders from its left for kraak and superkraak, ``chooser`` and its partner for
    rekraak (docs/rules.md 2.5.2, as ``Hand.call_seats``)."""
    first = chooser if calls % 2 else left_of(chooser)
    return first, rules.seating.partner_of(first)


def answered(
    dealt: Sequence[Sequence[Card]], chooser: int, calls: int, trump: Suit, rules: RuleSet
) -> bool:
    """Whether, on a deal (``dealt`` in seat order), the pair asked after ``calls`` calls
    would call back by ``normal_call``'s rule: the seats asked in the engine's order
    (docs/rules.md 2.5.1), none when the rules allow no further call."""
    level = calls + 1
    if level > rules.doubling_levels:
        return False
    return any(
        call_strength(seat, dealt[seat], trump, rules) >= CALL_THRESHOLDS[level]
        for seat in asked_seats(chooser, calls, rules)
    )


def call_answers(view: SeatView) -> list[tuple[int, int, bool]]:
    """What the kraak round told ``view``'s seat so far, as (seat, level, called) for each
    seat that called or passed (docs/rules.md 2.5.2): a call ends its level's round, so the
    first seat asked passed when its partner called; a round both seats passed closed the
    calls. Empty before trump or without calls at the table."""
    if view.chooser is None or view.rules.doubling == "off":
        return []
    answers: list[tuple[int, int, bool]] = []
    for made, caller in enumerate(view.calls):
        first, second = asked_seats(view.chooser, made, view.rules)
        if caller == second:
            answers.append((first, made + 1, False))
        answers.append((caller, made + 1, True))
    made = len(view.calls)
    if made >= min(view.rules.doubling_levels, MAX_CALLS):
        return answers
    first, second = asked_seats(view.chooser, made, view.rules)
    if view.phase == Phase.DOUBLING:
        if view.seat == second:
            answers.append((first, made + 1, False))
    elif view.phase != Phase.TRUMP:
        answers += [(first, made + 1, False), (second, made + 1, False)]
    return answers


def call_miss(
    seat: int,
    dealt: int,
    trump: Suit,
    rules: RuleSet,
    answer: tuple[int, bool],
    margin: float = 0.0,
) -> float:
    """How far ``dealt`` (the seat's 8 cards, a mask) is from agreeing with ``seat``'s
    ``answer`` (the level, and whether it called or passed) by the normal player's bar,
    ``margin`` softer: 0.0 when it agrees. A call needs ``call_strength`` at least the
    level's threshold; a pass, the trump strength alone below it (the hand roem would only
    raise it: the cheaper, softer reading, asked of every sampled deal)."""
    level, called = answer
    bar = CALL_THRESHOLDS[level]
    strength = float(strength_of(dealt, int(trump)))
    if not called:
        return 0.0 if strength < bar + margin else strength - bar - margin + 1.0
    if strength < bar - margin and rules.hand_roem:
        strength = call_strength(seat, [CARDS[c] for c in cards_of(dealt)], trump, rules)
    return 0.0 if strength >= bar - margin else bar - margin - strength


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
