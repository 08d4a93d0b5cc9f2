"""The table a game is played at: its seats, who plays with whom in a hand, the deal's
packets, cards and tricks per hand, who deals and who plays next (docs/rules.md 1.1-1.3).

Every layer asks this module; no other module writes seat arithmetic out (``% 4``,
``seat % 2``, ``range(4)``: tests/test_seat_model.py refuses it). The four-seat game:
four seats clockwise 0-3, two fixed pairs (0 and 2 against 1 and 3), 3-2-3 packets,
8 cards and 8 tricks a hand. Three-player Klaverjas (``THREE_SEATS``): three seats whose
sides are drawn anew each hand (a solo against the other two), asked of the hand;
``Seating.side_of`` is asked "in this hand" for that reason. Two-player Klaverjas
(``TWO_PLAYERS``, a ``UnitSeating``): two players with two units each, a hand and a table;
the units are the seats the obligations see, a player's two units are partners, and the
trick order follows the leading unit.

The module-level constants are what compiled hot loops take at import (``SEAT_COUNT`` in
``range``); everything else asks a ``Seating``, reached as ``RuleSet.seating`` or, where no
rules are at hand, ``FOUR_SEATS``.
"""

from __future__ import annotations

from typing import Final

SEAT_COUNT: Final = 4
"""Seats at the table (the four-seat game)."""
SIDE_COUNT: Final = 2
"""Sides that play against each other in a hand: the two pairs."""
TRICKS_PER_HAND: Final = 8
"""Tricks in a hand; also the cards each seat holds after the deal."""


class Seating:
    """What a game's table is: its seats, who plays with whom, the deal, the turn order.

    A seat is a number ``0 .. count - 1`` clockwise; a side is a number ``0 .. sides - 1``
    (the four-seat game's sides are its pairs: side 0 holds seats 0 and 2). ``blind``: cards
    laid face down on the table after the first round of packets (three seats: 2)."""

    def __init__(
        self, count: int, sides: int, packets: tuple[int, ...], tricks: int, blind: int = 0
    ) -> None:
        self.count: Final = count
        self.blind: Final = blind
        self.sides: Final = sides
        self.packets: Final = packets
        self.tricks_per_hand: Final = tricks
        self.seats: Final = tuple(range(count))
        self.side_numbers: Final = tuple(range(sides))
        # Every seat's turn order, made once: the front ends ask it for every trick they show.
        self.orders: Final = tuple(self._order(seat) for seat in self.seats)

    def _order(self, start: int) -> tuple[int, ...]:
        """The seats in turn order from `start` (one line of ``orders``)."""
        return tuple((start + k) % self.count for k in range(self.count))

    @property
    def cards_per_seat(self) -> int:
        """Cards each seat holds after the deal."""
        return sum(self.packets)

    @property
    def cards_per_trick(self) -> int:
        """Cards in a full trick: one from every seat."""
        return self.count

    @property
    def deals_per_round(self) -> int:
        """Hands in one round of deals, every dealer dealing once: one per seat."""
        return self.count

    def seat(self, number: int) -> int:
        """`number` counted round the table: any whole number names a seat."""
        return number % self.count

    def is_seat(self, value: object) -> bool:
        """Whether `value` is a seat number of this table."""
        return isinstance(value, int) and 0 <= value < self.count

    def left_of(self, seat: int) -> int:
        """The seat to the left of `seat`, who plays after it."""
        return (seat + 1) % self.count

    def right_of(self, seat: int) -> int:
        """The seat to the right of `seat`, who plays before it."""
        return (seat - 1) % self.count

    def after(self, seat: int, steps: int) -> int:
        """The seat `steps` turns after `seat` (clockwise): the trick's card `steps` of a
        trick led by `seat` is played from there."""
        return (seat + steps) % self.count

    def steps(self, start: int, seat: int) -> int:
        """How many turns after `start` `seat` comes (0 for `start` itself): the position of
        `seat` in a trick led by `start`, or where it sits as `start` sees the table."""
        return (seat - start) % self.count

    def order_from(self, start: int) -> tuple[int, ...]:
        """Every seat in turn order, beginning with `start`."""
        return self.orders[start % self.count]

    def deal_order(self, dealer: int) -> tuple[int, ...]:
        """The seats in the order they receive cards: from the left of `dealer`, clockwise."""
        return self.order_from(self.left_of(dealer))

    def dealer_of(self, first_dealer: int, number: int) -> int:
        """The seat that deals hand `number` (1-based): the deal moves left every hand."""
        return (first_dealer + number - 1) % self.count

    def side_of(self, seat: int) -> int:
        """The side `seat` plays on in this hand (four seats: its fixed pair)."""
        return seat % self.sides

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats playing on `side`, lowest first."""
        return tuple(s for s in self.seats if s % self.sides == side)

    @property
    def all_mask(self) -> int:
        """Every seat as a bit mask (bit n for seat n)."""
        return (1 << self.count) - 1

    def side_mask(self, side: int) -> int:
        """The seats playing on `side` as a bit mask (bit n for seat n)."""
        return sum(1 << s for s in self.seats_of(side))

    def partner_of(self, seat: int) -> int:
        """The seat that plays with `seat` (four seats: the one opposite)."""
        return (seat + self.sides) % self.count

    def same_side(self, seat: int, other: int) -> bool:
        """Whether the two seats play on one side."""
        return seat % self.sides == other % self.sides

    def opponents_of(self, seat: int) -> tuple[int, ...]:
        """The seats playing against `seat`, from its left round the table."""
        return tuple(s for s in self.order_from(seat) if not self.same_side(s, seat))

    def seats_around(self, seat: int) -> tuple[int, ...]:
        """The other seats as `seat` sees them across the table, from its left: (left,
        partner, right) at four seats."""
        return self.order_from(seat)[1:]


class UnitSeating(Seating):
    """Two-player Klaverjas's table (docs/rules.md 2.9.1): two players, 0 (South) and 1
    (North), each playing two units, a hand and a table. A unit is what the obligations and
    a trick call a seat; a side is a player. Player ``p``'s hand is unit ``p`` and its table
    unit ``p + 2``, so the inherited partnership questions (``side_of``, ``partner_of``,
    ``seats_of``, ``same_side``) answer for units: a player's hand and table are partners.

    The trick order is not round a table but follows the leading unit (docs/rules.md 2.9.4):
    hand, opponent's table, own table, opponent's hand; or table, opponent's table, own
    hand, opponent's hand. ``trick_order`` holds it, and ``after``, ``steps`` and
    ``order_from`` answer from it. No unit sits "left of" another, and the deal alternates
    between the players (``dealer_of`` names a player)."""

    def __init__(self) -> None:
        super().__init__(count=4, sides=2, packets=(3, 2, 3), tricks=8)
        self.players: Final = self.side_numbers
        self.piles: Final = 4

    def _order(self, leader: int) -> tuple[int, ...]:
        """The units in the order a trick `leader` leads takes them (``orders``)."""
        player = self.player_of(leader)
        other = self.other_player(player)
        third = self.hand_of(player) if self.is_table(leader) else self.table_of(player)
        return (leader, self.table_of(other), third, self.hand_of(other))

    def hand_of(self, player: int) -> int:
        """The unit that is `player`'s hand."""
        return player

    def table_of(self, player: int) -> int:
        """The unit that is `player`'s table (the face-up cards of its piles)."""
        return player + self.sides

    def player_of(self, unit: int) -> int:
        """The player whose unit `unit` is."""
        return unit % self.sides

    def is_table(self, unit: int) -> bool:
        """Whether `unit` is a table rather than a hand."""
        return unit >= self.sides

    def other_player(self, player: int) -> int:
        """The player playing against `player`."""
        return (player + 1) % self.sides

    def trick_order(self, leader: int) -> tuple[int, ...]:
        """The units in the order they play to a trick `leader` leads (docs/rules.md 2.9.4)."""
        return self.orders[leader]

    def after(self, seat: int, steps: int) -> int:
        """The unit that plays card `steps` of a trick led by unit `seat`."""
        return self.orders[seat][steps]

    def steps(self, start: int, seat: int) -> int:
        """The position of unit `seat` in a trick led by unit `start`."""
        return self.orders[start].index(seat)

    def order_from(self, start: int) -> tuple[int, ...]:
        """Every unit in the order a trick led by `start` takes them."""
        return self.orders[start]

    def left_of(self, seat: int) -> int:
        """Refused: who plays after a unit depends on the trick's leader (``after``)."""
        raise ValueError("two-player units play in the leader's order: ask after(leader, n)")

    def right_of(self, seat: int) -> int:
        """Refused, as ``left_of``."""
        raise ValueError("two-player units play in the leader's order: ask after(leader, n)")

    def dealer_of(self, first_dealer: int, number: int) -> int:
        """The player that deals hand `number` (1-based): the deal alternates."""
        return (first_dealer + number - 1) % self.sides

    @property
    def deals_per_round(self) -> int:
        """Hands in one round of deals: one per player."""
        return self.sides


