"""What `/standings`, `/stats`, `/reset-ratings` and the buttons do: ask the standings or
ratings service, then answer.

Every read goes through `bot.services.Services.standings` (bot/standings.py) or
`Services.ratings` (bot/ratings); periods are measured back from the interaction's own
time, so a button pressed later reads the board as it is then. The ratings board is the
server's current season, whatever the period.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import TYPE_CHECKING, Any

import discord

from bot.ratings import RatingService
from bot.standings import BOARDS, PERIODS, StandingsService
from cogs.common.actors import actor_of
from cogs.common.locales import public_locale
from cogs.common.replies import edit_in_place, guarded
from cogs.common.text import t
from cogs.standings.errors import REFUSALS, StandingsCode, StandingsError
from cogs.standings.items import NewSeason, RatingTarget, StandingsPage
from cogs.standings.ui import PAGE_SIZE, Board, player_embed, standings_embed, standings_view
from cogs.standings.ui_pars import par_field
from cogs.standings.ui_ratings import (
    new_season_announcement,
    new_season_prompt,
    new_season_view,
    rating_field,
    rating_view,
    ratings_embed,
)

if TYPE_CHECKING:
    from bot.client import KlaverjasBot

__all__ = ["NO_MENTIONS", "StandingsActions", "load_board"]

NO_MENTIONS = discord.AllowedMentions.none()


async def load_board(service: StandingsService, target: StandingsPage, now: dt.datetime) -> Board:
    """Read one page; a page past the end (the board shrank) shows the last page."""
    found = await service.leaderboard(
        target.guild,
        target.period,
        now,
        humans_only=target.humans,
        page=target.page,
        page_size=PAGE_SIZE,
    )
    target = dataclasses.replace(target, page=found.page)
    return Board(target=target, rows=found.rows, players=found.players)


class StandingsActions:
    """What the standings commands and buttons do, over the standings and ratings services."""

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot

    @property
    def service(self) -> StandingsService:
        """The standings service."""
        return self.bot.services.standings

    @property
    def ratings(self) -> RatingService:
        """The ratings service."""
        return self.bot.services.ratings

    async def standings(
        self,
        interaction: discord.Interaction[Any],
        period: str,
        humans_only: bool,
        public: bool,
        ranked_by: str = "wins",
    ) -> None:
        """The server's leaderboard over `period` (or its ratings board), first page."""
        async with guarded(interaction, "/standings", REFUSALS):
            guild_id = _checked(interaction, period)
            if ranked_by not in BOARDS:
                raise StandingsError(StandingsCode.BOARD, value=ranked_by)
            if ranked_by == "rating":
                await self._rating_page(interaction, RatingTarget(guild_id, 0), public=public)
                return
            target = StandingsPage(guild_id, period, humans_only, 0)
            board = await load_board(self.service, target, interaction.created_at)
            view = standings_view(board, interaction.locale)
            extra: dict[str, Any] = {"view": view} if view is not None else {}
            await interaction.response.send_message(
                embed=standings_embed(board, interaction.locale),
                ephemeral=not public,
                allowed_mentions=NO_MENTIONS,
                **extra,
            )

    async def stats(
        self,
        interaction: discord.Interaction[Any],
        member: discord.abc.User | None,
        period: str,
        humans_only: bool,
        public: bool,
    ) -> None:
        """One player's statistics: all time, and over `period` when it is not all time;
        their rating, and their results against par over `period`."""
        async with guarded(interaction, "/stats", REFUSALS):
            guild_id = _checked(interaction, period)
            who: discord.abc.User = member or interaction.user
            now = interaction.created_at
            player = self.service.player
            all_time = await player(guild_id, who.id, "all", now, humans_only=humans_only)
            in_period = None
            if period != "all":
                in_period = await player(guild_id, who.id, period, now, humans_only=humans_only)
            embed = player_embed(
                who.display_name, all_time, in_period, period, humans_only, interaction.locale
            )
            name, value = rating_field(
                await self.ratings.player(guild_id, who.id), interaction.locale
            )
            embed.add_field(name=name, value=value, inline=False)
            against = await self.bot.services.pars.player(guild_id, who.id, period, now)
            name, value = par_field(against, period, interaction.locale)
            embed.add_field(name=name, value=value, inline=False)
            await interaction.response.send_message(
                embed=embed, ephemeral=not public, allowed_mentions=NO_MENTIONS
            )

    async def show_page(self, interaction: discord.Interaction[Any], target: StandingsPage) -> None:
        """A page button: the page it names, in place of the message it sits on (drawn in
        the kind of message that is: `edit_in_place`)."""
        async with guarded(interaction, f"button {target.custom_id}", REFUSALS):
            if interaction.guild_id != target.guild:
                raise StandingsError(StandingsCode.OTHER_GUILD)
            board = await load_board(self.service, target, interaction.created_at)
            locale = interaction.locale
            embed = standings_embed(board, locale)
            await edit_in_place(interaction, embed, standings_view(board, locale))

    async def show_rating_page(
        self, interaction: discord.Interaction[Any], target: RatingTarget
    ) -> None:
        """A ratings page button: the page it names, in place of the message it sits on."""
        async with guarded(interaction, f"button {target.custom_id}", REFUSALS):
            if interaction.guild_id != target.guild:
                raise StandingsError(StandingsCode.OTHER_GUILD)
            await self._rating_page(interaction, target)

    async def _rating_page(
        self,
        interaction: discord.Interaction[Any],
        target: RatingTarget,
        *,
        public: bool | None = None,
    ) -> None:
        """Answer with the ratings page `target`: a new message (`public` says whether the
        channel sees it), or in place of the clicked one (`edit_in_place`)."""
        page = await self.ratings.board(target.guild, target.page, PAGE_SIZE)
        locale = interaction.locale
        embed = ratings_embed(page, locale)
        view = rating_view(target.guild, page, locale)
        if public is None:
            await edit_in_place(interaction, embed, view)
            return
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        await interaction.response.send_message(
            embed=embed, ephemeral=not public, allowed_mentions=NO_MENTIONS, **extra
        )

    async def reset_ratings(self, interaction: discord.Interaction[Any]) -> None:
        """An organiser's `/reset-ratings`: what a new season means, and the button that
        starts it (privately; nothing changes until it is clicked)."""
        async with guarded(interaction, "/reset-ratings", REFUSALS):
            guild_id = _checked(interaction, "all")
            season = await self.ratings.organiser_season(guild_id, actor_of(interaction))
            locale = interaction.locale
            await interaction.response.send_message(
                new_season_prompt(season, locale),
                view=new_season_view(guild_id, season, locale),
                ephemeral=True,
                allowed_mentions=NO_MENTIONS,
            )

    async def start_season(self, interaction: discord.Interaction[Any], click: NewSeason) -> None:
        """The confirmation: start the season after the one its organiser saw, say so in
        place of the prompt, and tell the channel."""
        guild_id, seen = click.guild, click.season
        where = f"button {click.custom_id}"
        async with guarded(interaction, where, REFUSALS):
            if interaction.guild_id != guild_id:
                raise StandingsError(StandingsCode.OTHER_GUILD)
            season = await self.ratings.new_season(guild_id, seen, actor_of(interaction))
            done = t("standings.reset.done", interaction.locale, season=season.number)
            await interaction.response.edit_message(content=done, view=None)
            locale = public_locale(self.bot, guild_id)
            announcement = new_season_announcement(season, locale)
            await interaction.followup.send(announcement, allowed_mentions=NO_MENTIONS)


def _checked(interaction: discord.Interaction[Any], period: str) -> int:
    """The server a command was used in; refused outside a server (e.g. in a DM) and for a
    period that is not one of `PERIODS`."""
    if interaction.guild_id is None:
        raise StandingsError(StandingsCode.GUILD_ONLY)
    if period not in PERIODS:
        raise StandingsError(StandingsCode.PERIOD, value=period)
    return interaction.guild_id
