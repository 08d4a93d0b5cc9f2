"""Computer players: what a seat sees, the player interface, and the players themselves."""

from __future__ import annotations

from typing import Any

from .base import Bid, PastTrick, Player, SeatView, view_for
from .easy import EasyPlayer
from .heuristic import HeuristicPlayer
from .random_player import RandomPlayer
from .runner import advance, claim_action, decision, move_action, play_match
from .search import BUDGET_MS, MODEL_OPTIONS, UNKNOWN_OPTIONS, Effort, SearchPlayer

# The levels a table offers, weakest first; "heuristic" and "random" are the older kind names
# ("heuristic" is the normal level), kept so stored tables and settings keep working.
LEVELS = ("easy", "normal", "strong")
PLAYER_KINDS = (*LEVELS, "heuristic", "random")


def make_player(
    kind: str,
    seed: int | str,
    budget_ms: float = BUDGET_MS,
    normal_opponents: bool = False,
    effort: Effort | None = None,
) -> Player:
    """A player of ``kind`` (a level or an older kind name), deterministic given ``seed``;
    ``budget_ms`` is the strong player's time per decision (the others need no budget).
    ``normal_opponents``: both opponents are normal computers (public at the table), so the
    strong player searches with their play modelled exactly (``MODEL_OPTIONS``); otherwise
    it models no one (``UNKNOWN_OPTIONS``).
    ``effort``: the strong player searches that fixed effort instead of ``budget_ms`` of
    time, so its decisions do not depend on the machine's speed or load."""
    key = kind.strip().lower()
    if key == "easy":
        return EasyPlayer(seed)
    if key in ("normal", "heuristic"):
        return HeuristicPlayer(seed)
    if key == "strong":
        options: dict[str, Any] = {}  # the plain search: an older challenge's computers
        if normal_opponents:
            options = dict(MODEL_OPTIONS)
        elif effort is None or effort.own_view:
            options = dict(UNKNOWN_OPTIONS)
        options.update(effort.options() if effort is not None else {"budget_ms": budget_ms})
        return SearchPlayer(seed, **options)
    if key == "random":
        return RandomPlayer(seed)
    raise ValueError(f"unknown player kind {kind!r}; choose one of {', '.join(PLAYER_KINDS)}")


__all__ = [
    "BUDGET_MS",
    "LEVELS",
    "MODEL_OPTIONS",
    "UNKNOWN_OPTIONS",
    "PLAYER_KINDS",
    "Bid",
    "EasyPlayer",
    "Effort",
    "HeuristicPlayer",
    "PastTrick",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "SeatView",
    "advance",
    "claim_action",
    "decision",
    "make_player",
    "move_action",
    "play_match",
    "view_for",
]
