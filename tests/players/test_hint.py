"""Hints: the strong player's advice for one seat, from that seat's view alone, with a
reason that matches what the card does in the trick."""

from __future__ import annotations

import random

import pytest

from bot.engine import Hand, Phase, RuleSet, trick_winner
from bot.players import view_for
from bot.players.hint import hint_for

from .test_search import _mid_hand, _reshuffle_hidden


@pytest.mark.parametrize("seed", range(5))
def test_a_hint_does_not_depend_on_the_cards_the_asker_cannot_see(seed: int) -> None:
    hand = _mid_hand(RuleSet(), seed, cards_played=5 + seed)
    seat = hand.to_act
    assert seat is not None
    other = _reshuffle_hidden(hand, seat, random.Random(seed))
    assert [hand.holdings[s] for s in range(4)] != [other.holdings[s] for s in range(4)]
    first = hint_for(view_for(hand, seat), seed, budget_ms=0)
    second = hint_for(view_for(other, seat), seed, budget_ms=0)
    assert first == second


@pytest.mark.parametrize("seed", range(8))
def test_the_advice_is_legal_and_its_reason_fits_the_trick(seed: int) -> None:
    hand = _mid_hand(RuleSet(), seed, cards_played=4 + seed % 4)
    seat = hand.to_act
    assert seat is not None
    view = view_for(hand, seat)
    hint = hint_for(view, seed, budget_ms=0)
    assert hint.card in view.legal and hint.suit is None
    if len(view.legal) == 1:
        assert hint.reason == "only"
        return
    assert hint.samples >= 1 and hint.runner_up in view.legal and hint.runner_up != hint.card
    assert hint.margin >= 0  # the advice is the best card on the samples
    assert view.trump is not None
    if not view.current:
        assert hint.reason == "lead"
    elif trick_winner((*view.current, hint.card), view.trump) == len(view.current):
        assert hint.reason == "wins"
    else:
        assert hint.reason in ("smear", "discard")


def test_a_trump_hint_names_an_allowed_suit_or_passes() -> None:
    for seed in range(6):
        hand = Hand.deal(RuleSet(), seed % 4, random.Random(seed))
        seat = hand.to_act
        assert seat is not None and hand.phase == Phase.TRUMP
        view = view_for(hand, seat)
        assert view.trump_options is not None
        hint = hint_for(view, seed, budget_ms=0)
        assert hint.card is None
        if hint.reason == "pass":
            assert hint.suit is None and view.trump_options.can_pass
        else:
            assert hint.reason == "name" and hint.suit in view.trump_options.suits


def test_no_hint_when_it_is_not_the_seats_turn() -> None:
    hand = _mid_hand(RuleSet(), 2, cards_played=5)
    seat = hand.to_act
    assert seat is not None
    with pytest.raises(ValueError):
        hint_for(view_for(hand, (seat + 1) % 4), 2, budget_ms=0)
