"""The bidding a seat saw, rebuilt from the hand's public facts (who passed, who named)."""

from __future__ import annotations

import random

from bot.engine import Hand, RuleSet, Suit
from bot.players import Bid, view_for

ALL = tuple(Suit)


def _hand(selection: str, dealer: int = 3) -> Hand:
    rules = RuleSet(trump_selection=selection)  # type: ignore[arg-type]
    return Hand.deal(rules, dealer, random.Random(1))


def test_free_passes_then_a_free_choice() -> None:
    hand = _hand("free")  # dealer 3: seat 0 bids first
    hand.pass_trump(0)
    hand.pass_trump(1)
    assert view_for(hand, 2).bids == (Bid(0, None, True, ALL), Bid(1, None, True, ALL))
    hand.choose_trump(2, Suit.SPADES)
    expected = (Bid(0, None, True, ALL), Bid(1, None, True, ALL), Bid(2, Suit.SPADES, True, ALL))
    assert all(view_for(hand, s).bids == expected for s in range(4))


def test_free_first_bidder_naming_is_recorded_as_forced() -> None:
    hand = _hand("free")
    for seat in range(4):
        hand.pass_trump(seat)
    assert len(view_for(hand, 0).bids) == 4  # four passes while still bidding
    hand.choose_trump(0, Suit.CLUBS)  # forced; the hand cannot tell it from a free choice
    assert view_for(hand, 1).bids == (Bid(0, Suit.CLUBS, False, ALL),)


def test_proposed_second_round_keeps_the_first_rounds_passes() -> None:
    hand = _hand("proposed")
    proposal = hand.proposal
    assert proposal is not None
    others = tuple(s for s in Suit if s != proposal)
    for seat in range(4):
        hand.pass_trump(seat)
    hand.pass_trump(0)
    named = others[0]
    hand.choose_trump(1, named)
    view = view_for(hand, 2)
    assert view.proposal == proposal
    assert view.bids == (
        *(Bid(s, None, True, (proposal,)) for s in range(4)),
        Bid(0, None, True, others),
        Bid(1, named, True, others),
    )


def test_proposed_dealer_in_the_second_round_names_by_force() -> None:
    hand = _hand("proposed", dealer=1)  # seat 2 bids first, seat 1 deals
    assert hand.proposal is not None
    for seat in (2, 3, 0, 1, 2, 3, 0):
        hand.pass_trump(seat)
    suit = next(s for s in Suit if s != hand.proposal)
    hand.choose_trump(1, suit)
    assert view_for(hand, 0).bids[-1] == Bid(
        1, suit, False, tuple(s for s in Suit if s != hand.proposal)
    )


def test_mandatory_and_drawn_say_nothing_about_hands() -> None:
    hand = _hand("mandatory")
    assert view_for(hand, 0).bids == ()
    hand.choose_trump(0, Suit.HEARTS)
    assert view_for(hand, 2).bids == (Bid(0, Suit.HEARTS, False, ALL),)
    drawn = _hand("drawn")
    if drawn.trump is not None:
        assert all(not b.free for b in view_for(drawn, 0).bids)


def test_claims_are_in_the_view() -> None:
    hand = Hand.deal(RuleSet(roem_claiming="automatic"), 3, random.Random(5))
    hand.choose_trump(0, Suit.HEARTS)
    while len(hand.tricks) < 8:
        seat = hand.to_act
        assert seat is not None
        hand.play(seat, hand.legal(seat)[0])
    view = view_for(hand, 0)
    assert [t.claimed for t in view.tricks] == [bool(t.roem) for t in hand.tricks]
