"""Player preferences: how a player wants to hear that a table waits for them.

A small service over the store so front ends never touch `bot.store`. The choice is per
player (a Discord user id), remembered across tables and restarts; a player who never
chose gets `DEFAULT_NOTIFY` (a mention in the table's channel, docs/table-ux.md). Reads
are cached for `CACHE_SECONDS`: the notifier asks on every turn, and a choice made through
another shard's process (same database, other guilds) reaches this one within that time.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import StrEnum

from bot.checks import Arguments, an_id, member_of
from bot.store import PreferenceStore
from bot.tables.arguments import refuse_argument

__all__ = ["CACHE_SECONDS", "DEFAULT_NOTIFY", "NotifyMode", "PreferenceService"]


class NotifyMode(StrEnum):
    """The stored values: never renamed (rows hold them)."""

    MENTION = "mention"  # one short mention in the table's channel, replaced by the next
    DM = "dm"  # a direct message with a link to the table message
    OFF = "off"  # nothing: the table message alone says whose turn it is


DEFAULT_NOTIFY = NotifyMode.MENTION
CACHE_SECONDS = 60.0
# Refused as the tables refuse (`bad_id`, `bad_argument`): /notify is a table command.
ARGUMENTS = Arguments({"user_id": an_id, "mode": member_of(NotifyMode)}, refuse_argument)


class PreferenceService:
    """Players' preferences for the front ends: their stored choices, read through a short cache."""

    def __init__(self, store: PreferenceStore, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.now = now
        self._notify: dict[int, tuple[NotifyMode, float]] = {}  # user -> (mode, read at)

    @ARGUMENTS.checked
    async def notify_mode(self, user_id: int) -> NotifyMode:
        """The player's choice, or the default when they never chose (or the row is not a
        value this version knows)."""
        now = self.now()
        known = self._notify.get(user_id)
        if known is not None and now - known[1] < CACHE_SECONDS:
            return known[0]
        stored = await self.store.notify_mode(user_id)
        mode = NotifyMode(stored) if stored in set(NotifyMode) else DEFAULT_NOTIFY
        self._notify[user_id] = (mode, now)
        return mode

    @ARGUMENTS.checked
    async def set_notify_mode(self, user_id: int, mode: NotifyMode) -> None:
        """Store the choice first; the cache follows only once it is committed."""
        await self.store.set_notify_mode(user_id, mode.value, self.now())
        self._notify[user_id] = (mode, self.now())
