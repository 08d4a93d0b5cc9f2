"""The /help menu's buttons: `kj:help:{page}` shows that page in the message clicked.

A page is drawn afresh on every click (the command tree and the reader's language as they
are now), so no button can be out of date; an unknown page shows the quick start.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.common.components import Component

__all__ = ["HelpPageButton", "page_component"]


class HelpPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"kj:help:(?P<page>[a-z]{1,20})",
):
    def __init__(self, page: str, label: str = "") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=(label or page)[:80], custom_id=f"kj:help:{page}"
        )
        super().__init__(button)
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HelpPageButton:
        return cls(match["page"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog: Any = interaction.client.get_cog("Help")
        if cog is None:
            raise RuntimeError("the Help cog is not loaded")
        await cog.show_page(interaction, self.page)


def page_component(page: str, label: str, current: bool) -> Component:
    """`HelpPageButton` as a component: the page shown is primary and disabled."""
    style = discord.ButtonStyle.primary if current else discord.ButtonStyle.secondary
    return {
        "type": 2,
        "style": style.value,
        "disabled": current,
        "label": label[:80],
        "custom_id": f"kj:help:{page}",
    }
