"""Renderers of the ratings: the board of `/standings board:rating`, a player's rating in
`/stats`, the new-season prompt and announcement, and their buttons; no I/O.

On the board a rating reads "1,534 ± 85" (its scope line says what the ± means); in
`/stats`, in words: "1,534 (give or take 85)". The shown scale of bot/ratings/rating.py (a
newcomer is 1,500 ± 350), with the locale's thousands separator. A page holds ten rows
(ui.PAGE_SIZE) of two short lines each, so it fits a phone and stays far below Discord's
limits.
"""

from __future__ import annotations

import discord

from bot.ratings import PlayerRating, RatedPlayer, RatingPage, Season
from bot.ratings.rating import BASE, spread
from bot.ratings.rating import MODEL as RATING_MODEL
from bot.texts.formats import grouped_text
from cogs.common.components import EMBED_COLOUR, rendered_view
from cogs.common.text import t
from cogs.standings.items import NewSeason, RatingTarget

__all__ = [
    "new_season_announcement",
    "new_season_custom_id",
    "new_season_prompt",
    "new_season_view",
    "parse_rating_page",
    "rating_field",
    "rating_view",
    "ratings_embed",
]


def parse_rating_page(custom_id: str) -> RatingTarget | None:
    """The page a custom id names; None when it is no ratings page."""
    return RatingTarget.parse(custom_id)


def new_season_custom_id(guild_id: int, seen: int) -> str:
    """The custom id of the button that starts the season after `seen`."""
    return NewSeason(guild_id, seen).custom_id


def rating_view(guild: int, page: RatingPage, locale: object) -> discord.ui.View | None:
    """Previous/Next on the server's ratings board, disabled at the ends; none for one
    page."""
    if page.pages <= 1:
        return None
    previous = RatingTarget(guild, max(page.page - 1, 0))
    following = RatingTarget(guild, page.page + 1)
    return rendered_view(
        [
            [
                previous.component(
                    t("standings.button.previous.label", locale), disabled=page.page == 0
                ),
                following.component(
                    t("standings.button.next.label", locale),
                    disabled=page.page + 1 >= page.pages,
                ),
            ]
        ]
    )


def new_season_view(guild_id: int, season: Season, locale: object) -> discord.ui.View:
    """The one button that starts the season after `season`."""
    label = t("standings.reset.button", locale, season=season.number + 1)
    button = NewSeason(guild_id, season.number).component(label, discord.ButtonStyle.danger)
    return rendered_view([[button]])


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
