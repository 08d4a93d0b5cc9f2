"""One hand of three-player Klaverjas (*driemans*, docs/rules.md 2.8): the deal with the
blind, the bidding, the exchange, ten three-card tricks, roem claims and the score per player.

The two defenders are partners for this hand only: the obligations of docs/rules.md 1.5 ask
whether "the partner" (the other defender) is winning, and the solo never has one. Like the
four-player ``Hand``, every action is checked completely before anything changes, so a
refused action (a ``RuleViolation`` with a stable code) leaves the hand as it was, and the
same deal and actions always give the same state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from .cards import CARDS, Card, Suit, shuffled_deck
from .claim_window import ClaimWindow
from .errors import ErrorCode, RuleViolation
from .hand import Trick, TrumpOptions
from .obligations import (
    NO_OPTIONS,
    PlayOptions,
    check_card,
    play_options,
)
from .roem import Roem, roem_of_trick
from .rules import RuleSet
from .seats import THREE_SEATS
from .tricks import HAND_TOTAL, scored_points, trick_winner

SOLO: Final = 0
"""The side of the player who plays (``points[SOLO]`` and the like)."""
DEFENDERS: Final = 1
"""The side of the two defenders, partners for this hand."""
SIDES: Final = (SOLO, DEFENDERS)
DISCARD_SIZE: Final = 2  # the solo lays down as many cards as the blind held


class DriemansPhase(StrEnum):
    """Where a three-player hand is: bidding, the solo's exchange, playing, claiming the
    last trick's roem, scored; ``passed`` when all three passed (the hand is dealt again)."""

    BID = "bid"
    EXCHANGE = "exchange"
    PLAY = "play"
    CLAIM = "claim"
    DONE = "done"
    PASSED = "passed"


@dataclass(slots=True)
class DriemansTrick(Trick):
    """A taken trick of three cards: who led, the cards in play order, the winning seat;
    once its roem is claimed, the seat that claimed it. A `Trick` (the table service and
    its front ends read either game's tricks alike) whose seats go round three."""

    def seat_of(self, index: int) -> int:
        """The seat that played the trick's card number `index` (0 = the leader)."""
        return THREE_SEATS.after(self.leader, index)


@dataclass(frozen=True, slots=True)
class DriemansScore:
    """A scored hand (docs/rules.md 2.8.7): the sides' ``totals`` (solo, defenders: card
    points with the last trick, the discard where it counts, roem, the pit bonus), whether
    the solo went ``nat``, the side that took every trick (``pit``), ``scores`` per seat and
    the card points of the ``discard``."""

    solo: int
    totals: tuple[int, int]
    nat: bool
    pit: int | None
    scores: tuple[int, ...]
    discard: int


