"""Play again: the four of a finished casual match at a new table (docs/table-ux.md 2.12).

The button sits under the final score sheet the publisher posts. The table service decides
everything (who may, that the match is over, that it was not played again yet, that the
channel is free) and answers with the new table once both tables are committed; the click
then turns the sheet's line into "table N is below" (the sheet itself stays) and posts the
new table's message, its four seats taken, in the lobby.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.tables import RefusalCode, TableError
from cogs.tables.ui_sheet import played_again

if TYPE_CHECKING:
    from bot.client import KlaverjasBot
    from cogs.tables.publisher import TablePublisher

__all__ = ["Replayer"]


class Replayer:
    """Play again: a new table with a finished match's four, and its message."""

    def __init__(self, bot: KlaverjasBot, publisher: TablePublisher) -> None:
        self.bot = bot
        self.publisher = publisher

    async def play_again(
        self, interaction: discord.Interaction[Any], table_id: int, seq: int
    ) -> None:
        """Open the new table, say so on the sheet's message (its button goes), and post
        the new table's message; a table that cannot be posted is closed again."""
        service = self.bot.services.tables
        user_id = interaction.user.id
        table = await service.play_again(table_id, user_id, seq, interaction.channel_id)
        locale = self.publisher.locale_for(table.public)
        content = played_again(table_id, table.id, user_id, locale)
        await interaction.response.edit_message(content=content, view=None)
        if not await self.publisher.publish_now(table.id):
            await service.close(table.id, user_id, moderator=True)
            raise TableError(RefusalCode.CANNOT_POST)
