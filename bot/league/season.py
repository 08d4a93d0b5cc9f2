"""The season table: each player's nights counted by the league's rule.

Counting all nights rewards attendance; best N of M forgives missed and bad nights; the
average of the best N ranks a regular and an occasional player on the same scale. Players
below the minimum attendance are ranked apart, so the table shows them without letting one
good night top it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from .places import ranked
from .settings import Counting

__all__ = ["SeasonRow", "SeasonTable", "season_table"]


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """One player's line of the season table: nights, points and what counts."""

    user_id: int
    nights: int
    total: int  # every night's points
    value: Fraction  # what the counting rule counts (a sum, or an average)
    counted: tuple[int, ...]  # the night totals that count, best first
    place: int = 0


@dataclass(frozen=True, slots=True)
class SeasonTable:
    """The season table: the ranked players, and those below the minimum attendance."""

    ranked: tuple[SeasonRow, ...]
    below_minimum: tuple[SeasonRow, ...]


def season_table(nights: Sequence[Mapping[int, int]], counting: Counting) -> SeasonTable:
    """`nights`: each closed night's points per player who took part."""
    per_player: dict[int, list[int]] = {}
    for night in nights:
        for user, points in night.items():
            per_player.setdefault(user, []).append(points)
    rows = [_row(user, totals, counting) for user, totals in per_player.items()]
    ranked = _places([r for r in rows if r.nights >= counting.min_nights])
    apart = _places([r for r in rows if r.nights < counting.min_nights])
    return SeasonTable(tuple(ranked), tuple(apart))


def _row(user: int, totals: list[int], counting: Counting) -> SeasonRow:
    best = sorted(totals, reverse=True)
    counted = best if counting.best is None else best[: counting.best]
    value = Fraction(sum(counted))
    if counting.kind == "average_best":
        value /= len(counted)  # of the nights counted: fewer than N nights average fewer
    return SeasonRow(user, len(totals), sum(totals), value, tuple(counted))


def _places(rows: list[SeasonRow]) -> list[SeasonRow]:
    """By the counted value, then all points; equal on both share the place."""

    def key(row: SeasonRow) -> tuple[Fraction, int]:
        return (-row.value, -row.total)

    return [replace(row, place=place) for place, row in ranked(rows, key, lambda r: r.user_id)]
