"""The easy computer player: the heuristic with the mistakes of a casual human player.

A beginner at the table plays legal cards but often not the best one, sometimes forgets to
claim roem, and bids by feel. ``EasyPlayer`` plays the heuristic's card most of the time and
otherwise a random legal card, misses some claims, and shifts its bidding threshold by a
random amount each time. It is deterministic given the seed, like every player.
"""

from __future__ import annotations

import random

from bot.engine import Card, Suit

from .base import SeatView
from .bidding import PASS_THRESHOLD, choose_suit
from .calls import easy_call
from .heuristic import HeuristicPlayer

MISTAKE_RATE = 0.3  # share of decisions with several legal cards played at random
MISSED_CLAIM_RATE = 0.3
BID_NOISE = 15.0  # the bidding threshold wanders this much either way


class EasyPlayer:
    """See the module doc."""

    def __init__(self, seed: int | str, mistake_rate: float = MISTAKE_RATE) -> None:
        self.rng = random.Random(f"easy/{seed}")
        self.mistake_rate = mistake_rate
        self.heuristic = HeuristicPlayer(seed)

    def choose_trump(self, view: SeatView) -> Suit | None:
        """The heuristic's bid with a threshold that wanders by `BID_NOISE`, so the easy
        player misjudges borderline hands."""
        if view.trump_options is None:
            raise ValueError("choose_trump asked when the seat may not choose trump")
        threshold = PASS_THRESHOLD + self.rng.uniform(-BID_NOISE, BID_NOISE)
        return choose_suit(view.hand, view.trump_options, threshold)

    def choose_card(self, view: SeatView) -> Card:
        """Now and then (`mistake_rate`) a random legal card, else the heuristic's."""
        if len(view.legal) > 1 and self.rng.random() < self.mistake_rate:
            return self.rng.choice(view.legal)
        return self.heuristic.choose_card(view)

    def wants_call(self, view: SeatView) -> bool:
        """Calls holding enough trumps, by count alone (``calls.easy_call``)."""
        return easy_call(view)

    def wants_claim(self, view: SeatView) -> bool:
        """The heuristic's claim, missed now and then (`MISSED_CLAIM_RATE`)."""
        if self.rng.random() < MISSED_CLAIM_RATE:
            return False
        return self.heuristic.wants_claim(view)
