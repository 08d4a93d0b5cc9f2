"""The leaderboards' Previous/Next buttons and the new rating season's confirmation,
declared once: custom ids saying what they act on, answered by `StandingsActions`.

    kj:standings:{guild}:{period}:{humans}:{page}   a wins page (`humans`: 1 or 0)
    kj:ratings:{guild}:{page}                       a ratings page
    kj:ratings:season:{guild}:{season}              start the season after `season`

At most ~50 of Discord's 100 characters. The confirmation carries the season its organiser
saw, so it is refused once another season began since. These formats are a promise to
messages already in Discord.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bot.standings import PERIODS
from cogs.common.buttons import Buttons, Click, named, number, words

__all__ = [
    "ALL_ITEMS",
    "STANDINGS",
    "NewSeason",
    "NewSeasonButton",
    "StandingsPage",
    "RatingPageButton",
    "RatingTarget",
    "StandingsPageButton",
]

STANDINGS: Final = Buttons("Standings")
PAGE = number("[0-9]{1,6}")


@STANDINGS.button(
    "kj:standings:{guild}:{period}:{humans}:{page}",
    "show_page",
    period=named({period: period for period in PERIODS}),
    humans=words("1", "0"),
    page=PAGE,
)
@dataclass(frozen=True, slots=True)
class StandingsPage(Click):
    """What a page button shows: one page of one guild's leaderboard."""

    guild: int
    period: str
    humans: bool  # games of humans only
    page: int  # zero-based


@STANDINGS.button("kj:ratings:{guild}:{page}", "show_rating_page", page=PAGE)
@dataclass(frozen=True, slots=True)
class RatingTarget(Click):
    """What a ratings page button shows: one page of one server's current season."""

    guild: int
    page: int  # zero-based


@STANDINGS.button("kj:ratings:season:{guild}:{season}", "start_season", season=PAGE)
@dataclass(frozen=True, slots=True)
class NewSeason(Click):
    """An organiser's confirmation: start the season after `season`."""

    guild: int
    season: int


StandingsPageButton = StandingsPage.item
RatingPageButton = RatingTarget.item
NewSeasonButton = NewSeason.item
ALL_ITEMS = tuple(STANDINGS.items)
