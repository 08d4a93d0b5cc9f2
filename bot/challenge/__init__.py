"""The duplicate challenge: per server a set of deals the same for every member, each
played alone with three computers, compared by matchpoints (docs/challenge.md).

No discord import: the Discord cog (cogs/challenge) and the terminal
(`python -m bot challenge`, bot/terminal/challenge.py) are both front ends of this package.
"""

from .errors import ChallengeCode, ChallengeError
from .readmodels import (
    ChallengeInfo,
    DealOutcome,
    DealView,
    Move,
    ParLine,
    PlayView,
    StandingsView,
    TrickView,
)
from .service import ChallengeService, Opened
from .settings import CADENCES, DEALS_RANGE, ChallengeSettings
from .standings import Spread, StandingRow

__all__ = [
    "CADENCES",
    "DEALS_RANGE",
    "ChallengeCode",
    "ChallengeError",
    "ChallengeInfo",
    "ChallengeService",
    "ChallengeSettings",
    "DealOutcome",
    "DealView",
    "Move",
    "Opened",
    "ParLine",
    "PlayView",
    "Spread",
    "StandingRow",
    "StandingsView",
    "TrickView",
]
