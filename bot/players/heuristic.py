"""A rule-of-thumb player: sound club-level Klaverjas without search.

Trump: named from hand strength (``bidding.py``). Leading: makers pull trumps with the
master trump (or a small one towards the partner who chose), then everybody cashes master
cards of side suits, else leads cheaply. Following: with the partner's card safe it smears
points; against an opponent it wins with the cheapest safe card, gambles a cheap card on a
rich trick, or else throws the card it needs least without handing roem to the opponents.
Claims whenever its pair took roem. Deterministic given the seed (ties are broken by it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.engine import Card, Rank, Suit, partner_is_winning, roem_of_trick, trick_winner
from bot.engine.seats import left_of
from bot.engine.tricks import TRUMP_ORDER

from .base import SeatView
from .bidding import PASS_THRESHOLD, choose_suit
from .calls import normal_call
from .knowledge import Knowledge, points, rivals_after, strength
from .ledig import ledig_card

TRUMP_KEEP = 10.0  # a trump is worth keeping beyond its points
MASTER_KEEP = 6.0  # so is the highest remaining card of a side suit
GUARD_KEEP = 4.0  # the only small card beside an unsafe ten protects it
BARE_TEN_LEAD = 8.0  # leading a ten while the ace is out gives it away
DEFENDER_TRUMP_LEAD = 30.0  # defenders do not lead trump
PARTNER_RUFF = 6.0  # leading a suit the partner can trump
CHEAP_GAMBLE = 4  # points a third hand risks on a winner that may be beaten
RICH_TRICK = 10  # a trick worth this much (points + roem) is worth a gamble
SECOND_HAND_RICH = 20


class HeuristicPlayer:
    """See the module doc. ``threshold`` is the hand strength needed to make trump freely."""

    def __init__(self, seed: int | str, threshold: float = PASS_THRESHOLD) -> None:
        self.rng = random.Random(f"heuristic/{seed}")
        self.threshold = threshold

    def choose_trump(self, view: SeatView) -> Suit | None:
        """The strongest suit the seat may name; None (pass) when it is weaker than
        `threshold` and passing is allowed."""
        if view.trump_options is None:
            raise ValueError("choose_trump asked when the seat may not choose trump")
        return choose_suit(view.hand, view.trump_options, self.threshold)

    def choose_card(self, view: SeatView) -> Card:
        """The only legal card, else the lead or follow rules' choice; ties go by the seed."""
        if not view.legal:
            raise ValueError("choose_card asked when the seat has no legal card")
        if len(view.legal) == 1:
            return view.legal[0]
        if view.ledig is not None:
            return ledig_card(view)
        know = Knowledge.of(view)
        cands = list(view.legal)
        self.rng.shuffle(cands)  # ties between equal cards go by the seed
        return lead(view, know, cands) if not view.current else follow(view, know, cands)

    def wants_call(self, view: SeatView) -> bool:
        """Calls with a hand strong enough for the level (``calls.normal_call``)."""
        return normal_call(view)

    def wants_claim(self, view: SeatView) -> bool:
        """Whether a claim is open and the last trick held roem."""
        trick = view.last_trick
        if not view.claim_open or trick is None or view.trump is None:
            return False
        return bool(roem_of_trick(trick.cards, view.trump, view.rules))


# --------------------------------------------------------------------- card values
def keep_value(card: Card, know: Knowledge) -> float:
    """How much the seat loses by giving ``card`` up now (points and future use)."""
    pts = points(card, know.trump)
    if card.suit == know.trump:
        return pts + TRUMP_KEEP + 3 * TRUMP_ORDER[card.rank]
    value = pts + (MASTER_KEEP if know.is_master(card) else 0.0)
    return value + (GUARD_KEEP if _guards_ten(card, know) else 0.0)


def _guards_ten(card: Card, know: Knowledge) -> bool:
    ten = Card.of(Rank.TEN, card.suit)
    if card == ten or ten not in know.mine or know.is_master(ten):
        return False
    return sum(1 for c in know.mine if c.suit == card.suit) == 2


def _roem(cards: Sequence[Card], view: SeatView, know: Knowledge) -> int:
    return roem_of_trick(cards, know.trump, view.rules).points


