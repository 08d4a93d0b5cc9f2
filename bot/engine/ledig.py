"""Ledig (docs/rules.md 2.10), a house rule: the declarer commits to win no trick.

The hand has no trump and the declarer's partner sits out, so a trick holds three cards;
follow suit if possible, else any card; the highest card of the led suit wins, every suit
ranked A 10 K Q J 9 8 7. The hand ends at once when the declarer wins a trick.

Everything here is a rule of a ledig hand only; ``hand.py`` asks it when a hand is one, so
the compiled modules of the normal hand (tricks, obligations, scoring) stay as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .cards import Card
from .obligations import IllegalReason, PlayOptions, Reason
from .rules import RuleSet
from .scoring import HandScore
from .seats import FOUR_SEATS, Seating, pair_of
from .tricks import PLAIN_ORDER

LEDIG: Final = "ledig"
"""The contract a ledig hand's sheet line records (docs/rules.md 2.10 rule 6)."""


def next_active(seating: Seating, seat: int, idle: int) -> int:
    """The seat after ``seat`` that plays in this hand: the idle partner is skipped."""
    following = seating.left_of(seat)
    return seating.left_of(following) if following == idle else following


def first_leader(seating: Seating, dealer: int, idle: int) -> int:
    """Who leads the first trick (rule 2): left of the dealer, or the next active player
    when that is the idle partner."""
    left = seating.left_of(dealer)
    return next_active(seating, left, idle) if left == idle else left


def seat_in_trick(seating: Seating, leader: int, index: int, idle: int) -> int:
    """The seat that plays card number ``index`` (0 = the lead) of a trick led by ``leader``."""
    seat = leader
    for _ in range(index):
        seat = next_active(seating, seat, idle)
    return seat


def trick_seats(leader: int, idle: int | None, seating: Seating = FOUR_SEATS) -> tuple[int, ...]:
    """The seats that play to a trick led by `leader`, in order: every seat of `seating`
    (its turn order, made once), or the three beside a ledig partner who sits out (`idle`)."""
    order = seating.order_from(leader)
    return order if idle is None else tuple(seat for seat in order if seat != idle)


def legal(holding: Sequence[Card], current: Sequence[Card]) -> list[Card]:
    """The cards of ``holding`` that may be played to ``current`` (rule 3): the led suit
    when held, else any card."""
    if not current:
        return list(holding)
    led = current[0].suit
    follow = [c for c in holding if c.suit == led]
    return follow or list(holding)


def options(holding: Sequence[Card], current: Sequence[Card]) -> PlayOptions:
    """``legal`` with the reason for every other card (must follow) and the card winning
    the trick so far, as ``obligations.play_options`` answers for a normal hand."""
    allowed = legal(holding, current)
    if not current:
        return PlayOptions(tuple(allowed), ())
    led = current[0].suit
    refused = tuple(
        (c, IllegalReason(Reason.MUST_FOLLOW, led)) for c in holding if c not in allowed
    )
    return PlayOptions(tuple(allowed), refused, winning=current[winner(current)])


def explain(card: Card, holding: Sequence[Card], current: Sequence[Card]) -> IllegalReason | None:
    """None when ``card`` may be played, else why not (not held, or must follow)."""
    if card not in holding:
        return IllegalReason(Reason.NOT_IN_HAND)
    if card in legal(holding, current):
        return None
    return IllegalReason(Reason.MUST_FOLLOW, current[0].suit)


def winner(cards: Sequence[Card]) -> int:
    """The index of the winning card: the highest of the led suit (no trump, rule 3)."""
    led = cards[0].suit
    best = 0
    for index, card in enumerate(cards):
        if card.suit == led and PLAIN_ORDER[card.rank] > PLAIN_ORDER[cards[best].rank]:
            best = index
    return best


def score(declarer: int, broken: bool, rules: RuleSet) -> HandScore:
    """Rule 5: made, the declarer's pair scores ``ledig_bonus``; broken, the opponents do.
    Card points, roem and pit are not counted (rule 4); no nat is marked."""
    pair = pair_of(declarer)
    scorer = 1 - pair if broken else pair
    scores = (rules.ledig_bonus, 0) if scorer == 0 else (0, rules.ledig_bonus)
    return HandScore(scores, nat=False, pit=None, makers=pair)
