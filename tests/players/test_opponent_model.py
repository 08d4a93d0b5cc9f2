"""The heuristic's card play on masks (model.py) matches HeuristicPlayer, and the
likelihood it gives a deal is 1 for the true deal of heuristic players."""

from __future__ import annotations

import random

import pytest

from bot.engine import PRESET_NAMES, Card, RuleSet, Suit, TrumpOptions
from bot.engine.cards import mask_of
from bot.players import HeuristicPlayer, SearchPlayer
from bot.players.base import SeatView
from bot.players.bidding import choose_suit, trump_strength
from bot.players.opponent_model import FULL, Model, heuristic_bid, strength_of, voids_of
from bot.players.sampling import Deduction, fits_bidding
from bot.players.search import _totals, played
from bot.players.solver import Solver

from .helpers import recorded_views


def _inputs(view: SeatView) -> tuple[int, int, int, int, list[int]]:
    assert view.trump is not None
    hand = mask_of(view.hand)
    unseen = FULL & ~hand & ~mask_of(view.played())
    voids = voids_of(played(view), int(view.trump), view.rules)
    return hand, mask_of(view.legal), unseen, voids, [int(c) for c in view.current]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_model_holds_every_card_the_heuristic_may_choose(preset: str) -> None:
    rules = RuleSet.preset(preset)
    for seed in range(12):
        for view, _ in recorded_views(rules, seed):
            seat = view.seat
            assert view.trump is not None and view.makers is not None
            mine, legal, unseen, voids, trick = _inputs(view)
            model = Model(int(view.trump), rules)
            chooser = -1 if view.chooser is None else view.chooser
            maker = view.makers == view.pair
            chosen = model.choices(
                seat, mine, legal, unseen, voids, trick, view.leader, maker, chooser
            )
            picks = {int(HeuristicPlayer(f"tie/{k}").choose_card(view)) for k in range(8)}
            assert chosen & legal == chosen
            for pick in picks:
                assert chosen >> pick & 1, (preset, seed, view)
            # Ties aside, the model picks what the heuristic picks.
            if bin(chosen).count("1") > 1:
                assert len(picks) > 1 or bin(chosen).count("1") <= 8


def test_the_true_deal_of_heuristic_players_is_fully_likely() -> None:
    rules = RuleSet.preset("amsterdam")
    for seed in range(8):
        for view, hands in recorded_views(rules, seed)[8:]:
            player = SearchPlayer("m", model_eps=1e-12, model_seats="all")
            likely = player._likelihood(view, Deduction.of(view))
            assert likely is not None
            # Only ties (1/k each) lower it; one play the model would not make: below 1e-12.
            assert likely.weight(hands) > 1e-9, (seed, view)


def test_mask_strength_is_the_bidding_strength() -> None:
    rng = random.Random(5)
    for _ in range(300):
        dealt = rng.sample(range(32), 8)
        for suit in Suit:
            expected = trump_strength([Card(c) for c in dealt], suit)
            assert strength_of(mask_of(dealt), suit) == expected


def test_the_mask_bid_is_the_heuristic_bid() -> None:
    rng = random.Random(11)
    for _ in range(400):
        dealt = rng.sample(range(32), 8)
        suits = tuple(s for s in Suit if rng.random() < 0.7) or (Suit(rng.randrange(4)),)
        can_pass = rng.random() < 0.8
        expected = choose_suit([Card(c) for c in dealt], TrumpOptions(suits, can_pass))
        found = heuristic_bid(mask_of(dealt), sum(1 << s for s in suits), can_pass)
        assert found == (-1 if expected is None else int(expected))


def test_exact_bids_keep_the_true_deal_and_only_deals_the_heuristic_would_bid_so() -> None:
    """With ``bid_exact`` the opponents' bids are read as the heuristic makes them: the true
    deal of heuristic players fits, and every deal drawn repeats their bids."""
    rules = RuleSet.preset("amsterdam")
    fitted = 0
    for seed in range(6):
        for view, hands in recorded_views(rules, seed)[::7]:
            know = Deduction.of(view)
            sampler = SearchPlayer("m", model_eps=0.1, bid_exact=True)._sampler(view, know)
            theirs = [b for b in view.bids if b.seat % 2 != view.pair]
            assert sampler.exact == sum(1 << s for s in range(4) if s % 2 != view.pair)
            assert sampler.fits(hands), (seed, view.bids)
            for k in range(10):
                drawn = sampler.deal(k * 104729 + 3)
                if not sampler.fits(drawn):
                    continue  # the sampler's fallback after its tries: allowed, rare
                fitted += 1
                for bid in theirs:
                    dealt = drawn[bid.seat] | know.played[bid.seat]
                    options = TrumpOptions(bid.suits, bid.free)
                    assert choose_suit([Card(c) for c in range(32) if dealt >> c & 1], options) == (
                        bid.suit
                    )
    assert fitted > 50


