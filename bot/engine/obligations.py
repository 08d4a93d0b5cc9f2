"""Which cards may be played (docs/rules.md 1.5 and the obligation options of section 2).

``_decide`` is the one place the obligations live; ``legal_mask``, ``legal_cards``,
``explain_illegal`` and ``play_options`` all ask it, so the cards offered and the reasons
given never disagree. It works on bit masks so that computer players' playouts stay cheap.

``play_options`` is the question front ends ask ("which cards may this seat play here, and
why not the others"); it checks its input and refuses an impossible position with a coded
``InvalidInput``. ``legal_mask`` and ``legal_cards`` are the playouts' hot path and trust
their input (a ``Hand`` only ever holds a reachable position).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from mypy_extensions import mypyc_attr

from .cards import (
    LANE_CARDS,
    SUIT_COUNT,
    SUIT_MASK,
    Card,
    Suit,
    cards_of,
    check_count,
    check_suit,
    distinct_mask,
    mask_of,
)
from .errors import ErrorCode, InvalidInput, RuleViolation
from .rules import RuleSet
from .seats import FOUR_SEATS, Seating
from .tricks import TRUMP_ORDER, TRUMP_RANKING, trick_winner

# ABOVE[trump][top]: the trumps stronger than trump strength ``top`` (0: no trump yet).
ABOVE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        sum(1 << (8 * t + rank) for rank, order in TRUMP_ORDER.items() if order > top)
        for top in range(9)
    )
    for t in range(SUIT_COUNT)
)

# The natural ranks (0..7) from the weakest trump to the strongest: 7 8 Q K 10 A 9 J.
RANKS_BY_TRUMP_STRENGTH: Final[tuple[int, ...]] = tuple(
    sorted(range(8), key=lambda rank: TRUMP_RANKING[rank])
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


@mypyc_attr(native_class=False)  # a plain dataclass even when compiled: copy/pickle work
@dataclass(frozen=True, slots=True)
class PlayOptions:
    """Which cards of a hand may be played to a trick, and why not the others.

    ``legal`` and ``refused`` keep the hand's order (the caller chooses a display order);
    every card of the hand is in exactly one of them. ``winning`` (the card winning the
    trick so far), ``partner_winning`` and ``top_trump`` (the highest trump in the trick,
    the one an overtrump must beat) are the facts the reasons refer to.
    """

    legal: tuple[Card, ...]
    refused: tuple[tuple[Card, IllegalReason], ...]
    winning: Card | None = None
    partner_winning: bool = False
    top_trump: Card | None = None


NO_OPTIONS: Final = PlayOptions((), ())


def partner_is_winning(trick: Sequence[Card], trump: int) -> bool:
    """Whether the card winning ``trick`` so far is the partner's of the player to act
    (the partner played two cards before them)."""
    return len(trick) >= 2 and trick_winner(trick, trump) == len(trick) - 2


def _decide(
    hand: int,
    trick: Sequence[Card],
    trump: int,
    rules: RuleSet,
    partner_winning: bool | None = None,
) -> tuple[int, Reason | None]:
    """The playable cards of ``hand`` (a mask), and the reason for every card left out.
    ``partner_winning`` None: the four-seat partner (two cards back) is asked."""
    if not trick:
        return hand, None
    first: int = trick[0]
    top = 0
    for card in trick:
        c: int = card
        if c >> 3 == trump and TRUMP_RANKING[c] > top:
            top = TRUMP_RANKING[c]
    if partner_winning is None:
        partner_winning = partner_is_winning(trick, trump)
    return _decide_at(hand, first >> 3, top, partner_winning, trump, rules)


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


def legal_mask(
    hand: int,
    trick: Sequence[Card],
    trump: int,
    rules: RuleSet,
    partner_winning: bool | None = None,
) -> int:
    """The playable cards of a hand held as a bit mask (see ``cards.mask_of``), as a mask;
    ``partner_winning`` as ``play_options`` takes it."""
    return _decide(hand, trick, trump, rules, partner_winning)[0]


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


def check_card(
    card: Card,
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: int,
    rules: RuleSet,
    partner_winning: bool | None = None,
) -> None:
    """Refuse ``card`` unless it may be played from ``hand`` on ``trick``: every game's
    play refuses with ``not_in_hand`` or ``illegal_card`` and ``explain_illegal``'s reason."""
    if legal_mask(mask_of(hand), trick, trump, rules, partner_winning) >> card & 1:
        return
    reason = explain_illegal(card, hand, trick, trump, rules, partner_winning)
    not_held = reason is not None and reason.code == Reason.NOT_IN_HAND
    code = ErrorCode.NOT_IN_HAND if not_held else ErrorCode.ILLEGAL_CARD
    raise RuleViolation(code, f"{card} may not be played", card=card, reason=reason)


