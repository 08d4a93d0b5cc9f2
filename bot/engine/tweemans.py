"""One hand of two-player Klaverjas (*tweemans*, docs/rules.md 2.9): the deal onto hands and
piles, the maker's trump, eight four-card tricks played by four units, turning, roem claims
and the score.

Each player plays two units, a hand and a table (``TWO_PLAYERS``, ``UnitSeating``): the
units are the seats the obligations of docs/rules.md 1.5 see, a player's two units are
partners, and the seat model holds the trick order. A table unit holds the face-up cards of
its piles; the face-down cards play no part until they turn. Like the four-player ``Hand``,
every action is checked completely before anything changes, so a refused action (a
``RuleViolation`` with a stable code) leaves the hand as it was, and the same deal and
actions always give the same state. ``view`` says what one player may see.
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
from .obligations import NO_OPTIONS, PlayOptions, check_card, play_options
from .roem import Roem, roem_of_trick
from .rules import RuleSet
from .scoring import HandScore, score_hand
from .seats import TWO_PLAYERS
from .tricks import scored_points, trick_winner

SEATING: Final = TWO_PLAYERS
"""The two players' table: units, partners and the trick order."""
NO_TRUMP_OPTIONS: Final = TrumpOptions((), False)


class TweemansPhase(StrEnum):
    """Where a two-player hand is: the maker naming trump, playing, the last trick's claim
    window, scored."""

    TRUMP = "trump"
    PLAY = "play"
    CLAIM = "claim"
    DONE = "done"


@dataclass(slots=True)
class Pile:
    """One pile of a table: a face-down card under a face-up card; None where the card has
    gone (played, or turned up)."""

    down: Card | None
    up: Card | None

    def turn(self) -> None:
        """Turn the face-down card up once the face-up card was played (docs/rules.md 2.9.6)."""
        if self.up is None and self.down is not None:
            self.up, self.down = self.down, None


@dataclass(slots=True)
class TweemansTrick(Trick):
    """A taken trick: the leading unit, the cards in play order, the winning unit, its roem;
    once claimed, the player who claimed it. A `Trick` (the table service and its front
    ends read every game's tricks alike) whose ``leader`` and ``winner`` are units."""

    def seat_of(self, index: int) -> int:
        """The unit that played the trick's card number `index` (0 = the leader)."""
        return self.unit_of(index)

    def unit_of(self, index: int) -> int:
        """The unit that played the trick's card number `index` (0 = the leader)."""
        return SEATING.after(self.leader, index)

    @property
    def taker(self) -> int:
        """The player who took the trick."""
        return SEATING.player_of(self.winner)


@dataclass(frozen=True, slots=True)
class TweemansView:
    """Exactly what ``player`` may see at this moment (docs/rules.md 2.9.1): its own hand,
    the face-up cards of both tables (``tables[p][i]`` for pile ``i`` of player ``p``, None
    for an empty pile or one whose face-up card is in the trick), how many face-down cards
    each pile still hides, how many cards the opponent's hand holds, and the public facts.
    ``legal``: the cards ``player`` may play now, each with its unit."""

    player: int
    rules: RuleSet
    phase: TweemansPhase
    dealer: int
    maker: int
    trump: Suit | None
    hand: tuple[Card, ...]
    tables: tuple[tuple[Card | None, ...], ...]
    hidden: tuple[tuple[bool, ...], ...]
    opponent_hand: int
    leader: int | None
    trick: tuple[Card, ...]
    units_to_act: tuple[int, ...]
    legal: tuple[tuple[int, Card], ...]
    tricks: tuple[TweemansTrick, ...]
    points: tuple[int, int]
    roem: tuple[int, int]

    def holding(self, unit: int) -> tuple[Card, ...]:
        """The cards of `unit` this player sees: its own hand, or a table's face-up cards
        (the opponent's hand: none)."""
        if SEATING.is_table(unit):
            return tuple(c for c in self.tables[SEATING.player_of(unit)] if c is not None)
        return self.hand if unit == SEATING.hand_of(self.player) else ()

    def unit_of(self, card: Card) -> int:
        """The unit of this player a legal `card` is played from."""
        return next(unit for unit, legal in self.legal if legal == card)