# --------------------------------------------------------------------- leading
def lead(view: SeatView, know: Knowledge, cands: list[Card]) -> Card:
    """The card to lead: pull trump as maker, else cash a master, else a cheap card (see the
    module doc)."""
    trumps = [c for c in cands if c.suit == know.trump]
    if view.is_maker and trumps and know.opponents_may_trump():
        pull = _pull_trump(view, know, trumps)
        if pull is not None:
            return pull
    masters = [c for c in cands if c.suit != know.trump and _safe_to_cash(know, c)]
    if masters:
        return max(masters, key=lambda c: (points(c, know.trump), len(know.unseen_in(c.suit))))
    return min(cands, key=lambda c: _lead_cost(view, know, c))


def _pull_trump(view: SeatView, know: Knowledge, trumps: list[Card]) -> Card | None:
    top = max(trumps, key=lambda c: TRUMP_ORDER[c.rank])
    if know.is_master(top):
        return top
    if view.chooser == view.partner or (view.chooser == view.seat and len(trumps) >= 3):
        return min(trumps, key=lambda c: keep_value(c, know))
    return None


def _safe_to_cash(know: Knowledge, card: Card) -> bool:
    """A master side card no opponent is likely to trump."""
    if not know.is_master(card):
        return False
    return not any(
        know.maybe_void(o, card.suit) and know.may_hold(o, know.trump) for o in know.opponents()
    )


def _lead_cost(view: SeatView, know: Knowledge, card: Card) -> float:
    cost = keep_value(card, know)
    if card.suit == know.trump:
        return cost + (0.0 if view.is_maker else DEFENDER_TRUMP_LEAD)
    if card.rank == Rank.TEN and not know.is_master(card):
        cost += BARE_TEN_LEAD
    left = left_of(view.seat)
    partner_ruffs = card.suit in know.voids[view.partner] and know.may_hold(
        view.partner, know.trump
    )
    if partner_ruffs and card.suit not in know.voids[left]:
        cost -= PARTNER_RUFF
    return cost


# --------------------------------------------------------------------- following
def follow(view: SeatView, know: Knowledge, cands: list[Card]) -> Card:
    """The card to follow with: smear points on the partner's safe trick, else win cheaply,
    gamble on a rich trick, or throw the card needed least (see the module doc)."""
    cur, led = view.current, view.current[0].suit
    best = cur[trick_winner(cur, know.trump)]
    rivals = rivals_after(view.leader, view.position, view.seat)
    winners = [c for c in cands if _beats(c, best, led, know)]
    safe = [c for c in winners if know.secure(c, led, rivals)]
    if partner_is_winning(view.current, know.trump):
        if know.secure(best, led, rivals):
            return smear(view, know, cands)
        if safe:
            return _cheapest_win(view, know, safe)
        return duck(view, know, cands, ours=True)
    take = _take(view, know, winners, safe)
    return take if take is not None else duck(view, know, cands, ours=False)


def _beats(card: Card, best: Card, led: Suit, know: Knowledge) -> bool:
    return strength(card, know.trump, led) > strength(best, know.trump, led)


def _take(view: SeatView, know: Knowledge, winners: list[Card], safe: list[Card]) -> Card | None:
    """The card to win an opponent's trick with, or None to let it go."""
    if safe:
        return _cheapest_win(view, know, safe)
    if not winners:
        return None
    cheap = _cheapest_win(view, know, winners)
    value = sum(points(c, know.trump) for c in view.current) + _roem(view.current, view, know)
    if view.position == 1:
        return cheap if value >= SECOND_HAND_RICH else None
    if points(cheap, know.trump) <= CHEAP_GAMBLE or value >= RICH_TRICK:
        return cheap
    return None


def _cheapest_win(view: SeatView, know: Knowledge, winners: list[Card]) -> Card:
    return min(winners, key=lambda c: keep_value(c, know) - _roem((*view.current, c), view, know))


def smear(view: SeatView, know: Knowledge, cands: list[Card]) -> Card:
    """Give points to the partner's safe trick, keeping trumps and adding roem."""

    def value(card: Card) -> float:
        gain = _roem((*view.current, card), view, know)
        if card.suit == know.trump:
            return gain - keep_value(card, know)
        master = MASTER_KEEP if know.is_master(card) else 0.0
        return gain + points(card, know.trump) - master

    return max(cands, key=value)


def duck(view: SeatView, know: Knowledge, cands: list[Card], ours: bool) -> Card:
    """Throw the card needed least; into an opponent's trick, without making roem."""

    def cost(card: Card) -> float:
        given = 0 if ours else _roem((*view.current, card), view, know)
        return keep_value(card, know) + given

    return min(cands, key=cost)
