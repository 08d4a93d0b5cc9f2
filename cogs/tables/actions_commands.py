"""What the /table commands do, once the cog has parsed their options.

Each method runs inside `TableActions.guard` (the cog wraps it), so a `TableError`
becomes the user's sentence and anything else an error code. Commands act on the open
table of the channel they are used in; a thread is a channel of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import THREE_PLAYER_PRESET_NAMES, RuleError, RuleSet
from bot.tables import (
    RefusalCode,
    Status,
    TableAnswer,
    TableError,
    TableService,
    TableSettings,
)
from bot.texts.catalog import LOCALES, normalize_locale
from cogs.common.text import locale_of, t
from cogs.common.threads import new_thread
from cogs.tables.ui import settings_embed
from cogs.tables.ui_text import hint_reply

if TYPE_CHECKING:
    from cogs.tables.actions import TableActions
    from cogs.tables.publisher import TablePublisher

__all__ = ["OpenOptions", "TableCommands", "is_moderator", "table_language", "table_preset"]


@dataclass(frozen=True)
class OpenOptions:
    """The options of /table open, checked and turned into rules and settings."""

    preset: str = "amsterdam"
    hands: int | None = None
    target: int | None = None
    turn_timer: int | None = None
    thread: bool = False
    language: str | None = None
    level: str | None = None  # the computers' level (None: the default, strong)
    ledig: bool = False  # offer ledig in the trump round (docs/rules.md 2.10, a house rule)

    def rules(self) -> RuleSet:
        """The rule set, or the engine's refusal as the user's (an unknown preset, hands 0,
        ledig where trump is not named in turn). Hands alone, a target alone, or both: the
        match ends at whichever comes first."""
        try:
            rules = table_preset(self.preset)
            if self.ledig:
                rules = rules.with_options(ledig_enabled=True)
            if self.hands is None and self.target is None:
                return rules
            return rules.with_options(match_hands=self.hands, target_score=self.target)
        except RuleError as exc:
            raise TableError(exc.code, str(exc), **exc.facts) from None

    def settings(self, defaults: TableSettings) -> TableSettings:
        """The table's settings: the options given, else the server's defaults."""
        turn = defaults.turn_timer if self.turn_timer is None else float(self.turn_timer)
        locale = table_language(self.language) or defaults.locale
        level = self.level or defaults.computer_kind
        return replace(defaults, turn_timer=turn, locale=locale, computer_kind=level)


def table_preset(name: str) -> RuleSet:
    """The preset a casual table opens with: the four-player presets and, at a table of
    three seats, three-player Klaverjas (which other front ends refuse as unknown)."""
    if name.strip().lower() in THREE_PLAYER_PRESET_NAMES:
        return RuleSet.game_preset(name)
    return RuleSet.preset(name)


def table_language(value: str | None) -> str | None:
    """A table language the catalogues have (`nl`, `pt-BR`, ...), else refused: an unknown
    value is never stored (Discord offers choices, but a client may send anything)."""
    if value is None:
        return None
    known = {locale.lower(): locale for locale in LOCALES}
    locale = known.get(value.strip().lower())
    if locale is None:  # the service's refusal, before a thread is made for the table
        raise TableError(RefusalCode.BAD_LOCALE, locale=value, locales=", ".join(LOCALES))
    return locale


class TableCommands:
    """What the /table commands do, in the tables' guard."""

    def __init__(self, actions: TableActions) -> None:
        self.actions = actions
        self.defaults = TableSettings()  # a new table's timings (tests may set others)

    @property
    def service(self) -> TableService:
        """The table service."""
        return self.actions.service

    @property
    def publisher(self) -> TablePublisher:
        """The tables' publisher (the table messages)."""
        return self.actions.publisher

    def channel_table(self, interaction: discord.Interaction[Any]) -> TableAnswer:
        """The open table of the channel the command was used in."""
        table = self.service.in_channel(interaction.channel_id or 0, interaction.user.id)
        if table is None:
            raise TableError(RefusalCode.NO_TABLE)
        return table

    async def open_table(self, interaction: discord.Interaction[Any], options: OpenOptions) -> None:
        """/table open: a new table in this channel (or a thread of it), with its message."""
        rules, settings = options.rules(), options.settings(self.defaults)
        if settings.locale is None and interaction.guild_locale is not None:
            # Kept on the table so a restart (before Discord tells us the guild's
            # language again) still renders the public message in that language.
            settings = replace(settings, locale=normalize_locale(interaction.guild_locale))
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        channel_id = interaction.channel_id or 0
        if options.thread:
            locale = settings.locale or normalize_locale(interaction.guild_locale)
            channel_id = await self._new_thread(interaction, locale)
        table = await self.service.open(
            interaction.guild_id, channel_id, user.id, user.display_name, rules, settings
        )
        if not await self.publisher.publish_now(table.id):
            await self.service.close(table.id, user.id, moderator=True)
            raise TableError(RefusalCode.CANNOT_POST)
        text = t(
            "tables.done.opened", locale_of(interaction), table=table.id, channel=f"<#{channel_id}>"
        )
        await interaction.followup.send(text, ephemeral=True)

    async def _new_thread(self, interaction: discord.Interaction[Any], locale: str) -> int:
        """A public thread of the channel for the new table (a thread is a channel)."""
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise TableError(RefusalCode.NO_THREAD)
        name = t("tables.thread.name", locale, name=interaction.user.display_name)
        try:
            return await new_thread(interaction.client.http, channel.id, name)
        except discord.Forbidden:
            raise TableError(RefusalCode.NO_THREAD) from None

    async def join(self, interaction: discord.Interaction[Any], seat: int | None) -> None:
        """/table join: sit down, in `seat` or the first free one."""
        table = self.channel_table(interaction)
        user = interaction.user
        if table.status == Status.PLAYING and table.seat is None:
            # During a match the only seat to join is the one the player left this hand.
            await self.actions.back(interaction, table.id)
            return
        result = await self.service.sit(
            table.id, user.id, user.display_name, None if seat is None else seat - 1
        )
        taken = _seat_of(result, "seated")
        text = t("tables.done.seated", locale_of(interaction), seat=taken + 1)
        await interaction.response.send_message(text, ephemeral=True)

    async def computer(
        self,
        interaction: discord.Interaction[Any],
        seat: int | None,
        add: bool,
        level: str | None = None,
    ) -> None:
        """/table bot add and remove: seat a computer, or take one away."""
        table = self.channel_table(interaction)
        index = None if seat is None else seat - 1
        user_id = interaction.user.id
        if add:
            result = await self.service.add_computer(table.id, user_id, index, level=level)
            key, kind = "tables.done.computer_added", "computer_added"
        else:
            result = await self.service.remove_computer(table.id, user_id, index)
            key, kind = "tables.done.computer_removed", "computer_removed"
        text = t(key, locale_of(interaction), seat=_seat_of(result, kind) + 1)
        await interaction.response.send_message(text, ephemeral=True)

    async def close(self, interaction: discord.Interaction[Any]) -> None:
        """/table close: close this channel's table."""
        table = self.channel_table(interaction)
        moderator = is_moderator(interaction)
        await self.service.close(table.id, interaction.user.id, moderator=moderator)
        text = t("tables.done.closed", locale_of(interaction), table=table.id)
        await interaction.response.send_message(text, ephemeral=True)

    async def sheet(self, interaction: discord.Interaction[Any]) -> None:
        """/table sheet: the score sheet, privately."""
        table = await self.service.latest_in_channel(interaction.channel_id or 0)
        if table is None:
            raise TableError(RefusalCode.NO_TABLE)
        await self.actions.send_sheet(interaction, table.id)

    async def settings(
        self, interaction: discord.Interaction[Any], turn_timer: int | None, language: str | None
    ) -> None:
        """/table settings: the table's turn timer or language."""
        table = self.channel_table(interaction)
        locale = locale_of(interaction)
        if turn_timer is not None or language is not None:
            if interaction.user.id != table.opener_id and not is_moderator(interaction):
                raise TableError(RefusalCode.NOT_ALLOWED)
            table = await self._change_settings(interaction, table, turn_timer, language)
        public = table.public
        embed = settings_embed(public, locale, self.publisher.locale_for(public))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _change_settings(
        self,
        interaction: discord.Interaction[Any],
        table: TableAnswer,
        turn_timer: int | None,
        language: str | None,
    ) -> TableAnswer:
        """Ask the service to change the settings, under its lock, logged and committed."""
        return await self.service.update_settings(
            table.id,
            interaction.user.id,
            turn_timer=None if turn_timer is None else float(turn_timer),
            locale=table_language(language),
            moderator=is_moderator(interaction),
        )

    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        """The strong player's advice for the asker's own turn, only to them. Deferred:
        the search takes up to its budget, on a worker thread."""
        table = self.channel_table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await self.service.hint(table.id, interaction.user.id)
        self.actions.nudger.nudge(table.id, interaction.user.id)  # a new state: the mark
        await interaction.followup.send(hint_reply(answer, locale_of(interaction)), ephemeral=True)

    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        """/hand: the player's hand, privately (as the Hand button)."""
        await self.actions.send_hand(interaction, self.channel_table(interaction).id)

    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """/table leave: ask whether to leave the match (as the Leave button)."""
        await self.actions.leave(interaction, self.channel_table(interaction).id)

    async def start(self, interaction: discord.Interaction[Any]) -> None:
        """/table start: start the match (as the Start button)."""
        await self.actions.start(interaction, self.channel_table(interaction).id)

    async def bump(self, interaction: discord.Interaction[Any]) -> None:
        """/table bump: the table message again at the bottom (as the Bump button)."""
        await self.actions.bumper.bump(interaction, self.channel_table(interaction).id)


def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    """Manage Channels in this channel: may close any table and change its settings."""
    return bool(interaction.permissions.manage_channels)


def _seat_of(result: TableAnswer, kind: str) -> int:
    """The seat an event of `kind` in `result` happened to."""
    return next(e.seat for e in result.events if e.kind == kind and e.seat is not None)
