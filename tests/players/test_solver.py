"""The compiled solver scores endgames exactly as the engine's Hand would.

A reference minimax plays every line of the last tricks through the engine's ``Hand``
(legality, trick winner, roem, last trick, score_hand) and must give the solver's values.
"""

from __future__ import annotations

import copy
import random

import pytest

from bot.engine import Card, Hand, Phase, RuleSet
from bot.engine.cards import mask_of
from bot.players.solver import Solver

AUTOMATIC = RuleSet(roem_claiming="automatic")  # the solver credits all roem, as here
VARIANTS = {
    "amsterdam": AUTOMATIC,
    "rotterdam": AUTOMATIC.with_options(obligations="rotterdam"),
    "undertrump": AUTOMATIC.with_options(undertrump_obligation=True),
    "nat-without-roem": AUTOMATIC.with_options(nat_counts_roem=False, four_nines=100),
    "zero-bonus-no-nat": AUTOMATIC.with_options(zero_bonus=50, nat_enabled=False),
}


def _reference(hand: Hand, us: int) -> int:
    """Exact minimax of the rest of ``hand`` through the engine (our pair maximises)."""
    if hand.phase == Phase.DONE:
        assert hand.result is not None
        return hand.result.scores[us] - hand.result.scores[1 - us]
    seat = hand.to_act
    assert seat is not None
    values = [_reference(_after(hand, seat, c), us) for c in hand.legal(seat)]
    return max(values) if seat % 2 == us else min(values)


def _after(hand: Hand, seat: int, card: Card) -> Hand:
    child = copy.deepcopy(hand)
    child.play(seat, card)
    return child


def _endgame(rules: RuleSet, seed: int, tricks_left: int, extra: int) -> Hand:
    """A hand played at random until ``tricks_left`` tricks (and ``extra`` cards) remain."""
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 4, rng)
    while hand.phase == Phase.TRUMP:
        seat = hand.to_act
        assert seat is not None
        hand.choose_trump(seat, rng.choice(hand.trump_options(seat).suits))
    while sum(len(h) for h in hand.holdings) > 4 * tricks_left - extra:
        seat = hand.to_act
        assert seat is not None
        hand.play(seat, rng.choice(hand.legal(seat)))
    return hand


def _loaded(hand: Hand, us: int, rules: RuleSet) -> Solver:
    """A solver holding ``hand``'s position (all four hands: perfect information)."""
    assert hand.trump is not None and hand.makers is not None
    solver = Solver(hand.trump, hand.makers, us, rules)
    solver.setup(
        [mask_of(h) for h in hand.holdings],
        hand.leader,
        [int(c) for c in hand.current],
        (hand.points[0], hand.points[1]),
        (hand.roem[0], hand.roem[1]),
        (hand.won[0], hand.won[1]),
    )
    return solver


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_exact_values_match_the_engine(variant: str) -> None:
    rules = VARIANTS[variant]
    checked = 0
    for seed in range(12):
        hand = _endgame(rules, seed, tricks_left=2, extra=seed % 4)
        seat = hand.to_act
        assert seat is not None and hand.trump is not None and hand.makers is not None
        us = seat % 2
        solver = _loaded(hand, us, rules)
        assert solver.legal() == mask_of(hand.legal(seat))
        for card in hand.legal(seat):
            expected = _reference(_after(hand, seat, card), us)
            assert solver.value_of(card, exact_cards=32) == expected, (seed, card)
            checked += 1
    assert checked >= 12


def test_value_of_leaves_the_position_unchanged() -> None:
    hand = _endgame(AUTOMATIC, 5, tricks_left=5, extra=1)
    seat = hand.to_act
    assert seat is not None and hand.trump is not None and hand.makers is not None
    solver = _loaded(hand, seat % 2, AUTOMATIC)
    first = {c: solver.value_of(c, exact_cards=12) for c in hand.legal(seat)}
    again = {c: solver.value_of(c, exact_cards=12) for c in reversed(hand.legal(seat))}
    assert first == again
    assert solver.to_act == seat and solver.legal() == mask_of(hand.legal(seat))
    assert solver.nodes > len(first)


def test_a_node_limit_cuts_the_search_short() -> None:
    hand = _endgame(AUTOMATIC, 7, tricks_left=6, extra=0)
    assert hand.trump is not None and hand.makers is not None and hand.to_act is not None
    solver = _loaded(hand, 0, AUTOMATIC)
    solver.node_limit = 50
    solver.value_of(hand.legal(hand.to_act)[0], exact_cards=24)
    assert solver.nodes <= 50 + 24  # the limit, plus one card per level of the line in progress
