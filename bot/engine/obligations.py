"""Which cards may be played (RULES.md 1.5 and the obligation options of section 2).

``_decide`` is the one place the obligations live; ``legal_cards`` and ``explain_illegal``
both ask it, so the cards offered and the reasons given can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import Card, Suit
from .rules import RuleSet
from .tricks import STRENGTH, TRUMP_RANKING


class Reason(StrEnum):
    """Stable codes for why a card may not be played; the bot translates them."""

    NOT_IN_HAND = "not_in_hand"
    MUST_FOLLOW = "must_follow"
    MUST_OVERTRUMP = "must_overtrump"
    MUST_TRUMP = "must_trump"
    NO_UNDERTRUMP = "no_undertrump"
    MUST_UNDERTRUMP = "must_undertrump"


@dataclass(frozen=True, slots=True)
class IllegalReason:
    """Why a card may not be played: ``suit`` is the suit the player is held to, if any."""

    code: Reason
    suit: Suit | None = None


def _partner_winning(trick: Sequence[Card], trump: Suit) -> bool:
    n = len(trick)
    if n < 2:
        return False
    strength = STRENGTH[trump][trick[0] >> 3]
    best, top = 0, strength[trick[0]]
    for i in range(1, n):
        if strength[trick[i]] > top:
            best, top = i, strength[trick[i]]
    return best == n - 2


def _decide(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit, rules: RuleSet
) -> tuple[list[Card], Reason | None]:
    """The playable cards, and the reason that applies to every card left out."""
    if not trick:
        return list(hand), None
    led = trick[0] >> 3
    follow = [c for c in hand if c >> 3 == led]
    top = max((TRUMP_RANKING[c] for c in trick if c >> 3 == trump), default=0)
    if led == trump:
        if not follow:
            return list(hand), None
        higher = [c for c in follow if TRUMP_RANKING[c] > top]
        return (higher, Reason.MUST_OVERTRUMP) if higher else (follow, None)
    if follow:
        return follow, Reason.MUST_FOLLOW
    trumps = [c for c in hand if c >> 3 == trump]
    if not trumps:
        return list(hand), None
    higher = [c for c in trumps if TRUMP_RANKING[c] > top]
    others = [c for c in hand if c >> 3 != trump]
    if rules.obligations == "rotterdam" or not _partner_winning(trick, trump):
        if higher:
            return higher, (Reason.MUST_OVERTRUMP if top else Reason.MUST_TRUMP)
        if rules.undertrump_obligation:
            return trumps, Reason.MUST_UNDERTRUMP
        return (others, Reason.NO_UNDERTRUMP) if others else (trumps, None)
    # Partner winning (Amsterdam): free to discard or trump, but never to undertrump.
    if len(higher) == len(trumps) or not (others or higher):
        return list(hand), None
    return [c for c in hand if c >> 3 != trump or TRUMP_RANKING[c] > top], Reason.NO_UNDERTRUMP


def legal_cards(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit, rules: RuleSet
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, lead first)."""
    return _decide(hand, trick, trump, rules)[0]


def explain_illegal(
    card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: Suit, rules: RuleSet
) -> IllegalReason | None:
    """None when ``card`` may be played, else the reason with the suit it concerns."""
    if card not in hand:
        return IllegalReason(Reason.NOT_IN_HAND)
    allowed, reason = _decide(hand, trick, trump, rules)
    if card in allowed:
        return None
    led = Suit(trick[0] >> 3)
    if card.suit != led and any(c.suit == led for c in hand):
        return IllegalReason(Reason.MUST_FOLLOW, led)
    assert reason is not None, "a refused card always has a reason"
    return IllegalReason(reason, trump if reason != Reason.MUST_FOLLOW else led)
