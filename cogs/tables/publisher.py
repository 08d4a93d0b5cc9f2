"""The public table messages: one per table, edited in place, at a pace Discord accepts.

The table service tells its listeners about every change, the moves its timers make for
computers and absent players included. The publisher marks the table dirty and runs at
most one background task per table that edits the message with the *latest* state, never
more often than once per `interval` (Discord allows about 5 edits per 5 s per channel):
states in between are skipped, the latest wins. A vanished message is posted again; a
vanished channel closes its table. After a match the final score sheet is posted.
Discord's passing faults (5xx, timeouts) are retried a bounded number of times
(`cogs/common/delivery.py`); a refusal for lack of permissions is told to the table's
opener once, by direct message, and the message is left alone until the next restart or
`/table open`, instead of failing again on every move.
Background tasks are named "bg:..." (the offline harness does not wait for those).

Edits go through the bot token, and Discord allows a bot about 50 such requests per
second in all (the global limit), so the edits of all tables share one `EditBudget`
(`EDIT_BUDGET` a second, leaving room for posts and commands): past about 100 busy tables
each table's message is edited less often, never over the limit, and the latest state
still lands. Waiting for the budget happens only in these background tasks, never on the
way to an interaction response. A click on the table message itself carries the new
state in its own response (`TableActions.on_sit`), with the interaction's token, which
the global limit does not count; `shown` then tells the publisher.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord

from bot.pictures.table import table_picture
from bot.tables import PublicTable, Status, TableAnswer, TableError, TableService
from cogs.common.components import NO_MENTIONS
from cogs.common.delivery import DELIVERY_ERRORS, RETRY_DELAYS, is_transient, retried
from cogs.common.locales import public_locale
from cogs.common.raw_messages import edit_channel_message
from cogs.common.text import rank_letters, t
from cogs.tables.ui import (
    picture_caption,
    picture_description,
    public_payload,
    public_view,
)
from cogs.tables.ui_picture import (
    PICTURE_FILE,
    Moment,
    ShownPicture,
    drawn_state,
    picture_due,
    picture_kept,
    taken_trick_shown,
)
from cogs.tables.ui_sheet import final_sheet
from cogs.tables.ui_text import seat_name

if TYPE_CHECKING:
    from bot.client import KlaverjasBot

__all__ = ["EDIT_BUDGET", "EDIT_INTERVAL", "PICTURE_RATE", "EditBudget", "TablePublisher"]

log = logging.getLogger(__name__)

EDIT_INTERVAL = 1.2  # seconds between two edits of one table's message
EDIT_BUDGET = 40.0  # bot-token edits a second for all tables (Discord's global limit: ~50)
PICTURE_RATE = 1.0  # table pictures drawn a second for all tables (each 3-5 ms of CPU)
PICTURE_BURST = 4.0
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008


class EditBudget:
    """Spaces requests to at most `rate` a second, after a burst of `burst` (a token
    bucket kept as the time the next request is due). `take` waits for a turn; the
    clock and sleep are injectable for tests."""

    def __init__(
        self,
        rate: float,
        burst: float = 10.0,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._sleep = sleep
        self._due = float("-inf")  # when the bucket is empty again, at the current pace
        self.waited = 0  # how many takes had to wait (the bot's request log line)

    def _now(self) -> float:
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    def spare(self, keep: float = 0.0) -> bool:
        """Take a turn now if one is free with `keep` more left over, without waiting;
        False when there is none (the caller does without)."""
        if self.rate <= 0:
            return True
        now = self._now()
        step = 1.0 / self.rate
        free = min(self.burst, self.burst - (self._due - now) / step)  # turns free now
        if free < 1 + keep:
            return False
        self._due = max(self._due, now) + step
        return True

    async def take(self) -> None:
        """Take a turn, waiting until one is free."""
        if self.rate <= 0:
            return
        now = self._now()
        step = 1.0 / self.rate
        start = max(now, self._due - self.burst * step)
        self._due = max(self._due, start) + step
        if start > now:
            self.waited += 1
            await self._sleep(start - now)


@dataclass
class _Pending:
    """What one table's message still needs, and the task that will do it."""

    dirty: bool = False
    force: bool = False  # edit even if this state was rendered (after a restart)
    final_sheet: bool = False  # the match ended: post the final score sheet
    gone: bool = False  # the channel vanished: nothing more to show
    forbidden: bool = False  # Discord refused us the channel: no more tries for now
    told: bool = False  # the opener was told about the missing permissions
    given_up_seq: int | None = None  # Discord kept failing on this state: wait for the next
    rendered_seq: int | None = None
    picture: ShownPicture | None = None  # the picture the message shows now
    drawn_moment: Moment | None = None  # the moment that picture was drawn for
    last_edit: float = float("-inf")
    task: asyncio.Task[None] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class TablePublisher:
    """The table messages: posts, edits and reposts, at Discord's pace."""

    def __init__(
        self, bot: KlaverjasBot, interval: float = EDIT_INTERVAL, budget: float = EDIT_BUDGET
    ) -> None:
        self.bot = bot
        self.interval = interval
        self.budget = EditBudget(budget)
        self.pictures = EditBudget(PICTURE_RATE, PICTURE_BURST)
        self._message_ids: dict[int, int] = {}  # table id -> the message this process posted
        self._pending: dict[int, _Pending] = {}
        self._closed = False
        self.retry_delays: tuple[float, ...] = RETRY_DELAYS

    @property
    def service(self) -> TableService:
        """The table service."""
        return self.bot.services.tables

    # ------------------------------------------------------------------ scheduling
    async def on_events(self, result: TableAnswer) -> None:
        """The service listener: note what must be shown and schedule one edit."""
        state = self._state(result.id)
        if any(event.kind == "match_finished" for event in result.events):
            state.final_sheet = True
        self.schedule(result.id)

    def schedule(self, table_id: int, *, force: bool = False) -> None:
        """Mark the table dirty; start its background task unless one is running."""
        if self._closed:
            return
        state = self._state(table_id)
        state.dirty = True
        state.force = state.force or force
        if state.task is None:
            name = f"bg:table-message:{table_id}"
            state.task = asyncio.create_task(self._run(table_id, state), name=name)

    def restore(self) -> None:
        """After a restart: refresh the message of every open table (re-post if gone)."""
        for table in self.service.open_tables():
            self._state(table.id).forbidden = False
            self.schedule(table.id, force=True)

    async def publish_now(self, table_id: int) -> bool:
        """Bring the message up to date now (a new table); True if the table has one. A
        refusal is the caller's to tell (the opener is answering a command)."""
        state = self._state(table_id)
        state.forbidden = False
        async with state.lock:
            await self._sync(table_id, state)
        state.told = state.told or state.forbidden
        return self.message_id(self.service.get(table_id)) is not None

    def shown(self, table: TableAnswer) -> None:
        """`table`'s current state is on its message now (an interaction response showed it
        with the interaction's token, or a repost drew it): no bot-token edit is needed for
        this state."""
        state = self._state(table.id)
        state.rendered_seq = table.seq
        state.last_edit = asyncio.get_running_loop().time()

    async def repost(self, table_id: int) -> int:
        """Bump (cogs/tables/bump.py): post the table's message anew at the bottom of its
        channel, make it the table's message (kept in the store, so later edits and a
        restart use it), then remove the old one. Discord's refusal is the caller's."""
        state = self._state(table_id)
        async with state.lock:
            table = self.service.get(table_id)
            old = self.message_id(table)
            what = f"re-posting the message of table {table.id}"
            message_id = await self._post(table, self.locale_for(table.public), what)
            self.shown(table)
        if old is not None:
            channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
            try:
                delete = channel.get_partial_message(old).delete
                await retried(delete, f"removing message {old}", self.retry_delays)
            except DELIVERY_ERRORS as error:  # already gone: nothing left to remove
                log.info("table %s: old message %s not removed: %s", table_id, old, error)
        return message_id

    def picture(self, table_id: int) -> ShownPicture | None:
        """The picture the table's message shows now, if any (a redraw keeps showing it)."""
        state = self._pending.get(table_id)
        return state.picture if state is not None else None

    def message_id(self, table: TableAnswer) -> int | None:
        """The table's public message. The one this process posted wins over the service's
        copy: a refused operation restores the table from a snapshot taken before
        `set_message`, so in memory the service may briefly forget it (reported)."""
        return self._message_ids.get(table.id, table.message_id)

    async def flush(self) -> None:
        """Wait until every scheduled edit is done (tests; an orderly shutdown)."""
        while tasks := [s.task for s in self._pending.values() if s.task is not None]:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def close(self) -> None:
        """Stop for good: cancel pending edits (the services close right after)."""
        self._closed = True
        tasks = [s.task for s in self._pending.values() if s.task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    # ------------------------------------------------------------------ locale
    def locale_for(self, table: PublicTable) -> str:
        """The table's language, else its guild's preferred locale, else the default
        (cogs/common/locales.py)."""
        return public_locale(self.bot, table.guild_id, table.settings.locale)

    # ------------------------------------------------------------------ the work
    def _state(self, table_id: int) -> _Pending:
        return self._pending.setdefault(table_id, _Pending())

    async def _run(self, table_id: int, state: _Pending) -> None:
        loop = asyncio.get_running_loop()
        try:
            while state.dirty and not self._closed:
                if not self._behind(table_id, state):  # e.g. a click's response showed it
                    state.dirty = False
                    break
                wait = state.last_edit + self.interval - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                    continue  # look again: a click may have shown the state meanwhile
                await self.budget.take()  # changes meanwhile join this edit
                state.dirty = False
                try:
                    async with state.lock:
                        await self._sync(table_id, state)
                    if state.forbidden and not state.told:
                        state.told = True
                        await self._tell_opener(table_id)
                except Exception:  # one failed edit must not stop the next ones
                    log.exception("could not update the message of table %s", table_id)
        finally:
            state.task = None
            self._forget_if_done(table_id, state)

    def _behind(self, table_id: int, state: _Pending) -> bool:
        """Whether the message needs a request (else no budget is spent)."""
        try:
            seq = self.service.get(table_id).seq
        except TableError:
            return False
        if state.gone or state.forbidden or (seq == state.given_up_seq and not state.force):
            return False
        return seq != state.rendered_seq or state.force or state.final_sheet

    def _forget_if_done(self, table_id: int, state: _Pending) -> None:
        """Drop what a finished or closed table no longer needs (a bot runs for months)."""
        try:
            done = not self.service.get(table_id).is_open
        except TableError:
            done = True
        if done and not state.dirty and not state.final_sheet and not state.lock.locked():
            self._pending.pop(table_id, None)
            self._message_ids.pop(table_id, None)

    async def _sync(self, table_id: int, state: _Pending) -> None:
        try:
            table = self.service.get(table_id)
        except TableError:
            return
        current = table.seq == state.rendered_seq and not state.force
        given_up = table.seq == state.given_up_seq and not state.force
        if state.gone or state.forbidden or given_up or (current and not state.final_sheet):
            return
        state.force = False
        public = table.public
        locale = self.locale_for(public)
        if not current and not await self._put(table, public, locale, state):
            return
        state.rendered_seq = public.seq
        state.last_edit = asyncio.get_running_loop().time()
        if state.final_sheet:
            state.final_sheet = False
            await self._post_final(table, public, locale)

    async def _put(
        self, table: TableAnswer, public: PublicTable, locale: str, state: _Pending
    ) -> bool:
        """Edit the table's message, or post it when it has none or it vanished."""
        message_id = self.message_id(table)
        try:
            if message_id is not None and await self._edit(table, locale, message_id, state):
                return True
            if not table.is_open:
                return False
            await self._post(table, locale, f"posting the message of table {table.id}")
            return True
        except discord.NotFound as error:
            if error.code != UNKNOWN_CHANNEL:
                raise
            state.gone = True
            await self._close_vanished(table)
        except discord.Forbidden as error:
            log.warning("table %s: cannot post in %s: %s", table.id, table.channel_id, error)
            state.forbidden = True
        except Exception as error:
            if not is_transient(error):
                raise
            log.warning(
                "table %s: Discord kept failing (%s); next change tries again", table.id, error
            )
            state.given_up_seq = table.seq
        return False

    async def _post(self, table: TableAnswer, locale: str, what: str) -> int:
        """Post the table's message at the bottom of its channel and make it the table's
        message (kept in the store, so later edits and a restart use it)."""
        view = public_view(table, locale, self.bot.card_faces)
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

        async def send() -> discord.Message:  # the players named in it are not pinged
            return await channel.send(view=view, allowed_mentions=NO_MENTIONS)

        message = await retried(send, what, self.retry_delays)
        self._message_ids[table.id] = message.id
        state = self._state(table.id)
        state.picture = state.drawn_moment = None  # a new message: no picture until the next
        await self.service.set_message(table.id, message.id)
        return message.id

    async def _edit(
        self, table: TableAnswer, locale: str, message_id: int, state: _Pending
    ) -> bool:
        """Edit in place; False when the message is gone (so it gets posted again).
        Sent as JSON drawn once per state, the answer not read (cogs/common/raw_messages.py).
        At a moment a picture is due (`picture_due`) and the picture budget allows it, the
        same request uploads the new picture; otherwise the message keeps the one it has
        while it is at most a trick behind the words (`picture_kept`), else shows none."""
        public = table.public
        moment = picture_due(public, state.drawn_moment)
        picture, files = state.picture, []
        kept = picture is not None and picture_kept(state.drawn_moment, public)
        if moment is not None and await self._may_draw(moment, public, kept):
            picture, png = await self._picture(table, locale)
            files = [discord.File(io.BytesIO(png), PICTURE_FILE)]
        elif not kept:
            picture = None  # a new hand, or tricks went without: no picture out of date
        payload = public_payload(table, locale, self.bot.card_faces, picture)
        if files and picture is not None:
            new = {"id": 0, "filename": PICTURE_FILE, "description": picture.description}
            payload = {**payload, "attachments": [new]}
        elif picture is None and state.picture is not None:
            payload = {**payload, "attachments": []}  # the old file goes with it
        channel_id = table.channel_id

        async def edit() -> None:
            for file in files:
                file.reset()
            await edit_channel_message(self.bot, channel_id, message_id, payload, files)

        try:
            await retried(edit, f"editing message {message_id}", self.retry_delays)
        except discord.NotFound as error:
            if error.code != UNKNOWN_MESSAGE:
                raise
            log.info("message %s vanished; posting the table again", message_id)
            return False
        state.picture = picture
        if files:
            state.drawn_moment = moment
        return True

    async def _may_draw(self, moment: Moment, public: PublicTable, kept: bool) -> bool:
        """A picture costs more CPU than a click (docs/benchmarks.md), so all tables share
        `PICTURE_RATE` a second, hands' ends first: a hand's end takes any free turn; a
        trick whose message would otherwise show no picture (`kept` False: it has none, or
        one more than a trick behind, `picture_kept`) a turn that leaves one for a hand's
        end; any other trick only one that leaves half the burst. A picture not drawn
        stays due until the next trick is taken (a hand's end until drawn). The final
        picture (a match over, a table closed) waits for its turn: no later edit would
        bring it."""
        if public.status != Status.PLAYING:
            await self.pictures.take()
            return True
        if moment.tricks == 0:
            return self.pictures.spare()
        return self.pictures.spare(self.pictures.burst / 2 if kept else 1.0)

    async def _picture(self, table: TableAnswer, locale: str) -> tuple[ShownPicture, bytes]:
        """The public picture of the table now (drawn in a worker thread: the event loop
        goes on answering clicks meanwhile), with its alt text. Mid-trick it shows the
        trick taken last (`drawn_state`), its caption shown at once."""
        now = table.public
        public = drawn_state(now)
        names = tuple(seat_name(public.seats, seat, locale) for seat in range(len(public.seats)))
        png = await asyncio.to_thread(table_picture, public, None, names, rank_letters(locale))
        description = picture_description(public, locale)
        caption = picture_caption(public, locale)
        taken = taken_trick_shown(public)
        seq = now.seq if public is now else -1  # drawn mid-trick: not the state in words
        return ShownPicture(PICTURE_FILE, description, caption, seq, taken), png

    async def _close_vanished(self, table: TableAnswer) -> None:
        log.info("table %s: channel %s vanished; closing the table", table.id, table.channel_id)
        if not table.is_open:
            return
        me = self.bot.user.id if self.bot.user is not None else 0
        with contextlib.suppress(TableError):
            await self.service.close(table.id, me, moderator=True)

    async def _post_final(self, table: TableAnswer, public: PublicTable, locale: str) -> None:
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        content, embed, view = final_sheet(public, locale)
        try:
            what = f"posting the final sheet of table {table.id}"
            await retried(
                lambda: channel.send(content=content, embed=embed, view=view),
                what,
                self.retry_delays,
            )
        except DELIVERY_ERRORS as error:
            log.warning("table %s: could not post the final score sheet: %s", table.id, error)

    async def _tell_opener(self, table_id: int) -> None:
        """Tell the opener, in words and once, that Discord refuses us their table's channel
        (a direct message: no interaction of theirs is waiting for an answer)."""
        table = self.service.get(table_id)
        text = t(
            "tables.forbidden.dm",
            self.locale_for(table.public),
            table=table.id,
            channel=f"<#{table.channel_id}>",
        )
        try:
            dm = await self.bot.create_dm(discord.Object(table.opener_id))
            await retried(
                lambda: dm.send(text), f"telling the opener of table {table.id}", self.retry_delays
            )
        except DELIVERY_ERRORS as error:
            log.warning(
                "table %s: could not tell the opener %s: %s", table.id, table.opener_id, error
            )
