"""/league export: a night's and a season's files as Discord attachments.

The files themselves are `bot/league/export.py`'s (CSV columns fixed in docs/league.md);
this module picks the night, resolves the players' display names and the picture's words
from the catalogue, and names the files after the league. Names come from the server's
member cache, else from the names this process saw in the league's interactions (check-in
clicks, commands), else from Discord (one member fetch each: the bot has no members intent,
so after a restart the cache is nearly empty; at most ``MAX_FETCHED`` an export); a player
none of these knows (left the server) is written as their user id (the export's own
fallback), so the file is always complete.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord

from bot.league import export
from bot.league.night_view import Night
from bot.league.season import SeasonTable
from cogs.common.text import t
from cogs.league.pictures import night_picture, picture_texts, slug

if TYPE_CHECKING:
    from cogs.league.actions import Interaction
    from cogs.league.messages import LeagueMessages

__all__ = ["night_files", "season_files"]


MAX_FETCHED = 200  # members fetched from Discord for one export (a season's players)


async def names_of(
    messages: LeagueMessages, interaction: Interaction, user_ids: Iterable[int]
) -> dict[int, str]:
    """The players' display names (see the module's docstring for where they come from)."""
    return await messages.names_for(interaction.guild_id, user_ids, MAX_FETCHED)


async def night_files(
    messages: LeagueMessages, interaction: Interaction, league: str, night: Night, locale: str
) -> list[discord.File]:
    """ranking, results and sheet CSVs and the standings picture of one night."""
    data = await messages.service.night_export(night.id)
    seated = (user for draw in data.draws for plan in draw.tables for user in plan.seats)
    people = [row.user_id for row in data.ranking]
    people += [user for user in seated if user is not None]
    names = await names_of(messages, interaction, people)
    key = "league.standings.final_title" if night.closed else "league.standings.live_title"
    title = t(key, locale, league=league, night=night.number)
    picture = night_picture(title, data.ranking, names, data.day, locale)
    stem = f"{slug(league)}-night-{night.number}"
    return [
        _file(export.ranking_csv(data, names), f"{stem}-ranking.csv"),
        _file(export.results_csv(data, names), f"{stem}-results.csv"),
        _file(export.sheet_csv(data, names), f"{stem}-sheet.csv"),
        _file(picture, f"{stem}-standings.png"),
    ]


async def season_files(
    messages: LeagueMessages,
    interaction: Interaction,
    league: str,
    season: SeasonTable,
    locale: str,
) -> list[discord.File]:
    """The season table's CSV and picture."""
    people = [row.user_id for row in (*season.ranked, *season.below_minimum)]
    names = await names_of(messages, interaction, people)
    title = t("league.season.title", locale, league=league)
    picture = export.standings_png(
        export.season_picture_rows(season, names), picture_texts(title, locale)
    )
    stem = f"{slug(league)}-season"
    return [
        _file(export.season_csv(season, names), f"{stem}.csv"),
        _file(picture, f"{stem}-standings.png"),
    ]


def _file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)
