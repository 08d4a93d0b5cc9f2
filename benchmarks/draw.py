"""The league draw: how long a night's draw takes, and how well it avoids repeats.

Prints the time to draw 64 players over 4 rounds (best of several runs, so another process
on the machine does not count), then for a few sizes the repeated partners, repeated
opponents and most byes for one player, summed over several seeds.
Run: ``.venv/bin/python benchmarks/draw.py [--seeds 20]``.
"""

from __future__ import annotations

import argparse
import time

from bot.league.draw import Meetings
from bot.terminal.league_draw import night_draws

SIZES = ((8, 3), (12, 4), (13, 3), (15, 4), (16, 5), (16, 8), (20, 5), (32, 6), (64, 4), (100, 5))


def timed(players: int, rounds: int, runs: int) -> float:
    best = float("inf")
    for run in range(runs):
        start = time.perf_counter()
        night_draws(players, rounds, f"bench{run}", "individual")
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=20, help="seeds per size")
    args = parser.parse_args()
    seconds = timed(64, 4, 10)
    print(f"64 players x 4 rounds: {seconds * 1000:.1f} ms (best of 10)")
    print(
        f"{'players':>7} {'rounds':>6}  partners repeated  opponents repeated  most byes"
        f"  (over {args.seeds} seeds; worst seed in brackets)"
    )
    for players, rounds in SIZES:
        partners, opponents, byes = [], [], []
        for seed in range(args.seeds):
            meetings = Meetings.of(night_draws(players, rounds, f"s{seed}", "individual"))
            p, o = meetings.repeats()
            partners.append(p)
            opponents.append(o)
            byes.append(max(meetings.byes.values(), default=0))
        print(
            f"{players:>7} {rounds:>6}  {sum(partners):>8} ({max(partners)})"
            f"  {sum(opponents):>11} ({max(opponents)})  {max(byes):>9}"
        )


if __name__ == "__main__":
    main()
