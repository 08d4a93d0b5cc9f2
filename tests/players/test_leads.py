"""The playout lead fitted to the search's leads (``leads.fitted_lead``): a legal card,
from the seat's own view only."""

from __future__ import annotations

import random

from bot.engine import RuleSet
from bot.engine.cards import cards_of
from bot.players import SeatView
from bot.players.leads import FEATURES, WEIGHTS, lead_features
from bot.players.opponent_model import Model
from bot.players.search import _voids
from bot.players.solver import Solver

from .helpers import recorded_views


def _lead(view: SeatView, hands: list[int]) -> int:
    """The fitted lead of the view's seat on the deal ``hands``."""
    assert view.trump is not None and view.makers is not None
    solver = Solver(int(view.trump), view.makers, view.pair, view.rules)
    solver.model = Model(int(view.trump), view.rules)
    solver.modelled = solver.fitted = 1 << view.seat
    solver.setup(hands, view.leader, [], (0, 0), (0, 0), (0, 0))
    solver.shown = _voids(view)
    return int(solver._move(view.seat, solver.legal()))


def _leads() -> list[tuple[SeatView, list[int]]]:
    found = []
    for seed in range(12):
        for view, hands in recorded_views(RuleSet(), seed):
            if not view.current and len(view.legal) > 1:
                found.append((view, hands))
    return found


def test_every_feature_has_a_weight() -> None:
    assert len(WEIGHTS) == len(FEATURES)
    view, hands = _leads()[0]
    assert view.trump is not None
    model = Model(int(view.trump), view.rules)
    assert len(lead_features(model, 0, True, 0, 0)) == len(FEATURES)


def test_the_fitted_lead_is_legal_and_sees_only_the_seats_own_view() -> None:
    rng = random.Random(5)
    leads = _leads()
    assert len(leads) > 40
    for view, hands in leads:
        card = _lead(view, hands)
        assert card in {int(c) for c in view.legal}
        # The other hands dealt again (same sizes): the seat cannot tell, nor may its lead.
        seat = view.seat
        others = [s for s in range(4) if s != seat]
        pool = [c for s in others for c in cards_of(hands[s])]
        rng.shuffle(pool)
        again = list(hands)
        for s in others:
            size = bin(hands[s]).count("1")
            again[s] = sum(1 << c for c in pool[:size])
            pool = pool[size:]
        assert _lead(view, again) == card