FOUR_SEATS: Final = Seating(
    count=SEAT_COUNT, sides=SIDE_COUNT, packets=(3, 2, 3), tricks=TRICKS_PER_HAND
)
"""The four-seat game's table: the only one played so far."""
THREE_SEATS: Final = Seating(count=3, sides=2, packets=(4, 3, 3), tricks=10, blind=2)
"""Three-player Klaverjas's table (docs/rules.md 2.8.1): 4-3-3 packets with the two cards of
the blind laid down after the first round, ten tricks of three cards. Its two sides are the
solo and the defenders, drawn anew each hand: ask the hand (``bot/engine/driemans.py``), never
``side_of``, ``partner_of`` or ``seats_of``, which answer for fixed pairs only."""
TWO_PLAYERS: Final = UnitSeating()
"""Two-player Klaverjas's table (docs/rules.md 2.9): see ``UnitSeating``."""
SEATS: Final = FOUR_SEATS.seats
"""The four seats, 0 to 3."""
SIDES: Final = FOUR_SEATS.side_numbers
"""The two pairs, 0 and 1."""


def pair_of(seat: int) -> int:
    """The pair (0 or 1) `seat` plays in: seats 0 and 2 against 1 and 3."""
    return FOUR_SEATS.side_of(seat)


def left_of(seat: int) -> int:
    """The seat to the left of `seat`, who plays after it."""
    return FOUR_SEATS.left_of(seat)


def seats_around(seat: int) -> tuple[int, ...]:
    """The other seats as `seat` sees them across the table: (left, partner, right)."""
    return FOUR_SEATS.seats_around(seat)
