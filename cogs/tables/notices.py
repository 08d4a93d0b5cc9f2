"""Turn notices: tell a player that the table has waited for them a while (docs/table-ux.md 2.10).

Edits of the table message notify nobody, the message scrolls away, and the turn timer
runs: so when the table comes to a human, after someone else acted, and that player has
not acted within `NOTICE_GRACE` seconds (half the turn timer when that is shorter), they
hear it the way they chose with /notify (`bot/preferences.py`):

- mention: one short message in the table's channel or thread; the player's move, the
  next move of anyone, or the end of the match deletes it, so the channel never fills up
  (its id is stored with the table, so a restart in between still deletes it);
- dm: a direct message with a link to the table message; a player whose direct messages
  Discord refuses (Forbidden) gets nothing more from this process, never a retry loop;
- off: nothing.

A player who acts within the grace (the usual case at a busy table) is not told at all,
so a click costs no notice requests (docs/decisions.md, "Turn notices after a grace").
The grace runs on the tables' clock and is checked on the tables' timer tick
(`TableService.tick_listeners`), so tests move a fake clock instead of waiting. A restart
starts the grace again for every player an open table waits for, and takes over the
mentions an earlier process left standing (`restore`).
No notice when the player who acted last is the one to act again (leading after winning
a trick, choosing after passing round): they are looking at the table already.
Best effort in background tasks named "bg:notice:..."; a failure is logged and forgotten.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.preferences import NotifyMode
from bot.tables import EventKind, TableAnswer, TableError
from bot.tables.events import Repaired
from cogs.common.delivery import DELIVERY_ERRORS, retried
from cogs.common.text import jump_url, locale_of, t
from cogs.tables.ui import settings_embed

if TYPE_CHECKING:
    from bot.client import KlaverjasBot
    from cogs.tables.publisher import TablePublisher

__all__ = ["NOTICE_GRACE", "TurnNotifier", "choose_notify"]

log = logging.getLogger(__name__)

NOTICE_GRACE = 15.0  # seconds a player may take before being told it is their turn

# The events that move the turn. `Started` and `HandScored` deal a new hand: nobody acted
# in it yet, so whoever names trump is told, even the player who played the last card.
_DEALS = (EventKind.STARTED, EventKind.HAND_SCORED)
_TURN_KINDS = (
    *_DEALS,
    EventKind.TRUMP_CHOSEN,
    EventKind.TRUMP_PASSED,
    EventKind.LEDIG_DECLARED,
    EventKind.CARD_PLAYED,
)


@dataclass(frozen=True)
class _Due:
    """A notice to give when the tables' clock reaches `at`, if the turn has not moved."""

    seat: int
    user_id: int
    at: float


def grace(table: TableAnswer) -> float:
    """How long the table waits before telling a player: `NOTICE_GRACE`, or half the turn
    timer when that is shorter (a notice after the computer played for them is useless)."""
    timer = table.settings.turn_timer
    return min(NOTICE_GRACE, timer / 2) if timer > 0 else NOTICE_GRACE


