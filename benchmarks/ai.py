"""Duplicate evaluation of the strong computer player against the normal one, and the ladder.

Every deal is played twice with the same cards (and the same turned trump suit): once with
the strong pair in seats 0/2, once in seats 1/3. The luck of the cards cancels, so the mean
of (strong pair's score - normal pair's score) per hand measures play alone. Printed: that
mean with a 95% confidence interval over deal pairs, each side's nat rate as makers, roem
collected per hand, and the strong player's time per decision (p50, p99) and search speed.

    nice -n 10 .venv/bin/python benchmarks/ai.py --deals 200      # a quick look
    nice -n 10 .venv/bin/python benchmarks/ai.py                  # 2,000 deal pairs

On a loaded machine the full run can be split: shards of consecutive deals (``--first``)
each save their tally (``--out``), and ``--merge`` prints the report of them all.

    benchmarks/ai.py --deals 1000 --out a.json & benchmarks/ai.py --first 1000 \
        --deals 1000 --out b.json; benchmarks/ai.py --merge a.json b.json

A variant is compared with a baseline on the same deals by the paired difference of their
per-pair results (the deals' luck cancels a second time): ``--merge`` the variant's shards
``--against`` the baseline's, listed in the same order.

    benchmarks/ai.py --merge v0.json v200.json --against b0.json b200.json

``--opponent`` seats another pair: ``easy``, ``dmc`` (``benchmarks/montecarlo.py``, a plain
determinized Monte Carlo player) or ``search`` (the strong player without the model);
``--player`` seats another kind than the strong one (``easy``, ``normal``, ``dmc``);
``--unknown`` the strong player as it plays against people and strong computers
(``UNKNOWN_OPTIONS``: nobody modelled), and ``--plain`` its search alone, without any
options (the baseline of the experiments). The levels as a ladder, each gap from saved
tallies:

    benchmarks/ai.py --player easy --deals 400 --out easy.json
    benchmarks/ai.py --unknown --deals 400 --cpu-clock --out strong.json
    benchmarks/ai.py --ladder easy.json strong.json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ismcts import ISMCTSPlayer  # noqa: E402
from benchmarks.montecarlo import MonteCarloPlayer  # noqa: E402
from bot.compiled import describe  # noqa: E402
from bot.engine import CallDouble, Card, Hand, PassDouble, Phase, RuleSet, Suit  # noqa: E402
from bot.engine.seats import FOUR_SEATS, SEATS, SIDES, pair_of  # noqa: E402
from bot.players import (  # noqa: E402
    MODEL_OPTIONS,
    UNKNOWN_OPTIONS,
    EasyPlayer,
    HeuristicPlayer,
    Player,
    SearchPlayer,
    SeatView,
)
from bot.players.runner import claim_action, move_action  # noqa: E402

T = TypeVar("T")


@dataclass
class Timed:
    """A player whose decisions are timed (the table waits this long for it)."""

    player: Player
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # the thread's CPU time per decision
    nodes: list[int] = field(default_factory=list)

    def choose_trump(self, view: SeatView) -> Suit | None:
        return self._time(lambda: self.player.choose_trump(view))

    def choose_card(self, view: SeatView) -> Card:
        return self._time(lambda: self.player.choose_card(view))

    def wants_claim(self, view: SeatView) -> bool:
        return self.player.wants_claim(view)

    def wants_call(self, view: SeatView) -> bool:
        return self._time(lambda: self.player.wants_call(view))

    def _time(self, decide: Callable[[], T]) -> T:
        start, cpu = time.perf_counter(), time.thread_time()
        answer = decide()
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.thread_time() - cpu)
        self.nodes.append(getattr(self.player, "nodes", 0))
        return answer


@dataclass
class Tally:
    diffs: list[float] = field(default_factory=list)  # per deal pair: mean strong - normal
    made: dict[str, int] = field(default_factory=lambda: {"strong": 0, "normal": 0})
    nat: dict[str, int] = field(default_factory=lambda: {"strong": 0, "normal": 0})
    roem: dict[str, int] = field(default_factory=lambda: {"strong": 0, "normal": 0})
    hands: int = 0
    # Per hand: who made trump ("strong"/"normal") and the hand's strong - normal score.
    by_makers: list[tuple[str, int]] = field(default_factory=list)
    # The kraak calls (rules with doubling): per side, how often each level (kraak,
    # rekraak, superkraak) was asked and called; per called hand, the side that called
    # last, the calls made, whether that side won the hand, and the strong - normal score.
    asked: dict[str, list[int]] = field(
        default_factory=lambda: {"strong": [0] * 3, "normal": [0] * 3}
    )
    called: dict[str, list[int]] = field(
        default_factory=lambda: {"strong": [0] * 3, "normal": [0] * 3}
    )
    called_hands: list[tuple[str, int, bool, int]] = field(default_factory=list)
    # What held the two sides ("strong" and "normal" above stand for these).
    names: tuple[str, str] = ("strong", "normal")


def play(
    hand: Hand, players: list[Player], calls: list[tuple[int, int, bool]] | None = None
) -> Hand:
    """Play ``hand`` out; ``calls`` collects each call decision as (seat, level, called)."""
    while hand.phase != Phase.DONE:
        claim = claim_action(hand, players)
        if claim is not None:
            hand.apply(claim)
        if hand.result is None:
            action = move_action(hand, players)
            if calls is not None and isinstance(action, CallDouble | PassDouble):
                calls.append((action.seat, action.level, isinstance(action, CallDouble)))
            hand.apply(action)
    return hand


def count_calls(
    tally: Tally, hand: Hand, strong_pair: int, calls: list[tuple[int, int, bool]]
) -> None:
    """The hand's call decisions and, for a called hand, how it ended."""
    assert hand.result is not None
    for seat, level, called in calls:
        side = "strong" if pair_of(seat) == strong_pair else "normal"
        tally.asked[side][level - 1] += 1
        tally.called[side][level - 1] += called
    if hand.calls:
        last = pair_of(hand.calls[-1])
        side = "strong" if last == strong_pair else "normal"
        scores = hand.result.scores
        won = hand.result.loser != last
        diff = scores[strong_pair] - scores[1 - strong_pair]
        tally.called_hands.append((side, len(hand.calls), won, diff))


