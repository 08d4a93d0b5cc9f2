"""A scored hand replayed from the table's action log: each engine action with who took
it (the analysis of a hand, bot/analysis) and the tricks as they were played (the review
after a hand, docs/table-ux.md 2.11).

The log holds every accepted action of the table, of all its matches; the hand's own are
found by replaying the match from its `start` on the engine, which also checks that the
log still replays to what the sheet says.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bot.engine import Match, Trick, action_from_dict
from bot.store import StoredAction

from .model import Table

__all__ = ["ENGINE_KINDS", "HandActions", "hand_actions", "played_tricks"]

# The log kinds of engine actions: a player's own move, and what the timers carry out
# (the computer's move, an away player's timeout, the end of a claim window).
ENGINE_KINDS: Final = frozenset({"engine", "computer", "timeout", "claim_closed"})

HandActions = list[tuple[dict[str, Any], int | None]]  # (stored action, actor's user id)


def hand_actions(
    table: Table, log: Sequence[StoredAction], number: int
) -> tuple[HandActions, Match]:
    """The engine actions of hand ``number`` of the table's current match with their
    actors, from its log replayed on the match (returned too, so that a caller can check
    its sheet). Raises the engine's `RuleViolation` when the log does not replay."""
    match = Match(table.rules, table.match_seed(table.match_no))
    started, hand = False, []
    for action in log:
        if action.kind == "start" and action.payload.get("match_no") == table.match_no:
            started = True
        elif started and action.kind in ENGINE_KINDS and match.hand is not None:
            playing = match.hand_number
            match.apply(action_from_dict(action.payload))
            if playing == number:
                hand.append((action.payload, action.actor))
    return hand, match


def played_tricks(table: Table, log: Sequence[StoredAction], number: int) -> tuple[Trick, ...]:
    """The eight tricks of scored hand ``number`` as they were played, each with its roem
    as claimed (or counted). Raises `RuleViolation` when the log does not replay."""
    actions, match = hand_actions(table, log, number)
    hand = match.hand_of(number)
    for data, _ in actions:
        hand.apply(action_from_dict(data))
    return tuple(hand.tricks)
