"""`/standings`, `/stats` and `/reset-ratings`: the server's leaderboards, one player's
statistics and rating, and an organiser's new rating season.

The leaderboard by wins and `/stats` read the standings service (bot/standings.py), per
guild, over a period (the last 7/30/365 days or all time), with or without matches that
had computer seats; the board by rating and `/stats`' rating read the ratings service
(bot/ratings), the server's current season. The boards page with Previous/Next buttons
(items.py) that keep working after a restart. Thin commands: the options go to
`StandingsActions` (actions.py).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import KlaverjasBot
from bot.standings import BOARDS, PERIODS
from cogs.common.text import command_named, command_text, options_from
from cogs.standings.actions import StandingsActions
from cogs.standings.items import ALL_ITEMS

__all__ = ["Standings"]

PERIOD_CHOICES = [
    app_commands.Choice(name=command_text(f"standings.cmd.choice.{period}"), value=period)
    for period in PERIODS
]
BOARD_CHOICES = [
    app_commands.Choice(name=command_text(f"standings.cmd.choice.board.{board}"), value=board)
    for board in BOARDS
]


class Standings(commands.Cog):
    """/standings, /stats and /reset-ratings, and their buttons."""

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot
        self.actions = StandingsActions(bot)

    async def cog_load(self) -> None:
        """Route the page buttons and the new season's confirmation
        (cogs/common/routing.py)."""
        self.bot.add_routed_items(*ALL_ITEMS)

    async def cog_unload(self) -> None:
        """Stop routing them."""
        self.bot.remove_routed_items(*ALL_ITEMS)

    @app_commands.command(**command_named("standings.cmd.standings"))
    @app_commands.guild_only()
    @options_from("standings.cmd.opt")
    @app_commands.choices(period=PERIOD_CHOICES, board=BOARD_CHOICES)
    async def standings(
        self,
        interaction: discord.Interaction[Any],
        period: str = "all",
        humans_only: bool = False,
        public: bool = True,
        board: str = "wins",
    ) -> None:
        """/standings: a leaderboard of the server (wins or ratings), a page at a time."""
        await self.actions.standings(interaction, period, humans_only, public, board)

    @app_commands.command(**command_named("standings.cmd.reset"))
    @app_commands.guild_only()
    async def reset_ratings(self, interaction: discord.Interaction[Any]) -> None:
        """/reset-ratings: an organiser starts a new rating season, after confirming."""
        await self.actions.reset_ratings(interaction)

    @app_commands.command(**command_named("standings.cmd.stats"))
    @app_commands.guild_only()
    @options_from(
        "standings.cmd.opt",
        own={"member": "standings.cmd.stats.opt.member"},
        described={
            "period": "standings.cmd.stats.opt.period",
            "public": "standings.cmd.stats.opt.public",
        },
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
        """/stats: a player's results, in all and in the period."""
        await self.actions.stats(interaction, member, period, humans_only, public)
