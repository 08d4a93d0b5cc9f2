"""The determinized Monte Carlo benchmark opponent: sees only its view, plays legally under
every preset, decides alike given the seed."""

from __future__ import annotations

import random

import pytest

from benchmarks.montecarlo import MonteCarloPlayer
from bot.engine import Hand, RuleSet
from bot.players import view_for
from tests.players.test_search import VARIANTS, _mid_hand, _reshuffle_hidden, play_checked


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_plays_legal_cards_and_trumps_under_every_preset(variant: str) -> None:
    rules = VARIANTS[variant]
    players = [MonteCarloPlayer(f"{variant}/{s}", deals=3) for s in range(4)]
    play_checked(Hand.deal(rules, 1, random.Random(f"{variant}/dmc")), players)


@pytest.mark.parametrize("seed", range(4))
def test_hidden_cards_do_not_change_the_decision(seed: int) -> None:
    hand = _mid_hand(RuleSet(), seed, cards_played=9 + seed)
    seat = hand.to_act
    assert seat is not None
    other = _reshuffle_hidden(hand, seat, random.Random(seed))
    view, other_view = view_for(hand, seat), view_for(other, seat)
    assert view == other_view
    first, second = MonteCarloPlayer(seed, deals=8), MonteCarloPlayer(seed, deals=8)
    assert first.choose_card(view) == second.choose_card(other_view)
