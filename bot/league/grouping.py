"""Splitting units into equal groups at the least total cost: the draw's search.

A local search with seeded restarts: deal the units into groups in a random order, then
swap units between groups while a swap lowers the cost; keep the best of a few restarts and
stop at a cost of zero. Tables of four from 64 players converge in a few passes, and the
restarts get out of the rare local minimum (16 players in their fifth round, say).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, TypeVar

__all__ = ["RESTARTS", "best_groups"]

U = TypeVar("U")
RESTARTS: Final = 12


def best_groups(
    units: Sequence[U], size: int, cost: Callable[[tuple[U, ...]], int], rng: random.Random
) -> list[tuple[U, ...]]:
    """`units` (a multiple of `size`) in groups of `size` with the lowest total `cost` found.

    Deterministic for a given `rng` state and unit order, so a draw is reproducible.
    """
    best: list[tuple[U, ...]] = []
    best_cost = -1
    for _ in range(RESTARTS):
        order = list(units)
        rng.shuffle(order)
        groups = [tuple(order[i : i + size]) for i in range(0, len(order), size)]
        total = _improve(groups, cost)
        if best_cost < 0 or total < best_cost:
            best, best_cost = groups, total
        if best_cost == 0:
            break
    return best


def _improve(groups: list[tuple[U, ...]], cost: Callable[[tuple[U, ...]], int]) -> int:
    """Swap units between groups (first improvement) until no swap helps; the final cost."""
    costs = [cost(group) for group in groups]
    improved = True
    while improved:
        improved = False
        for i in range(len(groups)):
            for j in range(i + 1, len(groups)):
                if costs[i] + costs[j] == 0:
                    continue
                if _improve_pair(groups, costs, i, j, cost):
                    improved = True
    return sum(costs)


def _improve_pair(
    groups: list[tuple[U, ...]],
    costs: list[int],
    i: int,
    j: int,
    cost: Callable[[tuple[U, ...]], int],
) -> bool:
    """Apply the first swap between groups i and j that lowers their joint cost."""
    for a in range(len(groups[i])):
        for b in range(len(groups[j])):
            left = groups[i][:a] + (groups[j][b],) + groups[i][a + 1 :]
            right = groups[j][:b] + (groups[i][a],) + groups[j][b + 1 :]
            left_cost, right_cost = cost(left), cost(right)
            if left_cost + right_cost < costs[i] + costs[j]:
                groups[i], groups[j] = left, right
                costs[i], costs[j] = left_cost, right_cost
                return True
    return False
