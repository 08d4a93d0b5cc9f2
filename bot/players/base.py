"""What one seat may see, and the interface every computer player implements.

A player never touches the engine's ``Hand``: it gets a ``SeatView`` built by ``view_for``,
which copies only public facts (trump, makers, the cards played so far) and the seat's own
cards. Other seats' holdings never enter the view, so a player cannot cheat by accident.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol

from bot.engine import Card, Hand, Phase, RuleSet, Suit, TrumpOptions, pair_of


class PastTrick(NamedTuple):
    """A completed trick of this hand: who led, the four cards in play order, who won."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


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

    @property
    def pair(self) -> int:
        return pair_of(self.seat)

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def last_trick(self) -> PastTrick | None:
        return self.tricks[-1] if self.tricks else None

    @property
    def position(self) -> int:
        """0 when leading, 3 when the seat plays the last card of the trick."""
        return len(self.current)

    @property
    def is_maker(self) -> bool:
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
        tricks=tuple(PastTrick(t.leader, tuple(t.cards), t.winner) for t in hand.tricks),
        legal=tuple(sorted(hand.legal(seat))),
        claim_open=_claim_open_for(hand, seat),
    )


def _claim_open_for(hand: Hand, seat: int) -> bool:
    """A claim window is open, the seat's pair took the last trick and has not claimed it."""
    trick = hand.last_trick
    if not hand.claim_open or trick is None or trick.claimed:
        return False
    return pair_of(trick.winner) == pair_of(seat)
