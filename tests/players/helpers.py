"""Shared helpers for the player tests: build views and play hands through ``apply``."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.engine import Card, Hand, Phase, RuleSet, Suit, parse_cards
from bot.engine.cards import mask_of
from bot.players import HeuristicPlayer, Player, SeatView, claim_action, move_action
from bot.players.base import PastTrick


def play_hand(hand: Hand, players: Sequence[Player]) -> Hand:
    """Play ``hand`` to the end with ``players``, through the logged action shapes."""
    while hand.phase != Phase.DONE:
        claim = claim_action(hand, players)
        if claim is not None:
            hand.apply(claim)
        if hand.result is None:  # a claim on the last trick scores the hand
            hand.apply(move_action(hand, players))
    return hand


class Recording(HeuristicPlayer):
    """A heuristic player that keeps every card-play view it was asked about."""

    def __init__(self, seed: str, seen: list[SeatView]) -> None:
        super().__init__(seed)
        self.seen = seen

    def choose_card(self, view: SeatView) -> Card:
        self.seen.append(view)
        return super().choose_card(view)


def recorded_views(rules: RuleSet, seed: int) -> list[tuple[SeatView, list[int]]]:
    """Every card-play view of one hand of heuristic players, with the deal at that moment."""
    seen: list[SeatView] = []
    hand = Hand.deal(rules, seed % 4, random.Random(seed))
    start = [set(h) for h in hand.holdings]
    play_hand(hand, [Recording(f"{seed}/{s}", seen) for s in range(4)])
    found = []
    for view in seen:
        played = set(view.played())
        holdings = [mask_of(h - played) for h in start]
        found.append((view, holdings))
    return found


def make_view(
    hand: str,
    *,
    seat: int = 0,
    trump: Suit = Suit.HEARTS,
    makers: int | None = 0,
    chooser: int | None = None,
    leader: int | None = None,
    current: str = "",
    tricks: Sequence[tuple[int, str, int]] = (),
    legal: str | None = None,
    rules: RuleSet | None = None,
) -> SeatView:
    """A hand-made play-phase view; ``legal`` defaults to the whole hand."""
    cards = tuple(parse_cards(hand))
    played = tuple(PastTrick(lead, tuple(parse_cards(c)), win) for lead, c, win in tricks)
    now = tuple(parse_cards(current))
    return SeatView(
        seat=seat,
        dealer=(seat + 3) % 4,
        rules=rules or RuleSet(),
        phase=Phase.PLAY,
        hand=cards,
        trump=trump,
        makers=makers,
        chooser=chooser,
        trump_options=None,
        leader=(seat - len(now)) % 4 if leader is None else leader,
        current=now,
        tricks=played,
        legal=tuple(parse_cards(legal)) if legal is not None else cards,
        claim_open=False,
    )


def card(text: str) -> Card:
    return Card.parse(text)
