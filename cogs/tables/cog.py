"""/table and /hand: open a Klaverjas table in a channel and play it with buttons.

Thin commands: parse the options, then hand over to `TableCommands` (actions_commands.py)
inside `TableActions.guard` (actions.py), which call the table service and answer. The
cog names the persistent buttons (items.py) as routed items, so the bot's one click
listener (cogs/errors) hands their clicks to them; it subscribes the public-message
publisher to the table service (publisher.py) and refreshes the message of every restored
table. Names and descriptions come from the message catalogues (`tables.cmd.*`), so
Discord shows the commands in Dutch to Dutch users.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import KlaverjasBot
from bot.engine import KRAKEN_PRESET_NAMES, PRESET_NAMES, THREE_PLAYER_PRESET_NAMES
from bot.players import LEVELS as PLAYER_LEVELS
from bot.preferences import NotifyMode
from cogs.common.requests import RequestStats
from cogs.common.text import command_named, command_text, options_from
from cogs.tables.actions import TableActions
from cogs.tables.actions_commands import OpenOptions, TableCommands
from cogs.tables.items import ALL_ITEMS
from cogs.tables.notices import TurnNotifier, choose_notify
from cogs.tables.nudge import HandNudger
from cogs.tables.publisher import TablePublisher

__all__ = ["Tables"]

Interaction = discord.Interaction[Any]


PRESETS = [
    app_commands.Choice(name=name, value=name)
    for name in (*PRESET_NAMES, *KRAKEN_PRESET_NAMES, *THREE_PLAYER_PRESET_NAMES)
]
HANDS = [
    app_commands.Choice(name=command_text(f"tables.cmd.choice.hands.{n}"), value=n)
    for n in (16, 12, 8, 1)
]
TARGETS = [
    app_commands.Choice(name=command_text(f"tables.cmd.choice.target.{n}"), value=n)
    for n in (1500, 750)
]
# Each language under its own name (an endonym reads the same in every client language).
LANGUAGES = [
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Nederlands", value="nl"),
    app_commands.Choice(name="Português (Brasil)", value="pt-BR"),
    app_commands.Choice(name="Español", value="es-ES"),
    app_commands.Choice(name="Italiano", value="it"),
]
NOTIFY_MODES = [
    app_commands.Choice(name=command_text(f"tables.cmd.choice.notify.{mode}"), value=mode.value)
    for mode in NotifyMode
]
LEVELS = [
    app_commands.Choice(name=command_text(f"tables.cmd.choice.level.{level}"), value=level)
    for level in PLAYER_LEVELS
]
SEAT = app_commands.Range[int, 1, 4]
TURN_TIMER = app_commands.Range[int, 0, 3600]


class Tables(commands.Cog):
    """Tables in channels: a public message per table, private hands, persistent buttons."""

    table = app_commands.Group(
        **command_named("tables.cmd.table"),
        guild_only=True,
    )
    computer = app_commands.Group(
        **command_named("tables.cmd.bot"),
        parent=table,
    )

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot
        self.publisher = TablePublisher(bot)
        self.requests = RequestStats()
        self.nudger = HandNudger(bot, self.requests)
        self.notifier = TurnNotifier(bot, self.publisher)
        self.actions = TableActions(bot, self.publisher, self.nudger, self.requests)
        self.table_commands = TableCommands(self.actions)

    async def cog_load(self) -> None:
        """Start the table messages, notices and nudges, and route the buttons."""
        # The one await first: a failure then leaves nothing half registered, and the
        # notifier knows the standing mentions before any table event reaches it.
        await self.notifier.restore()
        self.bot.add_routed_items(*ALL_ITEMS)
        listeners = self.bot.services.tables.listeners
        listeners += [self.publisher.on_events, self.nudger.on_events, self.notifier.on_events]
        self.bot.services.tables.tick_listeners.append(self.notifier.on_tick)
        self.publisher.restore()
        self.requests.start(self.bot)
        # Tables the restore repaired or closed: their channels hear why (notices.py).
        await self.bot.services.tables.announce_restored()

    async def cog_unload(self) -> None:
        """Undo `cog_load`."""
        self.bot.remove_routed_items(*ALL_ITEMS)
        listeners = self.bot.services.tables.listeners
        for listener in (self.publisher.on_events, self.nudger.on_events, self.notifier.on_events):
            if listener in listeners:
                listeners.remove(listener)
        ticks = self.bot.services.tables.tick_listeners
        if self.notifier.on_tick in ticks:
            ticks.remove(self.notifier.on_tick)
        await self.publisher.close()
        await self.nudger.close()
        await self.notifier.close()
        await self.requests.stop()

    # ------------------------------------------------------------------ /table open
    @table.command(**command_named("tables.cmd.open"))
    @options_from("tables.cmd.opt")
    @app_commands.choices(preset=PRESETS, language=LANGUAGES, level=LEVELS)
    @app_commands.choices(hands=HANDS, target=TARGETS)
    async def open(
        self,
        interaction: Interaction,
        preset: str = "amsterdam",
        hands: int | None = None,
        target: int | None = None,
        turn_timer: TURN_TIMER | None = None,
        thread: bool = False,
        language: str | None = None,
        level: str | None = None,
        ledig: bool = False,
    ) -> None:
        """/table open."""
        options = OpenOptions(preset, hands, target, turn_timer, thread, language, level, ledig)
        await self.actions.guard(
            interaction, "/table open", lambda: self.table_commands.open_table(interaction, options)
        )

    # ------------------------------------------------------------------ seats
    @table.command(**command_named("tables.cmd.join"))
    @options_from("tables.cmd.opt")
    async def join(self, interaction: Interaction, seat: SEAT | None = None) -> None:
        """/table join."""
        await self.actions.guard(
            interaction, "/table join", lambda: self.table_commands.join(interaction, seat)
        )

    @table.command(**command_named("tables.cmd.leave"))
    async def leave(self, interaction: Interaction) -> None:
        """/table leave."""
        await self.actions.guard(
            interaction, "/table leave", lambda: self.table_commands.leave(interaction)
        )

    @computer.command(**command_named("tables.cmd.bot.add"))
    @options_from("tables.cmd.opt", described={"level": "tables.cmd.bot.add.opt.level"})
    @app_commands.choices(level=LEVELS)
    async def bot_add(
        self, interaction: Interaction, seat: SEAT | None = None, level: str | None = None
    ) -> None:
        """/table bot add."""
        await self.actions.guard(
            interaction,
            "/table bot add",
            lambda: self.table_commands.computer(interaction, seat, True, level),
        )

    @computer.command(**command_named("tables.cmd.bot.remove"))
    @options_from("tables.cmd.opt")
    async def bot_remove(self, interaction: Interaction, seat: SEAT | None = None) -> None:
        """/table bot remove."""
        await self.actions.guard(
            interaction,
            "/table bot remove",
            lambda: self.table_commands.computer(interaction, seat, False),
        )

    # ------------------------------------------------------------------ the match
    @table.command(**command_named("tables.cmd.start"))
    async def start(self, interaction: Interaction) -> None:
        """/table start."""
        await self.actions.guard(
            interaction, "/table start", lambda: self.table_commands.start(interaction)
        )

    @table.command(**command_named("tables.cmd.close"))
    async def close(self, interaction: Interaction) -> None:
        """/table close."""
        await self.actions.guard(
            interaction, "/table close", lambda: self.table_commands.close(interaction)
        )

    @table.command(**command_named("tables.cmd.sheet"))
    async def sheet(self, interaction: Interaction) -> None:
        """/table sheet."""
        await self.actions.guard(
            interaction, "/table sheet", lambda: self.table_commands.sheet(interaction)
        )

    @table.command(**command_named("tables.cmd.settings"))
    @options_from("tables.cmd.opt")
    @app_commands.choices(language=LANGUAGES)
    async def settings(
        self,
        interaction: Interaction,
        turn_timer: TURN_TIMER | None = None,
        language: str | None = None,
    ) -> None:
        """/table settings."""
        await self.actions.guard(
            interaction,
            "/table settings",
            lambda: self.table_commands.settings(interaction, turn_timer, language),
        )

    @table.command(**command_named("tables.cmd.bump"))
    async def bump(self, interaction: Interaction) -> None:
        """/table bump."""
        await self.actions.guard(
            interaction, "/table bump", lambda: self.table_commands.bump(interaction)
        )

    # ------------------------------------------------------------------ /notify
    @app_commands.command(**command_named("tables.cmd.notify"))
    @options_from("tables.cmd.opt", own={"mode": "tables.cmd.opt.notify"})
    @app_commands.choices(mode=NOTIFY_MODES)
    async def notify(self, interaction: Interaction, mode: str | None = None) -> None:
        """/notify: how the player hears that a table waits for them."""
        await self.actions.guard(
            interaction, "/notify", lambda: choose_notify(self.bot, interaction, mode)
        )

    # ------------------------------------------------------------------ /hint
    @app_commands.command(**command_named("tables.cmd.hint"))
    @app_commands.guild_only()
    async def hint(self, interaction: Interaction) -> None:
        """/hint: the computer's advice for the player's turn, privately."""
        table = self.bot.services.tables.in_channel(interaction.channel_id or 0)
        await self.actions.guard(
            interaction,
            "/hint",
            lambda: self.table_commands.hint(interaction),
            table_id=None if table is None else table.id,  # refusals name who is to act
        )

    # ------------------------------------------------------------------ /hand
    @app_commands.command(**command_named("tables.cmd.hand"))
    @app_commands.guild_only()
    async def hand(self, interaction: Interaction) -> None:
        """/hand: the player's hand, privately."""
        await self.actions.guard(
            interaction, "/hand", lambda: self.table_commands.hand(interaction)
        )