def deal_pair(
    index: int,
    rules: RuleSet,
    seed: str,
    strong: list[Timed],
    tally: Tally,
    opponents: list[Player] | None = None,
) -> None:
    """One deal played twice, the pairs swapped; ``opponents`` (default: normal players)
    hold the other pair's seats."""
    normal = opponents or [HeuristicPlayer(f"{seed}/{index}/{s}") for s in SEATS]
    diff = 0.0
    for strong_pair in SIDES:
        players: list[Player] = [
            strong[s] if pair_of(s) == strong_pair else normal[s] for s in SEATS
        ]
        calls: list[tuple[int, int, bool]] = []
        deal = Hand.deal(rules, FOUR_SEATS.seat(index), random.Random(f"{seed}/deal/{index}"))
        hand = play(deal, players, calls)
        assert hand.result is not None
        count_calls(tally, hand, strong_pair, calls)
        scores = hand.result.scores
        diff += scores[strong_pair] - scores[1 - strong_pair]
        made = "strong" if hand.result.makers == strong_pair else "normal"
        tally.by_makers.append((made, scores[strong_pair] - scores[1 - strong_pair]))
        for pair in SIDES:
            side = "strong" if pair == strong_pair else "normal"
            tally.roem[side] += hand.roem[pair]
            if hand.result.makers == pair:
                tally.made[side] += 1
                tally.nat[side] += hand.result.nat
        tally.hands += 1
    tally.diffs.append(diff / 2)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def save(path: str, tally: Tally, strong: list[Timed], elapsed: float, first: int) -> None:
    data = {
        "first": first,
        "names": list(tally.names),
        "tally": {k: v for k, v in vars(tally).items() if k != "names"},
        "times": [t for p in strong for t in p.times],
        "cpu": [t for p in strong for t in p.cpu],
        "nodes": sum(n for p in strong for n in p.nodes),
        "elapsed": elapsed,
    }
    Path(path).write_text(json.dumps(data))


