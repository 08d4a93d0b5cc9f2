"""What the league cog does besides its commands' bodies (commands.py): the one guard,
and the check-in and confirm buttons. Its public messages are `LeagueMessages`
(messages.py), the bot tables of a round `LeagueTables` (tables.py).

One path for refusals: a `LeagueError` (the service's, the engine's score checks passed
on, or this cog's own: which league, which night, unreadable input) becomes a specific
ephemeral sentence (errors.py); anything unexpected gets an error code.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.league.errors import LeagueCode, LeagueError
from bot.league.night import Presence
from bot.league.service import LeagueService
from cogs.common.actors import actor_of
from cogs.common.replies import guarded, send_ephemeral
from cogs.common.text import locale_of, t
from cogs.league.errors import REFUSALS, error_text
from cogs.league.items import Check, Confirm
from cogs.league.messages import NO_MENTIONS, LeagueMessages
from cogs.league.tables import LeagueTables

if TYPE_CHECKING:
    from bot.client import KlaverjasBot

__all__ = ["NO_MENTIONS", "Interaction", "LeagueActions"]

Interaction = discord.Interaction[Any]
Work = Callable[[], Awaitable[None]]
CONTENT_LIMIT = 2000  # characters of a message's text
SETTLED = (LeagueCode.ALREADY_CONFIRMED, LeagueCode.STALE_CONFIRM)  # a Confirm button's end


class LeagueActions:
    """The league cog's guard and buttons, over its messages and tables."""

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot
        self.messages = LeagueMessages(bot)
        self.tables = LeagueTables(bot, self.messages)

    @property
    def service(self) -> LeagueService:
        """The bot's league service."""
        return self.bot.services.leagues

    # ------------------------------------------------------------------ the one guard
    async def guard(
        self,
        interaction: Interaction,
        where: str,
        work: Work,
        answer: Callable[[LeagueError], Awaitable[None]] | None = None,
    ) -> None:
        """Run `work` in the common guard (cogs/common/replies.py): a refusal becomes its
        sentence (or `answer`'s reply), a failure an error code."""
        self.messages.names[interaction.user.id] = interaction.user.display_name
        async with guarded(interaction, where, REFUSALS, answer):
            await work()

    def typed_back(
        self, interaction: Interaction, typed: str
    ) -> Callable[[LeagueError], Awaitable[None]]:
        """The answer to a refused form: the refusal's sentence and, to copy, fix and send
        again, what was typed (a form's fields are gone once it is sent)."""

        async def answer(error: LeagueError) -> None:
            locale = locale_of(interaction)
            text = error_text(error, locale)
            intro = "\n" + t("league.form.typed", locale) + "\n```\n"
            shown = typed.replace("`", "ˋ")  # a backtick would end the block
            room = CONTENT_LIMIT - len(text) - len(intro) - len("\n```")
            if shown and room > 1:
                block = shown if len(shown) <= room else shown[: room - 1] + "…"
                text += intro + block + "\n```"
            await send_ephemeral(interaction, text)

        return answer

    # ------------------------------------------------------------------ buttons
    async def on_check(self, interaction: Interaction, click: Check) -> None:
        """A click on a check-in message's button: check the user in or out."""
        night_id, version = click.night, click.version

        async def work() -> None:
            presence = Presence(click.kind)
            answer = await self.service.check_button(
                night_id, interaction.user.id, presence, version
            )
            view = answer.view
            message = self.messages.checkin_message(view)
            await interaction.response.edit_message(**message)
            if interaction.message is not None and interaction.channel_id is not None:
                message_id = interaction.message.id
                await self.service.checkin_posted(view, interaction.channel_id, message_id)
            key = "league.done.checked_in" if presence is Presence.IN else "league.done.checked_out"
            text = t(key, locale_of(interaction), round=view.drawn + 1)
            await interaction.followup.send(text, ephemeral=True)

        await self.guard(interaction, f"button check {click.kind}", work)

    async def on_confirm(self, interaction: Interaction, click: Confirm) -> None:
        """A click on a result's Confirm button: the opponent asked (or an organiser)
        confirms it; the message then says who confirmed, without the button."""

        async def work() -> None:
            actor = actor_of(interaction)
            recorded = await self.service.confirm_result(
                click.night, click.round, click.table, click.version, actor
            )
            locale = self.messages.locale_for(recorded.view.league.guild_id)
            text = self.messages.confirmed_text(recorded, actor.user_id, locale)
            await interaction.response.edit_message(
                content=text, view=None, allowed_mentions=NO_MENTIONS
            )
            await self.messages.refresh_standings(recorded.view)

        await self.guard(interaction, "button confirm", work, self._settled(interaction))

    def _settled(self, interaction: Interaction) -> Callable[[LeagueError], Awaitable[None]]:
        """The answer to a refused Confirm click: a result confirmed already (a client
        still showing the button) or changed since leaves the message without its button,
        and the clicker gets the refusal's sentence."""

        async def answer(error: LeagueError) -> None:
            text = error_text(error, locale_of(interaction))
            if error.code not in SETTLED or interaction.response.is_done():
                await send_ephemeral(interaction, text)
                return
            await interaction.response.edit_message(view=None)
            await interaction.followup.send(text, ephemeral=True)

        return answer
