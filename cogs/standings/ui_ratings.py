"""Renderers of the ratings: the board of `/standings board:rating`, a player's rating in
`/stats`, and the new-season prompt and announcement; custom ids; no I/O.

On the board a rating reads "1,534 ± 85" (its scope line says what the ± means); in
`/stats`, in words: "1,534 (give or take 85)". The shown scale of bot/ratings/rating.py (a
newcomer is 1,500 ± 350), with the locale's thousands separator. A page holds ten rows
(ui.PAGE_SIZE) of two short lines each, so it fits a phone and stays far below Discord's
limits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

import discord

from bot.ratings import PlayerRating, RatedPlayer, RatingPage, Season
from bot.ratings.rating import BASE, spread
from bot.ratings.rating import MODEL as RATING_MODEL
from bot.texts.formats import grouped_text
from cogs.common.components import EMBED_COLOUR
from cogs.common.text import t

__all__ = [
    "NEW_SEASON_TEMPLATE",
    "RATING_PAGE_TEMPLATE",
    "RatingTarget",
    "new_season_announcement",
    "new_season_custom_id",
    "new_season_prompt",
    "parse_rating_page",
    "rating_field",
    "rating_page_custom_id",
    "ratings_embed",
]

# kj:ratings:{guild}:{page} and kj:ratings:season:{guild}:{season}: at most 47 characters.
RATING_PAGE_TEMPLATE: Final = r"kj:ratings:(?P<guild>[0-9]{1,20}):(?P<page>[0-9]{1,6})"
NEW_SEASON_TEMPLATE: Final = r"kj:ratings:season:(?P<guild>[0-9]{1,20}):(?P<season>[0-9]{1,6})"


@dataclass(frozen=True, slots=True)
class RatingTarget:
    """What a ratings page button shows: one page of one server's current season."""

    guild_id: int
    page: int  # zero-based


def rating_page_custom_id(target: RatingTarget) -> str:
    """The custom id of a button showing `target`."""
    return f"kj:ratings:{target.guild_id}:{target.page}"


def parse_rating_page(custom_id: str) -> RatingTarget | None:
    """The page a custom id names; None when it is no ratings page."""
    match = re.fullmatch(RATING_PAGE_TEMPLATE, custom_id)
    return None if match is None else RatingTarget(int(match["guild"]), int(match["page"]))


def new_season_custom_id(guild_id: int, seen: int) -> str:
    """The custom id of the button that starts the season after `seen`."""
    return f"kj:ratings:season:{guild_id}:{seen}"


def _rating(rating: int, plus_minus: int, locale: object) -> str:
    return t(
        "standings.rating.value",
        locale,
        rating=grouped_text(rating, locale),
        spread=grouped_text(plus_minus, locale),
    )


def _row(row: RatedPlayer, locale: object) -> str:
    return t(
        "standings.rating.row",
        locale,
        place=row.place,
        player=f"<@{row.user_id}>",
        rating=_rating(row.rating, row.spread, locale),
        matches=t("standings.rating.matches", locale, count=row.games),
    )


def _newcomer(locale: object) -> str:
    return _rating(BASE, spread(RATING_MODEL.sigma), locale)


def _scope(season: Season, locale: object) -> str:
    scope = t("standings.rating.scope", locale, start=_newcomer(locale))
    if season.number == 1:
        return scope
    began = t("standings.rating.began", locale, season=season.number, at=int(season.started_at))
    return f"{began}\n{scope}"


def ratings_embed(page: RatingPage, locale: object) -> discord.Embed:
    """The ratings board's page, or a note when no one has a rated match this season."""
    title = t("standings.rating.title", locale, season=page.season.number)
    embed = discord.Embed(title=title, colour=EMBED_COLOUR)
    if not page.rows:
        embed.description = t("standings.rating.empty", locale)
        return embed
    rows = [_row(row, locale) for row in page.rows]
    embed.description = "\n\n".join([_scope(page.season, locale), *rows])
    footer = t(
        "standings.rating.footer",
        locale,
        page=page.page + 1,
        pages=page.pages,
        players=page.players,
    )
    embed.set_footer(text=footer)
    return embed


def rating_field(rating: PlayerRating, locale: object) -> tuple[str, str]:
    """The name and value of `/stats`' rating field: the player's rating this season."""
    name = t("standings.stats.rating.name", locale, season=rating.season.number)
    player = rating.player
    if player is None:
        return name, t("standings.stats.rating.none", locale, start=grouped_text(BASE, locale))
    value = t(
        "standings.stats.rating.value",
        locale,
        rating=grouped_text(player.rating, locale),
        spread=grouped_text(player.spread, locale),
        matches=t("standings.rating.matches", locale, count=player.games),
        place=player.place,
        players=rating.players,
    )
    return name, value


def new_season_prompt(season: Season, locale: object) -> str:
    """What an organiser reads before starting the season after `season`."""
    return t(
        "standings.reset.ask",
        locale,
        season=season.number,
        next=season.number + 1,
        start=_newcomer(locale),
    )


def new_season_announcement(season: Season, locale: object) -> str:
    """The channel's note that `season` began, and who began it."""
    return t(
        "standings.reset.announce",
        locale,
        organiser=f"<@{season.actor}>",
        season=season.number,
        start=_newcomer(locale),
    )
