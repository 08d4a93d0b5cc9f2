"""The line that tells a challenger how the deal they just played scored: nat and pit
are named, as on a table's score sheet."""

from __future__ import annotations

import pytest

from bot.challenge import DealOutcome
from bot.challenge.computers import Finished, finished
from bot.engine import CARDS, Hand, Phase, RuleSet, Suit
from cogs.challenge.ui import scored_line


def _pit_hand() -> Hand:
    """Seat 0 holds every heart and names hearts; seat 2 every spade: seat 0 leads a trump
    every trick and takes all eight."""
    by_suit = {suit: [c for c in CARDS if c.suit == suit] for suit in Suit}
    cards = [by_suit[Suit.HEARTS], by_suit[Suit.CLUBS], by_suit[Suit.SPADES]]
    cards.append(by_suit[Suit.DIAMONDS])
    hand = Hand.from_cards(RuleSet(), 3, cards)
    hand.choose_trump(0, Suit.HEARTS)
    while hand.phase == Phase.PLAY:
        seat = hand.to_act
        assert seat is not None
        hand.play(seat, hand.legal(seat)[0])
    if hand.result is None:
        hand.finish()  # the last trick's claim window closes
    return hand


def test_a_pit_is_known_when_the_deal_is_finished() -> None:
    result = finished(_pit_hand())
    assert result is not None
    assert result.pit and not result.nat
    assert result.against == 0


@pytest.mark.parametrize(
    ("nat", "pit", "mark"), [(False, True, "(pit)"), (True, False, "(nat)"), (False, False, "")]
)
def test_the_scored_line_names_a_pit_and_a_nat(nat: bool, pit: bool, mark: str) -> None:
    result = Finished(262 if pit else 90, 0 if pit else 72, 0, "h", nat, pit)
    line = scored_line(DealOutcome(3, result, None), "nl")
    assert line.startswith("> Spel 3 geteld:")
    assert line.endswith(f"{mark}.") if mark else line.endswith(f"{result.against}.")
    assert ("(pit)" in line) == pit and ("(nat)" in line) == nat
