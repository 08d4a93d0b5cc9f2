"""A plain determinized Monte Carlo player: a benchmark opponent for the strong level.

Not a level a table offers: ``benchmarks/ai.py --opponent dmc`` seats it, so the strong
player's strength is measured against a second kind of player besides the normal heuristic
it was tuned on. As plain as the textbook form: for each legal card, ``deals`` deals of the
unseen cards drawn within the voids the play has shown (no reading of the bidding), each
played to the end by the solver's greedy perfect-information playout (nothing searched
exactly); the card with the best total wins. Trump is named, and roem claimed, as the normal
player does. Only the seat's view enters; deterministic given the seed.
"""

from __future__ import annotations

import random

from bot.engine import Card, Suit

from .base import SeatView
from .heuristic import HeuristicPlayer
from .sampling import Deduction, relaxed, sample_deal
from .search import _totals
from .solver import Solver

DEALS = 50  # sampled deals per card


class MonteCarloPlayer:
    """See the module doc."""

    def __init__(self, seed: int | str, deals: int = DEALS) -> None:
        self.rng = random.Random(f"montecarlo/{seed}")
        self.deals = deals
        self.normal = HeuristicPlayer(seed)  # its trump choice and claims

    def choose_trump(self, view: SeatView) -> Suit | None:
        """The normal player's choice: the strongest suit, or pass when it is weak."""
        return self.normal.choose_trump(view)

    def choose_card(self, view: SeatView) -> Card:
        """The legal card with the best total over ``deals`` greedy playouts."""
        if not view.legal:
            raise ValueError("choose_card asked when the seat has no legal card")
        if len(view.legal) == 1:
            return view.legal[0]
        if view.trump is None or view.makers is None:
            raise ValueError("choose_card asked before trump is chosen")
        solver = Solver(view.trump, view.makers, view.pair, view.rules)
        solver.calls = len(view.calls)
        know = Deduction.of(view)
        current = [int(c) for c in view.current]
        totals = dict.fromkeys(view.legal, 0)
        for _ in range(self.deals):
            hands = sample_deal(know, self.rng) or sample_deal(relaxed(know), self.rng)
            assert hands is not None, "a fill without exclusions always succeeds"
            solver.setup(hands, view.leader, current, *_totals(view))
            for card in view.legal:
                totals[card] += solver.value_of(card, 0)
        return max(view.legal, key=lambda c: totals[c])

    def wants_call(self, view: SeatView) -> bool:
        """The normal player's call."""
        return self.normal.wants_call(view)

    def wants_claim(self, view: SeatView) -> bool:
        """The normal player's claim: whenever the last trick held roem."""
        return self.normal.wants_claim(view)
