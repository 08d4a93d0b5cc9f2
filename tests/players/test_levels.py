"""Levels: easy, normal and strong through make_player; the older kind names still work."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.engine import Hand, RuleSet
from bot.players import (
    LEVELS,
    PLAYER_KINDS,
    UNKNOWN_OPTIONS,
    EasyPlayer,
    Effort,
    HeuristicPlayer,
    RandomPlayer,
    SearchPlayer,
    make_player,
    view_for,
)

from .helpers import play_hand


@pytest.mark.parametrize(
    ("kind", "cls"),
    [
        ("easy", EasyPlayer),
        ("normal", HeuristicPlayer),
        ("strong", SearchPlayer),
        ("heuristic", HeuristicPlayer),
        ("random", RandomPlayer),
        (" Strong ", SearchPlayer),
    ],
)
def test_every_kind_makes_its_player(kind: str, cls: type) -> None:
    assert isinstance(make_player(kind, 1), cls)


def test_levels_are_kinds_and_unknown_kinds_are_refused() -> None:
    assert set(LEVELS) <= set(PLAYER_KINDS) and {"heuristic", "random"} <= set(PLAYER_KINDS)
    with pytest.raises(ValueError, match="strong"):
        make_player("grandmaster", 1)


def test_the_strong_players_budget_is_passed_on() -> None:
    player = make_player("strong", 1, budget_ms=40)
    assert isinstance(player, SearchPlayer) and player.budget == pytest.approx(0.040)


def test_a_challenge_stored_before_the_own_view_playout_keeps_its_computers() -> None:
    """A challenge's effort is stored with it; one stored without ``own_view`` (opened
    before the strong player's own-view playout) plays the plain search to its close, a new
    one the play against unknown opponents; against normal computers both model them."""
    old = Effort.stored({"nodes": 500, "samples": 20})
    new = Effort.stored(dataclasses.asdict(Effort(nodes=500, samples=20)))
    assert not old.own_view and new.own_view
    before, after = make_player("strong", 1, effort=old), make_player("strong", 1, effort=new)
    assert isinstance(before, SearchPlayer) and isinstance(after, SearchPlayer)
    assert before.model_policy == "" and after.model_policy == UNKNOWN_OPTIONS["model_policy"]
    assert before.node_budget == after.node_budget == 500
    modelled = make_player("strong", 1, normal_opponents=True, effort=old)
    assert isinstance(modelled, SearchPlayer) and modelled.model_eps > 0


def test_easy_without_mistakes_plays_like_the_heuristic() -> None:
    hand = Hand.deal(RuleSet(), 0, random.Random(9))
    hand.choose_trump(hand.leader, hand.trump_options(hand.leader).suits[0])
    easy, normal = EasyPlayer(5, mistake_rate=0.0), HeuristicPlayer(5)
    while hand.result is None and hand.to_act is not None and len(hand.tricks) < 8:
        view = view_for(hand, hand.to_act)
        chosen = easy.choose_card(view)
        assert chosen == normal.choose_card(view)
        hand.play(hand.to_act, chosen)


def test_easy_makes_mistakes_and_stays_legal() -> None:
    differ = 0
    for deal in range(6):
        hand = Hand.deal(RuleSet(), deal % 4, random.Random(deal))
        play_hand(hand, [EasyPlayer(f"{deal}/{s}") for s in range(4)])  # the engine checks
        assert hand.result is not None
        replay = Hand.deal(RuleSet(), deal % 4, random.Random(deal))
        normal = play_hand(replay, [HeuristicPlayer(f"{deal}/{s}") for s in range(4)])
        differ += [t.cards for t in hand.tricks] != [t.cards for t in normal.tricks]
    assert differ >= 3
