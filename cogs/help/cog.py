"""`/help`: a quick start and a menu of pages, built from the command tree itself, so it
never goes stale.

Each command's name and description are the ones Discord shows the user: the tree's
translated payload (`Command.get_translated_payload`, through the catalogue translator of
`cogs/common/translator.py`), read in the user's language by `cogs/help/ui.py`; each is
named in the reader's language: a clickable mention with the id Discord gave it
(`KlaverjasBot.command_ids`) where that name is the default one, else the name in bold.
The answer is private; the menu's buttons (`cogs/help/items.py`) turn its page.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import KlaverjasBot
from cogs.common.components import RenderedView
from cogs.common.replies import edit_in_place, report_unexpected_error
from cogs.common.text import command_named, locale_of
from cogs.common.translator import CatalogueTranslator
from cogs.help.items import HELP, HelpPage
from cogs.help.ui import START, help_page

__all__ = ["Help"]


class Help(commands.Cog):
    """/help: a menu of pages drawn from the command tree as it is synced."""

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Route the menu's buttons."""
        self.bot.add_routed_items(*HELP.items)

    async def cog_unload(self) -> None:
        """Undo `cog_load`."""
        self.bot.remove_routed_items(*HELP.items)

    @app_commands.command(**command_named("help.cmd.help"))
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        """/help: the quick start page, privately."""
        embed, view = await self._page(interaction, START)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def show_page(self, interaction: discord.Interaction[Any], click: HelpPage) -> None:
        """A menu button: the page, in the message clicked (the reader's own /help)."""
        page = click.page
        try:
            embed, view = await self._page(interaction, page)
            await edit_in_place(interaction, embed, view)
        except Exception as error:
            await report_unexpected_error(interaction, error, where=f"help page {page}")

    async def _page(
        self, interaction: discord.Interaction[Any], page: str
    ) -> tuple[discord.Embed, discord.ui.View]:
        payloads = await self._command_payloads()
        ids = await self.bot.command_ids()
        embed, rows = help_page(payloads, page, locale_of(interaction), ids)
        return embed, RenderedView(rows)

    async def _command_payloads(self) -> list[dict[str, Any]]:
        """Every slash command as Discord receives it, localisations included."""
        tree = self.bot.tree
        translator = tree.translator or CatalogueTranslator()
        payloads = []
        for command in tree.get_commands(type=discord.AppCommandType.chat_input):
            if isinstance(command, app_commands.Command | app_commands.Group):
                payloads.append(await command.get_translated_payload(tree, translator))
        return payloads
