"""Claims: the heuristic claims every roem its pair takes, and only then."""

from __future__ import annotations

import dataclasses
import random

from bot.engine import Hand, RuleSet, Suit, pair_of
from bot.players import HeuristicPlayer, Player, RandomPlayer, SeatView

from .helpers import make_view, play_hand


def _claim_view(cards: str, winner: int, trump: Suit = Suit.HEARTS) -> SeatView:
    view = make_view("7c 8c", trump=trump, tricks=[(1, cards, winner)])
    return dataclasses.replace(view, claim_open=True)


def test_claims_roem() -> None:
    assert HeuristicPlayer(1).wants_claim(_claim_view("Kh Qh 7c 8d", winner=2))  # stuk
    assert HeuristicPlayer(1).wants_claim(_claim_view("9d Td Jd 7c", winner=0))  # run of 3


def test_no_claim_without_roem_or_window() -> None:
    assert not HeuristicPlayer(1).wants_claim(_claim_view("Kh 7h 7c 8d", winner=2))
    closed = dataclasses.replace(_claim_view("Kh Qh 7c 8d", winner=2), claim_open=False)
    assert not HeuristicPlayer(1).wants_claim(closed)


def _claimed_all(hand: Hand, pairs: tuple[int, ...]) -> bool:
    for trick in hand.tricks:
        if trick.roem and pair_of(trick.winner) in pairs and not trick.claimed:
            return False
    return True


def test_heuristic_claims_every_roem_in_real_hands() -> None:
    roem_tricks = 0
    for seed in range(60):
        hand = Hand.deal(RuleSet(), seed % 4, random.Random(f"claims/{seed}"))
        players: list[Player] = [
            HeuristicPlayer(s) if s % 2 == 0 else RandomPlayer(s, claims=False) for s in range(4)
        ]
        play_hand(hand, players)
        roem_tricks += sum(1 for t in hand.tricks if t.roem and pair_of(t.winner) == 0)
        assert _claimed_all(hand, (0,))
        assert hand.roem[1] == 0
        assert hand.roem[0] == sum(t.roem.points for t in hand.tricks if pair_of(t.winner) == 0)
    assert roem_tricks >= 5, "the seeds should give the heuristic pair some roem to claim"
