"""One hand as a state machine: deal, choose trump, the kraak calls (docs/rules.md 2.5),
play 8 tricks, claim roem, score; or, said instead of trump, ledig (2.10, ``ledig.py``).

Every action is validated completely before anything changes, so a refused action (one
``RuleViolation`` with a stable code) leaves the hand exactly as it was. The state
serialises to plain JSON-able dicts; replaying the same deal and actions gives the same state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, Protocol, Self, TypeVar

from . import ledig
from .cards import CARDS, Card, Suit, shuffled_deck
from .claim_window import ClaimWindow
from .errors import ErrorCode, RuleViolation
from .handroem import NO_HAND_ROEM, HandRoem, find_hand_roem, trick_roem_after
from .obligations import (
    NO_OPTIONS,
    PlayOptions,
    Reason,
    check_card,
    legal_cards,
    play_options,
)
from .roem import NO_ROEM, Roem, roem_of_trick
from .rules import RuleSet
from .scoring import MAX_CALLS, HandScore, bearing_pair, multiplier, score_hand
from .seats import FOUR_SEATS, left_of, pair_of
from .tricks import scored_points, trick_winner

R_co = TypeVar("R_co", covariant=True)


class Applicable(Protocol[R_co]):
    """What ``Hand.apply`` takes: an action of actions.py, which builds on this module, so
    naming those classes here would make the two modules import each other."""

    def apply_to(self, hand: Hand) -> R_co:
        """Apply the action to `hand` and return what happened."""
        ...


JOKERS_IN_DRAW_PILE = 2  # the trump pile is the unused 2-6 of each suit (20 cards) + jokers
DRAW_PILE_PER_SUIT = 5


class Phase(StrEnum):
    """Where a hand is: naming trump, the kraak calls (``doubling="kraken"`` only),
    playing, claiming the last trick's roem, or done."""

    TRUMP = "trump"
    DOUBLING = "doubling"
    PLAY = "play"
    CLAIM = "claim"  # after the last trick, until the hand is scored (manual claiming only)
    DONE = "done"


@dataclass(slots=True)
class Trick:
    """A completed trick: who led, the four cards in play order, the winning seat; once its
    roem is claimed, the seat that claimed it (None where roem is counted automatically).
    In a ledig hand (docs/rules.md 2.10) ``idle`` is the partner who sits out: three cards."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    roem: Roem
    claimed: bool = False
    claimer: int | None = None
    idle: int | None = None

    def seat_of(self, index: int) -> int:
        """The seat that played the trick's card number `index` (0 = the leader)."""
        if self.idle is not None:
            return ledig.seat_in_trick(FOUR_SEATS, self.leader, index, self.idle)
        return FOUR_SEATS.after(self.leader, index)

    def copy(self) -> Self:
        """The same trick with its own claim marks (cards and roem are immutable)."""
        cls = type(self)
        return cls(
            self.leader, self.cards, self.winner, self.roem, self.claimed, self.claimer, self.idle
        )

    def row(self) -> list[Any]:
        """The trick as the three- and two-player snapshots write it: the leader, the card
        codes, the winner, whether it is claimed and who claimed it."""
        return [self.leader, [c.code for c in self.cards], self.winner, self.claimed, self.claimer]

    @classmethod
    def from_row(cls, row: Sequence[Any], trump: Suit, rules: RuleSet) -> Self:
        """The trick `row` wrote, its roem found again under `trump`."""
        leader, codes, winner, claimed, claimer = row
        cards = tuple(Card.parse(code) for code in codes)
        return cls(leader, cards, winner, roem_of_trick(cards, trump, rules), claimed, claimer)


@dataclass(frozen=True, slots=True)
class TrumpOptions:
    """What the seat choosing trump may do now (the UI renders exactly this); ``ledig``:
    whether it may say ledig instead (docs/rules.md 2.10)."""

    suits: tuple[Suit, ...]
    can_pass: bool
    proposal: Suit | None = None
    ledig: bool = False


@dataclass(slots=True)
class _Bidding:
    turn: int
    round: int = 1
    passes: int = 0


