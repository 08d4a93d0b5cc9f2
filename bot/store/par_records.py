"""The plain values of the pars of casual hands (migration 0013, docs/pars.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["HandKey", "ParTotals", "WaitingHand"]


@dataclass(frozen=True, slots=True)
class HandKey:
    """One hand of a table's match: the table, the match and the hand's number."""

    table_id: int
    match_no: int
    number: int


@dataclass(frozen=True, slots=True)
class WaitingHand:
    """A hand whose par is not computed yet: who played it in which seat, their pair's
    score, what the par's replay needs (as the table service wrote it) and when it was
    scored."""

    key: HandKey
    guild_id: int | None
    user_id: int
    seat: int
    score: int
    setup: dict[str, Any]
    at: float


@dataclass(frozen=True, slots=True)
class ParTotals:
    """A player's hands against par in a server from some moment on: how many have a par,
    the sum of their differences (the player's pair's score less the par's) and of the
    differences squared, and how many more still wait for their par."""

    hands: int
    total: int
    squares: int
    waiting: int
