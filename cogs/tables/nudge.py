"""Best effort: redraw a player's latest hand message when the table waits for them.

Without this, a hand drawn while others were playing shows disabled cards until the
player presses Refresh. docs/table-ux.md 2.3 allows refreshing the player's own latest
hand message through the token of the interaction that drew it, while that token is
younger than ~14 minutes (Discord's live 15). Nothing depends on it: the public message
says whose turn it is, and My hand and Refresh always work. Any failure just forgets the
stored interaction. Edits run in background tasks named "bg:hand:..."; one per player.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.tables import TableAnswer, TableError, TableService
from cogs.common.delivery import DELIVERY_ERRORS, retried
from cogs.common.raw_messages import edit_original
from cogs.common.requests import RequestStats
from cogs.tables.ui_hand import hand_payload

if TYPE_CHECKING:
    from bot.client import KlaverjasBot

__all__ = ["HandNudger"]

log = logging.getLogger(__name__)

TOKEN_MARGIN = dt.timedelta(minutes=14)
Key = tuple[int, int]  # (table id, user id)


@dataclass
class _Drawn:
    """The interaction that last drew a player's hand, and the state it showed."""

    interaction: discord.Interaction[Any]
    seq: int
    locale: str


class HandNudger:
    """Redraws a player's latest hand message when the table waits for them."""

    def __init__(self, bot: KlaverjasBot, requests: RequestStats | None = None) -> None:
        self.bot = bot
        self.requests = requests or RequestStats()
        self.enabled = True
        self._drawn: dict[Key, _Drawn] = {}
        self._tasks: dict[Key, asyncio.Task[None]] = {}
        self._answering: set[Key] = set()

    @property
    def service(self) -> TableService:
        """The table service."""
        return self.bot.services.tables

    def remember(
        self, interaction: discord.Interaction[Any], table: TableAnswer, locale: str
    ) -> None:
        """Called whenever a hand message is drawn in answer to `interaction`."""
        self._drawn[(table.id, interaction.user.id)] = _Drawn(interaction, table.seq, locale)

    @contextlib.contextmanager
    def answering(self, table_id: int | None, user_id: int) -> Iterator[None]:
        """While a player's own click is being answered, its answer redraws the hand."""
        key = (table_id or 0, user_id)
        self._answering.add(key)
        try:
            yield
        finally:
            self._answering.discard(key)

    async def on_events(self, table: TableAnswer) -> None:
        """The service listener: schedule a redraw for the player the table waits for."""
        if not table.is_open:
            self._forget_table(table.id)
            return
        waiting = table.waiting_for()
        key = (table.id, waiting[1] if waiting is not None else 0)
        if key not in self._answering:
            self._schedule(key, table.seq)

    def nudge(self, table_id: int, user_id: int) -> None:
        """Redraw the player's latest hand message if the table moved on, after an answer
        of their own that draws no hand (the first /hint of a hand commits its mark)."""
        self._schedule((table_id, user_id), None)

    def _schedule(self, key: Key, seq: int | None) -> None:
        """Start the redraw of the hand drawn for ``key`` unless it shows state ``seq``
        (None: the redraw looks) or its token is too old."""
        drawn = self._drawn.get(key)
        if not self.enabled or drawn is None or drawn.seq == seq:
            return
        if discord.utils.utcnow() - drawn.interaction.created_at > TOKEN_MARGIN:
            del self._drawn[key]
            return
        if key not in self._tasks:
            name = f"bg:hand:{key[0]}:{key[1]}"
            self._tasks[key] = asyncio.create_task(self._redraw(key), name=name)

    async def flush(self) -> None:
        """Wait until every redraw under way is done (tests)."""
        while tasks := list(self._tasks.values()):
            await asyncio.gather(*tasks, return_exceptions=True)

    async def close(self) -> None:
        """Stop: no more redraws, those under way cancelled."""
        self.enabled = False
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _redraw(self, key: Key) -> None:
        try:
            drawn = self._drawn.get(key)
            table = self.service.get(key[0], key[1])
            if drawn is None or table.seat is None or drawn.seq == table.seq:
                return
            emojis = self.bot.card_faces
            payload = hand_payload(table.public, table.hand(), drawn.locale, None, emojis)
            what = f"redrawing the hand of {key}"
            self.requests.note_token_edit()
            await retried(lambda: edit_original(drawn.interaction, payload), what)
            drawn.seq = table.seq
        except (*DELIVERY_ERRORS, TableError) as error:
            log.debug("hand of %s not redrawn: %s", key, error)
            self._drawn.pop(key, None)
        finally:
            self._tasks.pop(key, None)

    def _forget_table(self, table_id: int) -> None:
        for key in [k for k in self._drawn if k[0] == table_id]:
            del self._drawn[key]
