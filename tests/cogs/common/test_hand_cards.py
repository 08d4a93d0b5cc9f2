"""The hand's card buttons (cogs/common/hand_cards.py) within the rows a message has."""

from __future__ import annotations

import itertools

import discord
import pytest

from bot.engine import CARDS, Card, IllegalReason, Reason, Suit, parse_cards
from cogs.common.buttons import button
from cogs.common.components import Component
from cogs.common.hand_cards import ROW_WIDTH, blocked_line, hand_rows


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


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "Grey cards: you must follow hearts · you must overtrump."),
        ("nl", "Grijze kaarten: "),
        ("it", "Carte grigie: devi rispondere al seme (cuori) · devi surtagliare."),
        ("es-ES", "Cartas grises: debes asistir al palo (corazones) · "),
        ("pt-BR", "Cartas cinza: você tem de servir o naipe (copas) · "),
    ],
)
def test_the_grey_cards_line_goes_on_in_lower_case_after_its_colon(
    locale: str, expected: str
) -> None:
    """Each reason is a sentence of its own in a refusal; after "Grey cards:" it goes on
    in lower case, as Italian, Spanish and Portuguese (and Dutch) write after a colon."""
    reasons = {
        Card.parse("Ac"): IllegalReason(Reason.MUST_FOLLOW, Suit.HEARTS),
        Card.parse("7h"): IllegalReason(Reason.MUST_OVERTRUMP),
    }
    line = blocked_line(reasons, locale)
    assert line.startswith(expected)
    label, _, why = line.partition(": ")
    assert all(part[:1].islower() for part in why.split(" · ")), line
