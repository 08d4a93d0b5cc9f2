"""Commands about the bot itself (`/about`): the smallest real cog, and a smoke test."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.version import bot_version
from cogs.common.text import command_named
from cogs.meta.ui import about_embed

__all__ = ["Meta"]


class Meta(commands.Cog):
    """/about."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(**command_named("meta.cmd.about"))
    async def about(self, interaction: discord.Interaction[Any]) -> None:
        """/about: what the bot is and where it comes from."""
        me = interaction.client.user
        name = me.name if me is not None else "Klaverjas"
        embed = about_embed(name, bot_version(), interaction.locale)
        await interaction.response.send_message(embed=embed, ephemeral=True)
