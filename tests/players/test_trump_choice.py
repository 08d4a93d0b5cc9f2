"""Trump choice: strong hands make, weak ones pass, forced seats always name an allowed suit."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.engine import ChooseTrump, Hand, PassTrump, Phase, RuleSet, Suit, TrumpOptions, parse_cards
from bot.players import HeuristicPlayer, Player, RandomPlayer, SeatView, view_for
from bot.players.bidding import trump_strength

from .helpers import make_view

ALL = tuple(Suit)
STRONG_HEARTS = "Jh 9h Ah 7h Ac Ad 8s 7s"
WEAK = "7h 8c 9d 7s Qc Kd 8d 9s"


def _choosing(hand: str, options: TrumpOptions) -> SeatView:
    return dataclasses.replace(
        make_view(hand), phase=Phase.TRUMP, trump=None, makers=None, trump_options=options, legal=()
    )


def test_strong_hand_names_its_suit() -> None:
    assert (
        HeuristicPlayer(1).choose_trump(_choosing(STRONG_HEARTS, TrumpOptions(ALL, True)))
        == Suit.HEARTS
    )


def test_weak_hand_passes_when_allowed() -> None:
    assert HeuristicPlayer(1).choose_trump(_choosing(WEAK, TrumpOptions(ALL, True))) is None


@pytest.mark.parametrize("player", [HeuristicPlayer(1), RandomPlayer(1)], ids=["heur", "rand"])
def test_forced_choice_names_an_allowed_suit(player: Player) -> None:
    for hand in (WEAK, STRONG_HEARTS):
        assert player.choose_trump(_choosing(hand, TrumpOptions(ALL, False))) in ALL
        others = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)  # proposed, second round, dealer
        assert (
            player.choose_trump(_choosing(hand, TrumpOptions(others, False, Suit.HEARTS))) in others
        )


def test_forced_choice_takes_the_best_suit() -> None:
    hand = "Js 9s 7s Ac 8d 7d Qh 8h"
    assert HeuristicPlayer(1).choose_trump(_choosing(hand, TrumpOptions(ALL, False))) == Suit.SPADES
    weak = "7s 8s 9h 7h Qc 8c 9d 7d"
    best = max(ALL, key=lambda s: trump_strength(parse_cards(weak), s))
    assert HeuristicPlayer(1).choose_trump(_choosing(weak, TrumpOptions(ALL, False))) == best


def test_proposed_first_round_accepts_or_passes_only_the_proposal() -> None:
    only_hearts = TrumpOptions((Suit.HEARTS,), True, Suit.HEARTS)
    assert HeuristicPlayer(1).choose_trump(_choosing(STRONG_HEARTS, only_hearts)) == Suit.HEARTS
    strong_spades = "Js 9s As 7s Ac Ad 8h 7h"
    assert HeuristicPlayer(1).choose_trump(_choosing(strong_spades, only_hearts)) is None


def test_proposed_second_round_never_names_the_proposal() -> None:
    others = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
    view = _choosing(STRONG_HEARTS, TrumpOptions(others, True, Suit.HEARTS))
    assert HeuristicPlayer(1).choose_trump(view) in (*others, None)


def _bid(rules: RuleSet, seed: int) -> Hand:
    hand = Hand.deal(rules, seed % 4, random.Random(seed))
    players = [HeuristicPlayer(f"{seed}/{s}") for s in range(4)]
    while hand.phase == Phase.TRUMP:
        seat = hand.to_act
        assert seat is not None
        suit = players[seat].choose_trump(view_for(hand, seat))
        hand.apply(PassTrump(seat) if suit is None else ChooseTrump(seat, suit))
    return hand


@pytest.mark.parametrize("selection", ["free", "mandatory", "proposed", "drawn"])
def test_bidding_always_ends_with_trump(selection: str) -> None:
    rules = RuleSet(trump_selection=selection)  # type: ignore[arg-type]
    passes_seen = False
    for seed in range(150):
        hand = _bid(rules, seed)
        assert hand.phase == Phase.PLAY and hand.trump is not None
        if selection == "mandatory":
            assert hand.chooser == (hand.dealer + 1) % 4
        passes_seen |= hand.chooser != (hand.dealer + 1) % 4
    if selection in ("free", "proposed"):
        assert passes_seen, "weak hands should pass sometimes"


def test_free_choice_forced_after_four_passes() -> None:
    rules = RuleSet()
    forced = 0
    for seed in range(300):
        hand = _bid(rules, seed)
        leader = (hand.dealer + 1) % 4
        views = [view_for(Hand.from_cards(rules, hand.dealer, hand.dealt), s) for s in range(4)]
        weak = all(
            HeuristicPlayer(0).choose_trump(
                dataclasses.replace(v, trump_options=TrumpOptions(ALL, True))
            )
            is None
            for v in views
        )
        if weak:
            forced += 1
            assert hand.chooser == leader
    assert forced > 0, "some deals should be passed round and forced on the leader"
