"""What a click on Analyse does: one service call in the guard, answered privately."""

from __future__ import annotations

from typing import Any

import discord

from bot.client import KlaverjasBot
from cogs.analysis.errors import REFUSALS
from cogs.analysis.ui import analysis_text
from cogs.common.analyse import Analyse
from cogs.common.replies import guarded
from cogs.common.text import locale_of

__all__ = ["AnalysisActions"]


class AnalysisActions:
    """The Analyse button's handler over `Services.analysis`."""

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot

    async def analyse(self, interaction: discord.Interaction[Any], click: Analyse) -> None:
        """The clicker's own decisions in the hand, only to them. Deferred: the search of
        each decision takes a moment on a computer worker."""
        async with guarded(interaction, "button analyse", REFUSALS):
            await interaction.response.defer(ephemeral=True, thinking=True)
            service = self.bot.services.analysis
            user = interaction.user.id
            if click.kind == "table":
                answer = await service.table_hand(click.source, click.hand, user, click.check)
            else:
                answer = await service.challenge_deal(click.source, click.hand, user, click.check)
            text = analysis_text(answer, locale_of(interaction), self.bot.card_faces)
            await interaction.followup.send(text, ephemeral=True)
