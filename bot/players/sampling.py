"""Deals of the unseen cards that agree with everything one seat knows.

From a ``SeatView`` alone: which cards are out, how many each seat still holds, which cards
a seat cannot hold (every card it played had to be legal: a card whose presence would have
made that play illegal was not in its hand, so voids, "no higher trump" and "no trump" all
come from the engine's own ``legal_mask``), where the announced hand roem puts a card (a
combination's cards are its seat's, docs/rules.md 2.6.4), and what the bidding says (a
seat that passed when it could have named is unlikely to hold a strong trump hand; one
that named freely likely does, by the heuristic's measure in ``bidding.py``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from operator import or_

from bot.engine import CARDS, Card, Suit
from bot.engine.cards import BIT, cards_of, mask_of
from bot.engine.obligations import legal_mask
from bot.engine.seats import FOUR_SEATS, SEATS

from .base import SeatView
from .bidding import PASS_THRESHOLD, trump_strength

PASS_MARGIN = 10.0  # a pass says "weaker than about the threshold", not exactly below it
NAME_MARGIN = 10.0
DEAL_TRIES = 40  # random fills per sample before a constraint is given up
BID_TRIES = 20  # samples drawn to satisfy the bidding before taking one that does not


@dataclass(frozen=True, slots=True)
class Deduction:
    """What one seat knows about the hidden cards, as masks per seat (index = seat)."""

    seat: int
    mine: int
    unseen: int
    counts: tuple[int, ...]  # cards each seat still holds
    allowed: tuple[int, ...]  # unseen cards each seat may still hold
    played: tuple[int, ...]  # cards each seat has played this hand

    @classmethod
    def of(cls, view: SeatView) -> Deduction:
        """What `view`'s seat knows of the hidden cards: its own, the unseen, and what each
        seat has played and may still hold."""
        mine = mask_of(view.hand)
        played = [0 for _ in SEATS]
        for leader, cards in _sequences(view):
            for i, card in enumerate(cards):
                played[FOUR_SEATS.after(leader, i)] |= BIT[card]
        unseen = ((1 << 32) - 1) & ~mine & ~reduce(or_, played, 0)
        allowed = [unseen for _ in SEATS]
        allowed[view.seat] = 0
        if view.trump is not None:
            for seat, excluded in _exclusions(view, unseen):
                allowed[seat] &= ~excluded
        for seat, held in _announced(view, unseen):
            for other in SEATS:
                if other != seat:
                    allowed[other] &= ~held
        counts = tuple(8 - bin(p).count("1") for p in played)
        return cls(view.seat, mine, unseen, counts, tuple(allowed), tuple(played))


def _sequences(view: SeatView) -> list[tuple[int, Sequence[Card]]]:
    sequences: list[tuple[int, Sequence[Card]]] = [(t.leader, t.cards) for t in view.tricks]
    if view.current:
        sequences.append((view.leader, view.current))
    return sequences


def _announced(view: SeatView, unseen: int) -> list[tuple[int, int]]:
    """(seat, unseen cards it holds) for every hand roem combination announced for another
    seat (docs/rules.md 2.6.4): the cards of a combination were dealt to that seat, so
    those not yet played are still in its hand."""
    return [
        (combo.seat, mask_of(combo.cards) & unseen)
        for combo in view.announced
        if combo.seat != view.seat
    ]


def _exclusions(view: SeatView, unseen: int) -> list[tuple[int, int]]:
    """(seat, cards it cannot hold) for every card played by another seat to a trick: a
    card ``u`` is excluded when holding it would have made the card played illegal."""
    assert view.trump is not None
    found = []
    candidates = cards_of(unseen)
    for leader, cards in _sequences(view):
        for i in range(1, len(cards)):
            seat = FOUR_SEATS.after(leader, i)
            if seat == view.seat:
                continue
            prefix, card = cards[:i], cards[i]
            excluded = 0
            for u in candidates:
                hand = BIT[card] | BIT[u]
                if not legal_mask(hand, prefix, view.trump, view.rules) & BIT[card]:
                    excluded |= BIT[u]
            found.append((seat, excluded))
    return found


def sample_deal(know: Deduction, rng: random.Random) -> list[int] | None:
    """Four mask hands: the seat's own and a random fill of the unseen cards within the
    deductions, or None when random fills keep failing (then the caller relaxes)."""
    cards = list(cards_of(know.unseen))
    for _ in range(DEAL_TRIES):
        rng.shuffle(cards)
        # Place the most constrained cards first so a fill rarely gets stuck.
        order = sorted(cards, key=lambda c: sum(a >> c & 1 for a in know.allowed))
        hands = [0 for _ in SEATS]
        hands[know.seat] = know.mine
        need = list(know.counts)
        need[know.seat] = 0
        if _fill(order, know.allowed, need, hands, rng):
            return hands
    return None


def _fill(
    order: list[Card],
    allowed: tuple[int, ...],
    need: list[int],
    hands: list[int],
    rng: random.Random,
) -> bool:
    for card in order:
        seats = [s for s in SEATS if need[s] and allowed[s] >> card & 1]
        if not seats:
            return False
        weights = [need[s] for s in seats]
        seat = rng.choices(seats, weights)[0] if len(seats) > 1 else seats[0]
        hands[seat] |= BIT[card]
        need[seat] -= 1
    return True


def relaxed(know: Deduction) -> Deduction:
    """The same counts without the card exclusions (a last resort for contradictory play)."""
    others = tuple(0 if s == know.seat else know.unseen for s in SEATS)
    return Deduction(know.seat, know.mine, know.unseen, know.counts, others, know.played)


def fits_bidding(
    view: SeatView, know: Deduction, hands: list[int], margin: float | None = None
) -> bool:
    """Whether the sampled holdings agree with the other seats' passes and free choices
    (``margin`` replaces PASS_MARGIN and NAME_MARGIN, for experiments)."""
    pass_margin = PASS_MARGIN if margin is None else margin
    name_margin = NAME_MARGIN if margin is None else margin
    for bid in view.bids:
        if bid.seat == view.seat or not bid.free:
            continue
        dealt = [CARDS[c] for c in cards_of(hands[bid.seat] | know.played[bid.seat])]
        if bid.suit is None:
            if max(trump_strength(dealt, s) for s in bid.suits) >= PASS_THRESHOLD + pass_margin:
                return False
        elif trump_strength(dealt, Suit(bid.suit)) < PASS_THRESHOLD - name_margin:
            return False
    return True


def sample_for(
    view: SeatView, know: Deduction, rng: random.Random, margin: float | None = None
) -> list[int]:
    """One deal for ``view``: within the deductions, preferring one that fits the bidding."""
    fallback: list[int] | None = None
    for _ in range(BID_TRIES):
        hands = sample_deal(know, rng)
        if hands is None:
            break
        if fits_bidding(view, know, hands, margin):
            return hands
        fallback = fallback or hands
    if fallback is not None:
        return fallback
    hands = sample_deal(relaxed(know), rng)
    assert hands is not None, "a fill without exclusions always succeeds"
    return hands
