"""Test-only extension: commands that fail in the ways the error cog must handle."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands


class BoomError(RuntimeError):
    pass


def _never(interaction: discord.Interaction[Any]) -> bool:
    return False


class Boom(commands.Cog):
    @app_commands.command(name="boom", description="Raise before answering.")
    async def boom(self, interaction: discord.Interaction[Any]) -> None:
        raise BoomError("kaboom")

    @app_commands.command(name="lateboom", description="Defer, then raise.")
    async def lateboom(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        raise BoomError("kaboom after defer")

    @app_commands.command(name="forbidden", description="A check that always fails.")
    @app_commands.check(_never)
    async def forbidden(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("unreachable")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Boom())