def merged(paths: list[str]) -> tuple[Tally, list[Timed], float]:
    """One tally, and one timed stand-in holding every decision time, from saved shards."""
    tally, timed, elapsed = Tally(), Timed(SearchPlayer("merge")), 0.0
    for path in paths:
        data = json.loads(Path(path).read_text())
        tally.names = tuple(data.get("names", tally.names))  # type: ignore[assignment]
        tally.diffs += data["tally"]["diffs"]
        tally.hands += data["tally"]["hands"]
        tally.by_makers += [(m, d) for m, d in data["tally"].get("by_makers", [])]
        for name in ("made", "nat", "roem"):
            for side, value in data["tally"][name].items():
                getattr(tally, name)[side] += value
        for name in ("asked", "called"):
            for side, values in data["tally"].get(name, {}).items():
                counts = getattr(tally, name)[side]
                counts[:] = [a + b for a, b in zip(counts, values, strict=True)]
        tally.called_hands += [tuple(h) for h in data["tally"].get("called_hands", [])]  # type: ignore[misc]
        timed.times += data["times"]
        timed.cpu += data.get("cpu", [])
        timed.nodes.append(data["nodes"])
        elapsed = max(elapsed, data["elapsed"])
    return tally, [timed], elapsed


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% confidence interval."""
    mean = statistics.fmean(values)
    n = len(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else float("nan")
    return mean, mean - half, mean + half


def firsts(paths: list[str]) -> list[int | None]:
    return [json.loads(Path(p).read_text()).get("first") for p in paths]


def paired(tally: Tally, paths: list[str], base: list[str]) -> None:
    """The variant's per-pair results minus the baseline's on the same deals."""
    against = merged(base)[0]
    if len(against.diffs) != len(tally.diffs) or firsts(paths) != firsts(base):
        raise SystemExit("--against needs the baseline's shards of the same deals, in order")
    diffs = [a - b for a, b in zip(tally.diffs, against.diffs, strict=True)]
    mean, low, high = interval(diffs)
    spread = statistics.stdev(diffs)
    print(
        f"paired variant - baseline: {mean:+.1f} points per hand (95% CI {low:+.1f}..{high:+.1f}),"
        f" spread {spread:.0f} per deal pair"
    )


def report(tally: Tally, strong: list[Timed], elapsed: float) -> None:
    n = len(tally.diffs)
    mean, low, high = interval(tally.diffs)
    print(f"deal pairs: {n} ({tally.hands} hands) in {elapsed:.0f} s")
    player, opponent = tally.names
    print(f"{player} - {opponent}: {mean:+.1f} points per hand (95% CI {low:+.1f}..{high:+.1f})")
    for side, name in zip(("strong", "normal"), tally.names, strict=True):
        made = tally.made[side]
        rate = tally.nat[side] / made if made else 0.0
        roem = tally.roem[side] / tally.hands
        print(f"{name}: made trump {made} times, nat {rate:.1%}; roem {roem:.1f} per hand")
    for side, name in zip(("strong", "normal"), tally.names, strict=True):
        hands = [d for m, d in tally.by_makers if m == side]
        if hands:  # where the difference comes from: the hands each side made
            print(
                f"hands {name} made: {player} - {opponent} {statistics.fmean(hands):+.1f} per"
                f" hand, {sum(hands) / max(1, tally.hands):+.1f} of the overall figure"
            )
    if any(sum(a) for a in tally.asked.values()):
        report_calls(tally)
    times = [t for p in strong for t in p.times]
    nodes = sum(n for p in strong for n in p.nodes)
    if times:
        p50, p99 = percentile(times, 0.5) * 1000, percentile(times, 0.99) * 1000
        speed = nodes / sum(times)
        print(
            f"{player} decisions: {len(times)}, p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
            f"max {max(times) * 1000:.1f} ms; {speed:,.0f} search nodes/s"
        )
    cpu = [t for p in strong for t in p.cpu]
    if cpu:  # what a quiet core would take: the load does not stretch it
        p50, p99 = percentile(cpu, 0.5) * 1000, percentile(cpu, 0.99) * 1000
        print(f"their CPU time: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(cpu) * 1000:.1f} ms")


def report_calls(tally: Tally) -> None:
    """How often each side called at each level, and how the hands it called ended."""
    levels = ("kraak", "rekraak", "superkraak")
    for side, name in zip(("strong", "normal"), tally.names, strict=True):
        rates = ", ".join(
            f"{level} {called}/{asked}"
            for level, called, asked in zip(
                levels, tally.called[side], tally.asked[side], strict=True
            )
        )
        print(f"{name} calls (called/asked): {rates}")
        hands = [h for h in tally.called_hands if h[0] == side]
        if hands:
            won = sum(h[2] for h in hands)
            mean = statistics.fmean(h[3] for h in hands)
            print(
                f"  hands {name} called last: {len(hands)}, won {won} ({won / len(hands):.0%});"
                f" {tally.names[0]} - {tally.names[1]} {mean:+.1f} per such hand"
            )


def ladder(paths: list[str]) -> None:
    """The levels as a ladder: each saved run (one file, or shards joined by commas) is one
    rung, printed as the gap of the stronger of its two players over the weaker, with its
    95% CI and the measured player's CPU time per decision."""
    print("ladder (points per hand, duplicate play, 95% CI):")
    for group in paths:
        tally, timed, _ = merged(group.split(","))
        mean, low, high = interval(tally.diffs)
        upper, lower = tally.names
        if mean < 0:  # the measured player is the weaker one: say the gap the other way
            upper, lower, mean, low, high = lower, upper, -mean, -high, -low
        cpu = timed[0].cpu
        p99 = f"; CPU p99 {percentile(cpu, 0.99) * 1000:.0f} ms" if cpu else ""
        print(
            f"  {upper} over {lower}: {mean:+.1f} ({low:+.1f}..{high:+.1f}),"
            f" {len(tally.diffs)} deal pairs{p99}"
        )


