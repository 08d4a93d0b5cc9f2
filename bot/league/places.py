"""Places in a ranking where equal rows share a place: 1, 2, 2, 4 ("standard competition")."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

__all__ = ["ranked"]

R = TypeVar("R")


def ranked(
    rows: Sequence[R], key: Callable[[R], Hashable], tiebreak: Callable[[R], int]
) -> list[tuple[int, R]]:
    """`rows` best first by `key` (ascending) with their places; `tiebreak` only orders rows
    that share a place, so the listing is stable (it never decides a place)."""
    ordered = sorted(rows, key=lambda r: (key(r), tiebreak(r)))
    placed: list[tuple[int, R]] = []
    for index, row in enumerate(ordered):
        shared = placed and key(placed[-1][1]) == key(row)
        placed.append((placed[-1][0] if shared else index + 1, row))
    return placed