@dataclass
class Hand(ClaimWindow[Trick, HandScore]):
    """One hand of Klaverjas, from the deal to its score: the state the actions change."""

    rules: RuleSet
    dealer: int
    dealt: tuple[tuple[Card, ...], ...]
    holdings: list[list[Card]] = field(default_factory=list)
    phase: Phase = Phase.TRUMP
    proposal: Suit | None = None
    trump: Suit | None = None
    makers: int | None = None
    chooser: int | None = None
    bidding: _Bidding | None = None
    leader: int = 0
    current: list[Card] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])
    roem: list[int] = field(default_factory=lambda: [0, 0])
    won: list[int] = field(default_factory=lambda: [0, 0])
    result: HandScore | None = None
    calls: list[int] = field(default_factory=list)  # the seats that called, in order
    call_turn: int | None = None  # in the doubling phase: 0 or 1, which seat of the round
    hand_roem: HandRoem = NO_HAND_ROEM
    ledig: int | None = None  # the declarer of a ledig hand (docs/rules.md 2.10)

    # ----------------------------------------------------------------- construction
    @classmethod
    def deal(cls, rules: RuleSet, dealer: int, rng: random.Random) -> Hand:
        """Shuffle and deal 3-2-3 clockwise from left of the dealer, then settle trump."""
        deck = shuffled_deck(rng)
        seating = rules.seating
        cards: list[list[Card]] = [[] for _ in seating.seats]
        pos = 0
        for size in seating.packets:
            for seat in seating.deal_order(dealer):
                cards[seat].extend(deck[pos : pos + size])
                pos += size
        return cls.from_cards(rules, dealer, cards, _turn_up(rules, rng))

    @classmethod
    def from_cards(
        cls,
        rules: RuleSet,
        dealer: int,
        cards: Sequence[Sequence[Card]],
        turned: Suit | None = None,
    ) -> Hand:
        """A hand from given cards; ``turned`` is the suit from the trump pile (None: joker)."""
        seating = rules.seating
        if len(cards) != seating.count or sorted(c for h in cards for c in h) != list(CARDS):
            raise ValueError("a deal is 4 hands of 8 cards holding each of the 32 cards once")
        if any(len(h) != seating.cards_per_seat for h in cards):
            raise ValueError("every player holds 8 cards")
        hand = cls(rules, seating.seat(dealer), tuple(tuple(h) for h in cards))
        hand.holdings = [list(h) for h in cards]
        hand.leader = left_of(hand.dealer)
        hand.bidding = _Bidding(turn=hand.leader)
        if rules.trump_selection == "mandatory":
            hand.bidding.round = 2
        elif rules.trump_selection == "proposed":
            if turned is None:
                raise ValueError("proposed trump needs the suit turned from the trump pile")
            hand.proposal = turned
        elif rules.trump_selection == "drawn":
            hand.bidding.round = 2
            hand.makers = pair_of(hand.leader)  # known before trump: left of the dealer's pair
            if turned is not None:
                hand._set_trump(hand.leader, turned)
        return hand

    # ----------------------------------------------------------------- read models
    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is to name trump, call or play; None while claiming or done."""
        phase = self.phase
        if phase == Phase.PLAY:  # first: asked for every card played
            if self.ledig is None:
                return self.rules.seating.after(self.leader, len(self.current))
            return self._ledig_seat(len(self.current))
        if phase == Phase.TRUMP:
            assert self.bidding is not None
            return self.bidding.turn
        if phase == Phase.DOUBLING:
            assert self.call_turn is not None
            return self.call_seats()[self.call_turn]
        return None

    @property
    def idle(self) -> int | None:
        """The seat that sits out this hand: the ledig declarer's partner (docs/rules.md
        2.10 rule 2); None in every other hand."""
        return None if self.ledig is None else self.rules.seating.partner_of(self.ledig)

    @property
    def cards_per_trick(self) -> int:
        """Cards in a trick of this hand: one a seat, three when a ledig partner sits out."""
        count = self.rules.seating.cards_per_trick
        return count if self.ledig is None else count - 1

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played (9 once all are played)."""
        return len(self.tricks) + 1

    @property
    def call_level(self) -> int | None:
        """The call the doubling phase asks for now: 1 kraak, 2 rekraak, 3 superkraak;
        None outside it (docs/rules.md 2.5.2)."""
        return len(self.calls) + 1 if self.phase == Phase.DOUBLING else None

    def call_seats(self) -> tuple[int, int]:
        """The two seats asked in the current round, in order: the defenders from left of
        the seat that named trump for kraak and superkraak, that seat and its partner for
        rekraak (docs/rules.md 2.5.2)."""
        assert self.chooser is not None
        first = self.chooser if len(self.calls) % 2 else left_of(self.chooser)
        return first, self.rules.seating.partner_of(first)

    def may_call(self, seat: int) -> int | None:
        """The call (its level) ``seat`` may make or pass now; None when it may not."""
        return self.call_level if self.call_refusal(seat, self.call_level) is None else None

    def call_refusal(self, seat: int, level: int | None) -> ErrorCode | None:
        """The code a call or pass by ``seat`` at ``level`` is refused with now, or None:
        ``no_call_now`` (no doubling at this table), ``wrong_phase`` (before trump),
        ``calls_over`` (the kraak round has closed: play has begun), ``stale_call`` (the
        level asked is another), ``wrong_pair_call`` (the other pair is asked),
        ``not_your_turn`` (the partner is asked)."""
        if self.rules.doubling == "off":
            return ErrorCode.NO_CALL_NOW
        if self.phase == Phase.TRUMP:
            return ErrorCode.WRONG_PHASE
        if self.phase != Phase.DOUBLING:
            return ErrorCode.CALLS_OVER
        if level != self.call_level:
            return ErrorCode.STALE_CALL
        if pair_of(seat) != pair_of(self.call_seats()[0]):
            return ErrorCode.WRONG_PAIR_CALL
        if seat != self.to_act:
            return ErrorCode.NOT_YOUR_TURN
        return None

    @property
    def multiplier(self) -> int:
        """The hand's multiplier so far: 2 to the number of calls, times 2 for spades under
        ``spades_double="multiply"`` (docs/rules.md 2.5.3); 1 before trump."""
        return multiplier(len(self.calls), self.trump == Suit.SPADES, self.rules)

    @property
    def bearing_pair(self) -> int | None:
        """The pair that must get more than half (docs/rules.md 2.5.4); None before trump."""
        return None if self.makers is None else bearing_pair(self.makers, len(self.calls))

    def trump_options(self, seat: int) -> TrumpOptions:
        """The suits ``seat`` may name now and whether it may pass (empty if not its turn)."""
        if self.phase != Phase.TRUMP or self.bidding is None or seat != self.bidding.turn:
            return TrumpOptions((), False, self.proposal)
        if self.rules.trump_selection == "proposed":
            assert self.proposal is not None
            if self.bidding.round == 1:
                return TrumpOptions((self.proposal,), True, self.proposal)
            others = tuple(s for s in Suit if s != self.proposal)
            return TrumpOptions(others, seat != self.dealer, self.proposal)
        can_pass = self.bidding.round == 1
        return TrumpOptions(tuple(Suit), can_pass, self.proposal, self.rules.ledig_enabled)

    def legal(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now (none when it is not that seat's turn to play)."""
        if self.phase != Phase.PLAY or seat != self.to_act:
            return []
        if self.ledig is not None:
            return ledig.legal(self.holdings[seat], self.current)
        assert self.trump is not None
        return legal_cards(self.holdings[seat], self.current, self.trump, self.rules)

    def play_options(self, seat: int) -> PlayOptions:
        """The cards ``seat`` may play now and why not the others (none when it is not
        that seat's turn to play): what a front end shows on the seat's hand."""
        if self.phase != Phase.PLAY or seat != self.to_act:
            return NO_OPTIONS
        if self.ledig is not None:
            return ledig.options(self.holdings[seat], self.current)
        assert self.trump is not None
        return play_options(self.holdings[seat], self.current, self.trump, self.rules)

    def current_winner(self) -> int | None:
        """The seat winning the trick in progress, if any card is down."""
        if not self.current:
            return None
        if self.ledig is not None:
            return self._ledig_seat(ledig.winner(self.current))
        if self.trump is None:
            return None
        return self.rules.seating.after(self.leader, trick_winner(self.current, self.trump))

    # ----------------------------------------------------------------- actions
    def choose_trump(self, seat: int, suit: Suit) -> None:
        """Name `suit` as trump for `seat`'s pair; a `RuleViolation` if it may not now."""
        options = self._trump_turn(seat)
        if suit not in options.suits:
            raise RuleViolation(
                ErrorCode.TRUMP_NOT_ALLOWED, f"{suit.name} may not be named now", suit=suit
            )
        self._set_trump(seat, suit)

    def pass_trump(self, seat: int) -> None:
        """Pass on naming trump; after four passes the bidding goes round again."""
        options = self._trump_turn(seat)
        if not options.can_pass:
            raise RuleViolation(ErrorCode.PASS_NOT_ALLOWED, "this seat must name trump")
        assert self.bidding is not None
        self.bidding.passes += 1
        self.bidding.turn = left_of(seat)
        if self.bidding.passes == 4:
            self.bidding.round, self.bidding.passes = 2, 0
            self.bidding.turn = self.leader

    def declare_ledig(self, seat: int) -> None:
        """``seat`` says ledig instead of naming trump or passing (docs/rules.md 2.10): no
        trump, its partner sits out, play begins at once (no kraak calls, no hand roem);
        ``no_ledig`` when this table does not play it."""
        options = self._trump_turn(seat)
        if not options.ledig:
            raise RuleViolation(ErrorCode.NO_LEDIG, "this table plays without ledig", seat=seat)
        self.ledig = seat
        self.chooser = seat
        self.makers = pair_of(seat)
        self.bidding = None
        self.phase = Phase.PLAY
        idle = self.rules.seating.partner_of(seat)
        self.leader = ledig.first_leader(self.rules.seating, self.dealer, idle)

    def call(self, seat: int, level: int) -> None:
        """``seat`` calls ``level`` (kraak, rekraak, superkraak) for its pair; a
        ``RuleViolation`` with ``call_refusal``'s code if it may not (docs/rules.md 2.5.2)."""
        self._check_call(seat, level)
        self.calls.append(seat)
        if len(self.calls) >= min(self.rules.doubling_levels, MAX_CALLS):
            self._start_play()
        else:
            self.call_turn = 0

    def pass_call(self, seat: int, level: int) -> None:
        """``seat`` passes on calling ``level``; the round ends when both seats passed."""
        self._check_call(seat, level)
        assert self.call_turn is not None
        self.call_turn += 1
        if self.call_turn == 2:
            self._start_play()

    def play(self, seat: int, card: Card) -> Trick | None:
        """Play ``card``; returns the trick when this card completed one."""
        self._require(Phase.PLAY)
        if seat != self.to_act:
            raise RuleViolation(
                ErrorCode.NOT_YOUR_TURN, "it is not this seat's turn", to_act=self.to_act
            )
        if self.ledig is not None:
            return self._play_ledig(seat, card)
        assert self.trump is not None
        hand = self.holdings[seat]
        check_card(card, hand, self.current, self.trump, self.rules)
        hand.remove(card)
        self.current.append(card)
        return self._complete_trick() if len(self.current) == 4 else None

    @property
    def claim_pair(self) -> int | None:
        """The pair that may claim now: the one that took the last trick, while its claim
        window is open (whether the trick holds roem is not told: claiming is the test)."""
        trick = self.last_trick
        return pair_of(trick.winner) if self.claim_open and trick is not None else None

    def claim_refusal(self, seat: int) -> ErrorCode | None:
        """The claim window's refusal (`ClaimWindow.claim_refusal`); a ledig hand counts no
        roem (docs/rules.md 2.10 rule 4): ``ledig_no_roem`` first. Without trick roem no
        window opens (``no_claim_window``)."""
        if self.ledig is not None:
            return ErrorCode.LEDIG_NO_ROEM
        return super().claim_refusal(seat)

    def claim(self, seat: int) -> Roem:
        """Claim the roem of the trick just captured, for the capturing pair."""
        seat = _seat(seat)
        refusal = self.claim_refusal(seat)
        if refusal is not None:
            raise RuleViolation(refusal, _CLAIM_REFUSALS[refusal])
        trick = self.last_trick
        assert trick is not None
        return self._credit_claim(trick, seat, pair_of(trick.winner))

    def apply(self, action: Applicable[R_co]) -> R_co:
        """Apply one action (``actions.action_from_dict`` reads the logged dict form)."""
        return action.apply_to(self)

    # ----------------------------------------------------------------- internals
    @property
    def _claims(self) -> bool:
        """Whether trick roem is claimed by hand (not automatic, not hand roem only, not in
        a ledig hand, which counts no roem)."""
        return self.rules.roem_claiming == "manual" and self.rules.trick_roem and self.ledig is None

    def _on_side(self, seat: int, trick: Trick) -> bool:
        return pair_of(seat) == pair_of(trick.winner)

    def _ledig_seat(self, index: int) -> int:
        """The seat that plays card ``index`` of the ledig trick in progress."""
        idle = self.idle
        assert idle is not None
        return ledig.seat_in_trick(self.rules.seating, self.leader, index, idle)

    def _play_ledig(self, seat: int, card: Card) -> Trick | None:
        """``play`` in a ledig hand: follow suit else any card; a trick of three cards."""
        reason = ledig.explain(card, self.holdings[seat], self.current)
        if reason is not None:
            not_held = reason.code == Reason.NOT_IN_HAND
            code = ErrorCode.NOT_IN_HAND if not_held else ErrorCode.ILLEGAL_CARD
            raise RuleViolation(code, f"{card} may not be played", card=card, reason=reason)
        self.holdings[seat].remove(card)
        self.current.append(card)
        return self._complete_ledig_trick() if len(self.current) == self.cards_per_trick else None

    def _complete_ledig_trick(self) -> Trick:
        """Rule 4: the hand ends at once when the declarer wins a trick, or after the last."""
        assert self.ledig is not None
        cards = tuple(self.current)
        winner = self._ledig_seat(ledig.winner(cards))
        trick = Trick(self.leader, cards, winner, NO_ROEM, idle=self.idle)
        self.tricks.append(trick)
        self.won[pair_of(winner)] += 1
        self.current = []
        self.leader = winner
        if winner == self.ledig or len(self.tricks) == self.rules.seating.tricks_per_hand:
            self._score()
        return trick

    def _check_call(self, seat: int, level: int) -> None:
        refusal = self.call_refusal(_seat(seat), level)
        if refusal is not None:
            raise RuleViolation(
                refusal,
                _CALL_REFUSALS[refusal],
                level=self.call_level,
                to_act=self.to_act,
                calls=len(self.calls),
            )

    def _start_play(self) -> None:
        """The calls are over: hand roem is found and counted, the first lead is next."""
        self.phase = Phase.PLAY
        self.call_turn = None
        if self.rules.hand_roem:
            assert self.trump is not None
            self.hand_roem = find_hand_roem(self.dealt, self.trump, self.rules)
            self.roem[0] += self.hand_roem.points[0]
            self.roem[1] += self.hand_roem.points[1]

    def _trick_roem(self, cards: Sequence[Card]) -> Roem:
        """The roem a taken trick counts under ``roem_source`` (docs/rules.md 2.6): all of
        it from the tricks alone, none with hand roem only, no stuk held in one hand."""
        assert self.trump is not None
        roem = roem_of_trick(cards, self.trump, self.rules)
        if not roem or self.rules.roem_source == "trick":  # most tricks: no roem
            return roem
        return trick_roem_after(roem, self.hand_roem) if self.rules.trick_roem else NO_ROEM

    def _trump_turn(self, seat: int) -> TrumpOptions:
        self._require(Phase.TRUMP)
        if self.bidding is None or seat != self.bidding.turn:
            raise RuleViolation(
                ErrorCode.NOT_YOUR_TURN, "it is not this seat's turn", to_act=self.to_act
            )
        return self.trump_options(seat)

    def _set_trump(self, seat: int, suit: Suit) -> None:
        self.trump = suit
        self.chooser = seat
        # Drawn trump: the pair left of the dealer are always the makers.
        self.makers = pair_of(self.leader if self.rules.trump_selection == "drawn" else seat)
        self.bidding = None
        if self.rules.doubling == "off":
            self._start_play()
        else:
            self.phase, self.call_turn = Phase.DOUBLING, 0

    def _complete_trick(self) -> Trick:
        assert self.trump is not None
        cards = tuple(self.current)
        winner = self.rules.seating.after(self.leader, trick_winner(cards, self.trump))
        roem = self._trick_roem(cards)
        trick = Trick(self.leader, cards, winner, roem)
        self.tricks.append(trick)
        pair = pair_of(winner)
        self.points[pair] += scored_points(cards, self.trump, self.rules)
        self.won[pair] += 1
        self.current = []
        self.leader = winner
        self._count_taken(trick, pair)
        return trick

    def _score(self) -> HandScore:
        assert self.makers is not None
        self.result = self._scored()
        self.phase = Phase.DONE
        return self.result

    def _scored(self) -> HandScore:
        assert self.makers is not None
        if self.ledig is not None:
            broken = any(t.winner == self.ledig for t in self.tricks)
            return ledig.score(self.ledig, broken, self.rules)
        calls, spades = len(self.calls), self.trump == Suit.SPADES
        return score_hand(self.makers, self.points, self.roem, self.won, self.rules, calls, spades)

    # ----------------------------------------------------------------- serialisation
    def copy(self) -> Hand:
        """The state as ``from_dict(to_dict())`` would rebuild it, without the round trip
        through plain values: the table service works on a copy for every action
        (bot/tables/access.py ``TableAccess.operate``). Everything mutable is new; cards, rules,
        roem and scores are immutable and shared."""
        bidding = self.bidding
        return Hand(
            self.rules,
            self.dealer,
            self.dealt,
            [list(h) for h in self.holdings],
            self.phase,
            self.proposal,
            self.trump,
            self.makers,
            self.chooser,
            None if bidding is None else _Bidding(bidding.turn, bidding.round, bidding.passes),
            self.leader,
            list(self.current),
            [t.copy() for t in self.tricks],
            list(self.points),
            list(self.roem),
            list(self.won),
            self.result,
            list(self.calls),
            self.call_turn,
            self.hand_roem,
            self.ledig,
        )

    def to_dict(self) -> dict[str, Any]:
        """The hand as JSON-ready values (cards as codes), for a snapshot."""
        bidding = self.bidding
        return {
            "dealer": self.dealer,
            "dealt": [[c.code for c in h] for h in self.dealt],
            "holdings": [[c.code for c in h] for h in self.holdings],
            "phase": str(self.phase),
            "proposal": _suit_code(self.proposal),
            "trump": _suit_code(self.trump),
            "makers": self.makers,
            "chooser": self.chooser,
            "bidding": None if bidding is None else [bidding.turn, bidding.round, bidding.passes],
            "leader": self.leader,
            "current": [c.code for c in self.current],
            "tricks": [_trick_dict(t) for t in self.tricks],
            **self._counts_dict(),
            **self._calls_dict(),
            **({} if self.ledig is None else {"ledig": self.ledig}),
        }

    def _calls_dict(self) -> dict[str, Any]:
        """The calls for a snapshot, only where there are any: a hand without doubling
        writes the snapshot it always wrote."""
        data: dict[str, Any] = {}
        if self.calls:
            data["calls"] = list(self.calls)
        if self.call_turn is not None:
            data["call_turn"] = self.call_turn
        return data

    @classmethod
    def from_dict(cls, rules: RuleSet, data: dict[str, Any]) -> Hand:
        """The hand `to_dict` wrote, under `rules`."""
        hand = cls(rules, data["dealer"], tuple(tuple(_cards(h)) for h in data["dealt"]))
        hand.holdings = [_cards(h) for h in data["holdings"]]
        hand.phase = Phase(data["phase"])
        hand.proposal = _suit(data["proposal"])
        hand.trump = _suit(data["trump"])
        hand.makers, hand.chooser = data["makers"], data["chooser"]
        hand.bidding = None if data["bidding"] is None else _Bidding(*data["bidding"])
        hand.leader = data["leader"]
        hand.current = _cards(data["current"])
        hand.calls = list(data.get("calls", ()))
        hand.call_turn = data.get("call_turn")
        hand.ledig = data.get("ledig")
        idle = hand.idle
        if (
            rules.hand_roem
            and hand.ledig is None
            and hand.phase not in (Phase.TRUMP, Phase.DOUBLING)
        ):
            assert hand.trump is not None  # the stored roem already holds it
            hand.hand_roem = find_hand_roem(hand.dealt, hand.trump, rules)
        for t in data["tricks"]:
            cards = tuple(_cards(t["cards"]))
            roem = hand._trick_roem(cards) if len(cards) == 4 else NO_ROEM
            claimer = t.get("claimer")  # written since claims name their seat
            trick = Trick(t["leader"], cards, t["winner"], roem, t["claimed"], claimer, idle)
            hand.tricks.append(trick)
        hand._read_counts(data)
        if hand.phase == Phase.DONE:
            hand.result = hand._scored()
        return hand


def _trick_dict(trick: Trick) -> dict[str, Any]:
    """A taken trick for a snapshot; the claimer only once there is one, so a snapshot of a
    hand without claims reads as before."""
    data: dict[str, Any] = {
        "leader": trick.leader,
        "cards": [c.code for c in trick.cards],
        "winner": trick.winner,
        "claimed": trick.claimed,
    }
    if trick.claimer is not None:
        data["claimer"] = trick.claimer
    return data


def _seat(value: Any) -> int:
    if type(value) is not int or not 0 <= value < 4:
        raise RuleViolation(ErrorCode.BAD_ACTION, f"no such seat: {value!r}")
    return value


def _turn_up(rules: RuleSet, rng: random.Random) -> Suit | None:
    """The suit from the separate trump pile (proposed or drawn selection); None is a joker."""
    if rules.trump_selection not in ("proposed", "drawn"):
        return None
    jokers = JOKERS_IN_DRAW_PILE if rules.trump_selection == "drawn" and rules.drawn_jokers else 0
    pick = rng.randrange(4 * DRAW_PILE_PER_SUIT + jokers)
    return None if pick >= 4 * DRAW_PILE_PER_SUIT else Suit(pick // DRAW_PILE_PER_SUIT)


_BY_CODE: dict[str, Card] = {card.code: card for card in CARDS}


def _cards(codes: Sequence[str]) -> list[Card]:
    """Stored codes as cards: a lookup for the codes `Card.code` writes (restoring a
    snapshot reads dozens a table operation), `Card.parse` (and its refusal) for others."""
    by_code = _BY_CODE
    return [by_code[c] if c in by_code else Card.parse(c) for c in codes]


def _suit_code(suit: Suit | None) -> str | None:
    return None if suit is None else suit.letter


def _suit(code: str | None) -> Suit | None:
    return None if code is None else Suit.parse(code)


_CALL_REFUSALS: Final = {
    ErrorCode.NO_CALL_NOW: "this table plays without kraak calls",
    ErrorCode.WRONG_PHASE: "calls are made after trump and before the first lead",
    ErrorCode.CALLS_OVER: "the calls are over: play has begun",
    ErrorCode.STALE_CALL: "that call is not the one asked for now",
    ErrorCode.WRONG_PAIR_CALL: "the other pair is asked to call now",
    ErrorCode.NOT_YOUR_TURN: "it is the partner's turn to call",
}
_CLAIM_REFUSALS: Final = {
    ErrorCode.LEDIG_NO_ROEM: "a ledig hand counts no roem",
    ErrorCode.CLAIMS_AUTOMATIC: "roem is credited automatically at this table",
    ErrorCode.NO_CLAIM_WINDOW: "no trick is open for a claim",
    ErrorCode.WRONG_PAIR: "only the pair that took the trick may claim",
    ErrorCode.ALREADY_CLAIMED: "the roem of this trick is already claimed",
    ErrorCode.NO_ROEM: "this trick holds no roem",
}
