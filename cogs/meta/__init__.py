"""Commands about the bot itself (`/about`)."""

from __future__ import annotations

from discord.ext import commands

from cogs.meta.cog import Meta

__all__ = ["Meta", "setup"]


async def setup(bot: commands.Bot) -> None:
    """Load the Meta cog (discord.py's extension entry point)."""
    await bot.add_cog(Meta(bot))
