"""The Analyse button as a routed `DynamicItem` (its format: cogs/common/analyse.py)."""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.common.analyse import KINDS, TEMPLATE, analyse_id

__all__ = ["ALL_ITEMS", "AnalyseButton"]


class AnalyseButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """Analyse a scored hand: what it acts on is all in its custom id."""

    def __init__(self, kind: str, source: int, hand: int, check: str) -> None:
        custom_id = analyse_id(kind, source, hand, check)
        super().__init__(discord.ui.Button(label="Analyse", custom_id=custom_id))
        self.kind, self.source, self.hand, self.check = kind, source, hand, check

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AnalyseButton:
        kind = KINDS[match["kind"]]
        return cls(kind, int(match["source"]), int(match["hand"]), match["check"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Analysis")
        if cog is None:
            raise RuntimeError("the Analysis cog is not loaded")
        await cog.actions.analyse(interaction, self.kind, self.source, self.hand, self.check)


ALL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (AnalyseButton,)