def explain_illegal(
    card: Card,
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: int,
    rules: RuleSet,
    partner_winning: bool | None = None,
) -> IllegalReason | None:
    """None when ``card`` may be played, else the reason with the suit it concerns.

    Refuses an impossible position like ``play_options`` does."""
    check_position(hand, trick, trump, rules.seating)
    if card not in hand:
        return IllegalReason(Reason.NOT_IN_HAND)
    allowed, reason = _decide(mask_of(hand), trick, trump, rules, partner_winning)
    return None if allowed >> card & 1 else _explain(card, hand, trick, trump, reason)


def play_options(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: int,
    rules: RuleSet,
    partner_winning: bool | None = None,
) -> PlayOptions:
    """Which cards of ``hand`` may be played to ``trick`` (cards so far, lead first), and
    the reason for each of the others; see ``check_position`` for what is refused.
    ``partner_winning``: whether the player's partner in this hand wins the trick so far
    (None: the four-seat partner, who played two cards before)."""
    check_position(hand, trick, trump, rules.seating)
    allowed, reason = _decide(mask_of(hand), trick, trump, rules, partner_winning)
    legal = tuple(c for c in hand if allowed >> c & 1)
    refused = tuple(
        (c, _explain(c, hand, trick, trump, reason)) for c in hand if not allowed >> c & 1
    )
    if not trick:
        return PlayOptions(legal, refused)
    trumps = [c for c in trick if c.suit == trump]
    return PlayOptions(
        legal,
        refused,
        winning=trick[trick_winner(trick, trump)],
        partner_winning=(
            partner_is_winning(trick, trump) if partner_winning is None else partner_winning
        ),
        top_trump=trumps[trick_winner(trumps, trump)] if trumps else None,
    )


def trump_forced(trick: Sequence[Card], trump: int, rules: RuleSet) -> bool:
    """Whether a player who cannot follow ``trick``'s led suit must play a trump to it
    whatever trump they hold; so a discard there shows they hold none (what computer
    players infer from the table). Asked of the obligations with the weakest trump the
    player can hold (the weakest not in the trick: over an opponent's 7 of trump every
    other trump overtrumps, docs/rules.md 1.5 rule 3) and a card of a third suit in hand:
    if even that trump must be played, every one must."""
    first: int = trick[0]
    led = first >> 3
    if led == trump:
        return True
    other = (led + 1) % SUIT_COUNT  # a suit neither led nor trump (led is not trump here)
    if other == trump:
        other = (other + 1) % SUIT_COUNT
    discard = 8 * other  # the seven of a suit neither led nor trump
    out = SUIT_MASK[trump] & ~mask_of(trick)  # the trumps a player may hold (5 at least)
    weakest = 8 * trump
    for rank in RANKS_BY_TRUMP_STRENGTH:
        weakest = 8 * trump + rank
        if out >> weakest & 1:
            break
    allowed = _decide((1 << weakest) | (1 << discard), trick, trump, rules)[0]
    return not allowed >> discard & 1


def check_position(
    hand: Sequence[Card], trick: Sequence[Card], trump: int, seating: Seating = FOUR_SEATS
) -> None:
    """Refuse a position no game reaches, naming the ``field`` (hand, trick, trump) at
    fault: a trump that is no suit, a card twice, other than 1 to 8 cards in hand, more
    than 3 in the trick (at three seats: 10 and 2), or a card both in the hand and in the
    trick."""
    check_suit(trump, "trump")
    held = distinct_mask(hand, "hand")
    played = distinct_mask(trick, "trick")
    check_count(len(hand), "hand", 1, seating.cards_per_seat)
    check_count(len(trick), "trick", 0, seating.cards_per_trick - 1)
    if held & played:
        card = cards_of(held & played)[0]
        message = f"{card} cannot be both in the hand and in the trick"
        raise InvalidInput(ErrorCode.CARD_IN_HAND_AND_TRICK, message, card=card)


def _explain(
    card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: int, reason: Reason | None
) -> IllegalReason:
    """Why ``card`` of ``hand`` is refused, given ``_decide``'s reason for the refusals."""
    led = Suit(trick[0] >> 3)
    if card.suit != led and any(c.suit == led for c in hand):
        return IllegalReason(Reason.MUST_FOLLOW, led)
    assert reason is not None, "a refused card always has a reason"
    return IllegalReason(reason, Suit(trump) if reason != Reason.MUST_FOLLOW else led)
