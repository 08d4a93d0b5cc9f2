"""Cards, suits and ranks: parsing, display, identity (docs/rules.md, Notation)."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest

from bot.engine import CARDS, Card, ErrorCode, InvalidInput, Rank, Suit, parse_cards

SUIT_LETTERS = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}
SUIT_SYMBOLS = {"♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES}
RANK_LABELS = {
    "7": Rank.SEVEN,
    "8": Rank.EIGHT,
    "9": Rank.NINE,
    "10": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "A": Rank.ACE,
}


class TestSuitParse:
    @pytest.mark.parametrize(("text", "suit"), [*SUIT_LETTERS.items(), *SUIT_SYMBOLS.items()])
    def test_letter_and_symbol(self, text: str, suit: Suit) -> None:
        assert Suit.parse(text) is suit

    @pytest.mark.parametrize("text", ["C", "D", "H", "S", " h ", "H "])
    def test_letter_case_and_spaces(self, text: str) -> None:
        assert Suit.parse(text) is SUIT_LETTERS[text.strip().lower()]

    def test_hearts_examples(self) -> None:
        assert Suit.parse("h") is Suit.HEARTS
        assert Suit.parse("♥") is Suit.HEARTS

    @pytest.mark.parametrize("text", ["", "x", "hh", "7", "♤♤", "harts"])
    def test_bad_suit_raises_value_error(self, text: str) -> None:
        with pytest.raises(ValueError) as info:
            Suit.parse(text)
        assert repr(text) in str(info.value) or text in str(info.value)

    def test_symbol_and_letter_properties(self) -> None:
        for letter, suit in SUIT_LETTERS.items():
            assert suit.letter == letter
            assert Suit.parse(suit.symbol) is suit
        assert str(Suit.HEARTS) == "♥"

    def test_four_suits(self) -> None:
        assert len(Suit) == 4


class TestCardParse:
    @pytest.mark.parametrize("text", ["Jh", "J♥", "jh", "JH", "jH", " Jh ", "J♡"])
    def test_jack_of_hearts_spellings(self, text: str) -> None:
        card = Card.parse(text)
        assert card.rank is Rank.JACK
        assert card.suit is Suit.HEARTS

    @pytest.mark.parametrize("text", ["10h", "Th", "th", "10H", "TH", "10♥", "T♥"])
    def test_ten_spellings(self, text: str) -> None:
        card = Card.parse(text)
        assert card.rank is Rank.TEN
        assert card.suit is Suit.HEARTS

    @pytest.mark.parametrize("rank_text", list(RANK_LABELS))
    @pytest.mark.parametrize("suit_text", [*SUIT_LETTERS, *SUIT_SYMBOLS])
    def test_every_rank_and_suit(self, rank_text: str, suit_text: str) -> None:
        card = Card.parse(rank_text + suit_text)
        assert card.rank is RANK_LABELS[rank_text]
        expected_suit = {**SUIT_LETTERS, **SUIT_SYMBOLS}[suit_text]
        assert card.suit is expected_suit

    @pytest.mark.parametrize(
        "text", ["", "J", "h", "Xh", "Jx", "11h", "1h", "10", "hJ", "♥J", "10hh", "J h h", "0h"]
    )
    def test_bad_card_raises_value_error_naming_the_input(self, text: str) -> None:
        with pytest.raises(ValueError) as info:
            Card.parse(text)
        message = str(info.value)
        assert repr(text) in message, message

    def test_bad_card_message_helps(self) -> None:
        with pytest.raises(ValueError) as info:
            Card.parse("Xh")
        message = str(info.value)
        # The message says what a card looks like or which ranks exist.
        assert "J" in message and ("10" in message or "Jh" in message)


class TestCardDisplay:
    @pytest.mark.parametrize(
        ("text", "shown"),
        [("10h", "10♥"), ("Th", "10♥"), ("Jh", "J♥"), ("Ac", "A♣"), ("7d", "7♦"), ("Qs", "Q♠")],
    )
    def test_str(self, text: str, shown: str) -> None:
        assert str(Card.parse(text)) == shown

    def test_str_round_trips_for_all_32(self) -> None:
        for card in CARDS:
            assert Card.parse(str(card)) is card

    def test_code_is_ascii_and_round_trips(self) -> None:
        for card in CARDS:
            assert card.code.isascii()
            assert Card.parse(card.code) is card
        assert Card.parse("10h").code == "Th"


class TestCardIdentity:
    def test_thirty_two_distinct_cards(self) -> None:
        assert len(CARDS) == 32
        assert len(set(CARDS)) == 32
        assert len({(card.rank, card.suit) for card in CARDS}) == 32
        for suit in Suit:
            assert sorted(card.rank for card in CARDS if card.suit == suit) == list(Rank)

    def test_equality_and_hash(self) -> None:
        a, b = Card.parse("Jh"), Card.parse("J♥")
        assert a == b
        assert hash(a) == hash(b)
        assert len({a, b, Card.parse("jH")}) == 1
        assert {a: 1}[b] == 1
        assert a != Card.parse("Jd")
        assert a != Card.parse("Qh")

    def test_of(self) -> None:
        assert Card.of(Rank.TEN, Suit.HEARTS) == Card.parse("10h")

    def test_copy_and_pickle_keep_the_card(self) -> None:
        card = Card.parse("Qs")
        assert copy.deepcopy(card) == card
        assert pickle.loads(pickle.dumps(card)) == card
        assert pickle.loads(pickle.dumps(card)).suit is Suit.SPADES

    @pytest.mark.parametrize("value", [-1, -32, 32, 100])
    def test_card_constructor_refuses_values_outside_0_to_31(self, value: int) -> None:
        # Card(-1) used to return A♠ through a negative tuple index.
        with pytest.raises(ValueError):
            Card(value)

    def test_card_constructor_returns_the_shared_card(self) -> None:
        for n in range(32):
            assert Card(n) is CARDS[n]


class TestParseCards:
    def test_space_and_comma_separated(self) -> None:
        expected = [Card.parse("Jh"), Card.parse("9h"), Card.parse("Ac")]
        assert parse_cards("Jh 9h Ac") == expected
        assert parse_cards("Jh,9h,Ac") == expected
        assert parse_cards("Jh, 9h,  Ac") == expected
        assert parse_cards(["Jh", "9h", "Ac"]) == expected

    def test_keeps_order(self) -> None:
        assert [x.code for x in parse_cards("Ac 7d Th")] == ["Ac", "7d", "Th"]

    def test_bad_card_in_list(self) -> None:
        with pytest.raises(ValueError):
            parse_cards("Jh Zz")

    def test_every_unknown_part_is_named(self) -> None:
        with pytest.raises(InvalidInput) as info:
            parse_cards("Jh Zz 9h 1x")
        assert info.value.code == ErrorCode.UNKNOWN_CARD
        assert info.value.facts == {"text": "Zz", "texts": ("Zz", "1x")}

    def test_a_card_named_twice_is_refused(self) -> None:
        with pytest.raises(InvalidInput) as info:
            parse_cards("Jh 9h J♥")
        assert info.value.code == ErrorCode.DUPLICATE_CARD
        assert info.value.facts == {"card": Card.parse("Jh"), "field": "cards"}


class TestRefusalCodes:
    """Unreadable input is an InvalidInput (a ValueError) with a code and the text at fault."""

    @pytest.mark.parametrize(
        ("parse", "text", "code"),
        [
            *((Suit.parse, text, ErrorCode.UNKNOWN_SUIT) for text in ("", "x", "harts")),
            *((Rank.parse, text, ErrorCode.UNKNOWN_RANK) for text in ("1", "X", "11")),
            # A card names its own text whichever part is wrong.
            *((Card.parse, text, ErrorCode.UNKNOWN_CARD) for text in ("", "J", "Xh", "Jx", " 0h ")),
        ],
    )
    def test_text_at_fault(
        self, parse: Callable[[str], object], text: str, code: ErrorCode
    ) -> None:
        with pytest.raises(InvalidInput) as info:
            parse(text)
        assert info.value.code == code
        assert info.value.facts == {"text": text}

    @pytest.mark.parametrize("value", [-1, 32])
    def test_card_number(self, value: int) -> None:
        with pytest.raises(InvalidInput) as info:
            Card(value)
        assert info.value.code == ErrorCode.UNKNOWN_CARD
        assert info.value.facts == {"text": str(value)}
