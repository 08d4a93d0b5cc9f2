"""How much a better-valued trump choice could win: every option played out by the search.

The strong player values each trump option by fast playouts on sampled deals
(``SearchPlayer.choose_trump``); its cards are then chosen by the search, which plays
better than the playout. This measures what that gap costs the trump choice. Strong
players (as they play against people, ``UNKNOWN_OPTIONS``, each decision a fixed search
effort) bid and play deals; at each trump decision on the way, every option the seat had
(each suit, and passing) is played out to the end of the hand by the four strong players
on the true deal. Each decision keeps the seat's estimate of every option, its realised
score (the seat's pair minus the other, the same deal for every option, so the deal's luck
cancels between options) and what the seat's own hand holds (``--save``).

From saved decisions (``--load``) it prints the realised points per decision of:

- the seat's own choice (the best estimate), and the best option in hindsight (a bound no
  player reaches: it knows the deal);
- a bias for passing of -30..+30 points;
- a correction learned from the hand (trumps held, the jack and nine, aces, position),
  fitted to (realised - estimate) and judged on the decisions it was not fitted to
  (five folds): the trump choice valued by the card play's own search, learned.

    nice -n 5 .venv/bin/python benchmarks/trump_choice.py --deals 100 --save t0.jsonl
    .venv/bin/python benchmarks/trump_choice.py --load t0.jsonl t100.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ai import play  # noqa: E402
from bot.engine import (  # noqa: E402
    Action,
    Card,
    ChooseTrump,
    Hand,
    PassTrump,
    Phase,
    Rank,
    RuleSet,
    Suit,
    pair_of,
)
from bot.engine.seats import FOUR_SEATS, SEATS  # noqa: E402
from bot.players import UNKNOWN_OPTIONS, Effort, Player, SearchPlayer  # noqa: E402
from bot.players.base import view_for  # noqa: E402

PASS = "pass"


def strong(seed: str, effort: Effort) -> list[Player]:
    """Four strong players as they play against people, at a fixed effort."""
    return [SearchPlayer(f"{seed}/{s}", **UNKNOWN_OPTIONS, **effort.options()) for s in SEATS]


def holding(hand: Hand, seat: int) -> dict[str, Any]:
    """What the seat holds, per suit: count, jack, nine, ace, ten."""
    cards: list[Card] = hand.holdings[seat]
    return {
        suit.name: [
            sum(1 for c in cards if c.suit == suit),
            int(Card.of(Rank.JACK, suit) in cards),
            int(Card.of(Rank.NINE, suit) in cards),
            int(Card.of(Rank.ACE, suit) in cards),
            int(Card.of(Rank.TEN, suit) in cards),
        ]
        for suit in Suit
    }


def record(rules: RuleSet, index: int, seed: str, deciders: Effort, effort: Effort) -> list[dict]:
    """Every trump decision of deal ``index`` on the strong players' own path, each option
    played out."""
    decisions: list[dict] = []
    hand = Hand.deal(rules, FOUR_SEATS.seat(index), random.Random(f"{seed}/deal/{index}"))
    while hand.phase == Phase.TRUMP:
        seat, position = hand.to_act, len(decisions)  # each decision before was a pass
        assert seat is not None
        decider = SearchPlayer(
            f"{seed}/{index}/est/{position}", **UNKNOWN_OPTIONS, **deciders.options()
        )
        view = view_for(hand, seat)
        choice = decider.choose_trump(view)
        options = view.trump_options
        assert options is not None
        realised: dict[str, int] = {}
        for option in [*options.suits, *([None] if options.can_pass else [])]:
            act: Action = PassTrump(seat) if option is None else ChooseTrump(seat, option)
            key = PASS if option is None else option.name
            branch = hand.copy()
            branch.apply(act)
            done = play(branch, strong(f"{seed}/{index}/{position}/{key}", effort))
            assert done.result is not None
            ours = pair_of(seat)
            realised[key] = done.result.scores[ours] - done.result.scores[1 - ours]
        decisions.append(
            {
                "deal": index,
                "position": position,
                "seat": seat,
                "choice": PASS if choice is None else choice.name,
                "estimate": {
                    (PASS if k is None else k.name): v for k, v in decider.trump_values.items()
                },
                "realised": realised,
                "holding": holding(hand, seat),
            }
        )
        if choice is not None:
            break
        hand.apply(PassTrump(seat))
    return decisions


# ---------------------------------------------------------------------- analysis
def features(decision: dict, key: str) -> list[float]:
    """What the correction of one option's estimate is fitted on."""
    late = float(decision["position"] >= 4)  # the second round: naming is forced
    if key == PASS:
        return [1.0, 0, 0, 0, 0, 0, 0, float(decision["position"]), 0]
    count, jack, nine, ace, ten = decision["holding"][key]
    aces = sum(h[3] for k, h in decision["holding"].items() if k != key)
    return [0, 1.0, count, jack, nine, ace + ten, aces, 0, late]


