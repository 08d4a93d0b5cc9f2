"""Analysis of your hand: a player's costliest decisions in a scored hand, valued by the
strong player from what the player could know then (docs/decisions.md)."""

from .decisions import EFFORT, Choice, Decision, Valued, decisions_of, value_decision
from .errors import AnalysisCode, AnalysisError
from .records import deal_check, line_check
from .service import HOURLY, SHOWN, Analysis, AnalysisService

__all__ = [
    "EFFORT",
    "HOURLY",
    "SHOWN",
    "Analysis",
    "AnalysisCode",
    "AnalysisError",
    "AnalysisService",
    "Choice",
    "Decision",
    "Valued",
    "deal_check",
    "decisions_of",
    "line_check",
    "value_decision",
]
