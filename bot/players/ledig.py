"""Card play in a ledig hand (docs/rules.md 2.10), a house rule: no trump, three cards a
trick, the declarer must take no trick.

The declarer ducks: under the card winning the trick it plays its highest card that stays
under, else (it must win) its highest, to shed the danger; void, it throws its highest card;
leading, its lowest. The defenders try to make the declarer win: before the declarer plays
they keep the trick low (their lowest card of the suit, so he cannot duck under it);
after him, while his card is winning, they stay under it; void, they throw their highest
card; leading, their lowest card. Whether to say ledig at all is not this module's: the
computers never do (docs/decisions.md, "Ledig: the computers").
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Card
from bot.engine.ledig import winner
from bot.engine.tricks import PLAIN_ORDER

from .base import SeatView


def _order(card: Card) -> int:
    """A card's strength in a ledig hand: the plain order in every suit."""
    return PLAIN_ORDER[card.rank]


def ledig_card(view: SeatView) -> Card:
    """The card ``view``'s seat plays in a ledig hand (see the module doc)."""
    legal = sorted(view.legal, key=lambda c: (_order(c), c))
    if not view.current:
        return legal[0]
    led = view.current[0].suit
    following = legal[0].suit == led
    if not following:
        return legal[-1]  # void: shed the highest card
    best = view.current[winner(view.current)]
    if view.seat == view.ledig:
        under = [c for c in legal if _order(c) < _order(best)]
        return under[-1] if under else legal[-1]
    return _defend(view, legal, best)


def _defend(view: SeatView, legal: Sequence[Card], best: Card) -> Card:
    """A defender following suit: under the declarer's winning card once he has played,
    else the lowest card (the trick stays low for him to beat)."""
    declarer_played = view.ledig in _seats_so_far(view)
    if declarer_played and _seats_so_far(view)[winner(view.current)] == view.ledig:
        under = [c for c in legal if _order(c) < _order(best)]
        return under[-1] if under else legal[0]
    return legal[0]


def _seats_so_far(view: SeatView) -> list[int]:
    """The seats that played the cards of the trick in progress, in order: the active
    seats before ``view.seat``, counted back from it."""
    seats: list[int] = []
    seat = view.seat
    seating = view.rules.seating
    while len(seats) < len(view.current):
        seat = seating.right_of(seat)
        if seat != view.idle:
            seats.append(seat)
    return seats[::-1]
