"""Players are pure functions of their seed and what they are shown."""

from __future__ import annotations

import pytest

from bot.engine import RuleSet
from bot.players import HeuristicPlayer, make_player, play_match

from .helpers import make_view


def _actions(kind: str, seed: str) -> list[dict[str, object]]:
    players = [make_player(kind, f"{seed}/{s}") for s in range(4)]
    return play_match(RuleSet(), "determinism", players).actions


@pytest.mark.parametrize("kind", ["heuristic", "random"])
def test_same_seed_same_match(kind: str) -> None:
    assert _actions(kind, "a") == _actions(kind, "a")


def test_random_players_differ_by_seed() -> None:
    assert _actions("random", "a") != _actions("random", "b")


def test_heuristic_same_view_same_card() -> None:
    view = make_view("7c 8c 9d 7s Ks", current="Ac", legal="7c 8c")  # a tie: the seed decides
    picks = {HeuristicPlayer(7).choose_card(view) for _ in range(5)}
    assert len(picks) == 1


def test_make_player_kinds() -> None:
    assert type(make_player("Heuristic", 1)).__name__ == "HeuristicPlayer"
    assert type(make_player("random", "x")).__name__ == "RandomPlayer"
    with pytest.raises(ValueError, match="unknown player kind"):
        make_player("genius", 1)
