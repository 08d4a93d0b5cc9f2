"""A new public thread for a table: the tables cog opens one on request (`/table open
thread:true`), the league cog one per drawn table. By channel id, through the REST call
itself, so it works without the channel in discord.py's cache (a league round started
after a restart)."""

from __future__ import annotations

from typing import Final

from discord.http import HTTPClient

__all__ = ["ARCHIVE_MINUTES", "new_thread"]

ARCHIVE_MINUTES: Final = 1440  # a day without messages: long enough for any match
PUBLIC_THREAD: Final = 11


async def new_thread(http: HTTPClient, channel_id: int, name: str) -> int:
    """Open a public thread in a text channel; its id. Raises `discord.Forbidden` when the
    bot may not, and `discord.HTTPException` for a channel that holds no threads."""
    data = await http.start_thread_without_message(
        channel_id, name=name[:100], auto_archive_duration=ARCHIVE_MINUTES, type=PUBLIC_THREAD
    )
    return int(data["id"])
