"""Ratings: each server's players rated from their partnership results with openskill
(`rating.py`, pure), kept per server and season by `RatingService` (`service.py`) from the
results the store holds. No discord import: cogs/standings draws what the service gives.
"""

from __future__ import annotations

from .service import PlayerRating, RatedPlayer, RatingPage, RatingService, Season

__all__ = ["PlayerRating", "RatedPlayer", "RatingPage", "RatingService", "Season"]
