"""Which cards may be played (RULES.md 1.5 and the obligation options of section 2).

``_decide`` is the one place the obligations live; ``legal_mask``, ``legal_cards`` and
``explain_illegal`` all ask it, so the cards offered and the reasons given never disagree.
It works on bit masks so that computer players' playouts stay cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from mypy_extensions import mypyc_attr

from .cards import LANE_CARDS, SUIT_MASK, Card, Suit, cards_of, mask_of
from .rules import RuleSet
from .tricks import TRUMP_ORDER, TRUMP_RANKING, trick_winner

# ABOVE[trump][top]: the trumps stronger than trump strength ``top`` (0: no trump yet).
ABOVE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        sum(1 << (8 * t + rank) for rank, order in TRUMP_ORDER.items() if order > top)
        for top in range(9)
    )
    for t in range(4)
)


class Reason(StrEnum):
    """Stable codes for why a card may not be played; the bot translates them."""

    NOT_IN_HAND = "not_in_hand"
    MUST_FOLLOW = "must_follow"
    MUST_OVERTRUMP = "must_overtrump"
    MUST_TRUMP = "must_trump"
    NO_UNDERTRUMP = "no_undertrump"
    MUST_UNDERTRUMP = "must_undertrump"


@mypyc_attr(native_class=False)  # a plain dataclass even when compiled: copy/pickle work
@dataclass(frozen=True, slots=True)
class IllegalReason:
    """Why a card may not be played: ``suit`` is the suit the player is held to, if any."""

    code: Reason
    suit: Suit | None = None


def partner_is_winning(trick: Sequence[Card], trump: int) -> bool:
    """Whether the card winning ``trick`` so far is the partner's of the player to act
    (the partner played two cards before them)."""
    return len(trick) >= 2 and trick_winner(trick, trump) == len(trick) - 2


def _decide(
    hand: int, trick: Sequence[Card], trump: int, rules: RuleSet
) -> tuple[int, Reason | None]:
    """The playable cards of ``hand`` (a mask), and the reason for every card left out."""
    if not trick:
        return hand, None
    first: int = trick[0]
    top = 0
    for card in trick:
        c: int = card
        if c >> 3 == trump and TRUMP_RANKING[c] > top:
            top = TRUMP_RANKING[c]
    return _decide_at(hand, first >> 3, top, partner_is_winning(trick, trump), trump, rules)


def _decide_at(
    hand: int, led: int, top: int, partner_winning: bool, trump: int, rules: RuleSet
) -> tuple[int, Reason | None]:
    """``_decide`` for a trick described by its led suit, its highest trump (``top``, a
    ``TRUMP_RANKING``, 0 for none) and whether the partner's card is winning it."""
    follow = hand & SUIT_MASK[led]
    if follow and led != trump:
        return follow, Reason.MUST_FOLLOW
    above = ABOVE[trump][top]
    if led == trump:
        if not follow:
            return hand, None
        higher = follow & above
        return (higher, Reason.MUST_OVERTRUMP) if higher else (follow, None)
    trumps = hand & SUIT_MASK[trump]
    if not trumps:
        return hand, None
    higher = trumps & above
    others = hand ^ trumps
    if rules.obligations == "rotterdam" or not partner_winning:
        if higher:
            return higher, (Reason.MUST_OVERTRUMP if top else Reason.MUST_TRUMP)
        if rules.undertrump_obligation:
            return trumps, Reason.MUST_UNDERTRUMP
        return (others, Reason.NO_UNDERTRUMP) if others else (trumps, None)
    # Partner winning (Amsterdam): free to discard or trump, but never to undertrump.
    allowed = others | higher
    if allowed == hand or not allowed:
        return hand, None
    return allowed, Reason.NO_UNDERTRUMP


def legal_mask(hand: int, trick: Sequence[Card], trump: int, rules: RuleSet) -> int:
    """The playable cards of a hand held as a bit mask (see ``cards.mask_of``), as a mask."""
    return _decide(hand, trick, trump, rules)[0]


def legal_mask_at(
    hand: int, led: int, top: int, partner_winning: bool, trump: int, rules: RuleSet
) -> int:
    """The playable cards of a mask hand, the trick given as search code tracks it: the led
    suit, its highest trump strength (``TRUMP_RANKING``, 0 for none) and whether the
    partner's card is winning it. Computer players' searches call this without building a
    card list; the obligations stay the ones ``_decide_at`` holds."""
    return _decide_at(hand, led, top, partner_winning, trump, rules)[0]


def legal_cards(
    hand: Sequence[Card] | int, trick: Sequence[Card], trump: int, rules: RuleSet
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, lead first).

    ``hand`` is a sequence of cards, or a bit mask (``cards.mask_of``) as playouts hold it.
    The result is in deck order (suit, then natural rank), whatever the hand's order.
    """
    mask: int = hand if type(hand) is int else mask_of(hand)  # type: ignore[arg-type]
    if not trick:
        return list(cards_of(mask))
    first: int = trick[0]
    led = first >> 3  # the commonest case next, exactly as _decide has it: suit followed
    if led != trump:
        follow = mask >> (8 * led) & 255
        if follow:
            return list(LANE_CARDS[led][follow])
    return list(cards_of(_decide(mask, trick, trump, rules)[0]))


def explain_illegal(
    card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: int, rules: RuleSet
) -> IllegalReason | None:
    """None when ``card`` may be played, else the reason with the suit it concerns."""
    if card not in hand:
        return IllegalReason(Reason.NOT_IN_HAND)
    allowed, reason = _decide(mask_of(hand), trick, trump, rules)
    if allowed >> card & 1:
        return None
    led = Suit(trick[0] >> 3)
    if card.suit != led and any(c.suit == led for c in hand):
        return IllegalReason(Reason.MUST_FOLLOW, led)
    assert reason is not None, "a refused card always has a reason"
    return IllegalReason(reason, Suit(trump) if reason != Reason.MUST_FOLLOW else led)
