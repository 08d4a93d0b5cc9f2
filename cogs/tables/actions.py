"""What clicks and commands do: ask the table service, then answer the one interaction.

One path for every refusal: a `TableError` becomes a specific sentence in the user's
language (cogs/tables/errors.py), shown in the hand message when the click came from it,
else as an ephemeral reply; anything unexpected gets an error code (cogs/common/replies.py).
Every answer uses the interaction being answered (a click edits the message it was made
on); no stored token of another interaction is needed for anything to work.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import Card, Suit
from bot.tables import (
    RefusalCode,
    Status,
    Table,
    TableError,
    TableService,
    dealt_hands,
    public_table,
)
from bot.tables.events import RoemClaimed
from cogs.common.raw_messages import update_message
from cogs.common.replies import guarded, send_ephemeral
from cogs.common.requests import RequestStats
from cogs.common.text import card_text, locale_of, t
from cogs.tables.bump import Bumper
from cogs.tables.errors import REFUSALS, error_text
from cogs.tables.items import ButtonKind
from cogs.tables.ui import last_trick_embed, leave_question, public_message, sheet_embed
from cogs.tables.ui_hand import hand_message, hand_payload
from cogs.tables.ui_review import review_embed, review_view
from cogs.tables.ui_text import roem_text, suit_text

if TYPE_CHECKING:
    from bot.client import KlaverjasBot
    from cogs.tables.nudge import HandNudger
    from cogs.tables.publisher import TablePublisher

__all__ = ["TableActions", "on_ephemeral"]

Work = Callable[[], Awaitable[None]]
Handler = Callable[[discord.Interaction[Any], int], Awaitable[None]]


def on_ephemeral(interaction: discord.Interaction[Any]) -> bool:
    """Whether the click came from an ephemeral message (a hand), not the table message."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


