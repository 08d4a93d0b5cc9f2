"""Card order and values (docs/rules.md 1.4) and who wins a trick (1.6)."""

from __future__ import annotations

import itertools

import pytest

from bot.engine import CARDS, Card, Suit, card_points, sort_key, trick_points, trick_winner

from .helpers import (
    PLAIN_HIGH_TO_LOW,
    PLAIN_POINTS,
    TRUMP_HIGH_TO_LOW,
    TRUMP_POINTS,
    c,
    cs,
    label,
    s,
)

H, C = Suit.HEARTS, Suit.CLUBS


class TestCardValues:
    @pytest.mark.parametrize("trump", list(Suit))
    def test_table_of_1_4(self, trump: Suit) -> None:
        for card in CARDS:
            table = TRUMP_POINTS if card.suit == trump else PLAIN_POINTS
            assert card_points(card, trump) == table[label(card)], (str(card), trump)

    @pytest.mark.parametrize("trump", list(Suit))
    def test_all_32_cards_sum_to_152(self, trump: Suit) -> None:
        assert sum(card_points(card, trump) for card in CARDS) == 152

    @pytest.mark.parametrize(
        ("card", "trump", "points"),
        [
            ("Jh", "h", 20),
            ("9h", "h", 14),
            ("Ah", "h", 11),
            ("10h", "h", 10),
            ("Kh", "h", 4),
            ("Qh", "h", 3),
            ("8h", "h", 0),
            ("7h", "h", 0),
            ("Jc", "h", 2),
            ("9c", "h", 0),
            ("Ac", "h", 11),
            ("Tc", "h", 10),
            ("Kc", "h", 4),
            ("Qc", "h", 3),
            ("8c", "h", 0),
            ("7c", "h", 0),
        ],
    )
    def test_single_values(self, card: str, trump: str, points: int) -> None:
        assert card_points(c(card), s(trump)) == points

    def test_trick_points_worked_example(self) -> None:
        # 1.5: A♣ 7♣ 7♦ K♣ with hearts trump: 11 + 0 + 0 + 4 = 15.
        assert trick_points(cs("Ac 7c 7d Kc"), H) == 15

    def test_trick_points_with_trumps(self) -> None:
        assert trick_points(cs("Jh 9h Ah Th"), H) == 55
        assert trick_points(cs("Jh 9h Ah Th"), C) == 2 + 0 + 11 + 10

    def test_trick_points_does_not_include_last_trick(self) -> None:
        assert trick_points(cs("7c 8c 7d 8d"), H) == 0

    def test_trick_points_partial(self) -> None:
        assert trick_points(cs("Ac"), H) == 11
        assert trick_points([], H) == 0


class TestTrickWinner:
    def test_highest_of_led_suit_wins_without_trump(self) -> None:
        assert trick_winner(cs("Kc Ac Tc 7c"), H) == 1
        assert trick_winner(cs("Tc Kc Qc Jc"), H) == 0

    def test_other_plain_suits_never_win(self) -> None:
        assert trick_winner(cs("7c Ad As Ac"), H) == 3
        assert trick_winner(cs("7c Ad As Kd"), H) == 0

    def test_any_trump_beats_the_led_suit(self) -> None:
        assert trick_winner(cs("Ac 7h Tc Kc"), H) == 1

    def test_highest_trump_wins(self) -> None:
        assert trick_winner(cs("Ac 7h 9h Ah"), H) == 2
        assert trick_winner(cs("Ac Jh 9h Ah"), H) == 1

    def test_trump_led(self) -> None:
        assert trick_winner(cs("9h Ah Jh Th"), H) == 2
        assert trick_winner(cs("8h Ac Ad As"), H) == 0
        assert trick_winner(cs("7h 8h Ac Qh"), H) == 3

    def test_nine_of_trump_beats_ace_of_trump_but_not_in_plain(self) -> None:
        assert trick_winner(cs("Ah 9h"), H) == 1
        assert trick_winner(cs("Ac 9c"), H) == 0

    def test_jack_is_low_in_plain(self) -> None:
        assert trick_winner(cs("Jc Qc"), H) == 1
        assert trick_winner(cs("Jc 9c"), H) == 0

    @pytest.mark.parametrize("trump", list(Suit))
    def test_trump_order_of_1_4(self, trump: Suit) -> None:
        ranks = TRUMP_HIGH_TO_LOW
        for hi, lo in itertools.combinations(ranks, 2):  # hi ranks above lo
            high = c(hi + trump.letter)
            low = c(lo + trump.letter)
            assert trick_winner([low, high], trump) == 1
            assert trick_winner([high, low], trump) == 0

    @pytest.mark.parametrize("trump", list(Suit))
    def test_plain_order_of_1_4(self, trump: Suit) -> None:
        for suit in Suit:
            if suit == trump:
                continue
            for hi, lo in itertools.combinations(PLAIN_HIGH_TO_LOW, 2):
                high = c(hi + suit.letter)
                low = c(lo + suit.letter)
                assert trick_winner([low, high], trump) == 1
                assert trick_winner([high, low], trump) == 0

    def test_single_card(self) -> None:
        assert trick_winner(cs("7c"), H) == 0


class TestSortKey:
    def test_sorts_by_suit_then_strength(self) -> None:
        key = sort_key(H)
        hand = sorted(cs("7h Jh 9h Ah Tc Ac Jc"), key=key.__getitem__)
        clubs = [x for x in hand if x.suit == C]
        hearts = [x for x in hand if x.suit == H]
        assert [str(x) for x in clubs] == ["A♣", "10♣", "J♣"]
        assert [str(x) for x in hearts] == ["J♥", "9♥", "A♥", "7♥"]

    def test_without_trump_uses_plain_order(self) -> None:
        key = sort_key(None)
        hand: list[Card] = sorted(cs("Jh 9h Ah"), key=key.__getitem__)
        assert [str(x) for x in hand] == ["A♥", "J♥", "9♥"]
