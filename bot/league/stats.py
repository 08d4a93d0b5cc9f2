"""A player's season in numbers, from the stored score-sheet lines of their rounds.

Rounds entered as totals have no lines: they count for nights, rounds, hands, points, roem
and nat, but not for hands as maker or pits, which only a line can tell. A table of three
counts as its sheet says: the player's own total, the hands he played solo as hands as
maker, his nat hands as solo; its points are the table's own, not the standings' scaled
ones.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.engine.seats import FOUR_SEATS

from .standings import NightData

__all__ = ["PlayerSeason", "player_season"]


@dataclass(slots=True)
class PlayerSeason:
    """A player's season over the closed nights: nights, rounds, hands and points."""

    user_id: int
    nights: int = 0
    rounds: int = 0
    hands: int = 0
    points: int = 0  # their pairs' round totals
    hands_as_maker: int = 0
    nat: int = 0  # hands their pair made trump and went nat
    pits: int = 0
    roem: int = 0
    partners: set[int] = field(default_factory=set)

    @property
    def points_per_hand(self) -> float:
        """Their pairs' points per hand played."""
        return self.points / self.hands if self.hands else 0.0

    @property
    def nat_rate(self) -> float:
        """Share of the hands they made trump in that went nat (lines only)."""
        return self.nat / self.hands_as_maker if self.hands_as_maker else 0.0


def player_season(user_id: int, nights: Iterable[NightData]) -> PlayerSeason:
    """The player's season statistics over `nights`."""
    stats = PlayerSeason(user_id)
    for night in nights:
        if any(user_id in draw.byes or user_id in draw.seated for draw in night.draws):
            stats.nights += 1
        for result in night.results.values():
            if result.void or user_id not in result.seats:
                continue
            seat = result.seats.index(user_id)
            pair = result.side_of(seat)
            if not result.three:  # a table of three has no partners
                partner = result.seats[FOUR_SEATS.partner_of(seat)]
                if partner is not None:
                    stats.partners.add(partner)
            stats.rounds += 1
            stats.hands += result.hands
            stats.points += result.totals[pair]
            stats.roem += result.roem[pair]
            stats.nat += result.nats[pair]
            stats.hands_as_maker += sum(1 for line in result.lines if line.makers == pair)
            stats.pits += sum(1 for line in result.lines if line.pit == pair)
            # a table of three: the hands the player played solo, and those he took all ten
            stats.hands_as_maker += sum(1 for line in result.three_lines if line.solo == seat)
            stats.pits += sum(
                1 for line in result.three_lines if line.solo == seat and line.pit == 0
            )
    return stats
