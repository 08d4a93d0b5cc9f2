"""How close fast playout policies come to the strong player's own card choices.

The strong player values each legal card by playing the rest of the hand out with a fast
policy on sampled deals (``bot/players/search.py``). A policy that plays more like the
search values the search's own later cards more truly. This plays hands of the strong pair
(as it plays against people, ``UNKNOWN_OPTIONS``) against normal computers and keeps each
of its card decisions that had a choice, with the true deal and the search's value of
every legal card (``--save``); then, from those decisions (``--load``), it asks every
candidate policy what it would have played:

- ``normal``: the normal player's card from the seat's own view (our pair's playout now);
- ``fitted``: the same with the lead of ``bot/players/leads.py``;
- ``greedy``: the solver's greedy policy seeing every hand of the true deal;
- ``blind``: the greedy policy judging the other hands from the seat's view only;

each with the solver's ``POLICY_*`` bits as ``+N``, and ``A/B`` for A's lead and B's
follow. Printed per policy and kind of decision: how often it picks the search's card, and
its mean regret by the search's own values (points per hand the search valued its card
above the policy's).

    nice -n 5 .venv/bin/python benchmarks/agreement.py --deals 40 --save d.pkl
    .venv/bin/python benchmarks/agreement.py --load d.pkl normal fitted blind+1 blind/normal
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import sys
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine import CARDS, Card, Hand, RuleSet, Suit  # noqa: E402
from bot.engine.cards import mask_of  # noqa: E402
from bot.engine.seats import FOUR_SEATS, SEATS, SIDES, pair_of  # noqa: E402
from bot.players import (  # noqa: E402
    UNKNOWN_OPTIONS,
    HeuristicPlayer,
    Player,
    SearchPlayer,
    SeatView,
)
from bot.players.opponent_model import Model  # noqa: E402
from bot.players.search import _totals, _voids  # noqa: E402
from bot.players.solver import Solver  # noqa: E402

DEFAULT = ("normal", "greedy", "blind")


class Decision(NamedTuple):
    view: SeatView
    hands: list[int]  # the true deal's hands at the decision (masks)
    card: Card  # the search's choice
    values: dict[Card, float]  # its mean value of each legal card


def move(policy: str, view: SeatView, hands: list[int]) -> Card:
    """The card ``policy`` (module doc) plays at ``view`` on the true deal ``hands``."""
    if "/" in policy:
        lead, follow = policy.split("/")
        return move(follow if view.current else lead, view, hands)
    name, _, bits = policy.partition("+")
    assert view.trump is not None and view.makers is not None
    solver = Solver(int(view.trump), view.makers, view.pair, view.rules)
    solver.flags = int(bits or 0)
    if name in ("normal", "fitted"):
        solver.fitted = (name == "fitted") << view.seat
        solver.model = Model(int(view.trump), view.rules)
        solver.modelled = 1 << view.seat
        solver.chooser = -1 if view.chooser is None else view.chooser
    elif name == "blind":
        solver.blind = 1 << view.seat
    elif name != "greedy":
        raise SystemExit(f"unknown policy {policy!r}")
    solver.setup(hands, view.leader, [int(c) for c in view.current], *_totals(view))
    solver.shown = _voids(view)
    return CARDS[solver._move(view.seat, solver.legal())]


class Recorder:
    """The strong player, keeping each card decision that had a choice."""

    def __init__(self, player: SearchPlayer, hand: list[Hand], kept: list[Decision]) -> None:
        self.player = player
        self.hand = hand  # the hand being played (a one-item box, set per deal)
        self.kept = kept

    def choose_trump(self, view: SeatView) -> Suit | None:
        return self.player.choose_trump(view)

    def wants_claim(self, view: SeatView) -> bool:
        return self.player.wants_claim(view)

    def wants_call(self, view: SeatView) -> bool:
        return self.player.wants_call(view)

    def choose_card(self, view: SeatView) -> Card:
        card = self.player.choose_card(view)
        if len(view.legal) > 1:
            hands = [mask_of(h) for h in self.hand[0].holdings]
            self.kept.append(Decision(view, hands, card, dict(self.player.card_values)))
        return card


def record(first: int, deals: int, seed: str) -> list[Decision]:
    """The strong pair's card decisions over ``deals`` deal pairs against normal players."""
    from ai import play  # the duplicate benchmark's hand loop

    rules = RuleSet.preset("amsterdam")
    box: list[Hand] = []
    kept: list[Decision] = []
    strong = [Recorder(SearchPlayer(f"agree/{s}", **UNKNOWN_OPTIONS), box, kept) for s in SEATS]
    for index in range(first, first + deals):
        normal = [HeuristicPlayer(f"{seed}/{index}/{s}") for s in SEATS]
        for pair in SIDES:
            hand = Hand.deal(rules, FOUR_SEATS.seat(index), random.Random(f"{seed}/deal/{index}"))
            box[:] = [hand]
            players: list[Player] = [strong[s] if pair_of(s) == pair else normal[s] for s in SEATS]  # type: ignore[misc]
            play(hand, players)
    return kept


