"""The IS-MCTS card player: sees only its view, plays legally, keeps its time budget, and
finds a card that every deal it could face agrees on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.ismcts import ISMCTSPlayer
from bot.engine import Hand, RuleSet
from bot.players import MODEL_OPTIONS, Player, view_for
from bot.players.sampling import Deduction
from tests.players.helpers import card, make_view, play_hand
from tests.players.test_search import (
    VARIANTS,
    FakeClock,
    _mid_hand,
    _reshuffle_hidden,
    play_checked,
)

# The variants: the plain algorithm, every card on every deal, the policy's card first.
MODES: dict[str, dict[str, Any]] = {
    "plain": {},
    "paired": {"paired": True},
    "widen": {"widen": 1.0},
    "paired-widen": {"paired": True, "widen": 1.0},
    "self": {"paired": True, "widen": 1.0, "tree": "self"},
    "us": {"tree": "us"},
    # With the opponents modelled as the normal player (as the strong player is seated
    # against two normal computers): likelihood sampling, the model's cards for them.
    "model": {"paired": True, "widen": 1.0, **MODEL_OPTIONS},
    "model-plain": dict(MODEL_OPTIONS),
}


def fast(seed: int | str, iterations: int = 40, mode: str = "plain") -> ISMCTSPlayer:
    """Bounded by iterations, not time: reproducible on any machine."""
    options = MODES[mode]
    return ISMCTSPlayer(seed, budget_ms=1e9, max_iterations=iterations, max_samples=2, **options)


@pytest.mark.parametrize("seed", range(6))
def test_hidden_cards_change_neither_the_view_nor_the_decision(seed: int) -> None:
    hand = _mid_hand(RuleSet(), seed, cards_played=9 + seed)
    seat = hand.to_act
    assert seat is not None
    other = _reshuffle_hidden(hand, seat, random.Random(seed))
    hidden = [sorted(hand.holdings[s]) for s in range(4) if s != seat]
    assert hidden != [sorted(other.holdings[s]) for s in range(4) if s != seat]
    view, other_view = view_for(hand, seat), view_for(other, seat)
    assert view == other_view  # the decision's only input
    assert Deduction.of(view) == Deduction.of(other_view)
    mode = sorted(MODES)[seed % len(MODES)]
    first, second = fast(seed, 200, mode), fast(seed, 200, mode)
    assert first.choose_card(view) == second.choose_card(other_view)
    assert first.card_values == second.card_values


@pytest.mark.parametrize("mode", sorted(MODES))
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_plays_legal_cards_under_every_preset(variant: str, mode: str) -> None:
    rules = VARIANTS[variant]
    for deal in range(2):
        players: list[Player] = [fast(f"{variant}/{deal}/{s}", 20, mode) for s in range(4)]
        play_checked(Hand.deal(rules, deal, random.Random(f"ismcts/{variant}/{deal}")), players)


def test_decisions_stop_when_the_budget_is_spent() -> None:
    hand = _mid_hand(RuleSet(), 11, cards_played=5)
    seat = hand.to_act
    assert seat is not None
    view = view_for(hand, seat)
    assert len(view.legal) > 1
    clock = FakeClock(step=0.010)  # every iteration seems to take 10 ms
    player = ISMCTSPlayer(1, budget_ms=35, clock=clock)
    player.choose_card(view)
    # Readings at 10 (start), 20, 30, 40, 50 ms: the iteration ending at 50 ms (40 after
    # the start) is the first past the budget, so four iterations.
    assert player.iterations == 4 and clock.readings == 5
    assert player.nodes > 0 and player.samples == 4


def test_the_first_iteration_always_runs_even_with_no_budget() -> None:
    hand = _mid_hand(RuleSet(), 12, cards_played=4)
    seat = hand.to_act
    assert seat is not None and len(hand.legal(seat)) > 1
    player = ISMCTSPlayer(1, budget_ms=0, clock=FakeClock(step=1.0))
    assert player.choose_card(view_for(hand, seat)) in hand.legal(seat)
    assert player.iterations == 1


def test_deals_are_reused_once_the_pool_is_full() -> None:
    hand = _mid_hand(RuleSet(), 11, cards_played=5)
    seat = hand.to_act
    assert seat is not None
    player = ISMCTSPlayer(1, budget_ms=1e9, max_iterations=60, pool=7)
    player.choose_card(view_for(hand, seat))
    assert player.iterations == 60 and player.samples == 7


@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_legal_card_is_tried_and_the_dominant_one_is_played(mode: str) -> None:
    # Hearts are trump; seat 0 plays last to a club trick 10-8-9 led by seat 1, holding the
    # ace and the seven of clubs; the king, queen and jack of clubs are out, one a seat. The
    # ace wins the trick and its run of three (20 roem); the seven gives the opponents a run
    # of four (50). Whoever holds which club, the ace is worth more.
    view = make_view(
        "Ac 7c",
        leader=1,
        current="10c 8c 9c",
        tricks=[
            (0, "Jh 7h 8h Kh", 0),
            (0, "9h Qh 10h Ah", 0),
            (0, "Ad Kd Qd Jd", 0),
            (0, "10d 9d 8d 7d", 0),
            (0, "As Ks Qs Js", 0),
            (0, "10s 9s 8s 7s", 1),
        ],
    )
    player = fast(0, 100, mode)
    assert player.choose_card(view) == card("Ac")
    assert set(player.card_values) == {card("Ac"), card("7c")}
    assert player.card_values[card("Ac")] > player.card_values[card("7c")]


def test_a_whole_hand_is_reproducible_with_the_same_seeds() -> None:
    def run() -> list[tuple[int, ...]]:
        players = [fast(f"repro/{s}") for s in range(4)]
        hand = play_hand(Hand.deal(RuleSet(), 1, random.Random("repro")), players)
        return [tuple(t.cards) for t in hand.tricks]

    assert run() == run()


def test_modelled_opponents_are_not_searched_in_the_tree() -> None:
    hand = _mid_hand(RuleSet(), 11, cards_played=5)
    seat = hand.to_act
    assert seat is not None
    view = view_for(hand, seat)
    assert view.trump is not None and view.makers is not None
    for options, seats in (({}, 15), (MODEL_OPTIONS, 5 << view.pair)):
        player = ISMCTSPlayer(1, **options)
        player.seat = seat
        solver = player._solver(view.trump, view.makers, view, -1, 0)
        assert player._tree_seats(solver) == seats
