"""What the challenge's commands and buttons do: one service call in the guard, then an
answer drawn from what the service returned.

Everything a member sees of their own play is private (ephemeral). A click on a card or a
trump button is acknowledged at once (the computers' replies may take a moment) and the
same message is redrawn with the answer; a refusal is answered privately beside it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.challenge import ChallengeCode, ChallengeError, ChallengeInfo, ChallengeService, PlayView
from cogs.challenge.errors import REFUSALS
from cogs.challenge.items import Bid, ChallengeKind, ChallengeStep, Play
from cogs.challenge.ui import (
    Drawn,
    past_message,
    play_message,
    settings_message,
    standings_message,
)
from cogs.common.locales import public_locale
from cogs.common.replies import guarded
from cogs.common.text import locale_of

if TYPE_CHECKING:
    from bot.client import KlaverjasBot

__all__ = ["NO_MENTIONS", "ChallengeActions"]

NO_MENTIONS = discord.AllowedMentions.none()


class ChallengeActions:
    """The challenge's answers to commands and clicks."""

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot
        # Posts a challenge a command opened (the cog gives its schedule's `announce`).
        self.announce: Callable[[ChallengeInfo], Awaitable[None]] | None = None

    @property
    def service(self) -> ChallengeService:
        """The bot's challenge service."""
        return self.bot.services.challenges

    def locale_for(self, guild_id: int) -> str:
        """The language of the server's public messages."""
        return public_locale(self.bot, guild_id)

    async def send(self, channel_id: int, guild_id: int, drawn: Drawn) -> discord.Message:
        """A public message in a channel, mentioning nobody; a failure is raised."""
        channel = self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
        return await channel.send(allowed_mentions=NO_MENTIONS, **drawn)

    # ----------------------------------------------------------------- commands
    async def play(self, interaction: discord.Interaction[Any]) -> None:
        """`/challenge play`: the member's place in the server's challenge, privately."""
        async with guarded(interaction, "/challenge play", REFUSALS):
            guild_id = _guild(interaction)
            opened = await self.service.current(guild_id, interaction.channel_id)
            view = await self.service.place(opened.challenge.id, interaction.user.id, guild_id)
            drawn = play_message(view, locale_of(interaction), self.bot.card_faces)
            await self._reply(interaction, drawn)
            if opened.created and self.announce is not None:
                await self.announce(opened.challenge)

    async def standings(self, interaction: discord.Interaction[Any], number: int | None) -> None:
        """`/challenge standings`: the running challenge's (or challenge ``number``'s)
        standings, privately; hidden from a member who has not played every deal."""
        async with guarded(interaction, "/challenge standings", REFUSALS):
            guild_id = _guild(interaction)
            if number is None:
                info = (await self.service.current(guild_id, interaction.channel_id)).challenge
            else:
                info = await self.service.numbered(guild_id, number)
            board = await self.service.standings(info.id, interaction.user.id, guild_id)
            await self._reply(interaction, standings_message(board, locale_of(interaction)))

    async def past(self, interaction: discord.Interaction[Any]) -> None:
        """`/challenge past`: the server's earlier challenges, privately."""
        async with guarded(interaction, "/challenge past", REFUSALS):
            boards = await self.service.past(_guild(interaction))
            await self._reply(interaction, past_message(boards, locale_of(interaction)))

    async def settings(
        self, interaction: discord.Interaction[Any], changes: dict[str, Any]
    ) -> None:
        """`/challenge settings`: show the server's settings, or change them (managers)."""
        async with guarded(interaction, "/challenge settings", REFUSALS):
            guild_id = _guild(interaction)
            if changes:
                manager = bool(interaction.permissions.manage_guild)
                settings = await self.service.change_settings(guild_id, manager, changes)
            else:
                settings = await self.service.settings(guild_id)
            drawn = settings_message(settings, bool(changes), locale_of(interaction))
            await self._reply(interaction, drawn)

    # ----------------------------------------------------------------- clicks
    async def on_kind(self, interaction: discord.Interaction[Any], click: ChallengeStep) -> None:
        """Start, Refresh, Standings, or the announcement's Play."""
        kind, challenge_id = click.kind, click.challenge
        async with guarded(interaction, f"button challenge {kind.value}", REFUSALS):
            guild_id = _guild(interaction)
            user = interaction.user
            locale = locale_of(interaction)
            if kind is ChallengeKind.BOARD:
                board = await self.service.standings(challenge_id, user.id, guild_id)
                await self._reply(interaction, standings_message(board, locale))
            elif kind is ChallengeKind.OPEN:
                view = await self.service.place(challenge_id, user.id, guild_id)
                await self._reply(interaction, play_message(view, locale, self.bot.card_faces))
            else:
                await interaction.response.defer()
                if kind is ChallengeKind.START:
                    name = getattr(user, "display_name", None) or user.name
                    view = await self.service.start(challenge_id, user.id, name, guild_id)
                else:
                    view = await self.service.place(challenge_id, user.id, guild_id)
                await self._redraw(interaction, view)

    async def on_card(self, interaction: discord.Interaction[Any], click: Play) -> None:
        """A card of the member's hand."""
        async with guarded(interaction, "button challenge card", REFUSALS):
            guild_id = _guild(interaction)
            await interaction.response.defer()
            c, user = click, interaction.user.id
            view = await self.service.play(c.challenge, user, c.deal, c.seq, c.card, guild_id)
            await self._redraw(interaction, view)

    async def on_bid(self, interaction: discord.Interaction[Any], click: Bid) -> None:
        """A trump choice, or a pass."""
        async with guarded(interaction, "button challenge bid", REFUSALS):
            guild_id = _guild(interaction)
            await interaction.response.defer()
            c, user = click, interaction.user.id
            view = await self.service.bid(c.challenge, user, c.deal, c.seq, c.suit, guild_id)
            await self._redraw(interaction, view)

    # ----------------------------------------------------------------- answers
    async def _reply(self, interaction: discord.Interaction[Any], drawn: Drawn) -> None:
        await interaction.response.send_message(
            ephemeral=True, allowed_mentions=NO_MENTIONS, **drawn
        )

    async def _redraw(self, interaction: discord.Interaction[Any], view: PlayView) -> None:
        drawn = play_message(view, locale_of(interaction), self.bot.card_faces)
        drawn.setdefault("view", None)
        await interaction.edit_original_response(allowed_mentions=NO_MENTIONS, **drawn)


def _guild(interaction: discord.Interaction[Any]) -> int:
    """The server the interaction came from; refused outside one (a DM)."""
    if interaction.guild_id is None:
        raise ChallengeError(ChallengeCode.GUILD_ONLY)
    return interaction.guild_id
