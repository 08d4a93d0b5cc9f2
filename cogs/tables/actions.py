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

from bot.engine import Card
from bot.tables import RefusalCode, Status, TableAnswer, TableError, TableService
from bot.tables.events import RoemClaimed
from cogs.common.components import rendered_view
from cogs.common.raw_messages import update_message
from cogs.common.replies import edit_in_place, guarded, send_ephemeral
from cogs.common.requests import RequestStats
from cogs.common.text import card_text, locale_of, t
from cogs.tables.again import Replayer
from cogs.tables.bump import Bumper
from cogs.tables.errors import REFUSALS, error_text
from cogs.tables.items import (
    Again,
    ButtonKind,
    KraakCall,
    LayDownCards,
    LeaveAnswer,
    Ledig,
    PickCard,
    PlayCard,
    Review,
    Sit,
    TableAction,
    TrumpChoice,
    cards_of,
)
from cogs.tables.ui import (
    last_trick_embed,
    leave_question,
    public_payload,
    review_components,
    sheet_embed,
)
from cogs.tables.ui_hand import hand_payload, hand_view
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
    """What a table button does, in the tables' guard; one service call a click."""

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
        self.replayer = Replayer(bot, publisher)

    @property
    def service(self) -> TableService:
        """The table service."""
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
        user_id = interaction.user.id
        table = self._known(table_id, user_id)
        if table is None and table_id is None:  # a command: the channel's table, if any
            table = self.service.in_channel(interaction.channel_id or 0, user_id)
        public = None if table is None else table.public
        text = error_text(error, locale, public, user_id)
        seated = table is not None and table.seat is not None
        if on_hand and seated and not interaction.response.is_done():
            assert table is not None
            await self._edit_hand(interaction, table, text)
        else:
            await send_ephemeral(interaction, text)

    def _known(self, table_id: int | None, user_id: int) -> TableAnswer | None:
        if table_id is None:
            return None
        try:
            return self.service.get(table_id, user_id)
        except TableError:
            return None

    # ------------------------------------------------------------------ buttons
    async def on_button(self, interaction: discord.Interaction[Any], click: TableAction) -> None:
        """A button that needs no more than the table: its kind's handler."""
        kind, table_id = click.action, click.table
        handler = self.handlers()[kind]

        async def work() -> None:
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
            ButtonKind.FILL: self.start_with_computers,
        }

    async def on_sit(self, interaction: discord.Interaction[Any], click: Sit) -> None:
        """Sit down in the lobby."""

        async def work() -> None:
            user, seat = interaction.user, click.seat
            result = await self.service.sit(
                click.table, user.id, user.display_name, seat, channel_id=interaction.channel_id
            )
            await self._show_on_message(interaction, result)

        await self.guard(interaction, "button sit", work, click.table)

    async def on_card(self, interaction: discord.Interaction[Any], click: PlayCard) -> None:
        """Play a card of the hand."""
        table_id, seq, card = click.table, click.seq, click.card

        async def work() -> None:
            result = await self.service.play(
                table_id, interaction.user.id, card, seq=seq, channel_id=interaction.channel_id
            )
            locale = locale_of(interaction)
            note = t("tables.hand.played", locale, card=card_text(card, locale))
            await self._edit_hand(interaction, result, note)

        await self.guard(interaction, "button card", work, table_id, on_ephemeral(interaction))

    async def on_trump(self, interaction: discord.Interaction[Any], click: TrumpChoice) -> None:
        """Name trump, or pass."""
        table_id, seq, suit = click.table, click.seq, click.choice

        async def work() -> None:
            result = await self.service.choose_trump(
                table_id, interaction.user.id, suit, seq=seq, channel_id=interaction.channel_id
            )
            locale = locale_of(interaction)
            note = (
                t("tables.hand.passed", locale)
                if suit is None
                else t("tables.hand.chose", locale, suit=suit_text(suit, locale))
            )
            await self._edit_hand(interaction, result, note)

        await self.guard(interaction, "button trump", work, table_id, on_ephemeral(interaction))

    async def on_ledig(self, interaction: discord.Interaction[Any], click: Ledig) -> None:
        """Say ledig (a house rule), from the button drawn for a state of the trump round."""
        table_id, seq = click.table, click.seq

        async def work() -> None:
            result = await self.service.declare_ledig(
                table_id, interaction.user.id, seq, interaction.channel_id
            )
            note = t("tables.hand.said_ledig", locale_of(interaction))
            await self._edit_hand(interaction, result, note)

        await self.guard(interaction, "button ledig", work, table_id, on_ephemeral(interaction))

    async def on_kraak(self, interaction: discord.Interaction[Any], click: KraakCall) -> None:
        """A kraak call or its pass, from the button drawn for a state and level."""
        table_id, seq, level, call = click.table, click.seq, click.level, click.answer

        async def work() -> None:
            result = await self.service.call(
                table_id, interaction.user.id, level, call, seq, interaction.channel_id
            )
            locale = locale_of(interaction)
            name = t(f"tables.kraak.name.{level}", locale)
            note = t("tables.hand.called", locale, call=name) if call else None
            await self._edit_hand(interaction, result, note or t("tables.hand.passed", locale))

        await self.guard(interaction, "button kraak", work, table_id, on_ephemeral(interaction))

    async def on_pick(self, interaction: discord.Interaction[Any], click: PickCard) -> None:
        """The solo's exchange (three seats): redraw the hand with the cards chosen so far;
        nothing changes at the table, and a hand the table has moved on from is refused as
        stale (its buttons would lay down what the player no longer holds)."""
        table_id, seq, picked = click.table, click.seq, cards_of(click.cards)

        async def work() -> None:
            table = self.service.hand(table_id, interaction.user.id, interaction.channel_id)
            if table.seq != seq:
                raise TableError(RefusalCode.STALE, seq=table.seq)
            await self._edit_hand(interaction, table, None, picked)

        await self.guard(interaction, "button pick", work, table_id, on_ephemeral(interaction))

    async def on_lay_down(self, interaction: discord.Interaction[Any], click: LayDownCards) -> None:
        """Lay the two chosen cards down: one call to the service."""
        table_id, seq, cards = click.table, click.seq, cards_of(click.cards)

        async def work() -> None:
            result = await self.service.lay_down(
                table_id, interaction.user.id, cards, seq=seq, channel_id=interaction.channel_id
            )
            locale = locale_of(interaction)
            words = " ".join(card_text(card, locale) for card in cards)
            await self._edit_hand(interaction, result, t("tables.hand.laid", locale, cards=words))

        await self.guard(interaction, "button lay", work, table_id, on_ephemeral(interaction))

    async def on_review(self, interaction: discord.Interaction[Any], click: Review) -> None:
        """A scored hand trick by trick (or, `deal`, as dealt), privately (docs/table-ux.md
        2.11)."""
        table_id, hand, deal = click.table, click.hand, click.deal

        async def work() -> None:
            review = await self.service.review(table_id, hand)
            locale = locale_of(interaction)
            embed = review_embed(review, locale, self.bot.card_faces, deal)
            view = review_view(review, review.scored, locale, deal)
            clicked = interaction.message
            if clicked is not None and clicked.flags.ephemeral:  # browsing in a review
                await edit_in_place(interaction, embed, view)
            else:
                await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

        await self.guard(interaction, "button review", work, table_id)

    # ------------------------------------------------------------------ hands
    async def send_hand(
        self, interaction: discord.Interaction[Any], table_id: int, note: str | None = None
    ) -> None:
        """A new ephemeral hand message (My hand, /hand)."""
        table = self.service.hand(table_id, interaction.user.id, interaction.channel_id)
        await self._send_hand(interaction, table, note)

    async def _send_hand(
        self, interaction: discord.Interaction[Any], table: TableAnswer, note: str | None
    ) -> None:
        """A new ephemeral hand message of the viewer of `table` (refused when unseated)."""
        locale = locale_of(interaction)
        view = hand_view(table.public, table.hand(), locale, note, self.bot.card_faces)
        await interaction.response.send_message(view=view, ephemeral=True)
        self.nudger.remember(interaction, table, locale)

    async def refresh_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Refresh: redraw the hand message clicked, with the table as it is now."""
        table = self.service.hand(table_id, interaction.user.id, interaction.channel_id)
        await self._edit_hand(interaction, table, None)

    async def _edit_hand(
        self,
        interaction: discord.Interaction[Any],
        table: TableAnswer,
        note: str | None,
        picked: tuple[Card, ...] = (),
    ) -> None:
        """Answer a click on a hand message by redrawing that same message.

        Only an ephemeral message is ever redrawn with a hand: a hand or trump button found
        on a public message (it never should be) gets a new private hand instead, so no card
        can reach a message that others see.
        """
        if not on_ephemeral(interaction):
            await self._send_hand(interaction, table, note)
            return
        locale = locale_of(interaction)
        emojis = self.bot.card_faces
        payload = hand_payload(table.public, table.hand(), locale, note, emojis, picked)
        await update_message(interaction, payload)
        self.nudger.remember(interaction, table, locale)

    async def _answer(
        self, interaction: discord.Interaction[Any], table: TableAnswer, text: str
    ) -> None:
        """A short answer: in the hand message when clicked there, else privately."""
        if on_ephemeral(interaction):
            await self._edit_hand(interaction, table, text)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    # ------------------------------------------------------------------ table actions
    async def claim(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Roem!: claim the last trick's roem for the player's pair."""
        result = await self.service.claim(
            table_id, interaction.user.id, channel_id=interaction.channel_id
        )
        locale = locale_of(interaction)
        roem = next(e.roem for e in result.events if isinstance(e, RoemClaimed))
        text = t("tables.roem.credited", locale, what=roem_text(roem, locale))
        await self._answer(interaction, result, text)

    async def send_sheet(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """The score sheet, privately."""
        public = (await self._found(interaction, table_id)).public
        locale = locale_of(interaction)
        embed = sheet_embed(public, locale, final=public.result is not None)
        view = rendered_view([review_components(public, locale)])
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def send_last_trick(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """The last trick taken, privately."""
        public = (await self._found(interaction, table_id)).public
        locale = locale_of(interaction)
        embed = last_trick_embed(public, locale, self.bot.card_faces)
        if embed is None:
            text = t("tables.public.no_last_trick", locale)
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def back(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """I'm back: from the computer after time ran out, or the seat left this hand; the
        answer is the player's hand (a new private one when pressed on the table)."""
        result = await self.service.back(
            table_id, interaction.user.id, channel_id=interaction.channel_id
        )
        note = t("tables.done.back", locale_of(interaction))
        await self._edit_hand(interaction, result, note)

    async def leave(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Leave the lobby at once; leaving a match is asked first (it hands the seat to a
        computer), privately, with Yes and No."""
        user_id, channel_id = interaction.user.id, interaction.channel_id
        table = self.service.hand(table_id, user_id, channel_id)
        locale = locale_of(interaction)
        if table.status == Status.PLAYING:
            text, view = leave_question(table.public, table.own_seat(), locale)
            await interaction.response.send_message(text, view=view, ephemeral=True)
            return
        result = await self.service.leave(table_id, user_id, channel_id=channel_id)
        text = t("tables.done.left", locale, seat=_left_seat(result) + 1)
        await interaction.response.send_message(text, ephemeral=True)

    async def on_leave_answer(
        self, interaction: discord.Interaction[Any], click: LeaveAnswer
    ) -> None:
        """Yes or No to "leave the match?"."""

        async def work() -> None:
            await self._leave_answer(interaction, click.table, click.seq, click.answer)

        await self.guard(interaction, "button leave answer", work, click.table)

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
        user_id, channel_id = interaction.user.id, interaction.channel_id
        try:
            result = await self.service.leave(table_id, user_id, seq, channel_id)
        except TableError as error:
            if error.code != RefusalCode.STALE:
                raise
            table = self.service.hand(table_id, user_id, channel_id)
            if table.status != Status.PLAYING:
                raise
            note = t("tables.leave.moved_on", locale)
            text, view = leave_question(table.public, table.own_seat(), locale, note)
            await interaction.response.edit_message(content=text, view=view)
            return
        text = t("tables.done.left_match", locale, seat=_left_seat(result) + 1)
        await interaction.response.edit_message(content=text, view=None)

    async def start(
        self, interaction: discord.Interaction[Any], table_id: int, fill: bool = False
    ) -> None:
        """Start the match (``fill``: computers at the table's level take the free seats
        first); a player who starts it gets their hand at once."""
        result = await self.service.start(
            table_id, interaction.user.id, channel_id=interaction.channel_id, fill=fill
        )
        text = t("tables.done.started", locale_of(interaction))
        if result.seat is not None:
            await self._send_hand(interaction, result, text)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def start_with_computers(
        self, interaction: discord.Interaction[Any], table_id: int
    ) -> None:
        """Start with computers: the lobby's button while seats are free."""
        await self.start(interaction, table_id, fill=True)

    async def on_again(self, interaction: discord.Interaction[Any], click: Again) -> None:
        """Play again, under a finished match's score sheet (cogs/tables/again.py)."""

        async def work() -> None:
            await self.replayer.play_again(interaction, click.table, click.seq)

        await self.guard(interaction, "button again", work, click.table)

    async def add_computer(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Seat a computer in the first free seat (the lobby's button)."""
        result = await self.service.add_computer(
            table_id, interaction.user.id, channel_id=interaction.channel_id
        )
        await self._show_on_message(interaction, result)

    async def _found(self, interaction: discord.Interaction[Any], table_id: int) -> TableAnswer:
        """The table in memory or in the store, refused when it is another channel's."""
        table = await self.service.find(table_id)
        if table.channel_id != interaction.channel_id:
            raise TableError(RefusalCode.WRONG_CHANNEL, channel_id=table.channel_id)
        return table

    async def _show_on_message(
        self, interaction: discord.Interaction[Any], table: TableAnswer
    ) -> None:
        """Answer a click on the table message by redrawing that message with the new state:
        the interaction's token carries the update, which Discord's global limit on
        bot-token requests does not count (docs/operations.md). Any other message (an old
        copy) is left as it is and the publisher updates the table's message."""
        clicked = interaction.message
        if clicked is None or clicked.id != self.publisher.message_id(table):
            await interaction.response.defer()
            return
        locale = self.publisher.locale_for(table.public)
        picture = self.publisher.picture(table.id)
        payload = public_payload(table, locale, self.bot.card_faces, picture)
        self.publisher.shown(table)  # before the request: no bot-token edit of this state
        try:
            await update_message(interaction, payload)
        except Exception:
            self.publisher.schedule(table.id, force=True)  # the message must still show it
            raise


def _left_seat(result: TableAnswer) -> int:
    """The seat a leave freed (or handed to the computer)."""
    return next(e.seat for e in result.events if e.kind == "left" and e.seat is not None)
