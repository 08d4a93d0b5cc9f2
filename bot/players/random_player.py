"""A baseline player: uniformly random legal choices, reproducible from its seed."""

from __future__ import annotations

import random

from bot.engine import Card, Suit, roem_of_trick

from .base import SeatView


class RandomPlayer:
    """Picks uniformly among the legal options (passing counts as one option).

    Claiming is not a choice of play, so with ``claims=True`` (the default) it claims exactly
    when the last trick holds roem; ``claims=False`` never claims.
    """

    def __init__(self, seed: int | str, claims: bool = True) -> None:
        self.rng = random.Random(f"random/{seed}")
        self.claims = claims

    def choose_trump(self, view: SeatView) -> Suit | None:
        """A random choice among the suits the seat may name, and passing if allowed."""
        options = view.trump_options
        if options is None or not options.suits:
            raise ValueError("choose_trump asked when the seat may not choose trump")
        choices: list[Suit | None] = list(options.suits)
        if options.can_pass:
            choices.append(None)
        return self.rng.choice(choices)

    def choose_card(self, view: SeatView) -> Card:
        """A random legal card."""
        if not view.legal:
            raise ValueError("choose_card asked when the seat has no legal card")
        return self.rng.choice(view.legal)

    def wants_call(self, view: SeatView) -> bool:
        """Calls or passes at random, one chance in two."""
        if view.call_level is None:
            raise ValueError("wants_call asked when the seat may not call")
        return self.rng.random() < 0.5

    def wants_claim(self, view: SeatView) -> bool:
        """Whether the last trick held roem (when this player claims at all)."""
        trick = view.last_trick
        if not (self.claims and view.claim_open) or trick is None or view.trump is None:
            return False
        return bool(roem_of_trick(trick.cards, view.trump, view.rules))
