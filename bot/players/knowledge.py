"""What a seat can deduce from its view: unseen cards, known voids, highest remaining cards.

Everything here is derived from ``SeatView`` alone (own hand plus the public table), so a
player using it stays within what a human at the table could know.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import CARDS, Card, RuleSet, Suit, pair_of
from bot.engine.obligations import trump_forced
from bot.engine.seats import FOUR_SEATS
from bot.engine.tricks import POINTS, STRENGTH

from .base import SeatView

MAYBE_VOID_LEFT = 0  # with this few unseen cards of a suit left, every seat may be void in it


def strength(card: Card, trump: Suit, led: Suit) -> int:
    """Trick-taking strength of ``card`` when ``led`` was led (0: can never win)."""
    return STRENGTH[trump][led][card]


def points(card: Card, trump: Suit) -> int:
    """The points `card` is worth in a trick when `trump` is trump."""
    return POINTS[trump][card]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The deductions of one seat at one moment of the play."""

    seat: int
    trump: Suit
    mine: frozenset[Card]
    unseen: frozenset[Card]
    voids: tuple[frozenset[Suit], ...]

    @classmethod
    def of(cls, view: SeatView) -> Knowledge:
        """What `view`'s seat can deduce now: its cards, the unseen ones and the voids play
        has shown."""
        if view.trump is None:
            raise ValueError("knowledge needs a trump suit")
        mine = frozenset(view.hand)
        unseen = frozenset(CARDS) - mine - frozenset(view.played())
        sequences = [(t.leader, t.cards) for t in view.tricks]
        if view.current:
            sequences.append((view.leader, view.current))
        voids = infer_voids(sequences, view.trump, view.rules)
        return cls(view.seat, view.trump, mine, unseen, voids)

    def unseen_in(self, suit: Suit) -> list[Card]:
        """The unseen cards of `suit`."""
        return [c for c in self.unseen if c.suit == suit]

    def is_master(self, card: Card) -> bool:
        """No unseen card of the card's suit ranks above it."""
        suit = card.suit
        own = strength(card, self.trump, suit)
        return all(strength(u, self.trump, suit) < own for u in self.unseen if u.suit == suit)

    def may_hold(self, seat: int, suit: Suit) -> bool:
        """Whether `seat` may still hold a card of `suit`."""
        return suit not in self.voids[seat] and any(c.suit == suit for c in self.unseen)

    def maybe_void(self, seat: int, suit: Suit) -> bool:
        """Whether `seat` is, or may well be, out of `suit` (few of it left unseen)."""
        return suit in self.voids[seat] or len(self.unseen_in(suit)) <= MAYBE_VOID_LEFT

    def opponents(self) -> tuple[int, ...]:
        """The two seats of the other pair."""
        return FOUR_SEATS.opponents_of(self.seat)

    def opponents_may_trump(self) -> bool:
        """Whether either opponent may still hold a trump."""
        return any(self.may_hold(s, self.trump) for s in self.opponents())

    def can_beat(self, seat: int, card: Card, led: Suit) -> bool:
        """Whether ``seat`` may hold a card that beats ``card`` in a trick led with ``led``."""
        own = strength(card, self.trump, led)
        for u in self.unseen:
            if strength(u, self.trump, led) <= own or u.suit in self.voids[seat]:
                continue
            if u.suit == led or self.maybe_void(seat, led):
                return True
        return False

    def secure(self, card: Card, led: Suit, rivals: Sequence[int]) -> bool:
        """Whether ``card`` is sure to hold against every seat in ``rivals``."""
        return not any(self.can_beat(seat, card, led) for seat in rivals)


def infer_voids(
    sequences: Sequence[tuple[int, Sequence[Card]]], trump: Suit, rules: RuleSet
) -> tuple[frozenset[Suit], ...]:
    """Suits each seat is known to lack, from the cards played to each (leader, cards) trick."""
    voids: list[set[Suit]] = [set() for _ in FOUR_SEATS.seats]
    for leader, cards in sequences:
        led = cards[0].suit
        for i in range(1, len(cards)):
            card, seat = cards[i], FOUR_SEATS.after(leader, i)
            if card.suit == led:
                continue
            voids[seat].add(led)
            if card.suit != trump and trump_forced(cards[:i], trump, rules):
                voids[seat].add(trump)
    return tuple(frozenset(v) for v in voids)


def seats_after(leader: int, position: int) -> list[int]:
    """Seats still to play in a trick after the one at ``position`` (0-based)."""
    return list(FOUR_SEATS.order_from(leader)[position + 1 :])


def rivals_after(leader: int, position: int, seat: int) -> list[int]:
    """The opponents of `seat` still to play in the trick after `position`."""
    return [s for s in seats_after(leader, position) if pair_of(s) != pair_of(seat)]
