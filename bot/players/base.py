"""What one seat may see, and the interface every computer player implements.

A player never touches the engine's ``Hand``: it gets a ``SeatView`` built by ``view_for``,
which copies only public facts (trump, makers, the cards played so far) and the seat's own
cards. Other seats' holdings never enter the view, so a player cannot cheat by accident.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol

from bot.engine import (
    Card,
    Combination,
    Hand,
    Phase,
    RuleSet,
    Suit,
    TrumpOptions,
    left_of,
    pair_of,
)
from bot.engine.seats import FOUR_SEATS


class PastTrick(NamedTuple):
    """A completed trick of this hand: who led, the four cards in play order, who won, and
    whether its roem was claimed (credited: claimed by hand or automatically)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    claimed: bool = False


class Bid(NamedTuple):
    """One step of the trump bidding seen at the table: ``suit`` None is a pass.

    ``free`` says whether the seat could have passed instead (a forced or drawn trump says
    nothing about the hand); ``suits`` are the suits it could have named at that moment.
    """

    seat: int
    suit: Suit | None
    free: bool
    suits: tuple[Suit, ...]


@dataclass(frozen=True, slots=True)
class SeatView:
    """Exactly what ``seat`` may know at this moment of the hand."""

    seat: int
    dealer: int
    rules: RuleSet
    phase: Phase
    hand: tuple[Card, ...]
    trump: Suit | None
    makers: int | None
    chooser: int | None
    trump_options: TrumpOptions | None
    leader: int
    current: tuple[Card, ...]
    tricks: tuple[PastTrick, ...]
    legal: tuple[Card, ...]
    claim_open: bool
    bids: tuple[Bid, ...] = ()
    proposal: Suit | None = None
    # The kraak calls (docs/rules.md 2.5): the seats that called, in order; the level this
    # seat may call or pass now (None when it is not asked); what the table was told of
    # the hand roem (2.6.4) and the hand roem each pair scores.
    calls: tuple[int, ...] = ()
    call_level: int | None = None
    announced: tuple[Combination, ...] = ()
    hand_roem: tuple[int, int] = (0, 0)
    # Ledig (docs/rules.md 2.10): the declarer's seat; no trump, and its partner sits out.
    ledig: int | None = None

    @property
    def idle(self) -> int | None:
        """The seat that sits out this hand (the ledig declarer's partner), if any."""
        return None if self.ledig is None else FOUR_SEATS.partner_of(self.ledig)

    @property
    def pair(self) -> int:
        """The seat's pair (0 or 1)."""
        return pair_of(self.seat)

    @property
    def partner(self) -> int:
        """The seat across the table, its partner."""
        return FOUR_SEATS.partner_of(self.seat)

    @property
    def last_trick(self) -> PastTrick | None:
        """The trick taken most recently, if any."""
        return self.tricks[-1] if self.tricks else None

    @property
    def position(self) -> int:
        """0 when leading, 3 when the seat plays the last card of the trick."""
        return len(self.current)

    @property
    def is_maker(self) -> bool:
        """Whether the seat's pair made trump."""
        return self.makers is not None and self.makers == self.pair

    def played(self) -> tuple[Card, ...]:
        """Every card already seen on the table this hand, the trick in progress included."""
        return tuple(c for t in self.tricks for c in t.cards) + self.current


class Player(Protocol):
    """A computer player. Every method gets a fresh view and must answer legally."""

    def choose_trump(self, view: SeatView) -> Suit | None:
        """A suit of ``view.trump_options.suits``, or None to pass (only when allowed)."""
        ...

    def choose_card(self, view: SeatView) -> Card:
        """One card of ``view.legal``."""
        ...

    def wants_claim(self, view: SeatView) -> bool:
        """True to claim the roem of the last trick (asked only while ``view.claim_open``)."""
        ...

    def wants_call(self, view: SeatView) -> bool:
        """True to make the call ``view.call_level`` (kraak, rekraak, superkraak), False to
        pass (asked only while ``view.call_level`` is set)."""
        ...


def view_for(hand: Hand, seat: int) -> SeatView:
    """The view of ``seat``: its own cards and the public facts of ``hand``, nothing more."""
    choosing = hand.phase == Phase.TRUMP and hand.to_act == seat
    return SeatView(
        seat=seat,
        dealer=hand.dealer,
        rules=hand.rules,
        phase=hand.phase,
        hand=tuple(sorted(hand.holdings[seat])),
        trump=hand.trump,
        makers=hand.makers,
        chooser=hand.chooser,
        trump_options=hand.trump_options(seat) if choosing else None,
        leader=hand.leader,
        current=tuple(hand.current),
        tricks=tuple(PastTrick(t.leader, tuple(t.cards), t.winner, t.claimed) for t in hand.tricks),
        legal=tuple(sorted(hand.legal(seat))),
        claim_open=hand.may_claim(seat),
        bids=bids_of(hand),
        proposal=hand.proposal,
        calls=tuple(hand.calls),
        call_level=hand.may_call(seat),
        announced=hand.hand_roem.announced(),
        hand_roem=hand.hand_roem.points,
        ledig=hand.ledig,
    )


def bids_of(hand: Hand) -> tuple[Bid, ...]:
    """The bidding so far as the table saw it, rebuilt from the hand's public facts.

    The hand keeps no log of passes, but the bidding order makes them certain: everyone from
    the first bidder (left of the dealer) up to the one to bid, or to the chooser, passed;
    a second round means all four passed the first. One case cannot be told apart: under
    free choice a first bidder who named trump either chose freely or was forced after four
    passes; the bid is then recorded as forced and no passes are assumed.
    """
    if hand.ledig is not None:  # no trump was named: the card play reads no bids
        return ()
    first = left_of(hand.dealer)
    selection = hand.rules.trump_selection
    if selection in ("mandatory", "drawn"):  # nobody may pass: a choice says nothing
        if hand.chooser is None or hand.trump is None or hand.bidding is not None:
            return ()
        return (Bid(hand.chooser, hand.trump, False, tuple(Suit)),)
    if hand.bidding is not None:  # still bidding
        second, passes = hand.bidding.round == 2, hand.bidding.passes
        return _passes(hand, first, second, passes)
    assert hand.chooser is not None and hand.trump is not None
    passes = hand.rules.seating.steps(first, hand.chooser)
    if selection == "free":
        if passes == 0:
            return (Bid(hand.chooser, hand.trump, False, tuple(Suit)),)
        return (*_passes(hand, first, False, passes), _named(hand, hand.trump, False))
    second = hand.trump != hand.proposal
    return (*_passes(hand, first, second, passes), _named(hand, hand.trump, second))


def _options(hand: Hand, second: bool) -> tuple[Suit, ...]:
    if hand.rules.trump_selection == "proposed" and hand.proposal is not None:
        return tuple(s for s in Suit if (s != hand.proposal) == second)
    return tuple(Suit)


def _passes(hand: Hand, first: int, second: bool, passes: int) -> tuple[Bid, ...]:
    """Four first-round passes when in the second round, then ``passes`` in this round."""
    rounds = [(False, hand.rules.seating.count)] if second else []
    rounds.append((second, passes))
    return tuple(
        Bid(hand.rules.seating.after(first, k), None, True, _options(hand, in_second))
        for in_second, count in rounds
        for k in range(count)
    )


def _named(hand: Hand, suit: Suit, second: bool) -> Bid:
    assert hand.chooser is not None
    # The proposed suit's dealer in the second round must name: that choice is forced.
    free = not (second and hand.chooser == hand.dealer)
    return Bid(hand.chooser, suit, free, _options(hand, second))
