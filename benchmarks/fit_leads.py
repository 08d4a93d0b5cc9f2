"""Fit the playout lead of ``bot/players/leads.py`` to the strong player's own leads.

Reads card decisions recorded by ``benchmarks/agreement.py --save`` and fits the weights
of ``leads.FEATURES`` to the leads among them: starting from the normal player's lead
alone, each weight in turn tries steps up and down and keeps one that lowers the regret
(as in agreement.py: how far below the search's own choice the search valued the lead
picked). Printed: agreement and regret on the training and the held-out decisions, for the
normal player's lead and the fitted one, and the weights as ``leads.WEIGHTS`` takes them.

    .venv/bin/python benchmarks/fit_leads.py --train a.pkl b.pkl --test c.pkl
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agreement import Decision, move  # noqa: E402

from bot.engine import CARDS  # noqa: E402
from bot.players.leads import FEATURES, lead_features  # noqa: E402
from bot.players.opponent_model import Model  # noqa: E402
from bot.players.search import _voids  # noqa: E402

Row = tuple[list[list[float]], list[float], list[int], Decision]


def rows_of(paths: list[str]) -> list[Row]:
    """Per lead decision: each legal card's features, its value, its index, the decision."""
    rows: list[Row] = []
    for path in paths:
        for d in pickle.loads(Path(path).read_bytes()):
            view = d.view
            if view.current:
                continue
            assert view.trump is not None
            model = Model(int(view.trump), view.rules)
            mine = d.hands[view.seat]
            unseen = (d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]) & ~mine
            model.at(view.seat, mine, unseen, _voids(view))
            maker = view.makers == view.pair
            chooser = -1 if view.chooser is None else view.chooser
            cards = [int(c) for c in view.legal]
            legal = sum(1 << c for c in cards)
            normal = model.lead(legal, maker, chooser)
            features = [
                [float(x) for x in lead_features(model, c, maker, chooser, normal)] for c in cards
            ]
            rows.append((features, [d.values[CARDS[c]] for c in cards], cards, d))
    return rows


def fit(rows: list[Row], passes: int) -> list[float]:
    """Weights that lower the training leads' regret: from the normal player's lead alone,
    each weight in turn tries larger and smaller steps and keeps whatever lowers it."""
    n = len(FEATURES)
    w = [0.0] * n
    w[0] = 100.0
    best = judge(rows, w)[1]
    for _ in range(passes):
        improved = False
        for i in range(1, n):
            for step in (50.0, 20.0, 5.0, -5.0, -20.0, -50.0):
                trial = list(w)
                trial[i] += step
                regret = judge(rows, trial)[1]
                if regret < best - 1e-9:
                    w, best, improved = trial, regret, True
        if not improved:
            break
    return w


def judge(rows: list[Row], weights: list[float] | None) -> tuple[float, float]:
    """Agreement with the search and mean regret: of ``weights`` (None: the normal lead)."""
    same, regret = [], []
    for features, values, cards, d in rows:
        if weights is None:
            card = int(move("normal", d.view, d.hands))
        else:
            scores = [sum(w * x for w, x in zip(weights, f, strict=True)) for f in features]
            card = cards[scores.index(max(scores))]
        same.append(CARDS[card] == d.card)
        regret.append(d.values[d.card] - values[cards.index(card)])
    return statistics.fmean(same), statistics.fmean(regret)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--train", nargs="+", required=True)
    parser.add_argument("--test", nargs="+", required=True)
    parser.add_argument("--passes", type=int, default=6, help="rounds over the weights")
    args = parser.parse_args()
    train, test = rows_of(args.train), rows_of(args.test)
    ints = [round(w) for w in fit(train, args.passes)]
    for name, rows in (("training", train), ("held out", test)):
        for label, chosen in (("normal", None), ("fitted", [float(i) for i in ints])):
            same, regret = judge(rows, chosen)
            print(f"{name} ({len(rows)} leads) {label}: agrees {same:.1%}, regret {regret:.2f}")
    for name, value in zip(FEATURES, ints, strict=True):
        print(f"    {value:6d},  # {name}")


if __name__ == "__main__":
    main()
