"""Two-player Klaverjas computers: the normal player against the easy one and a random one.

Each deal is played twice with the players' places swapped (a deal pair: the same cards,
the maker's seat held by each in turn), so the deal's luck cancels. Prints, per opponent,
the normal player's mean points a hand over the opponent's (its score minus the
opponent's, averaged over both hands of a pair) with a 95% interval, and hands per second.

    .venv/bin/python benchmarks/tweemans.py [--deals 400]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.compiled import describe  # noqa: E402
from bot.engine import (  # noqa: E402
    TWO_PLAYERS,
    Card,
    RuleSet,
    Suit,
    TweemansHand,
    TweemansView,
    apply_tweemans,
)
from bot.players.tweemans import (  # noqa: E402
    EasyTweemans,
    NormalTweemans,
    TweemansPlayer,
    next_action,
)

RULES = RuleSet.game_preset("tweemans")


class RandomTweemans:
    """Any suit, any legal card, every claim."""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(f"random-tweemans/{seed}")

    def choose_trump(self, view: TweemansView) -> Suit:
        """A random suit."""
        return self.rng.choice(list(Suit))

    def choose_card(self, view: TweemansView) -> Card:
        """A random legal card."""
        return self.rng.choice(view.legal)[1]

    def wants_claim(self, view: TweemansView) -> bool:
        """Always."""
        return True


def play_hand(seed: int, players: list[TweemansPlayer]) -> tuple[int, ...]:
    """Deal `seed` (player 1 deals, so player 0 names trump) played to its score."""
    hand = TweemansHand.deal(RULES, TWO_PLAYERS.players[1], random.Random(f"bench/{seed}"))
    while hand.result is None:
        apply_tweemans(hand, next_action(hand, players))
    return hand.result.scores


def pair(seed: int, opponent: Callable[[int], TweemansPlayer]) -> float:
    """The normal player's points a hand over `opponent` on deal `seed`, both places."""
    first = play_hand(seed, [NormalTweemans(seed), opponent(seed)])
    second = play_hand(seed, [opponent(seed), NormalTweemans(seed)])
    return ((first[0] - first[1]) + (second[1] - second[0])) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    args = parser.parse_args()
    print(describe())
    opponents: dict[str, Callable[[int], TweemansPlayer]] = {
        "easy": EasyTweemans,
        "random": RandomTweemans,
    }
    for name, opponent in opponents.items():
        start = time.perf_counter()
        diffs = [pair(seed, opponent) for seed in range(args.deals)]
        seconds = time.perf_counter() - start
        mean = statistics.fmean(diffs)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
        print(
            f"normal vs {name}: {mean:+.1f} a hand "
            f"(95% {mean - half:+.1f}..{mean + half:+.1f}, {args.deals} deal pairs), "
            f"{2 * args.deals / seconds:,.0f} hands/s"
        )


if __name__ == "__main__":
    main()
