"""What `/standings`, `/stats` and a page button do: ask the standings service, then answer.

Every read goes through `bot.services.Services.standings` (bot/standings.py); periods are
measured back from the interaction's own time, so a button pressed later reads the board
as it is then.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import TYPE_CHECKING, Any

import discord

from bot.standings import PERIODS, StandingsService
from cogs.common.replies import guarded
from cogs.standings.errors import REFUSALS, StandingsCode, StandingsError
from cogs.standings.items import standings_view
from cogs.standings.ui import (
    PAGE_SIZE,
    Board,
    PageTarget,
    page_custom_id,
    player_embed,
    standings_embed,
)

if TYPE_CHECKING:
    from bot.client import KlaverjasBot

__all__ = ["NO_MENTIONS", "StandingsActions", "load_board"]

NO_MENTIONS = discord.AllowedMentions.none()


async def load_board(service: StandingsService, target: PageTarget, now: dt.datetime) -> Board:
    """Read one page; a page past the end (the board shrank) shows the last page."""
    found = await service.leaderboard(
        target.guild_id,
        target.period,
        now,
        humans_only=target.humans_only,
        page=target.page,
        page_size=PAGE_SIZE,
    )
    target = dataclasses.replace(target, page=found.page)
    return Board(target=target, rows=found.rows, players=found.players)


class StandingsActions:
    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot

    @property
    def service(self) -> StandingsService:
        return self.bot.services.standings

    async def standings(
        self, interaction: discord.Interaction[Any], period: str, humans_only: bool, public: bool
    ) -> None:
        """The server's leaderboard over `period`, first page."""
        async with guarded(interaction, "/standings", REFUSALS):
            guild_id = _checked(interaction, period)
            target = PageTarget(guild_id, period, humans_only, 0)
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
        """One player's statistics: all time, and over `period` when it is not all time."""
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
            await interaction.response.send_message(
                embed=embed, ephemeral=not public, allowed_mentions=NO_MENTIONS
            )

    async def show_page(self, interaction: discord.Interaction[Any], target: PageTarget) -> None:
        """A page button: the page it names, in place of the message it sits on."""
        async with guarded(interaction, f"button {page_custom_id(target)}", REFUSALS):
            if interaction.guild_id != target.guild_id:
                raise StandingsError(StandingsCode.OTHER_GUILD)
            board = await load_board(self.service, target, interaction.created_at)
            locale = interaction.locale
            await interaction.response.edit_message(
                embed=standings_embed(board, locale),
                view=standings_view(board, locale),
                allowed_mentions=NO_MENTIONS,
            )


def _checked(interaction: discord.Interaction[Any], period: str) -> int:
    """The server a command was used in; refused outside a server (e.g. in a DM) and for a
    period that is not one of `PERIODS`."""
    if interaction.guild_id is None:
        raise StandingsError(StandingsCode.GUILD_ONLY)
    if period not in PERIODS:
        raise StandingsError(StandingsCode.PERIOD, value=period)
    return interaction.guild_id