def solve(rows: list[list[float]], targets: list[float], ridge: float = 1.0) -> list[float]:
    """Least squares with a small ridge, by Gaussian elimination (a few features)."""
    n = len(rows[0])
    a = [
        [sum(r[i] * r[j] for r in rows) + (ridge if i == j else 0) for j in range(n)]
        for i in range(n)
    ]
    b = [sum(r[i] * t for r, t in zip(rows, targets, strict=True)) for i in range(n)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda k: abs(a[k][i]))
        a[i], a[pivot], b[i], b[pivot] = a[pivot], a[i], b[pivot], b[i]
        for k in range(i + 1, n):
            f = a[k][i] / a[i][i]
            a[k] = [x - f * y for x, y in zip(a[k], a[i], strict=True)]
            b[k] -= f * b[i]
    w = [0.0] * n
    for i in reversed(range(n)):
        w[i] = (b[i] - sum(a[i][j] * w[j] for j in range(i + 1, n))) / a[i][i]
    return w


Value = Callable[[dict, str], float]


def gains(decisions: list[dict], value: Value) -> list[float]:
    """Per decision: the realised score of the option with the highest ``value`` (passing on
    ties, as the player does) minus that of the seat's own choice."""
    return [
        d["realised"][max(d["estimate"], key=lambda k, d=d: (value(d, k), k == PASS))]
        - d["realised"][d["choice"]]
        for d in decisions
    ]


def estimate(d: dict, k: str) -> float:
    return float(d["estimate"][k])


def error(d: dict, k: str) -> float:
    return float(d["realised"][k] - d["estimate"][k])


def correction(train: list[dict]) -> Value:
    """The estimate plus the correction fitted on ``train``."""
    rows = [features(d, k) for d in train for k in d["estimate"]]
    w = solve(rows, [error(d, k) for d in train for k in d["estimate"]])
    return lambda d, k: estimate(d, k) + sum(x * y for x, y in zip(features(d, k), w, strict=True))


def interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0
    return f"{mean:+.2f} ({mean - half:+.2f}..{mean + half:+.2f})"


def analyse(decisions: list[dict]) -> None:
    """Print what each way of choosing realises over the seat's own choice."""
    deals = len({d["deal"] for d in decisions})
    own = statistics.fmean(d["realised"][d["choice"]] for d in decisions)
    print(f"{len(decisions)} trump decisions of {deals} deals; own choice realised {own:+.2f}")
    best = gains(decisions, lambda d, k: float(d["realised"][k]))
    print(f"the best option in hindsight: {interval(best)} per decision over the own choice")
    for name, passing in (("passing", True), ("naming a suit", False)):
        errs = [error(d, k) for d in decisions for k in d["estimate"] if (k == PASS) == passing]
        print(f"realised - estimate, {name}: {interval(errs)} over {len(errs)} options")
    for bias in (-30, -20, -10, -5, 5, 10, 20, 30):
        biased = gains(decisions, lambda d, k, b=bias: estimate(d, k) + (b if k == PASS else 0))
        print(f"pass bias {bias:+d}: {interval(biased)} per decision")
    folds, learned = 5, []
    for fold in range(folds):
        train = [d for d in decisions if d["deal"] % folds != fold]
        test = [d for d in decisions if d["deal"] % folds == fold]
        learned += gains(test, correction(train))
    print(f"learned correction, out of fold: {interval(learned)} per decision")
    rows = [features(d, k) for d in decisions for k in d["estimate"]]
    w = solve(rows, [error(d, k) for d in decisions for k in d["estimate"]])
    names = ["pass", "suit", "count", "jack", "nine", "ace/ten", "side aces", "pass pos", "late"]
    print("  fitted on all: " + ", ".join(f"{n} {x:+.1f}" for n, x in zip(names, w, strict=True)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", default="trump-choice")
    parser.add_argument("--rules", default="amsterdam")
    parser.add_argument("--nodes", type=int, default=30_000, help="search nodes per card")
    parser.add_argument("--save", help="append the decisions to this JSON lines file")
    parser.add_argument("--load", nargs="*", default=[], help="analyse these files")
    args = parser.parse_args()
    if args.load:
        decisions = []
        for path in args.load:
            decisions += [json.loads(line) for line in Path(path).read_text().splitlines()]
        analyse(decisions)
        return
    rules = RuleSet.preset(args.rules)
    deciders, effort = Effort(nodes=10**9), Effort(nodes=args.nodes, samples=200)
    for index in range(args.first, args.first + args.deals):
        decisions = record(rules, index, args.seed, deciders, effort)
        if args.save:
            with open(args.save, "a") as out:
                out.writelines(json.dumps(d) + "\n" for d in decisions)
        print(f"deal {index}: {len(decisions)} trump decisions", flush=True)


if __name__ == "__main__":
    main()
