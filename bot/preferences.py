"""Player preferences: how a player wants to hear that a table waits for them.

A small service over the store so front ends never touch `bot.store`. The choice is per
player (a Discord user id), remembered across tables and restarts; a player who never
chose gets `DEFAULT_NOTIFY` (a mention in the table's channel, docs/table-ux.md). Reads
are cached: the notifier asks on every turn, the answer changes only through `set_notify`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import StrEnum

from bot.store import PreferenceStore

__all__ = ["DEFAULT_NOTIFY", "NotifyMode", "PreferenceService"]


class NotifyMode(StrEnum):
    """The stored values: never renamed (rows hold them)."""

    MENTION = "mention"  # one short mention in the table's channel, replaced by the next
    DM = "dm"  # a direct message with a link to the table message
    OFF = "off"  # nothing: the table message alone says whose turn it is


DEFAULT_NOTIFY = NotifyMode.MENTION


class PreferenceService:
    def __init__(self, store: PreferenceStore, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.now = now
        self._notify: dict[int, NotifyMode] = {}

    async def notify_mode(self, user_id: int) -> NotifyMode:
        """The player's choice, or the default when they never chose (or the row is not a
        value this version knows)."""
        known = self._notify.get(user_id)
        if known is not None:
            return known
        stored = await self.store.notify_mode(user_id)
        mode = NotifyMode(stored) if stored in set(NotifyMode) else DEFAULT_NOTIFY
        self._notify[user_id] = mode
        return mode

    async def set_notify_mode(self, user_id: int, mode: NotifyMode) -> None:
        """Store the choice first; the cache follows only once it is committed."""
        await self.store.set_notify_mode(user_id, NotifyMode(mode).value, self.now())
        self._notify[user_id] = NotifyMode(mode)
