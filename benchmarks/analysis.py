"""Analysis of a hand: the CPU one analysis takes, as the bot computes it.

Deals ``--hands`` hands (a fixed seed each), lets four normal computers play them out, and
analyses seat 0's decisions in each as the Analyse button does (bot/analysis: every
decision with an alternative, valued by the strong player's search of ``--nodes`` nodes
from seat 0's own view). Prints the decisions per analysis and the CPU time per decision
and per analysis (mean, p95 and max), measured in this process (one worker's work).

Run: ``nice -n 19 .venv/bin/python benchmarks/analysis.py [--hands 20] [--nodes 80000]``
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from bot.analysis import decisions_of, value_decision
from bot.engine import Match, RuleSet, action_from_dict
from bot.engine.actions import ChooseTrump, PassTrump, PlayCard
from bot.players import Effort, make_player, view_for


def played_hand(number: int) -> tuple[Match, list[dict[str, Any]]]:
    """Hand 1 of a match on a seed of its own, played out by four normal computers."""
    rules = RuleSet().with_options(roem_claiming="automatic")
    match = Match(rules, f"bench-analysis/{number}")
    hand = match.hand_of(1)
    actions: list[dict[str, Any]] = []
    while hand.result is None and hand.to_act is not None:
        seat = hand.to_act
        player = make_player("normal", f"bench/{number}/{len(actions)}")
        view = view_for(hand, seat)
        if view.trump_options is not None:
            suit = player.choose_trump(view)
            action: Any = PassTrump(seat) if suit is None else ChooseTrump(seat, suit)
        else:
            action = PlayCard(seat, player.choose_card(view))
        hand.apply(action)
        actions.append(action.to_dict())
    return match, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--nodes", type=int, default=Effort().nodes)
    args = parser.parse_args()
    effort = Effort(nodes=args.nodes)
    per_analysis, per_decision, counts = [], [], []
    for number in range(1, args.hands + 1):
        match, actions = played_hand(number)
        start = time.process_time()
        mine = [(data, action_from_dict(data).seat == 0) for data in actions]
        decisions = decisions_of(match.hand_of(1), mine, 0)
        for decision in decisions:
            before = time.process_time()
            value_decision(decision, f"bench/{number}/{decision.step}", effort)
            per_decision.append(time.process_time() - before)
        per_analysis.append(time.process_time() - start)
        counts.append(len(decisions))

    def line(name: str, values: list[float]) -> str:
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        return (
            f"{name}: mean {statistics.mean(values) * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms, max {max(values) * 1000:.0f} ms"
        )

    print(f"{args.hands} analyses, search effort {args.nodes} nodes a decision")
    print(f"decisions with an alternative per analysis: mean {statistics.mean(counts):.1f}")
    print("CPU per " + line("decision", per_decision))
    print("CPU per " + line("analysis", per_analysis))


if __name__ == "__main__":
    main()