class TurnNotifier:
    """Turn notices: a player who kept the table waiting hears it as they chose."""

    def __init__(self, bot: KlaverjasBot, publisher: TablePublisher) -> None:
        self.bot = bot
        self.publisher = publisher
        self.enabled = True
        self._mentions: dict[int, tuple[int, int]] = {}  # table -> (channel, message) posted
        self._due: dict[int, _Due] = {}  # table -> the notice its turn will need, if slow
        self._dm_refused: set[int] = set()  # users whose direct messages Discord refuses
        self._channel_refused: set[int] = set()  # tables whose channel refuses our posts
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def on_events(self, table: TableAnswer) -> None:
        """The service listener: when the turn moved, forget the table's pending notice,
        delete the one posted (if any) and start the grace for the human now to act."""
        if not self.enabled:
            return
        for event in table.events:
            if isinstance(event, Repaired):
                self._track(self._repair_note(table, event), f"bg:notice:{table.id}:repaired")
        turn = [e for e in table.events if e.kind in _TURN_KINDS]
        if table.is_open and not turn:
            return
        # The player acted, the turn moved or the match is over: what was due or posted is
        # out of date.
        self._due.pop(table.id, None)
        if table.id in self._mentions:
            self._spawn(table, None)
        target = table.waiting_for() if table.is_open else None
        if target is None or (turn[-1].kind not in _DEALS and turn[-1].seat == target[0]):
            return  # nobody to tell, or the same player acts again: they are looking
        now = self.bot.services.tables.clock.now()
        self._due[table.id] = _Due(target[0], target[1], now + grace(table))

    async def restore(self) -> None:
        """After a restart: the grace starts again for every human an open table waits
        for. What was due before is gone with the old process, and the player who was
        slow then would otherwise hear nothing until the turn moves. A mention the old
        process left standing goes as it would have: when the turn moves or the next
        notice replaces it; at once if its table is no longer open."""
        service = self.bot.services.tables
        try:  # first: nothing below awaits, so no event can come between
            standing = await service.standing_notices()
        except Exception:  # a courtesy: the bot starts without it
            log.exception("standing turn notices not read; they stay in their channels")
            standing = []
        now = service.clock.now()
        for table in service.open_tables():
            target = table.waiting_for()
            if target is not None:
                self._due[table.id] = _Due(target[0], target[1], now + grace(table))
        open_ids = {table.id for table in service.open_tables()}
        for notice in standing:
            self._mentions[notice.table_id] = (notice.channel_id, notice.message_id)
            if notice.table_id not in open_ids:
                self._track(self._removal(notice.table_id), f"bg:notice:{notice.table_id}:gone")

    async def on_tick(self, now: float) -> None:
        """The tables' timer tick: give the notices whose grace has run out."""
        if not self.enabled:
            return
        service = self.bot.services.tables
        for table_id, due in [(i, d) for i, d in self._due.items() if d.at <= now]:
            del self._due[table_id]
            try:
                table = service.get(table_id)
            except TableError:
                continue
            if table.is_open and table.waiting_for() == (due.seat, due.user_id):
                self._spawn(table, due.user_id)

    def _spawn(self, table: TableAnswer, user_id: int | None) -> None:
        self._track(self._notify(table, user_id), f"bg:notice:{table.id}:{table.seq}")

    def _track(self, work: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def flush(self) -> None:
        """Wait until every notice under way is sent (tests)."""
        while tasks := list(self._tasks):
            await asyncio.gather(*tasks, return_exceptions=True)

    async def close(self) -> None:
        """Stop: no more notices, those under way cancelled."""
        self.enabled = False
        self._due.clear()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    # ------------------------------------------------------------------ the work
    async def _notify(self, table: TableAnswer, user_id: int | None) -> None:
        """Remove the table's last mention (if one was posted), then tell `user_id`
        (None: nobody)."""
        lock = self._locks.setdefault(table.id, asyncio.Lock())
        try:
            async with lock:
                await self._remove_mention(table.id)
                if user_id is None:
                    if not table.is_open:
                        self._locks.pop(table.id, None)
                    return
                mode = await self.bot.services.preferences.notify_mode(user_id)
                if mode == NotifyMode.MENTION and table.id not in self._channel_refused:
                    await self._mention(table, user_id)
                elif mode == NotifyMode.DM and user_id not in self._dm_refused:
                    await self._direct(table, user_id)
        except Exception:  # a notice is a courtesy: never let it disturb anything else
            log.exception("turn notice for table %s failed", table.id)

    async def _removal(self, table_id: int) -> None:
        """Delete the mention of a table that is no longer open (found at a restart)."""
        try:
            async with self._locks.setdefault(table_id, asyncio.Lock()):
                await self._remove_mention(table_id)
            self._locks.pop(table_id, None)
        except Exception:  # a courtesy, as in `_notify`
            log.exception("turn notice of table %s not removed", table_id)

    async def _remove_mention(self, table_id: int) -> None:
        posted = self._mentions.pop(table_id, None)
        if posted is None:
            return
        channel = self.bot.get_partial_messageable(posted[0])
        try:
            await retried(channel.get_partial_message(posted[1]).delete, "deleting a notice")
        except DELIVERY_ERRORS as error:  # already gone, or not ours to delete any more
            log.debug("notice %s of table %s not deleted: %s", posted[1], table_id, error)
        await self.bot.services.tables.set_notice(table_id, None)

    def _link(self, table: TableAnswer) -> str | None:
        message_id = self.publisher.message_id(table)
        if message_id is None:
            return None
        return jump_url(table.guild_id, table.channel_id, message_id)

    async def _mention(self, table: TableAnswer, user_id: int) -> None:
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        locale = self.publisher.locale_for(table.public)
        text = t("tables.notice.mention", locale, user=f"<@{user_id}>", table=table.id)
        link = self._link(table)
        if link is not None:
            text += " " + link
        mentions = discord.AllowedMentions(users=[discord.Object(user_id)], roles=False)
        try:
            message = await retried(
                lambda: channel.send(text, allowed_mentions=mentions), "posting a turn notice"
            )
        except discord.Forbidden as error:  # the publisher tells the opener; we stop asking
            log.warning("table %s: no turn notices in its channel: %s", table.id, error)
            self._channel_refused.add(table.id)
            return
        except DELIVERY_ERRORS as error:
            log.warning("table %s: could not post a turn notice: %s", table.id, error)
            return
        self._mentions[table.id] = (table.channel_id, message.id)
        await self.bot.services.tables.set_notice(table.id, message.id)

    async def _repair_note(self, table: TableAnswer, event: Repaired) -> None:
        """Tell the table's channel that the restart repaired its table (with the settings
        it plays with now) or closed it (docs/decisions.md, "Repairs at restore")."""
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        locale = self.publisher.locale_for(table.public)
        embeds: list[discord.Embed] = []
        if event.closed:
            text = t("tables.repair.closed", locale, table=table.id)
        else:
            text = t("tables.repair.note", locale, table=table.id)
            embeds.append(settings_embed(table.public, locale, locale))
        try:
            await retried(
                lambda: channel.send(content=text, embeds=embeds),
                f"the repair note of table {table.id}",
            )
        except DELIVERY_ERRORS as error:
            log.warning("table %s: could not post its repair note: %s", table.id, error)

    async def _direct(self, table: TableAnswer, user_id: int) -> None:
        locale = self.publisher.locale_for(table.public)
        link = self._link(table) or f"<#{table.channel_id}>"
        text = t("tables.notice.dm", locale, table=table.id, link=link)
        try:
            dm = await self.bot.create_dm(discord.Object(user_id))
            await retried(lambda: dm.send(text), f"a turn notice to {user_id}")
        except discord.Forbidden:
            # Closed direct messages: fall back to nothing for the rest of this process.
            log.info("user %s refuses direct messages; no more turn notices by DM", user_id)
            self._dm_refused.add(user_id)
        except DELIVERY_ERRORS as error:
            log.warning("table %s: turn notice to %s failed: %s", table.id, user_id, error)


async def choose_notify(
    bot: KlaverjasBot, interaction: discord.Interaction[Any], mode: str | None
) -> None:
    """/notify: store the player's choice (or just show it), then answer privately."""
    preferences = bot.services.preferences
    user_id = interaction.user.id
    if mode is not None:
        await preferences.set_notify_mode(user_id, NotifyMode(mode))
    current = await preferences.notify_mode(user_id)
    locale = locale_of(interaction)
    key = "tables.notify.set" if mode is not None else "tables.notify.current"
    text = t(key, locale, mode=t(f"tables.notify.mode.{current.value}", locale))
    await interaction.response.send_message(text, ephemeral=True)
