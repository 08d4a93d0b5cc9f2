"""Commands about the bot itself (`/about`): the smallest real cog, and a smoke test."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.version import bot_version

__all__ = ["Meta", "about_embed"]

EMBED_COLOUR = discord.Colour.dark_green()  # the green of a card table


def about_embed(bot_name: str, version: str) -> discord.Embed:
    """Kept apart from the command so renderers can be unit-tested without an interaction."""
    # TODO(texts): take these strings from the message catalogues once bot/texts exists.
    embed = discord.Embed(
        title=bot_name,
        description="Klaverjas, the Dutch partnership card game, played with buttons.",
        colour=EMBED_COLOUR,
    )
    embed.add_field(name="Version", value=version, inline=True)
    embed.add_field(name="discord.py", value=discord.__version__, inline=True)
    return embed


class Meta(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="about", description="Which bot is this, and which version?")
    async def about(self, interaction: discord.Interaction[Any]) -> None:
        me = interaction.client.user
        name = me.name if me is not None else "Klaverjas"
        await interaction.response.send_message(
            embed=about_embed(name, bot_version()), ephemeral=True
        )