def test_the_sampler_deals_within_what_the_seat_knows() -> None:
    rules = RuleSet.preset("amsterdam")
    for seed in range(4):
        for view, _ in recorded_views(rules, seed)[4::5]:
            know = Deduction.of(view)
            player = SearchPlayer("m", model_eps=0.1)
            sampler = player._likelihood(view, know).sampler
            for k in range(20):
                hands = sampler.deal(k * 7919 + 1)
                assert hands[view.seat] == know.mine
                assert hands[0] | hands[1] | hands[2] | hands[3] == know.mine | know.unseen
                for s in range(4):
                    assert bin(hands[s]).count("1") == (
                        len(view.hand) if s == view.seat else know.counts[s]
                    )
                    if s != view.seat:
                        assert hands[s] & ~know.allowed[s] == 0 or not sampler.fits(hands)
                assert sampler.fits(hands) == fits_bidding(view, know, hands)


def _solver_at(view: SeatView, hands: list[int]) -> Solver:
    """A solver loaded with the true deal at ``view``'s moment, every seat modelled."""
    assert view.trump is not None and view.makers is not None
    solver = Solver(int(view.trump), view.makers, view.pair, view.rules)
    solver.model = Model(int(view.trump), view.rules)
    solver.modelled = 15
    solver.chooser = -1 if view.chooser is None else view.chooser
    sequences = [(t.leader, [int(c) for c in t.cards]) for t in view.tricks]
    solver.voids = voids_of(sequences, int(view.trump), view.rules)
    in_trick = [int(c) for c in view.current]
    for i, c in enumerate(in_trick):  # setup takes the trick's cards out of the hands again
        hands = list(hands)
        hands[(view.leader + i) % 4] &= ~(1 << c)
    solver.setup(hands, view.leader, [], *_totals(view))
    solver.shown = solver.voids
    for i, c in enumerate(in_trick):
        seat = (view.leader + i) % 4
        solver.hands[seat] |= 1 << c
        solver.left += 1
        solver._note(seat, c)
        solver._play(seat, c)
    return solver


def test_the_solver_model_policy_plays_the_heuristic_and_tracks_voids() -> None:
    rules = RuleSet.preset("amsterdam")
    for seed in range(6):
        for view, hands in recorded_views(rules, seed):
            assert view.trump is not None
            solver = _solver_at(view, hands)
            mine, legal, unseen, voids, trick = _inputs(view)
            assert solver.shown == voids
            assert solver.to_act == view.seat and solver.legal() == legal
            model = Model(int(view.trump), rules)
            chooser = -1 if view.chooser is None else view.chooser
            maker = view.makers == view.pair
            chosen = model.choices(
                view.seat, mine, legal, unseen, voids, trick, view.leader, maker, chooser
            )
            assert chosen >> solver._move(view.seat, legal) & 1


def test_the_exact_search_branches_only_the_seats_not_held_to_the_model() -> None:
    """``fixed``: the modelled seats that play the model's card in the exact search. Holding
    only the opponents to it lets our pair search its cards: never worse for us than the
    model's own line (everyone held), never better than opponents who search too."""
    rules = RuleSet.preset("amsterdam")
    branched = 0
    for seed in range(6):
        for view, hands in recorded_views(rules, seed):
            if len(view.tricks) < 5:  # the last 12 cards: the exact search from here
                continue
            theirs = 15 & ~(5 << view.pair)
            values = {}
            for name, exact, fixed in (
                ("line", True, 15),
                ("ours", True, theirs),
                ("all", False, 0),
            ):
                solver = _solver_at(view, hands)
                solver.model_exact, solver.fixed = exact, fixed
                values[name] = solver._search(-(1 << 20), 1 << 20)
            assert values["line"] <= values["ours"], (seed, view)
            assert values["all"] <= values["ours"], (seed, view)
            branched += values["line"] < values["ours"]
    assert branched > 0
