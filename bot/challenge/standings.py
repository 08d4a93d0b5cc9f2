"""The challenge's standings: matchpoints per deal, totals, and the deal the field split on.

Pure functions of the results. Matchpoints are duplicate bridge's: on each deal a player
scores the share of the rest of the field they beat (a lower score counts 1, an equal one
1/2, over the number of other players who played that deal; a deal played by one player
alone counts 1/2). A player's percentage is their matchpoints over every deal of the
challenge, so a deal not played counts 0. The ranking is by percentage, then by total
points, then by name; players equal on both share a place.
"""

from __future__ import annotations

import statistics
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

__all__ = [
    "DealScore",
    "Spread",
    "StandingRow",
    "matchpoints",
    "most_split",
    "standings",
]

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class DealScore:
    """One player's result on one deal: their pair's points."""

    user_id: int
    name: str
    deal: int
    score: int


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings: place (shared when equal), matchpoint share of the whole
    challenge (0..1), total points and the number of deals played."""

    place: int
    user_id: int
    name: str
    share: float
    points: int
    played: int


@dataclass(frozen=True, slots=True)
class Spread:
    """The deal on which the field's scores differed most (population standard deviation),
    with its lowest and highest score and the number of players."""

    deal: int
    deviation: float
    low: int
    high: int
    players: int


def matchpoints(scores: Mapping[K, int]) -> dict[K, float]:
    """Each player's share (0..1) of the others on one deal they beat, ties counting half;
    a player alone on the deal gets 1/2."""
    others = len(scores) - 1
    if others <= 0:
        return dict.fromkeys(scores, 0.5)
    ordered = sorted(scores.values())
    shares: dict[K, float] = {}
    for key, score in scores.items():
        below = bisect_left(ordered, score)
        equal = bisect_right(ordered, score) - below - 1  # the player's own score left out
        shares[key] = (below + equal / 2) / others
    return shares


def standings(results: Iterable[DealScore], deals: int) -> list[StandingRow]:
    """Everyone who played at least one deal, best first (see the module doc)."""
    by_deal: dict[int, dict[int, int]] = defaultdict(dict)
    names: dict[int, str] = {}
    points: dict[int, int] = defaultdict(int)
    played: dict[int, int] = defaultdict(int)
    for result in results:
        by_deal[result.deal][result.user_id] = result.score
        names[result.user_id] = result.name
        points[result.user_id] += result.score
        played[result.user_id] += 1
    total: dict[int, float] = defaultdict(float)
    for scores in by_deal.values():
        for user, share in matchpoints(scores).items():
            total[user] += share
    order = sorted(names, key=lambda u: (-round(total[u], 9), -points[u], names[u], u))
    rows: list[StandingRow] = []
    for index, user in enumerate(order):
        share = total[user] / max(deals, 1)
        place = index + 1
        if rows and round(rows[-1].share, 9) == round(share, 9) and rows[-1].points == points[user]:
            place = rows[-1].place
        rows.append(StandingRow(place, user, names[user], share, points[user], played[user]))
    return rows


def most_split(results: Iterable[DealScore]) -> Spread | None:
    """The deal played by two or more players whose scores differed most; the lowest deal
    number on a tie; None when no deal has two players yet, or the field agreed on all."""
    by_deal: dict[int, list[int]] = defaultdict(list)
    for result in results:
        by_deal[result.deal].append(result.score)
    best: Spread | None = None
    for number in sorted(by_deal):
        scores = by_deal[number]
        if len(scores) < 2:
            continue
        spread = Spread(number, statistics.pstdev(scores), min(scores), max(scores), len(scores))
        if spread.deviation > (0.0 if best is None else best.deviation):
            best = spread
    return best
