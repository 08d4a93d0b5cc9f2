"""Card order, card points and who wins a trick (docs/rules.md 1.4 and 1.6).

Everything is a lookup in tables built once at import: computer players call these
functions millions of times, so they must not sort or compare objects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from .cards import CARDS, SUIT_COUNT, Card, Rank, Suit
from .rules import RuleSet

# Higher is stronger. Natural rank index -> strength.
TRUMP_ORDER: dict[Rank, int] = {
    Rank.JACK: 8,
    Rank.NINE: 7,
    Rank.ACE: 6,
    Rank.TEN: 5,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.EIGHT: 2,
    Rank.SEVEN: 1,
}
PLAIN_ORDER: dict[Rank, int] = {
    Rank.ACE: 8,
    Rank.TEN: 7,
    Rank.KING: 6,
    Rank.QUEEN: 5,
    Rank.JACK: 4,
    Rank.NINE: 3,
    Rank.EIGHT: 2,
    Rank.SEVEN: 1,
}
TRUMP_POINTS: dict[Rank, int] = {
    Rank.JACK: 20,
    Rank.NINE: 14,
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}
PLAIN_POINTS: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
    Rank.NINE: 0,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}
LAST_TRICK_BONUS = 10
HAND_TOTAL = 162  # 152 card points + the last trick
# Spades trump under spades_double="trump_values" (docs/rules.md 2.7): every spade's card
# value doubled, 214 card points + the last trick.
DOUBLED_HAND_TOTAL = 224

# STRENGTH[trump][led][card]: 100 + trump order for trumps, plain order for the led suit,
# 0 for a card of another suit (it can never win).
STRENGTH: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            100 + TRUMP_ORDER[c.rank]
            if c.suit == trump
            else PLAIN_ORDER[c.rank]
            if c.suit == led
            else 0
            for c in CARDS
        )
        for led in Suit
    )
    for trump in Suit
)
# POINTS[trump][card]
POINTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(TRUMP_POINTS[c.rank] if c.suit == trump else PLAIN_POINTS[c.rank] for c in CARDS)
    for trump in Suit
)
# DOUBLED_POINTS[trump][card]: POINTS with every trump card worth double (the sheet checks
# read any trump as clubs; a hand doubles only spades).
DOUBLED_POINTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(2 * TRUMP_POINTS[c.rank] if c.suit == trump else PLAIN_POINTS[c.rank] for c in CARDS)
    for trump in Suit
)
# BEATS[trump][led][s]: the cards (a mask) whose strength beats strength ``s`` when ``led``
# was led: what searches on bit masks ask to find winners without comparing card by card.
MAX_STRENGTH: Final = 110  # STRENGTH values are below this (100 + trump order 1..8)
BEATS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            sum(1 << c for c in range(32) if STRENGTH[t][led][c] > s) for s in range(MAX_STRENGTH)
        )
        for led in range(SUIT_COUNT)
    )
    for t in range(SUIT_COUNT)
)
# TRUMP_RANKING[card]: trump strength when the card's suit is trump (used for overtrumping).
TRUMP_RANKING: Final[tuple[int, ...]] = tuple(TRUMP_ORDER[c.rank] for c in CARDS)


def card_points(card: Card, trump: int) -> int:
    """The points `card` is worth in a trick when `trump` is trump."""
    return POINTS[trump][card]


def spade_values_doubled(spades: bool, rules: RuleSet) -> bool:
    """Whether the trump cards are worth double: ``spades`` trump under
    ``spades_double="trump_values"`` (docs/rules.md 2.7)."""
    return spades and rules.spades_double == "trump_values"


def points_of(trump: int, rules: RuleSet) -> tuple[int, ...]:
    """Each card's value (indexed by card) in a hand with ``trump`` under ``rules``."""
    doubled = spade_values_doubled(trump == Suit.SPADES, rules)
    return DOUBLED_POINTS[trump] if doubled else POINTS[trump]


def hand_total(spades: bool, rules: RuleSet) -> int:
    """The card points of a whole hand, the last trick included: 162, or 224 when spades
    are trump and their values double (``spade_values_doubled``)."""
    return DOUBLED_HAND_TOTAL if spade_values_doubled(spades, rules) else HAND_TOTAL


def trick_winner(trick: Sequence[Card], trump: int) -> int:
    """Index (0..3) within ``trick`` of the card that wins it so far."""
    first: int = trick[0]
    strength = STRENGTH[trump][first >> 3]
    best = 0
    top = strength[first]
    for i in range(1, len(trick)):
        card: int = trick[i]
        s = strength[card]
        if s > top:  # off-suit cards are 0 and never beat the lead
            top = s
            best = i
    return best


def trick_points(trick: Sequence[Card], trump: int) -> int:
    """Card points in the trick, without the last-trick bonus."""
    points = POINTS[trump]
    total = 0
    for card in trick:
        c: int = card
        total += points[c]
    return total


def scored_points(trick: Sequence[Card], trump: int, rules: RuleSet) -> int:
    """Card points in the trick as a hand under ``rules`` scores them (``trick_points``,
    with the spades doubled where ``spade_values_doubled`` says so)."""
    points = points_of(trump, rules)
    total = 0
    for card in trick:
        c: int = card
        total += points[c]
    return total


def sort_key(trump: Suit | None) -> Mapping[Card, tuple[int, int]]:
    """Display order for a hand: by suit, trump order for trump cards, plain order otherwise.
    One table per trump, made once: every drawing of a hand asks for it."""
    return _SORT_KEYS[trump]


def _sort_key_of(trump: Suit | None) -> dict[Card, tuple[int, int]]:
    return {
        c: (c.suit, -(TRUMP_ORDER[c.rank] if c.suit == trump else PLAIN_ORDER[c.rank]))
        for c in CARDS
    }


_SORT_KEYS: Final[dict[Suit | None, Mapping[Card, tuple[int, int]]]] = {
    trump: _sort_key_of(trump) for trump in (None, *Suit)
}
