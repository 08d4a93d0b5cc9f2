"""The seat view shows a seat its own cards and the public table, never another hand."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from bot.engine import Card, ChooseTrump, Hand, Match, Phase, PlayCard, RuleSet, Suit
from bot.players import SeatView, advance, make_player, view_for


def _cards_in(value: object) -> Iterator[Card]:
    """Every card reachable from ``value`` (dataclasses, tuples, named tuples)."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _cards_in(getattr(value, f.name))
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from _cards_in(item)


def _check_view(hand: Hand, seat: int) -> SeatView:
    view = view_for(hand, seat)
    assert sorted(view.hand) == sorted(hand.holdings[seat])
    others = {c for s in range(4) if s != seat for c in hand.holdings[s]}
    assert not others & set(_cards_in(view)), "another seat's card leaked into the view"
    assert not any(isinstance(getattr(view, f.name), Hand) for f in dataclasses.fields(view))
    assert list(view.legal) == sorted(hand.legal(seat))
    assert view.current == tuple(hand.current)
    assert [(t.leader, t.cards, t.winner) for t in view.tricks] == [
        (t.leader, t.cards, t.winner) for t in hand.tricks
    ]
    choosing = hand.phase == Phase.TRUMP and hand.to_act == seat
    assert (view.trump_options is not None) == choosing
    return view


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(trump_selection="proposed")])
def test_views_never_show_other_hands(rules: RuleSet) -> None:
    match = Match(rules, "privacy", first_dealer=0)
    players = [make_player("heuristic", s) for s in range(4)]
    checked = 0
    while match.hand is not None and match.hand_number <= 4:
        for seat in range(4):
            _check_view(match.hand, seat)
            checked += 1
        advance(match, players)
    assert checked > 4 * 4 * 32


def test_claim_window_only_for_the_capturing_pair() -> None:
    hand = Hand.deal(RuleSet(), 0, random.Random(3))
    hand.apply(ChooseTrump(1, Suit.HEARTS))
    player = make_player("random", 1)
    while not hand.tricks:
        seat = hand.to_act
        assert seat is not None
        assert not any(view_for(hand, s).claim_open for s in range(4))
        played = player.choose_card(view_for(hand, seat))
        hand.apply(PlayCard(seat, played))
    winner = hand.tricks[0].winner
    opens = [view_for(hand, s).claim_open for s in range(4)]
    assert opens == [s % 2 == winner % 2 for s in range(4)]


def test_view_is_frozen() -> None:
    hand = Hand.deal(RuleSet(), 1, random.Random(1))
    view = view_for(hand, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat = 3  # type: ignore[misc]
    assert view.trump_options is not None and view.trump_options.can_pass
    assert view_for(hand, 0).trump_options is None  # not seat 0's turn
