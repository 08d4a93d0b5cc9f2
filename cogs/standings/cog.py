"""`/standings` and `/stats`: the server's leaderboard and one player's statistics.

Both read the statistics the table service persisted (`StatsStore`), per guild, over a
period (the last 7/30/365 days or all time), with or without matches that had computer
seats. The leaderboard pages with Previous/Next buttons that are `DynamicItem`s: their
custom_id carries guild, period, filter and page (`kj:standings:{guild}:{period}:{h}:{page}`),
so a button keeps working after a restart and a click simply re-reads the store and edits
the message it sits on. Periods are measured back from the interaction's own time.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import math
import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.store import StatsStore
from bot.texts.catalog import t
from cogs.common.components import frozen_view
from cogs.errors.cog import report_unexpected_error, send_ephemeral
from cogs.standings.ui import (
    CUSTOM_ID_TEMPLATE,
    PAGE_SIZE,
    PERIODS,
    Board,
    PageTarget,
    page_custom_id,
    player_embed,
    since,
    standings_embed,
)

if TYPE_CHECKING:
    from bot.client import KlaverjasBot

__all__ = ["Standings", "StandingsPageButton", "load_board", "standings_view"]

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()

PERIOD_CHOICES = [
    app_commands.Choice(
        name=locale_str(t(f"cmd.standings.choice.{period}"), key=f"cmd.standings.choice.{period}"),
        value=period,
    )
    for period in PERIODS
]


def _text(key: str) -> locale_str:
    """A command string: English from the catalogue, translated at sync time by its key."""
    return locale_str(t(key), key=key)


def _stats_store(client: discord.Client) -> StatsStore:
    return cast("KlaverjasBot", client).services.store.stats


async def load_board(stats: StatsStore, target: PageTarget, now: dt.datetime) -> Board:
    """Read one page; a page past the end (the board shrank) shows the last page."""
    start = since(target.period, now)
    include_computers = not target.humans_only
    players = await stats.count_players(target.guild_id, start, include_computers)
    last_page = max(0, math.ceil(players / PAGE_SIZE) - 1)
    target = dataclasses.replace(target, page=min(target.page, last_page))
    rows = await stats.standings(
        target.guild_id, start, include_computers, limit=PAGE_SIZE, offset=target.page * PAGE_SIZE
    )
    return Board(target=target, rows=rows, players=players)


class StandingsPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=CUSTOM_ID_TEMPLATE
):
    """Previous/Next on a leaderboard: shows page `target.page` in place of the current one."""

    def __init__(self, target: PageTarget, label: str, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=page_custom_id(target),
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
            )
        )
        self.target = target

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> StandingsPageButton:
        target = PageTarget(
            guild_id=int(match["guild"]),
            period=match["period"],
            humans_only=match["humans"] == "1",
            page=int(match["page"]),
        )
        return cls(target, getattr(item, "label", None) or "…")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self._show(interaction)
        except Exception as error:  # dynamic items bypass the tree's error handler
            await report_unexpected_error(
                interaction, error, where=f"button {page_custom_id(self.target)}"
            )

    async def _show(self, interaction: discord.Interaction[Any]) -> None:
        locale = interaction.locale
        if interaction.guild_id != self.target.guild_id:
            await send_ephemeral(interaction, t("standings.err.other_guild", locale))
            return
        board = await load_board(
            _stats_store(interaction.client), self.target, interaction.created_at
        )
        await interaction.response.edit_message(
            embed=standings_embed(board, locale),
            view=standings_view(board, locale),
            allowed_mentions=NO_MENTIONS,
        )


def standings_view(board: Board, locale: object) -> discord.ui.View | None:
    """Previous/Next, disabled at the ends; none when everything fits on one page."""
    if board.pages <= 1:
        return None
    target = board.target
    # Targets differ (page-1 or 0, page+1), so the two custom_ids never collide.
    previous = StandingsPageButton(
        dataclasses.replace(target, page=max(board.page - 1, 0)),
        t("standings.button.previous.label", locale),
        disabled=not board.has_previous,
    )
    following = StandingsPageButton(
        dataclasses.replace(target, page=board.page + 1),
        t("standings.button.next.label", locale),
        disabled=not board.has_next,
    )
    return frozen_view([previous, following])


async def _refuse_outside_guild(interaction: discord.Interaction[Any]) -> bool:
    """Answer privately and return True when used outside a server (e.g. in a DM)."""
    if interaction.guild_id is not None:
        return False
    await interaction.response.send_message(
        t("standings.err.guild_only", interaction.locale), ephemeral=True
    )
    return True


class Standings(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(StandingsPageButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(StandingsPageButton)

    @app_commands.command(name=_text("cmd.standings.name"), description=_text("cmd.standings.desc"))
    @app_commands.guild_only()
    @app_commands.rename(
        period=_text("cmd.standings.opt.period.name"),
        humans_only=_text("cmd.standings.opt.humans_only.name"),
        public=_text("cmd.standings.opt.public.name"),
    )
    @app_commands.describe(
        period=_text("cmd.standings.opt.period.desc"),
        humans_only=_text("cmd.standings.opt.humans_only.desc"),
        public=_text("cmd.standings.opt.public.desc"),
    )
    @app_commands.choices(period=PERIOD_CHOICES)
    async def standings(
        self,
        interaction: discord.Interaction[Any],
        period: str = "all",
        humans_only: bool = False,
        public: bool = True,
    ) -> None:
        if await _refuse_outside_guild(interaction):
            return
        assert interaction.guild_id is not None
        target = PageTarget(interaction.guild_id, period, humans_only, 0)
        board = await load_board(_stats_store(interaction.client), target, interaction.created_at)
        view = standings_view(board, interaction.locale)
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        await interaction.response.send_message(
            embed=standings_embed(board, interaction.locale),
            ephemeral=not public,
            allowed_mentions=NO_MENTIONS,
            **extra,
        )

    @app_commands.command(name=_text("cmd.stats.name"), description=_text("cmd.stats.desc"))
    @app_commands.guild_only()
    @app_commands.rename(
        member=_text("cmd.stats.opt.member.name"),
        period=_text("cmd.standings.opt.period.name"),
        humans_only=_text("cmd.standings.opt.humans_only.name"),
        public=_text("cmd.standings.opt.public.name"),
    )
    @app_commands.describe(
        member=_text("cmd.stats.opt.member.desc"),
        period=_text("cmd.stats.opt.period.desc"),
        humans_only=_text("cmd.standings.opt.humans_only.desc"),
        public=_text("cmd.stats.opt.public.desc"),
    )
    @app_commands.choices(period=PERIOD_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member | None = None,
        period: str = "all",
        humans_only: bool = False,
        public: bool = False,
    ) -> None:
        if await _refuse_outside_guild(interaction):
            return
        guild_id = interaction.guild_id
        who: discord.abc.User = member or interaction.user
        store = _stats_store(interaction.client)
        include_computers = not humans_only
        all_time = await store.player(guild_id, who.id, None, include_computers)
        in_period = None
        if period != "all":
            start = since(period, interaction.created_at)
            in_period = await store.player(guild_id, who.id, start, include_computers)
        embed = player_embed(
            who.display_name, all_time, in_period, period, humans_only, interaction.locale
        )
        await interaction.response.send_message(
            embed=embed, ephemeral=not public, allowed_mentions=NO_MENTIONS
        )
