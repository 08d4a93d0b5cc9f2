"""Cards, suits and ranks.

A card is an ``int`` from 0 to 31 (suit * 8 + rank in natural order) so that the hot paths of
the engine (legal moves, trick winners, roem) can index precomputed tables instead of
comparing objects. Only 32 card objects ever exist; ``Card(n)`` returns the shared one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final

from mypy_extensions import mypyc_attr

from .errors import ErrorCode, InvalidInput


class Suit(IntEnum):
    """The four suits; the order (c, d, h, s) is the natural sort order in a displayed hand."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣ ♦ ♥ ♠."""
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The suit's letter: c, d, h or s (how a card code writes it)."""
        return _SUIT_LETTERS[self]

    @property
    def is_red(self) -> bool:
        """Whether the suit is diamonds or hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read ``h``, ``H``, ``♥``, ``♡`` or ``hearts`` (Dutch names too) as a suit."""
        key = text.strip().lower()
        try:
            return _SUIT_NAMES[key]
        except KeyError:
            message = f"unknown suit {text!r}: use c, d, h, s or ♣ ♦ ♥ ♠"
            raise InvalidInput(ErrorCode.UNKNOWN_SUIT, message, text=text) from None

    def __str__(self) -> str:
        return self.symbol


class Rank(IntEnum):
    """Ranks in natural order, the order in which runs (roem) are counted."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def label(self) -> str:
        """The rank as written on a card: 7 to 10, J, Q, K or A."""
        return _RANK_LABELS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read ``7`` to ``10``, ``T``, ``J``/``B``, ``Q``/``V``, ``K``/``H`` or ``A`` as a rank."""
        key = text.strip().upper()
        try:
            return _RANK_NAMES[key]
        except KeyError:
            message = f"unknown rank {text!r}: use 7 8 9 10 J Q K A"
            raise InvalidInput(ErrorCode.UNKNOWN_RANK, message, text=text) from None

    def __str__(self) -> str:
        return self.label


_SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
_SUIT_LETTERS = ("c", "d", "h", "s")
_SUIT_NAMES: dict[str, Suit] = {}
for _suit, _names in zip(
    Suit,
    (
        ("c", "♣", "♧", "clubs", "club", "klaveren", "klaver"),
        ("d", "♦", "♢", "diamonds", "diamond", "ruiten", "ruit"),
        ("h", "♥", "♡", "hearts", "heart", "harten", "hart"),
        ("s", "♠", "♤", "spades", "spade", "schoppen", "schop"),
    ),
    strict=True,
):
    for _name in _names:
        _SUIT_NAMES[_name] = _suit

