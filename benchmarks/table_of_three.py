"""A league's table of three: what a driemans player scores a hand against what a pair of
the four-player game scores, both between normal computers (docs/decisions.md, "Leagues":
why the standings scale a table of three's totals).

    .venv/bin/python benchmarks/table_of_three.py [--matches 100] [--hands 16]

Prints the mean score a player a hand at a table of three (each player's own line), the
mean total a pair a hand at a table of four (what each of its two players is credited),
their ratio, and what a table-of-three player would lose a round of `--hands` hands
without the scaling.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine import DriemansMatch, RuleSet  # noqa: E402
from bot.engine.seats import SEATS  # noqa: E402
from bot.players import HeuristicPlayer, Player, play_match  # noqa: E402
from bot.players.driemans import DriemansPlayer, NormalDriemans  # noqa: E402
from bot.players.driemans import play_match as play_three  # noqa: E402


def three_per_hand(matches: int) -> list[float]:
    """Each driemans match's mean score a player a hand, all three normal computers."""
    rules = RuleSet.game_preset("driemans")
    means = []
    for number in range(matches):
        players: list[DriemansPlayer] = [
            NormalDriemans(f"{number}/{seat}") for seat in rules.seating.seats
        ]
        match = play_three(DriemansMatch(rules, f"three/{number}"), players)
        scores = [score for line in match.sheet for score in line.scores]
        means.append(sum(scores) / len(scores))
    return means


def four_per_hand(matches: int) -> list[float]:
    """Each four-player match's mean pair total a hand, four normal computers."""
    rules = RuleSet.preset("amsterdam")
    means = []
    for number in range(matches):
        players: list[Player] = [HeuristicPlayer(f"{number}/{s}") for s in SEATS]
        match = play_match(rules, f"four/{number}", players)
        totals = [score for line in match.sheet for score in line.scores]
        means.append(sum(totals) / len(totals))
    return means


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--hands", type=int, default=16)
    args = parser.parse_args()
    three, four = three_per_hand(args.matches), four_per_hand(args.matches)
    for name, means in (("a driemans player", three), ("a four-player pair", four)):
        half = 1.96 * statistics.stdev(means) / len(means) ** 0.5
        print(f"{name}: {statistics.mean(means):.1f} points a hand (+/- {half:.1f})")
    ratio = statistics.mean(four) / statistics.mean(three)
    lost = (statistics.mean(four) - statistics.mean(three)) * args.hands
    print(f"scale {ratio:.3f}; unscaled, a table-of-three player loses {lost:.0f} a round")


if __name__ == "__main__":
    main()
