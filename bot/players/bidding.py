"""Hand strength for choosing trump: trump honours and length, side aces and guarded tens."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Card, Rank, Suit, TrumpOptions

TRUMP_WEIGHT: dict[Rank, float] = {
    Rank.JACK: 22,
    Rank.NINE: 15,
    Rank.ACE: 9,
    Rank.TEN: 7,
    Rank.KING: 5,
    Rank.QUEEN: 4,
    Rank.EIGHT: 3,
    Rank.SEVEN: 3,
}
JACK_NINE_BONUS = 5.0  # the two top trumps together control the trump suit
LENGTH_BONUS = 6.0  # per trump beyond three
SIDE_ACE = 10.0
TEN_WITH_ACE = 6.0
GUARDED_TEN = 2.0
BARE_TEN = -3.0  # a lone ten falls to the ace
RUFF_BONUS = 4.0  # a void side suit with at least three trumps
PASS_THRESHOLD = 40.0


def trump_strength(hand: Sequence[Card], suit: Suit) -> float:
    """How good ``hand`` is with ``suit`` as trump (about 40 is a fair hand to make)."""
    trumps = [c.rank for c in hand if c.suit == suit]
    score = sum(TRUMP_WEIGHT[r] for r in trumps)
    if Rank.JACK in trumps and Rank.NINE in trumps:
        score += JACK_NINE_BONUS
    score += LENGTH_BONUS * max(0, len(trumps) - 3)
    for side in Suit:
        if side != suit:
            score += _side_value([c.rank for c in hand if c.suit == side], len(trumps))
    return score


def _side_value(ranks: Sequence[Rank], trump_count: int) -> float:
    if not ranks:
        return RUFF_BONUS if trump_count >= 3 else 0.0
    value = SIDE_ACE if Rank.ACE in ranks else 0.0
    if Rank.TEN in ranks:
        if Rank.ACE in ranks:
            value += TEN_WITH_ACE
        elif len(ranks) >= 2:
            value += GUARDED_TEN
        else:
            value += BARE_TEN
    return value


def choose_suit(
    hand: Sequence[Card], options: TrumpOptions, threshold: float = PASS_THRESHOLD
) -> Suit | None:
    """The strongest allowed suit, or None (pass) when it is too weak and passing is allowed."""
    if not options.suits:
        raise ValueError("no suit may be named now")
    best = max(options.suits, key=lambda s: (trump_strength(hand, s), -s))
    if options.can_pass and trump_strength(hand, best) < threshold:
        return None
    return best
