"""The hand's card buttons (cogs/common/hand_cards.py) within the rows a message has."""

from __future__ import annotations

import itertools

import discord

from bot.engine import CARDS, Card, Suit, parse_cards
from cogs.common.components import Component, button
from cogs.common.hand_cards import ROW_WIDTH, hand_rows


def _make(card: Card, playable: bool) -> Component:
    return button(f"c:{card}", str(card), discord.ButtonStyle.primary, not playable)


def _labels(rows: list[list[Component]]) -> list[list[str]]:
    return [[str(b["label"]) for b in row] for row in rows]


def test_one_suit_a_row_when_it_fits() -> None:
    cards = parse_cards("Jh 9h Ac Tc Ad Ks")
    rows = hand_rows(cards, set(parse_cards("Ac Tc")), Suit.HEARTS, _make, max_rows=4)
    assert _labels(rows) == [["A♣", "10♣"], ["J♥", "9♥"], ["A♦"], ["K♠"]]


def test_a_hand_spread_over_too_many_rows_is_laid_five_a_row() -> None:
    """One playable trump and the rest grey over four suits: one suit a row would take six
    rows, more than a classic message's four for cards; five a row, playable first, fits."""
    cards = parse_cards("Jh Qh 7c Kd Jd Ts Js 8s")
    rows = hand_rows(cards, set(parse_cards("Jh")), Suit.HEARTS, _make, max_rows=4)
    assert _labels(rows) == [["J♥"], ["Q♥", "7♣", "K♦", "J♦", "10♠"], ["J♠", "8♠"]]
    assert [b["disabled"] for b in rows[0]] == [False]
    assert len(hand_rows(cards, set(parse_cards("Jh")), Suit.HEARTS, _make)) == 5


def test_every_hand_fits_the_rows_it_is_given() -> None:
    """Any eight cards, any part of them playable: at most four rows of at most five."""
    deck = list(CARDS)
    for k, start in itertools.product(range(0, 9), range(0, 32, 3)):
        cards = [deck[(start + 5 * i) % 32] for i in range(8)]
        rows = hand_rows(cards, set(cards[:k]), Suit.CLUBS, _make, max_rows=4)
        assert len(rows) <= 4 and all(len(r) <= ROW_WIDTH for r in rows)
        assert sorted(b["custom_id"] for r in rows for b in r) == sorted(f"c:{c}" for c in cards)
