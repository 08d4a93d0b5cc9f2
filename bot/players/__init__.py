"""Computer players: what a seat sees, the player interface, and the players themselves."""

from __future__ import annotations

from .base import PastTrick, Player, SeatView, view_for
from .heuristic import HeuristicPlayer
from .random_player import RandomPlayer
from .runner import advance, claim_action, move_action, play_match

PLAYER_KINDS = ("heuristic", "random")


def make_player(kind: str, seed: int | str) -> Player:
    """A player of ``kind`` ("heuristic" or "random"), deterministic given ``seed``."""
    key = kind.strip().lower()
    if key == "heuristic":
        return HeuristicPlayer(seed)
    if key == "random":
        return RandomPlayer(seed)
    raise ValueError(f"unknown player kind {kind!r}; choose one of {', '.join(PLAYER_KINDS)}")


__all__ = [
    "PLAYER_KINDS",
    "HeuristicPlayer",
    "PastTrick",
    "Player",
    "RandomPlayer",
    "SeatView",
    "advance",
    "claim_action",
    "make_player",
    "move_action",
    "play_match",
    "view_for",
]
