"""Bump: post the table message again at the bottom of its channel (docs/table-ux.md 2.10).

A busy channel scrolls the table away; a seated player may bring it back down. The old
message is removed and the table's stored message id follows the new one (the publisher's
`repost`), so later edits and a restart use it. At most once per `BUMP_INTERVAL` per
table: a bump is a new message for everyone in the channel, and Discord limits posts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.tables import RefusalCode, TableError
from cogs.common.text import locale_of, t

if TYPE_CHECKING:
    from bot.client import KlaverjasBot
    from cogs.tables.publisher import TablePublisher

__all__ = ["BUMP_INTERVAL", "Bumper"]

BUMP_INTERVAL = 60.0  # seconds between two bumps of one table


class Bumper:
    """Bump: the table message posted again at the bottom of its channel."""

    def __init__(
        self, bot: KlaverjasBot, publisher: TablePublisher, interval: float = BUMP_INTERVAL
    ) -> None:
        self.bot = bot
        self.publisher = publisher
        self.interval = interval
        self._last: dict[int, float] = {}  # table id -> when it was last bumped

    async def bump(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Post the table's message anew, if a player asks and the last bump is old enough."""
        service = self.bot.services.tables
        # Only its open table's players, from its channel.
        service.seated_at(table_id, interaction.user.id, interaction.channel_id)
        now = service.clock.now()
        next_at = self._last.get(table_id, float("-inf")) + self.interval
        if now < next_at:
            raise TableError(RefusalCode.BUMP_TOO_SOON, until=next_at)
        self._last[table_id] = now
        try:
            await self.publisher.repost(table_id)
        except discord.Forbidden:
            self._last.pop(table_id, None)
            raise TableError(RefusalCode.CANNOT_POST) from None
        await interaction.response.send_message(
            t("tables.done.bumped", locale_of(interaction)), ephemeral=True
        )
