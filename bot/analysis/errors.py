"""The analysis service's refusals: one exception type with a stable code and the facts.

Front ends turn ``code`` into a sentence in the user's language (``analysis.err.<code>``,
cogs/analysis/errors.py); a refusal changes nothing and costs no search.
"""

from __future__ import annotations

from enum import StrEnum

from bot.engine.errors import Refusal

__all__ = ["AnalysisCode", "AnalysisError"]


class AnalysisCode(StrEnum):
    """Every code an ``AnalysisError`` carries; the values key the sentences, so they never
    change."""

    UNKNOWN_HAND = "unknown_hand"  # facts: hand (no such table, challenge or scored hand)
    STALE = "stale"  # the button was drawn for a result the record no longer holds
    NOT_YOURS = "not_yours"  # the asker took no decision of their own in the hand
    LEAGUE = "league"  # a league table's hand: ranked play is not analysed
    LEAGUE_NIGHT = "league_night"  # the asker is playing at a league table now
    GAME_NOT_OFFERED = "game_not_offered"  # facts: game (a hand of another game than
    # four-player Klaverjas: the strong player values four-seat decisions only)
    BUSY = "busy"  # the asker's previous analysis is still being computed
    LIMIT = "limit"  # facts: count, minutes (the hourly allowance is used up)
    BAD_ARGUMENT = "bad_argument"  # facts: field, value, problem


class AnalysisError(Refusal[AnalysisCode]):
    """An analysis refused: an `AnalysisCode` and the facts behind it."""
