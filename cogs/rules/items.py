"""/rules' topic menu: `kj:rules:topic:{variant}:{shown}` shows the topic chosen in it.

`variant` is the preset the user chose with the command (`-`: the rules in effect in the
channel, read again at each choice); `shown` is `e` for a private answer, turned in place,
or `p` for a public one, whose choices are answered privately, so one player's choice does
not turn the page the channel reads.
"""

from __future__ import annotations

import re
from typing import Any

import discord

__all__ = ["RulesTopicSelect", "topic_menu_id"]

NO_VARIANT = "-"


def topic_menu_id(variant: str | None, public: bool) -> str:
    """The custom id of the topic menu of a /rules answer."""
    return f"kj:rules:topic:{variant or NO_VARIANT}:{'p' if public else 'e'}"


class RulesTopicSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"kj:rules:topic:(?P<variant>[a-z0-9_-]{1,30}):(?P<shown>[ep])",
):
    def __init__(self, variant: str | None, public: bool) -> None:
        menu: discord.ui.Select[Any] = discord.ui.Select(custom_id=topic_menu_id(variant, public))
        super().__init__(menu)
        self.variant = variant
        self.public = public

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulesTopicSelect:
        variant = match["variant"]
        return cls(None if variant == NO_VARIANT else variant, match["shown"] == "p")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or []
        cog: Any = interaction.client.get_cog("Rules")
        if cog is None:
            raise RuntimeError("the Rules cog is not loaded")
        chosen = str(values[0]) if values else ""
        await cog.show_topic(interaction, self.variant, self.public, chosen)