@dataclass
class TweemansHand(ClaimWindow[TweemansTrick, HandScore]):
    """One hand of two-player Klaverjas, from the deal to its score. Players are 0 and 1;
    ``hands[p]`` and ``piles[p]`` are player ``p``'s units; ``opener`` the player to lead
    the next trick, ``leader`` the unit that led the trick in play (None before its first
    card); ``points``, ``roem`` and ``won`` per player."""

    rules: RuleSet
    dealer: int
    hands: list[list[Card]]
    piles: list[list[Pile]]
    phase: TweemansPhase = TweemansPhase.TRUMP
    trump: Suit | None = None
    opener: int = 0
    leader: int | None = None
    current: list[Card] = field(default_factory=list)
    tricks: list[TweemansTrick] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])
    roem: list[int] = field(default_factory=lambda: [0, 0])
    won: list[int] = field(default_factory=lambda: [0, 0])
    result: HandScore | None = None

    # ----------------------------------------------------------------- construction
    @classmethod
    def deal(cls, rules: RuleSet, dealer: int, rng: random.Random) -> TweemansHand:
        """Shuffle and deal (``deal_pack``)."""
        return cls.deal_pack(rules, dealer, shuffled_deck(rng))

    @classmethod
    def deal_pack(cls, rules: RuleSet, dealer: int, deck: Sequence[Card]) -> TweemansHand:
        """Deal `deck` (top first) as docs/rules.md 2.9.2 says: 4 face down on the
        non-dealer's piles, 4 on the dealer's, 4 face up on the non-dealer's, 4 on the
        dealer's, then the hands in packets of 3, 2 and 3, the non-dealer first."""
        order = (SEATING.other_player(dealer), dealer)
        downs: list[list[Card]] = [[] for _ in SEATING.players]
        ups: list[list[Card]] = [[] for _ in SEATING.players]
        hands: list[list[Card]] = [[] for _ in SEATING.players]
        pos = 0
        for layer in (downs, ups):
            for player in order:
                layer[player].extend(deck[pos : pos + SEATING.piles])
                pos += SEATING.piles
        for size in SEATING.packets:
            for player in order:
                hands[player].extend(deck[pos : pos + size])
                pos += size
        piles = [list(zip(downs[p], ups[p], strict=True)) for p in SEATING.players]
        return cls.from_cards(rules, dealer, hands, piles)

    @classmethod
    def from_cards(
        cls,
        rules: RuleSet,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        piles: Sequence[Sequence[tuple[Card, Card]]],
    ) -> TweemansHand:
        """A hand from given cards: each player's hand of 8 and 4 piles of (face-down,
        face-up) cards; the non-dealer is the maker and must name trump."""
        if not rules.two_players:
            raise ValueError("a two-player hand needs rules with game='tweemans'")
        every = sorted([*(c for h in hands for c in h), *(c for p in piles for q in p for c in q)])
        if len(hands) != len(SEATING.players) or len(piles) != len(SEATING.players):
            raise ValueError("a two-player deal is two hands and two tables")
        if every != list(CARDS):
            raise ValueError("a deal holds each of the 32 cards once")
        if any(len(h) != SEATING.cards_per_seat for h in hands):
            raise ValueError("every hand holds 8 cards")
        if any(len(p) != SEATING.piles for p in piles):
            raise ValueError("every table holds 4 piles")
        if dealer not in SEATING.players:
            raise ValueError("the dealer is player 0 or 1")
        tables = [[Pile(down, up) for down, up in p] for p in piles]
        hand = cls(rules, dealer, [list(h) for h in hands], tables)
        hand.opener = hand.maker
        return hand

    # ----------------------------------------------------------------- read models
    @property
    def maker(self) -> int:
        """The player who names trump and leads first: the non-dealer (docs/rules.md 2.9.3)."""
        return SEATING.other_player(self.dealer)

    def holding(self, unit: int) -> list[Card]:
        """What `unit` may play from: its player's hand, or a table's face-up cards."""
        player = SEATING.player_of(unit)
        if SEATING.is_table(unit):
            return [p.up for p in self.piles[player] if p.up is not None]
        return self.hands[player]

    @property
    def units_to_act(self) -> tuple[int, ...]:
        """The units that may play the next card: the opener's two at a trick's start (it
        leads from either), else the one the trick order names; none outside play."""
        if self.phase != TweemansPhase.PLAY:
            return ()
        if self.leader is None:
            return (SEATING.hand_of(self.opener), SEATING.table_of(self.opener))
        return (SEATING.after(self.leader, len(self.current)),)

    @property
    def player_to_act(self) -> int | None:
        """The player to name trump or to play; None while claiming or done."""
        if self.phase == TweemansPhase.TRUMP:
            return self.maker
        units = self.units_to_act
        return SEATING.player_of(units[0]) if units else None

    @property
    def to_act(self) -> int | None:
        """The player to act (`player_to_act`): what a table's seat is at two players."""
        return self.player_to_act

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in progress (9 once all eight are taken)."""
        return len(self.tricks) + 1

    def current_winner(self) -> int | None:
        """The unit winning the trick in progress so far, if a card is on the table."""
        if not self.current or self.trump is None or self.leader is None:
            return None
        return SEATING.after(self.leader, trick_winner(self.current, self.trump))

    def unit_holding(self, player: int, card: Card) -> int:
        """The unit of `player` that `card` would be played from: the table when it lies
        face up there, else the hand (which refuses a card it does not hold). A card is in
        one unit only, so a click on a card names its unit."""
        table = SEATING.table_of(player)
        return table if card in self.holding(table) else SEATING.hand_of(player)

    def trump_options(self, player: int) -> TrumpOptions:
        """The suits `player` may name now (the maker: any, and no passing)."""
        if self.phase != TweemansPhase.TRUMP or player != self.maker:
            return NO_TRUMP_OPTIONS
        return TrumpOptions(tuple(Suit), False)

    def partner_winning(self, unit: int) -> bool:
        """Whether the player's other unit wins the trick so far."""
        if not self.current or self.leader is None:
            return False
        assert self.trump is not None
        winner = SEATING.after(self.leader, trick_winner(self.current, self.trump))
        return SEATING.same_side(winner, unit) and winner != unit

    def play_options(self, unit: int) -> PlayOptions:
        """The cards `unit` may play now and why not the others (none: not its turn)."""
        if unit not in self.units_to_act:
            return NO_OPTIONS
        assert self.trump is not None
        partner = self.partner_winning(unit)
        return play_options(self.holding(unit), self.current, self.trump, self.rules, partner)

    def legal(self, unit: int) -> list[Card]:
        """The cards `unit` may play now."""
        return list(self.play_options(unit).legal)

    def _on_side(self, seat: int, trick: TweemansTrick) -> bool:
        """A player claims the roem of the tricks it took."""
        return trick.taker == seat

    def cards_left(self) -> int:
        """Cards not yet played: both hands and every pile, face-down cards included."""
        piles = sum((p.up is not None) + (p.down is not None) for t in self.piles for p in t)
        return sum(len(h) for h in self.hands) + piles

    def view(self, player: int) -> TweemansView:
        """What `player` may see now (docs/rules.md 2.9.1): never a face-down card or the
        opponent's hand."""
        units = self.units_to_act
        legal = tuple(
            (unit, card)
            for unit in units
            if SEATING.player_of(unit) == player
            for card in self.legal(unit)
        )
        return TweemansView(
            player=player,
            rules=self.rules,
            phase=self.phase,
            dealer=self.dealer,
            maker=self.maker,
            trump=self.trump,
            hand=tuple(self.hands[player]),
            tables=tuple(tuple(p.up for p in t) for t in self.piles),
            hidden=tuple(tuple(p.down is not None for p in t) for t in self.piles),
            opponent_hand=len(self.hands[SEATING.other_player(player)]),
            leader=self.leader,
            trick=tuple(self.current),
            units_to_act=units,
            legal=legal,
            tricks=tuple(self.tricks),
            points=(self.points[0], self.points[1]),
            roem=(self.roem[0], self.roem[1]),
        )

    # ----------------------------------------------------------------- actions
    def choose_trump(self, player: int, suit: Suit) -> None:
        """The maker names `suit` as trump; the maker then leads."""
        self._require(TweemansPhase.TRUMP)
        if player != self.maker:
            message = "only the maker names trump"
            raise RuleViolation(ErrorCode.NOT_YOUR_TURN, message, to_act=self.maker)
        if suit not in self.trump_options(player).suits:
            message = f"{suit!r} may not be named now"
            raise RuleViolation(ErrorCode.TRUMP_NOT_ALLOWED, message, suit=suit)
        self.trump = suit
        self.phase = TweemansPhase.PLAY

    def pass_trump(self, player: int) -> None:
        """Refused: the maker must name trump (docs/rules.md 2.9.3)."""
        self._require(TweemansPhase.TRUMP)
        raise RuleViolation(ErrorCode.PASS_NOT_ALLOWED, "the maker must name trump")

    def play(self, unit: int, card: Card) -> TweemansTrick | None:
        """Play `card` from `unit`; returns the trick when this card completed one."""
        self._require(TweemansPhase.PLAY)
        units = self.units_to_act
        if unit not in units:
            message = "it is not this unit's turn"
            raise RuleViolation(ErrorCode.NOT_YOUR_TURN, message, to_act=units)
        assert self.trump is not None
        held = self.holding(unit)
        partner = self.partner_winning(unit)
        check_card(card, held, self.current, self.trump, self.rules, partner)
        self._take_out(unit, card)
        if self.leader is None:
            self.leader = unit
        self.current.append(card)
        full = len(self.current) == SEATING.cards_per_trick
        return self._complete_trick() if full else None

    def claim(self, player: int) -> Roem:
        """Claim the roem of the trick just taken, for the player who took it."""
        if player not in SEATING.players:
            raise RuleViolation(ErrorCode.BAD_ACTION, f"no such player: {player!r}")
        refusal = self.claim_refusal(player)
        if refusal is not None:
            raise RuleViolation(refusal, f"no claim: {refusal}")
        trick = self.last_trick
        assert trick is not None
        return self._credit_claim(trick, player, player)

    # ----------------------------------------------------------------- internals
    def _take_out(self, unit: int, card: Card) -> None:
        """Remove a played `card` from `unit`: from the hand, or off the top of its pile."""
        player = SEATING.player_of(unit)
        if not SEATING.is_table(unit):
            self.hands[player].remove(card)
            return
        pile = next(p for p in self.piles[player] if p.up == card)
        pile.up = None

    def _complete_trick(self) -> TweemansTrick:
        assert self.trump is not None and self.leader is not None
        cards = tuple(self.current)
        winner = SEATING.after(self.leader, trick_winner(cards, self.trump))
        roem = roem_of_trick(cards, self.trump, self.rules)
        trick = TweemansTrick(self.leader, cards, winner, roem)
        self.tricks.append(trick)
        taker = trick.taker
        self.points[taker] += scored_points(cards, self.trump, self.rules)
        self.won[taker] += 1
        self.current, self.leader, self.opener = [], None, taker
        for table in self.piles:
            for pile in table:
                pile.turn()
        self._count_taken(trick, taker)
        return trick

    def _score(self) -> HandScore:
        self.result = score_tweemans(self)
        self.phase = TweemansPhase.DONE
        return self.result

    # ----------------------------------------------------------------- serialisation
    def to_dict(self) -> dict[str, Any]:
        """The hand as JSON-ready values (cards as codes, None for a gone card)."""
        return {
            "dealer": self.dealer,
            "hands": [[c.code for c in h] for h in self.hands],
            "piles": [[[_code(p.down), _code(p.up)] for p in t] for t in self.piles],
            "phase": str(self.phase),
            "trump": None if self.trump is None else self.trump.letter,
            "opener": self.opener,
            "leader": self.leader,
            "current": [c.code for c in self.current],
            "tricks": [t.row() for t in self.tricks],
            **self._counts_dict(),
        }

    def copy(self) -> TweemansHand:
        """The state as ``from_dict(to_dict())`` would rebuild it, without the round trip
        through plain values (the table service works on a copy for every action)."""
        return TweemansHand(
            self.rules,
            self.dealer,
            [list(h) for h in self.hands],
            [[Pile(p.down, p.up) for p in t] for t in self.piles],
            phase=self.phase,
            trump=self.trump,
            opener=self.opener,
            leader=self.leader,
            current=list(self.current),
            tricks=[t.copy() for t in self.tricks],
            points=list(self.points),
            roem=list(self.roem),
            won=list(self.won),
            result=self.result,
        )

    @classmethod
    def from_dict(cls, rules: RuleSet, data: dict[str, Any]) -> TweemansHand:
        """The hand `to_dict` wrote, under `rules`."""
        trump = None if data["trump"] is None else Suit.parse(data["trump"])
        tricks = []
        if data["tricks"]:
            assert trump is not None  # a taken trick has a trump
            tricks = [TweemansTrick.from_row(t, trump, rules) for t in data["tricks"]]
        hand = cls(
            rules,
            data["dealer"],
            [[Card.parse(code) for code in h] for h in data["hands"]],
            [[Pile(_card(down), _card(up)) for down, up in t] for t in data["piles"]],
            phase=TweemansPhase(data["phase"]),
            trump=trump,
            opener=data["opener"],
            leader=data["leader"],
            current=[Card.parse(code) for code in data["current"]],
            tricks=tricks,
        )
        hand._read_counts(data)
        if hand.phase == TweemansPhase.DONE:
            hand.result = score_tweemans(hand)
        return hand


def score_tweemans(hand: TweemansHand) -> HandScore:
    """The score of a hand whose eight tricks are played (docs/rules.md 2.9.7): the
    four-player scoring with the maker as the makers and the opponent as the defenders,
    the counter-pit included."""
    return score_hand(hand.maker, hand.points, hand.roem, hand.won, hand.rules)


def _code(card: Card | None) -> str | None:
    return None if card is None else card.code


def _card(code: str | None) -> Card | None:
    return None if code is None else Card.parse(code)
