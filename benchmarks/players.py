"""Computer players: heuristic pair against random pair, and how fast the heuristic decides.

    .venv/bin/python benchmarks/players.py [--matches 100] [--preset amsterdam]

Every seed is played twice with the pairs swapped (duplicate), so both sides get the same
cards. Speed counts every decision (trump, card, claim) timed inside the player only, and
whole matches per second including the engine and view building.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine import Card, RuleSet, Suit  # noqa: E402
from bot.engine.seats import SEATS, SIDES, pair_of  # noqa: E402
from bot.players import HeuristicPlayer, Player, RandomPlayer, SeatView, play_match  # noqa: E402


class Timed:
    """Counts a player's decisions and the time spent making them."""

    def __init__(self, inner: Player, clock: list[float]) -> None:
        self.inner, self.clock = inner, clock

    def _time(self, start: float) -> None:
        self.clock[0] += time.perf_counter() - start
        self.clock[1] += 1

    def choose_trump(self, view: SeatView) -> Suit | None:
        start = time.perf_counter()
        suit = self.inner.choose_trump(view)
        self._time(start)
        return suit

    def choose_card(self, view: SeatView) -> Card:
        start = time.perf_counter()
        card = self.inner.choose_card(view)
        self._time(start)
        return card

    def wants_claim(self, view: SeatView) -> bool:
        start = time.perf_counter()
        claim = self.inner.wants_claim(view)
        self._time(start)
        return claim

    def wants_call(self, view: SeatView) -> bool:
        start = time.perf_counter()
        call = self.inner.wants_call(view)
        self._time(start)
        return call


def versus_random(rules: RuleSet, matches: int) -> None:
    margins: list[int] = []
    made = nat = hands = 0
    for i in range(matches):
        for smart in SIDES:
            players: list[Player] = [
                HeuristicPlayer(f"{i}/{s}") if pair_of(s) == smart else RandomPlayer(f"{i}/{s}")
                for s in SEATS
            ]
            match = play_match(rules, f"bench/{i}", players, first_dealer=0)
            margins.append(match.totals[smart] - match.totals[1 - smart])
            hands += len(match.sheet)
            mine = [line for line in match.sheet if line.makers == smart]
            made += len(mine)
            nat += sum(line.nat for line in mine)
    wins = sum(m > 0 for m in margins) + 0.5 * sum(m == 0 for m in margins)
    print(f"heuristic vs random, {len(margins)} matches ({rules.name}):")
    mean = statistics.mean(margins)
    print(
        f"  win rate {wins / len(margins):.1%}, mean margin {mean:+.0f} points/match "
        f"(min {min(margins):+d}), {sum(margins) / hands:+.1f} points/hand"
    )
    print(f"  heuristic made trump in {made / hands:.0%} of hands, nat in {nat / max(made, 1):.0%}")


def self_play_speed(rules: RuleSet, matches: int) -> None:
    clock = [0.0, 0]
    start = time.perf_counter()
    for i in range(matches):
        players = [Timed(HeuristicPlayer(f"{i}/{s}"), clock) for s in SEATS]
        play_match(rules, f"speed/{i}", players)
    wall = time.perf_counter() - start
    print(
        f"heuristic self-play, {matches} matches: {clock[1] / clock[0]:,.0f} decisions/s "
        f"in the player ({clock[0] / clock[1] * 1e6:.0f} us each), "
        f"{matches / wall:.1f} matches/s overall (engine and views included)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--preset", default="amsterdam")
    args = parser.parse_args()
    rules = RuleSet.preset(args.preset)
    versus_random(rules, args.matches)
    self_play_speed(rules, max(10, args.matches // 5))


if __name__ == "__main__":
    main()