def opponent_pair(kind: str, seed: str, options: dict[str, Any]) -> list[Player] | None:
    """The other pair's four seats (None: normal players, a fresh pair per deal)."""
    if kind == "search":
        plain = {**options, "model_eps": 0.0, "model_policy": ""}
        return [SearchPlayer(f"{seed}/plain/{s}", **plain) for s in SEATS]
    if kind == "dmc":
        return [MonteCarloPlayer(f"{seed}/dmc/{s}") for s in SEATS]
    if kind == "easy":
        return [EasyPlayer(f"{seed}/easy/{s}") for s in SEATS]
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=2000, help="deal pairs (default 2000)")
    parser.add_argument("--budget", type=float, default=None, help="ms per strong decision")
    parser.add_argument("--exact", type=int, default=None, help="cards searched exactly")
    parser.add_argument("--samples", type=int, default=None, help="most samples per decision")
    parser.add_argument("--playouts", type=int, default=None, help="playouts per sample and card")
    parser.add_argument("--noise", type=float, default=None, help="chance of a random playout move")
    parser.add_argument("--noisy", default=None, help="noisy playout seats: all, us, them")
    parser.add_argument("--policy", type=int, default=None, help="solver POLICY_* bits")
    parser.add_argument("--bid-margin", type=float, default=None, help="bidding inference margin")
    parser.add_argument(
        "--model-eps",
        type=float,
        default=None,
        help="likelihood sampling: the model's error rate (0: off)",
    )
    parser.add_argument("--model-seats", default=None, help="modelled seats: them, all")
    parser.add_argument(
        "--blind",
        choices=("us", "them", "all"),
        default=None,
        help="whose greedy playout moves do not see the sample's hidden cards",
    )
    parser.add_argument(
        "--inference",
        choices=("model", "sound"),
        default=None,
        help="with --model-eps: weigh the plays by the normal heuristic's choices (model) or "
        "by sound play only (sound: cheapest loser, dearest smear behind a partner)",
    )
    parser.add_argument("--model-tries", type=int, default=None, help="deals tried per sample")
    parser.add_argument(
        "--model-exact",
        type=int,
        choices=(0, 1),
        default=None,
        help="1: the --model-policy seats play the model's card in the exact search too",
    )
    parser.add_argument(
        "--bid-exact",
        type=int,
        choices=(0, 1),
        default=None,
        help="1: the modelled seats' bids read as the heuristic makes them (no margins)",
    )
    parser.add_argument(
        "--model-exact-seats",
        choices=("policy", "them"),
        default=None,
        help="with --model-exact 1: which model-policy seats the exact search holds to it",
    )
    parser.add_argument(
        "--model-policy",
        default=None,
        help="playout policy by the model for: them, others, all, '' (nobody)",
    )
    parser.add_argument(
        "--fitted",
        default=None,
        help="model-policy seats that lead by the fitted lead (bot/players/leads.py): us, all",
    )
    parser.add_argument(
        "--prior", type=float, default=None, help="points for the normal player's lead"
    )
    parser.add_argument("--prior-follow", type=float, default=None, help="points for its follow")
    parser.add_argument(
        "--trump-policy",
        default=None,
        help="--model-policy for the playouts that value the trump choice (default: the same)",
    )
    parser.add_argument(
        "--card-search",
        choices=("pimc", "ismcts"),
        default="pimc",
        help="the strong card play: sampled perfect-information search (pimc, shipped) or "
        "information-set MCTS (ismcts, benchmarks/ismcts.py)",
    )
    parser.add_argument("--exploration", type=float, default=None, help="ismcts: UCB constant")
    parser.add_argument("--iterations", type=int, default=None, help="ismcts: most iterations")
    parser.add_argument("--pool", type=int, default=None, help="ismcts: distinct deals")
    parser.add_argument("--widen", type=float, default=None, help="ismcts: widening factor")
    parser.add_argument("--tree", default=None, help="ismcts: tree seats: all, us, self")
    parser.add_argument(
        "--paired",
        action="store_const",
        const=True,
        default=None,
        help="ismcts: every legal card on every deal, a tree below each",
    )
    parser.add_argument(
        "--nodes",
        type=int,
        default=None,
        help="search nodes per strong decision instead of a time budget (compares variants "
        "independently of the machine's load)",
    )
    parser.add_argument(
        "--cpu-clock",
        action="store_true",
        help="bound each decision by its thread's CPU time instead of the wall clock (compares "
        "variants on a shared machine; the printed times stay wall-clock)",
    )
    parser.add_argument(
        "--opponent",
        choices=("normal", "easy", "dmc", "search"),
        default="normal",
        help="the other pair: normal (the heuristic), easy, dmc (a plain determinized Monte "
        "Carlo player: 50 deals per card, greedy playouts), or search: the strong player "
        "without the opponent model (model_eps 0, no model policy), with the same budget -- "
        "does the model, fitted to normal players, cost anything against players that are not?",
    )
    parser.add_argument(
        "--player",
        choices=("strong", "normal", "easy", "dmc"),
        default="strong",
        help="the measured pair (default the strong player); the others for the ladder",
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help="the strong player's search alone: no model of normal computers "
        "(MODEL_OPTIONS off) and none of UNKNOWN_OPTIONS",
    )
    parser.add_argument(
        "--unknown",
        action="store_true",
        help="the strong player as it plays against people and strong computers "
        "(UNKNOWN_OPTIONS: nobody modelled, its own pair's playout from its own view)",
    )
    parser.add_argument(
        "--ladder", nargs="+", default=None, help="print saved runs as the ladder of levels"
    )
    parser.add_argument("--rules", "--preset", default="amsterdam", help="rule preset")
    parser.add_argument("--seed", default="ai-bench")
    parser.add_argument("--first", type=int, default=0, help="index of the first deal")
    parser.add_argument("--out", default=None, help="save the tally here (JSON)")
    parser.add_argument("--merge", nargs="+", default=None, help="report saved tallies")
    parser.add_argument(
        "--against", nargs="+", default=None, help="with --merge: the baseline's saved tallies"
    )
    args = parser.parse_args()
    if args.ladder:
        ladder(args.ladder)
        return
    if args.merge:
        report(*merged(args.merge))
        if args.against:
            paired(merged(args.merge)[0], args.merge, args.against)
        return
    rules = RuleSet.preset(args.rules)
    # The strong player as a table seats it against two normal computers: with their play
    # modelled (MODEL_OPTIONS; make_player). The flags below change any of it.
    options: dict[str, Any] = dict(MODEL_OPTIONS)
    if args.plain or args.unknown:
        options = {} if args.plain else dict(UNKNOWN_OPTIONS)
    if args.budget is not None:
        options["budget_ms"] = args.budget
    if args.cpu_clock:
        options["clock"] = time.thread_time
    # Each flag given is the SearchPlayer argument of the same meaning.
    for flag, name in (
        ("exact", "exact_cards"),
        ("samples", "max_samples"),
        ("playouts", "playouts"),
        ("noise", "noise"),
        ("noisy", "noisy"),
        ("policy", "policy"),
        ("bid_margin", "bid_margin"),
        ("model_eps", "model_eps"),
        ("model_seats", "model_seats"),
        ("inference", "inference"),
        ("blind", "blind"),
        ("model_tries", "model_tries"),
        ("model_policy", "model_policy"),
        ("trump_policy", "trump_policy"),
        ("fitted", "fitted"),
        ("prior", "prior"),
        ("prior_follow", "prior_follow"),
        ("model_exact", "model_exact"),
        ("bid_exact", "bid_exact"),
        ("model_exact_seats", "model_exact_seats"),
        ("exploration", "exploration"),
        ("iterations", "max_iterations"),
        ("pool", "pool"),
        ("paired", "paired"),
        ("widen", "widen"),
        ("tree", "tree"),
    ):
        if getattr(args, flag) is not None:
            value = getattr(args, flag)
            options[name] = bool(value) if flag in ("model_exact", "bid_exact") else value
    if args.nodes is not None:  # the node budget alone bounds the decision
        options["node_budget"] = args.nodes
        options["budget_ms"] = 1e9
    kind = ISMCTSPlayer if args.card_search == "ismcts" else SearchPlayer
    makers: dict[str, Callable[[str], Player]] = {
        "strong": lambda seed: kind(seed, **options),
        "normal": HeuristicPlayer,
        "easy": EasyPlayer,
        "dmc": MonteCarloPlayer,
    }
    strong = [Timed(makers[args.player](f"{args.seed}/{args.player}/{s}")) for s in SEATS]
    opponents = opponent_pair(args.opponent, args.seed, options)
    name = args.player
    if args.player == "strong" and (args.plain or args.unknown):
        name = "strong (plain)" if args.plain else "strong (unknown)"
    print(
        f"{describe()}; rules {rules.label}; {name} against {args.opponent}; "
        f"card search: {args.card_search}"
    )
    tally = Tally(names=(name, args.opponent))
    start = time.perf_counter()
    for index in range(args.first, args.first + args.deals):
        deal_pair(index, rules, args.seed, strong, tally, opponents)
        if args.out and (index + 1 - args.first) % 100 == 0:  # a cut run keeps its figures
            save(args.out, tally, strong, time.perf_counter() - start, args.first)
    elapsed = time.perf_counter() - start
    if args.out:
        save(args.out, tally, strong, elapsed, args.first)
    report(tally, strong, elapsed)


if __name__ == "__main__":
    main()