class TableActions:
    def __init__(
        self,
        bot: KlaverjasBot,
        publisher: TablePublisher,
        nudger: HandNudger,
        requests: RequestStats | None = None,
    ) -> None:
        self.bot = bot
        self.publisher = publisher
        self.nudger = nudger
        self.requests = requests or RequestStats()
        self.bumper = Bumper(bot, publisher)

    @property
    def service(self) -> TableService:
        return self.bot.services.tables

    # ------------------------------------------------------------------ the one guard
    async def guard(
        self,
        interaction: discord.Interaction[Any],
        where: str,
        work: Work,
        table_id: int | None = None,
        on_hand: bool = False,
    ) -> None:
        """Run `work` in the common guard (cogs/common/replies.py): a refusal becomes its
        sentence (`refuse`), a failure an error code; the player's hand is not nudged
        while their own click is answered, and the time to the response is counted."""
        started = time.perf_counter()

        async def refuse(error: TableError) -> None:
            """Answer a refusal as the table's refusals are answered (`refuse`)."""
            await self.refuse(interaction, error, table_id, on_hand)

        async with guarded(interaction, where, REFUSALS, refuse):
            with self.nudger.answering(table_id, interaction.user.id):
                await work()
        if interaction.response.is_done():
            self.requests.note_response(time.perf_counter() - started)

    async def refuse(
        self,
        interaction: discord.Interaction[Any],
        error: TableError,
        table_id: int | None,
        on_hand: bool,
    ) -> None:
        """The refusal's sentence, naming the table's players: inside the hand message when
        the click came from it (and the player is seated), else privately."""
        locale = locale_of(interaction)
        table = self._known(table_id)
        if table is None and table_id is None:  # a command: the channel's table, if any
            table = self.service.in_channel(interaction.channel_id or 0)
        text = error_text(error, locale, table, interaction.user.id)
        seated = table is not None and table.seat_of(interaction.user.id) is not None
        if on_hand and seated and not interaction.response.is_done():
            assert table is not None
            await self._edit_hand(interaction, table, text)
        else:
            await send_ephemeral(interaction, text)

    def _known(self, table_id: int | None) -> Table | None:
        if table_id is None:
            return None
        try:
            return self.service.get(table_id)
        except TableError:
            return None

    # ------------------------------------------------------------------ buttons
    def _same_channel(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """A button acts only where its table is: a click carrying the id of a table in
        another channel (a forged or copied custom_id) is refused, not carried out."""
        table = self._known(table_id)
        if table is not None and table.channel_id != interaction.channel_id:
            raise TableError(RefusalCode.WRONG_CHANNEL, channel_id=table.channel_id)

    async def on_button(
        self, interaction: discord.Interaction[Any], kind: ButtonKind, table_id: int
    ) -> None:
        handler = self.handlers()[kind]

        async def work() -> None:
            self._same_channel(interaction, table_id)
            await handler(interaction, table_id)

        hand = on_ephemeral(interaction)
        await self.guard(interaction, f"button {kind}", work, table_id, hand)

    def handlers(self) -> dict[ButtonKind, Handler]:
        """What each table button does: one handler per `ButtonKind`."""
        return {
            ButtonKind.HAND: self.send_hand,
            ButtonKind.REFRESH: self.refresh_hand,
            ButtonKind.ROEM: self.claim,
            ButtonKind.SHEET: self.send_sheet,
            ButtonKind.LAST: self.send_last_trick,
            ButtonKind.BACK: self.back,
            ButtonKind.LEAVE: self.leave,
            ButtonKind.START: self.start,
            ButtonKind.ADDBOT: self.add_computer,
            ButtonKind.BUMP: self.bumper.bump,
        }

    async def on_sit(self, interaction: discord.Interaction[Any], table_id: int, seat: int) -> None:
        async def work() -> None:
            self._same_channel(interaction, table_id)
            user = interaction.user
            await self.service.sit(table_id, user.id, user.display_name, seat)
            await self._show_on_message(interaction, table_id)

        await self.guard(interaction, "button sit", work, table_id)

    async def on_card(
        self, interaction: discord.Interaction[Any], table_id: int, seq: int, card: Card
    ) -> None:
        async def work() -> None:
            self._same_channel(interaction, table_id)
            await self.service.play(table_id, interaction.user.id, card, seq=seq)
            locale = locale_of(interaction)
            note = t("tables.hand.played", locale, card=card_text(card, locale))
            await self._edit_hand(interaction, self.service.get(table_id), note)

        await self.guard(interaction, "button card", work, table_id, on_ephemeral(interaction))

    async def on_trump(
        self, interaction: discord.Interaction[Any], table_id: int, seq: int, suit: Suit | None
    ) -> None:
        async def work() -> None:
            self._same_channel(interaction, table_id)
            await self.service.choose_trump(table_id, interaction.user.id, suit, seq=seq)
            locale = locale_of(interaction)
            note = (
                t("tables.hand.passed", locale)
                if suit is None
                else t("tables.hand.chose", locale, suit=suit_text(suit, locale))
            )
            await self._edit_hand(interaction, self.service.get(table_id), note)

        await self.guard(interaction, "button trump", work, table_id, on_ephemeral(interaction))

    async def on_review(
        self, interaction: discord.Interaction[Any], table_id: int, hand: int
    ) -> None:
        """The four hands of a scored hand as dealt, privately (docs/table-ux.md 2.11)."""

        async def work() -> None:
            table = await self.service.find(table_id)
            review = dealt_hands(table, hand)
            locale = locale_of(interaction)
            scored = len(table.match.sheet) if table.match is not None else 0
            embed, view = review_embed(review, locale), review_view(review, scored, locale)
            clicked = interaction.message
            if clicked is not None and clicked.flags.ephemeral:  # browsing in a review
                await interaction.response.edit_message(embed=embed, view=view)
            else:
                await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

        await self.guard(interaction, "button review", work, table_id)

    # ------------------------------------------------------------------ hands
    async def send_hand(
        self, interaction: discord.Interaction[Any], table_id: int, note: str | None = None
    ) -> None:
        """A new ephemeral hand message (My hand, /hand, after /table start)."""
        table = self.service.get(table_id)
        locale = locale_of(interaction)
        embed, view = hand_message(table, self._seat(table, interaction), locale, note)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        self.nudger.remember(interaction, table, locale)

    async def refresh_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        await self._edit_hand(interaction, self.service.get(table_id), None)

    async def _edit_hand(
        self, interaction: discord.Interaction[Any], table: Table, note: str | None
    ) -> None:
        """Answer a click on a hand message by redrawing that same message.

        Only an ephemeral message is ever redrawn with a hand: a hand or trump button found
        on a public message (it never should be) gets a new private hand instead, so no card
        can reach a message that others see.
        """
        if not on_ephemeral(interaction):
            await self.send_hand(interaction, table.id, note)
            return
        locale = locale_of(interaction)
        payload = hand_payload(table, self._seat(table, interaction), locale, note)
        await update_message(interaction, payload)
        self.nudger.remember(interaction, table, locale)

    @staticmethod
    def _seat(table: Table, interaction: discord.Interaction[Any]) -> int:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError(RefusalCode.NOT_SEATED)
        return seat

    async def _answer(
        self, interaction: discord.Interaction[Any], table_id: int, text: str
    ) -> None:
        """A short answer: in the hand message when clicked there, else privately."""
        if on_ephemeral(interaction):
            await self._edit_hand(interaction, self.service.get(table_id), text)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    # ------------------------------------------------------------------ table actions
    async def claim(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        events = await self.service.claim(table_id, interaction.user.id)
        locale = locale_of(interaction)
        roem = next(e.roem for e in events if isinstance(e, RoemClaimed))
        text = t("tables.roem.credited", locale, what=roem_text(roem, locale))
        await self._answer(interaction, table_id, text)

    async def send_sheet(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        table = await self.service.find(table_id)
        public = public_table(table)
        embed = sheet_embed(public, locale_of(interaction), final=public.result is not None)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def send_last_trick(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        table = await self.service.find(table_id)
        locale = locale_of(interaction)
        embed = last_trick_embed(public_table(table), locale)
        if embed is None:
            text = t("tables.public.no_last_trick", locale)
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def back(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """I'm back: from the computer after time ran out, or the seat left this hand; the
        answer is the player's hand (a new private one when pressed on the table)."""
        await self.service.back(table_id, interaction.user.id)
        note = t("tables.done.back", locale_of(interaction))
        await self._edit_hand(interaction, self.service.get(table_id), note)

    async def leave(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Leave the lobby at once; leaving a match is asked first (it hands the seat to a
        computer), privately, with Yes and No."""
        table = self.service.get(table_id)
        seat = self._seat(table, interaction)
        locale = locale_of(interaction)
        if table.status == Status.PLAYING:
            text, view = leave_question(table, seat, locale)
            await interaction.response.send_message(text, view=view, ephemeral=True)
            return
        await self.service.leave(table_id, interaction.user.id)
        text = t("tables.done.left", locale, seat=seat + 1)
        await interaction.response.send_message(text, ephemeral=True)

    async def on_leave_answer(
        self, interaction: discord.Interaction[Any], table_id: int, seq: int, leave: bool
    ) -> None:
        async def work() -> None:
            self._same_channel(interaction, table_id)
            await self._leave_answer(interaction, table_id, seq, leave)

        await self.guard(interaction, "button leave answer", work, table_id)

    async def _leave_answer(
        self, interaction: discord.Interaction[Any], table_id: int, seq: int, leave: bool
    ) -> None:
        """Yes leaves, if the table is still as it was asked at; No changes nothing. Either
        way the question is replaced by the outcome (its buttons go)."""
        locale = locale_of(interaction)
        if not leave:
            stay = t("tables.leave.stay", locale)
            await interaction.response.edit_message(content=stay, view=None)
            return
        table = self.service.get(table_id)
        seat = self._seat(table, interaction)
        try:
            await self.service.leave(table_id, interaction.user.id, seq=seq)
        except TableError as error:
            table = self.service.get(table_id)
            if error.code != RefusalCode.STALE or table.status != Status.PLAYING:
                raise
            note = t("tables.leave.moved_on", locale)
            text, view = leave_question(table, seat, locale, note)
            await interaction.response.edit_message(content=text, view=view)
            return
        text = t("tables.done.left_match", locale, seat=seat + 1)
        await interaction.response.edit_message(content=text, view=None)

    async def start(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        await self.service.start(table_id, interaction.user.id)
        table = self.service.get(table_id)
        locale = locale_of(interaction)
        if table.seat_of(interaction.user.id) is not None:
            await self.send_hand(interaction, table_id, t("tables.done.started", locale))
        else:
            await interaction.response.send_message(
                t("tables.done.started", locale), ephemeral=True
            )

    async def add_computer(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        await self.service.add_computer(table_id, interaction.user.id)
        await self._show_on_message(interaction, table_id)

    async def _show_on_message(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Answer a click on the table message by redrawing that message with the new state:
        the interaction's token carries the update, which Discord's global limit on
        bot-token requests does not count (docs/operations.md). Any other message (an old
        copy) is left as it is and the publisher updates the table's message."""
        table = self.service.get(table_id)
        clicked = interaction.message
        if clicked is None or clicked.id != self.publisher.message_id(table):
            await interaction.response.defer()
            return
        embed, view = public_message(table, self.publisher.locale_for(table))
        self.publisher.shown(table)  # before the request: no bot-token edit of this state
        try:
            await interaction.response.edit_message(embed=embed, view=view)
        except Exception:
            self.publisher.schedule(table_id, force=True)  # the message must still show it
            raise