@dataclass
class DriemansHand(ClaimWindow[DriemansTrick, DriemansScore]):
    """One hand of three-player Klaverjas, from the deal to its score."""

    rules: RuleSet
    dealer: int
    dealt: tuple[tuple[Card, ...], ...]
    blind: tuple[Card, ...]
    holdings: list[list[Card]] = field(default_factory=list)
    phase: DriemansPhase = DriemansPhase.BID
    turn: int = 0
    passes: int = 0
    trump: Suit | None = None
    solo: int | None = None
    discard: tuple[Card, ...] = ()
    leader: int = 0
    current: list[Card] = field(default_factory=list)
    tricks: list[DriemansTrick] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])
    roem: list[int] = field(default_factory=lambda: [0, 0])
    won: list[int] = field(default_factory=lambda: [0, 0])
    result: DriemansScore | None = None

    # ----------------------------------------------------------------- construction
    @classmethod
    def deal(cls, rules: RuleSet, dealer: int, rng: random.Random) -> DriemansHand:
        """Shuffle and deal (``deal_pack``)."""
        return cls.deal_pack(rules, dealer, shuffled_deck(rng))

    @classmethod
    def deal_pack(cls, rules: RuleSet, dealer: int, deck: Sequence[Card]) -> DriemansHand:
        """Deal `deck` (top first) from left of the dealer: 4 each, the blind, 3 each, 3
        each (docs/rules.md 2.8.2)."""
        seating = rules.seating
        cards: list[list[Card]] = [[] for _ in seating.seats]
        blind: list[Card] = []
        pos = 0
        for packet, size in enumerate(seating.packets):
            for seat in seating.deal_order(dealer):
                cards[seat].extend(deck[pos : pos + size])
                pos += size
            if packet == 0:
                blind, pos = list(deck[pos : pos + seating.blind]), pos + seating.blind
        return cls.from_cards(rules, dealer, cards, blind)

    @classmethod
    def from_cards(
        cls, rules: RuleSet, dealer: int, cards: Sequence[Sequence[Card]], blind: Sequence[Card]
    ) -> DriemansHand:
        """A hand from given cards: three hands of ten and the blind of two."""
        seating = rules.seating
        if not rules.three_players:
            raise ValueError("a three-player hand needs rules with game='driemans'")
        every = sorted([*blind, *(c for h in cards for c in h)])
        if len(cards) != seating.count or every != list(CARDS) or len(blind) != seating.blind:
            raise ValueError("a deal is 3 hands and a blind of 2 holding each of the 32 once")
        if any(len(h) != seating.cards_per_seat for h in cards):
            raise ValueError("every player holds 10 cards")
        dealer = seating.seat(dealer)
        hand = cls(rules, dealer, tuple(tuple(h) for h in cards), tuple(blind))
        hand.holdings = [list(h) for h in cards]
        hand.leader = hand.turn = seating.left_of(dealer)
        return hand

    # ----------------------------------------------------------------- read models
    @property
    def to_act(self) -> int | None:
        """The seat to bid, discard or play; None while claiming, done or passed out."""
        if self.phase == DriemansPhase.PLAY:
            return self.rules.seating.after(self.leader, len(self.current))
        if self.phase == DriemansPhase.BID:
            return self.turn
        if self.phase == DriemansPhase.EXCHANGE:
            return self.solo
        return None

    def side_of(self, seat: int) -> int:
        """``SOLO`` or ``DEFENDERS``: the side `seat` plays on in this hand (after the bid)."""
        return SOLO if seat == self.solo else DEFENDERS

    def defenders(self) -> tuple[int, ...]:
        """The two seats playing against the solo, from the solo's left."""
        assert self.solo is not None
        return self.rules.seating.seats_around(self.solo)

    def trump_options(self, seat: int) -> TrumpOptions:
        """The suits ``seat`` may play in now and whether it may pass (empty: not its turn);
        under ``all_pass="forced"`` the player left of the dealer, asked again, must play."""
        if self.phase != DriemansPhase.BID or seat != self.turn:
            return TrumpOptions((), False)
        return TrumpOptions(tuple(Suit), self.passes < self.rules.seating.count)

    def partner_winning(self, seat: int) -> bool:
        """Whether the other defender's card wins the trick so far (never for the solo)."""
        if not self.current or seat == self.solo:
            return False
        assert self.trump is not None
        winner = self.rules.seating.after(self.leader, trick_winner(self.current, self.trump))
        return winner not in (seat, self.solo)

    def play_options(self, seat: int) -> PlayOptions:
        """The cards ``seat`` may play now and why not the others (none: not its turn)."""
        if self.phase != DriemansPhase.PLAY or seat != self.to_act:
            return NO_OPTIONS
        assert self.trump is not None
        partner = self.partner_winning(seat)
        return play_options(self.holdings[seat], self.current, self.trump, self.rules, partner)

    def legal(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now (none when it is not that seat's turn to play)."""
        return list(self.play_options(seat).legal)

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in progress (11 once all ten are taken)."""
        return len(self.tricks) + 1

    def current_winner(self) -> int | None:
        """The seat winning the trick in progress so far, if a card is on the table."""
        if not self.current or self.trump is None:
            return None
        return self.rules.seating.after(self.leader, trick_winner(self.current, self.trump))

    def _on_side(self, seat: int, trick: DriemansTrick) -> bool:
        """The solo claims his own tricks, either defender the defenders' (docs/rules.md
        2.8.6)."""
        return self.side_of(seat) == self.side_of(trick.winner)

    # ----------------------------------------------------------------- actions
    def choose_trump(self, seat: int, suit: Suit) -> None:
        """`seat` says *play*, naming `suit`: it becomes the solo and takes the blind."""
        options = self._bid_turn(seat)
        if suit not in options.suits:
            message = f"{suit.name} may not be named now"
            raise RuleViolation(ErrorCode.TRUMP_NOT_ALLOWED, message, suit=suit)
        self.trump, self.solo = suit, seat
        self.holdings[seat].extend(self.blind)
        self.phase = DriemansPhase.EXCHANGE

    def pass_trump(self, seat: int) -> None:
        """`seat` passes; after three passes the hand is dealt again (``all_pass="redeal"``)
        or the player left of the dealer must play (``"forced"``)."""
        options = self._bid_turn(seat)
        if not options.can_pass:
            raise RuleViolation(ErrorCode.PASS_NOT_ALLOWED, "this seat must play")
        self.passes += 1
        self.turn = self.rules.seating.left_of(seat)
        if self.passes == self.rules.seating.count and self.rules.all_pass == "redeal":
            self.phase = DriemansPhase.PASSED

    def lay_down(self, seat: int, cards: Sequence[Card]) -> None:
        """The solo lays `cards` (two of his twelve) face down; the first trick is next."""
        self._require(DriemansPhase.EXCHANGE)
        if seat != self.solo:
            message = "only the solo lays cards down"
            raise RuleViolation(ErrorCode.NOT_YOUR_TURN, message, to_act=self.solo)
        held = self.holdings[seat]
        if len(cards) != DISCARD_SIZE or len(set(cards)) != DISCARD_SIZE:
            message = f"lay down exactly {DISCARD_SIZE} different cards"
            raise RuleViolation(ErrorCode.BAD_DISCARD, message, count=DISCARD_SIZE)
        for card in cards:
            if card not in held:
                raise RuleViolation(ErrorCode.NOT_IN_HAND, f"{card} is not held", card=card)
        for card in cards:
            held.remove(card)
        self.discard = tuple(cards)
        self.phase = DriemansPhase.PLAY
        self.leader = self.rules.seating.left_of(self.dealer)

    def play(self, seat: int, card: Card) -> DriemansTrick | None:
        """Play ``card``; returns the trick when this card completed one."""
        self._require(DriemansPhase.PLAY)
        if seat != self.to_act:
            message = "it is not this seat's turn"
            raise RuleViolation(ErrorCode.NOT_YOUR_TURN, message, to_act=self.to_act)
        assert self.trump is not None
        hand = self.holdings[seat]
        partner = self.partner_winning(seat)
        check_card(card, hand, self.current, self.trump, self.rules, partner)
        hand.remove(card)
        self.current.append(card)
        full = len(self.current) == self.rules.seating.cards_per_trick
        return self._complete_trick() if full else None

    def claim(self, seat: int) -> Roem:
        """Claim the roem of the trick just taken, for the side that took it."""
        if not self.rules.seating.is_seat(seat):
            raise RuleViolation(ErrorCode.BAD_ACTION, f"no such seat: {seat!r}")
        refusal = self.claim_refusal(seat)
        if refusal is not None:
            raise RuleViolation(refusal, f"no claim: {refusal}")
        trick = self.last_trick
        assert trick is not None
        return self._credit_claim(trick, seat, self.side_of(trick.winner))

    # ----------------------------------------------------------------- internals
    def _bid_turn(self, seat: int) -> TrumpOptions:
        self._require(DriemansPhase.BID)
        if seat != self.turn:
            message = "it is not this seat's turn"
            raise RuleViolation(ErrorCode.NOT_YOUR_TURN, message, to_act=self.turn)
        return self.trump_options(seat)

    def _complete_trick(self) -> DriemansTrick:
        assert self.trump is not None
        cards = tuple(self.current)
        winner = self.rules.seating.after(self.leader, trick_winner(cards, self.trump))
        trick = DriemansTrick(
            self.leader, cards, winner, roem_of_trick(cards, self.trump, self.rules)
        )
        self.tricks.append(trick)
        side = self.side_of(winner)
        self.points[side] += scored_points(cards, self.trump, self.rules)
        self.won[side] += 1
        self.current, self.leader = [], winner
        self._count_taken(trick, side)
        return trick

    def _score(self) -> DriemansScore:
        assert self.solo is not None and self.trump is not None
        self.result = score_driemans(self)
        self.phase = DriemansPhase.DONE
        return self.result

    # ----------------------------------------------------------------- serialisation
    def to_dict(self) -> dict[str, Any]:
        """The hand as JSON-ready values (cards as codes)."""
        return {
            "dealer": self.dealer,
            "dealt": [[c.code for c in h] for h in self.dealt],
            "blind": [c.code for c in self.blind],
            "holdings": [[c.code for c in h] for h in self.holdings],
            "phase": str(self.phase),
            "turn": self.turn,
            "passes": self.passes,
            "trump": None if self.trump is None else self.trump.letter,
            "solo": self.solo,
            "discard": [c.code for c in self.discard],
            "leader": self.leader,
            "current": [c.code for c in self.current],
            "tricks": [t.row() for t in self.tricks],
            **self._counts_dict(),
        }

    def copy(self) -> DriemansHand:
        """The state as ``from_dict(to_dict())`` would rebuild it, without the round trip
        through plain values (the table service works on a copy for every action)."""
        hand = DriemansHand(self.rules, self.dealer, self.dealt, self.blind)
        hand.holdings = [list(h) for h in self.holdings]
        hand.phase, hand.turn, hand.passes = self.phase, self.turn, self.passes
        hand.trump, hand.solo, hand.discard = self.trump, self.solo, self.discard
        hand.leader, hand.current = self.leader, list(self.current)
        hand.tricks = [t.copy() for t in self.tricks]
        hand.points, hand.roem, hand.won = list(self.points), list(self.roem), list(self.won)
        hand.result = self.result
        return hand

    @classmethod
    def from_dict(cls, rules: RuleSet, data: dict[str, Any]) -> DriemansHand:
        """The hand `to_dict` wrote, under `rules`."""
        dealt = tuple(tuple(_cards(h)) for h in data["dealt"])
        hand = cls(rules, data["dealer"], dealt, tuple(_cards(data["blind"])))
        hand.holdings = [_cards(h) for h in data["holdings"]]
        hand.phase = DriemansPhase(data["phase"])
        hand.turn, hand.passes = data["turn"], data["passes"]
        hand.trump = None if data["trump"] is None else Suit.parse(data["trump"])
        hand.solo = data["solo"]
        hand.discard = tuple(_cards(data["discard"]))
        hand.leader, hand.current = data["leader"], _cards(data["current"])
        if data["tricks"]:
            assert hand.trump is not None  # a taken trick has a trump
            hand.tricks = [DriemansTrick.from_row(t, hand.trump, rules) for t in data["tricks"]]
        hand._read_counts(data)
        if hand.phase == DriemansPhase.DONE:
            hand.result = score_driemans(hand)
        return hand


def _cards(codes: Sequence[str]) -> list[Card]:
    return [Card.parse(code) for code in codes]


def score_driemans(hand: DriemansHand) -> DriemansScore:
    """The score of a hand whose ten tricks are played (docs/rules.md 2.8.7)."""
    rules, solo = hand.rules, hand.solo
    assert solo is not None and hand.trump is not None
    discard = scored_points(hand.discard, hand.trump, rules)
    cards = [hand.points[SOLO], hand.points[DEFENDERS]]
    if rules.discard_to != "none":
        cards[SOLO if rules.discard_to == "solo" else DEFENDERS] += discard
    totals = [cards[side] + hand.roem[side] for side in SIDES]
    pit = next((s for s in SIDES if hand.won[s] == rules.seating.tricks_per_hand), None)
    if pit is not None:
        totals[pit] += rules.pit_bonus
    compared = totals if rules.nat_counts_roem else cards
    nat = rules.nat_enabled and compared[SOLO] <= compared[DEFENDERS]
    everything = HAND_TOTAL + hand.roem[SOLO] + hand.roem[DEFENDERS]
    if nat:
        solo_line = -everything if rules.three_player_scoring == "solo_only" else 0
        defender_line = everything + (rules.pit_bonus if pit == DEFENDERS else 0)
    else:
        solo_line, defender_line = totals[SOLO], totals[DEFENDERS]
    if rules.three_player_scoring == "solo_only":
        defender_line = 0
    scores = tuple(solo_line if s == solo else defender_line for s in rules.seating.seats)
    return DriemansScore(solo, (totals[SOLO], totals[DEFENDERS]), nat, pit, scores, discard)
