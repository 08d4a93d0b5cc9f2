"""Sampled deals agree with everything the seat knows, and nothing it does not."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.engine import CARDS, Hand, Phase, RuleSet, Suit, legal_cards
from bot.engine.cards import cards_of, mask_of
from bot.players import HeuristicPlayer, RandomPlayer, view_for
from bot.players.base import Bid
from bot.players.sampling import Deduction, fits_bidding, sample_deal, sample_for

from .helpers import make_view

RULES = {
    "amsterdam": RuleSet(),
    "rotterdam": RuleSet(obligations="rotterdam"),
    "undertrump": RuleSet(undertrump_obligation=True),
}


def test_a_seat_that_did_not_follow_holds_none_of_the_led_suit() -> None:
    # Trump hearts; seat 1 discarded a diamond on the clubs lead: no clubs; and since
    # nobody had trumped (Amsterdam, partner not winning), it had no trump either.
    view = make_view("7s 8s 9s", seat=0, tricks=[(0, "Ac 7d Kc 8c", 0)], leader=0, current="")
    know = Deduction.of(view)
    assert not know.allowed[1] & mask_of(c for c in CARDS if c.suit in (Suit.CLUBS, Suit.HEARTS))
    assert know.allowed[3] & mask_of(c for c in CARDS if c.suit == Suit.HEARTS)
    assert know.allowed[0] == 0  # the seat's own hand is known, not sampled


def test_an_undertrump_shows_no_higher_trump_and_no_side_cards() -> None:
    # Trump hearts; clubs led, seat 1 trumped with the 9, seat 2 (void) undertrumped the 7:
    # holding a side card or a trump above the 9 would have been obligatory instead.
    view = make_view("7s 8s 9s", seat=0, tricks=[(0, "Ac 9h 7h 8c", 1)], leader=1, current="")
    know = Deduction.of(view)
    hearts = {c for c in cards_of(know.allowed[2])}
    assert all(c.suit == Suit.HEARTS for c in hearts)
    assert not any(c.code == "Jh" for c in hearts)  # the jack is above the nine


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("seed", range(8))
def test_every_sampled_deal_makes_all_past_plays_legal(name: str, seed: int) -> None:
    rules = RULES[name]
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 4, rng)
    hand.choose_trump(hand.leader, Suit(seed % 4))
    players = [
        RandomPlayer(seed),
        HeuristicPlayer(seed),
        RandomPlayer(seed + 1),
        HeuristicPlayer(1),
    ]
    for _ in range(12 + seed):
        seat = hand.to_act
        assert seat is not None
        hand.play(seat, players[seat].choose_card(view_for(hand, seat)))
    seat = hand.to_act
    assert seat is not None
    view = view_for(hand, seat)
    know = Deduction.of(view)
    for _ in range(20):
        deal = sample_deal(know, rng)
        assert deal is not None
        assert deal[seat] == mask_of(hand.holdings[seat])
        assert [bin(h).count("1") for h in deal] == [len(h) for h in hand.holdings]
        _check_history(hand, deal)


def _check_history(hand: Hand, deal: list[int]) -> None:
    """Replay the hand's tricks on the sampled holdings: each card must have been legal."""
    assert hand.trump is not None
    tricks = [(t.leader, list(t.cards)) for t in hand.tricks] + [(hand.leader, hand.current)]
    held = list(deal)
    for leader, cards in tricks:  # holdings at the start: add back every card played
        for i, c in enumerate(cards):
            held[(leader + i) % 4] |= 1 << c
    for leader, cards in tricks:
        for i, c in enumerate(cards):
            seat = (leader + i) % 4
            assert c in legal_cards(held[seat], cards[:i], hand.trump, hand.rules)
            held[seat] ^= 1 << c


def test_bidding_filters_strong_hands_from_seats_that_passed() -> None:
    view = make_view("Jc 9c Ac 7d 8d 7s 8s 9s", seat=3, trump=Suit.HEARTS, makers=None)
    view = dataclasses.replace(
        view, bids=(Bid(0, None, True, tuple(Suit)),), phase=Phase.TRUMP, trump=None
    )
    know = Deduction.of(view)
    top_hearts = mask_of(c for c in CARDS if c.code in ("Jh", "9h", "Ah", "Th", "Kh"))
    rest = [c for c in cards_of(know.unseen) if not top_hearts >> c & 1]
    strong = [top_hearts | mask_of(rest[:3]), mask_of(rest[3:11]), mask_of(rest[11:19]), know.mine]
    assert not fits_bidding(view, know, strong)  # seat 0 passed holding J 9 A 10 K of hearts
    rng = random.Random(2)
    unfiltered = [sample_deal(know, rng) for _ in range(60)]
    assert not all(fits_bidding(view, know, d) for d in unfiltered if d is not None)
    for _ in range(20):
        assert fits_bidding(view, know, sample_for(view, know, rng))