_RANK_LABELS = ("7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_NAMES: dict[str, Rank] = {label: Rank(i) for i, label in enumerate(_RANK_LABELS)}
_RANK_NAMES["T"] = Rank.TEN
# Dutch card names: boer (jack), vrouw (queen), heer (king), aas (ace).
_RANK_NAMES.update({"B": Rank.JACK, "V": Rank.QUEEN, "H": Rank.KING})


@mypyc_attr(native_class=False)  # a compiled class cannot subclass int; the module still compiles
class Card(int):
    """One of the 32 cards. Hashable, equal by rank and suit, and cheap to index tables with."""

    suit: Suit
    rank: Rank

    def __new__(cls, value: int) -> Card:
        """The card numbered `value` (0..31), the one shared instance of it."""
        if not 0 <= value < 32:
            message = f"a card number is 0..31, not {value!r}"
            raise InvalidInput(ErrorCode.UNKNOWN_CARD, message, text=str(value))
        return CARDS[value]

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The card of `rank` in `suit`."""
        return CARDS[suit * 8 + rank]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``Jh``, ``10h``, ``Th``, ``J♥`` (suit letter case-insensitive).

        Refuses with ``unknown_card`` (facts: ``text``), whichever part is wrong."""
        raw = text.strip()
        if len(raw) < 2:
            message = f"not a card: {text!r} (write it like Jh, 10h or J♥)"
            raise InvalidInput(ErrorCode.UNKNOWN_CARD, message, text=text)
        try:
            return cls.of(Rank.parse(raw[:-1]), Suit.parse(raw[-1]))
        except InvalidInput as exc:
            message = f"not a card: {text!r} ({exc})"
            raise InvalidInput(ErrorCode.UNKNOWN_CARD, message, text=text) from None

    @property
    def code(self) -> str:
        """A short ASCII name (``Th``) for custom ids, storage and logs."""
        return _CODES[self]

    def __str__(self) -> str:
        return f"{self.rank.label}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


def _make_cards() -> tuple[Card, ...]:
    cards = []
    for value in range(32):
        card = int.__new__(Card, value)
        card.suit = Suit(value >> 3)
        card.rank = Rank(value & 7)
        cards.append(card)
    return tuple(cards)


CARDS: tuple[Card, ...] = _make_cards()
DECK: tuple[Card, ...] = CARDS
_CODES = tuple(f"{'T' if c.rank == Rank.TEN else c.rank.label}{c.suit.letter}" for c in CARDS)


# Bit masks: a set of cards as one int (bit n = card n), for playouts that must not build lists.
# The tables are Final and the helpers work on plain ints so that the compiled build (setup.py)
# turns them into C statics and machine arithmetic.
BIT: Final[tuple[int, ...]] = tuple(1 << n for n in range(32))
SUIT_COUNT: Final = 4
SUIT_MASK: Final[tuple[int, ...]] = tuple(0xFF << (8 * s) for s in range(SUIT_COUNT))
LANE_CARDS: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
    tuple(tuple(CARDS[8 * s + r] for r in range(8) if bits >> r & 1) for bits in range(256))
    for s in range(SUIT_COUNT)
)
_CLUBS: Final = LANE_CARDS[0]
_DIAMONDS: Final = LANE_CARDS[1]
_HEARTS: Final = LANE_CARDS[2]
_SPADES: Final = LANE_CARDS[3]


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of `cards` (one bit per card number); `IndexError` for a number outside 0..31."""
    mask = 0
    for card in cards:
        mask |= BIT[card]  # a lookup, not a shift: a number outside 0..31 raises IndexError
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask in deck order (by suit, then natural rank)."""
    return (
        _CLUBS[mask & 255]
        + _DIAMONDS[mask >> 8 & 255]
        + _HEARTS[mask >> 16 & 255]
        + _SPADES[mask >> 24 & 255]
    )


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse ``"Jh 9h Ac"`` or ``"Jh,9h"`` or a list of card texts, keeping the order.

    A list of cards never holds a card twice (there is one of each). Refuses with
    ``unknown_card`` (facts: ``text``, the first part that is not a card, and ``texts``,
    all of them, so one answer can name every typo) or ``duplicate_card`` (``card``).
    """
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards: list[Card] = []
    unknown: list[str] = []
    for part in parts:
        try:
            cards.append(Card.parse(part))
        except InvalidInput:
            unknown.append(part)
    if unknown:
        message = f"not cards: {', '.join(map(repr, unknown))}"
        raise InvalidInput(ErrorCode.UNKNOWN_CARD, message, text=unknown[0], texts=tuple(unknown))
    distinct_mask(cards, "cards")
    return cards


def distinct_mask(cards: Sequence[Card], field: str) -> int:
    """The mask of ``cards``, refusing a card named twice in them (the argument ``field``)."""
    mask = 0
    for card in cards:
        c: int = card  # an int local: a C lookup and C bit tests once compiled
        bit = BIT[c]
        if mask & bit:
            message = f"{card} is named twice in {field}"
            raise InvalidInput(ErrorCode.DUPLICATE_CARD, message, card=card, field=field)
        mask |= bit
    return mask


def check_count(count: int, field: str, least: int, most: int) -> None:
    """Refuse ``count`` cards in ``field`` unless ``least <= count <= most``."""
    if count > most:
        message = f"{field} holds {count} cards, at most {most}"
        raise InvalidInput(ErrorCode.TOO_MANY_CARDS, message, field=field, count=count, max=most)
    if count < least:
        message = f"{field} holds {count} cards, at least {least}"
        raise InvalidInput(ErrorCode.TOO_FEW_CARDS, message, field=field, count=count, min=least)


def check_suit(suit: int, field: str) -> None:
    """Refuse a suit number outside 0..3 (a trump given as a plain int)."""
    if not 0 <= suit < 4:
        message = f"{field} must be a suit (0..3), not {suit}"
        raise InvalidInput(ErrorCode.UNKNOWN_SUIT, message, text=str(suit), field=field)


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The 32 cards in an order drawn from `rng`."""
    deck = list(CARDS)
    rng.shuffle(deck)
    return deck
