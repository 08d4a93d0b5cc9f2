"""`/help`: the command list comes from the command tree itself, so it never goes stale.

Each command's name and description are the ones Discord shows the user: the tree's
translated payload (`Command.get_translated_payload`, through the catalogue translator of
`cogs/common/translator.py`), read in the user's language by `cogs/help/ui.py`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.text import command_text, locale_of
from cogs.common.translator import CatalogueTranslator
from cogs.help.ui import help_embed

__all__ = ["Help"]


class Help(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=command_text("help.cmd.help.name"), description=command_text("help.cmd.help.desc")
    )
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        payloads = await self._command_payloads()
        embed = help_embed(payloads, locale_of(interaction))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _command_payloads(self) -> list[dict[str, Any]]:
        """Every slash command as Discord receives it, localisations included."""
        tree = self.bot.tree
        translator = tree.translator or CatalogueTranslator()
        payloads = []
        for command in tree.get_commands(type=discord.AppCommandType.chat_input):
            if isinstance(command, app_commands.Command | app_commands.Group):
                payloads.append(await command.get_translated_payload(tree, translator))
        return payloads
