"""The /about embed, kept apart from the command so it can be checked without an interaction."""

from __future__ import annotations

import discord

from cogs.common.components import EMBED_COLOUR
from cogs.common.text import t

__all__ = ["about_embed"]


def about_embed(bot_name: str, version: str, locale: object) -> discord.Embed:
    """Which bot this is, in the user's language: its name, version and discord.py's."""
    embed = discord.Embed(
        title=bot_name, description=t("meta.about.description", locale), colour=EMBED_COLOUR
    )
    embed.add_field(name=t("meta.about.version", locale), value=version, inline=True)
    embed.add_field(name="discord.py", value=discord.__version__, inline=True)
    return embed