def _kind(view: SeatView) -> str:
    return "follow" if view.current else "lead"


def report(decisions: list[Decision], policies: list[str]) -> None:
    print(f"card decisions with a choice: {len(decisions)}")
    for kind in ("lead", "follow", "all"):
        chosen = [
            d for d in decisions if kind == "all" or (kind == "follow") == bool(d.view.current)
        ]
        for policy in policies:
            same, regret = [], []
            for d in chosen:
                card = move(policy, d.view, d.hands)
                same.append(card == d.card)
                regret.append(d.values[d.card] - d.values[card])
            print(
                f"  {kind:6} {policy:14} agrees {statistics.fmean(same):6.1%}"
                f"  regret {statistics.fmean(regret):5.2f} points"
            )


def show(decisions: list[Decision], policy: str, kind: str, count: int) -> None:
    """The first ``count`` decisions of ``kind`` where ``policy`` differs from the search."""
    for d in decisions:
        if count <= 0:
            break
        view = d.view
        card = move(policy, view, d.hands)
        if _kind(view) != kind or card == d.card:
            continue
        count -= 1
        maker = "makers" if view.makers == view.pair else "defence"
        values = sorted(d.values.items(), key=lambda cv: -cv[1])
        print(
            f"trick {len(view.tricks) + 1}, trump {view.trump}, {maker}; hand "
            f"{' '.join(map(str, view.hand))}; played {' '.join(map(str, view.current))}"
        )
        print(
            f"  search {d.card}, {policy} {card} ({d.values[d.card] - d.values[card]:.1f});"
            f" values {', '.join(f'{c} {v:.0f}' for c, v in values)}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("policies", nargs="*", default=list(DEFAULT))
    parser.add_argument("--deals", type=int, default=40, help="deal pairs to record")
    parser.add_argument("--first", type=int, default=2000, help="first deal")
    parser.add_argument("--seed", default="ai-bench")
    parser.add_argument("--save", default=None, help="keep the recorded decisions here")
    parser.add_argument("--load", action="append", help="read recorded decisions (repeatable)")
    parser.add_argument("--show", type=int, default=0, help="print this many disagreements")
    parser.add_argument("--kind", default="lead", help="of this kind (lead, follow)")
    args = parser.parse_args()
    if args.load:
        decisions = [d for path in args.load for d in pickle.loads(Path(path).read_bytes())]
    else:
        decisions = record(args.first, args.deals, args.seed)
        if args.save:
            Path(args.save).write_bytes(pickle.dumps(decisions))
    report(decisions, args.policies)
    if args.show:
        show(decisions, args.policies[0], args.kind, args.show)


if __name__ == "__main__":
    main()
