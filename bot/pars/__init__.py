"""Skill without card luck: every hand a person plays with three computers against its
par, the strong computer's result in the same seat with the same cards (docs/pars.md)."""

from __future__ import annotations

from .replay import ParHand, replay_par
from .service import PAR_TASK_NAME, ParService
from .stats import AgainstPar, against_par
from .worker import HandParWorker

__all__ = [
    "PAR_TASK_NAME",
    "AgainstPar",
    "HandParWorker",
    "ParHand",
    "ParService",
    "against_par",
    "replay_par",
]
