"""/table and /hand: open a Klaverjas table in a channel and play it with buttons.

Thin commands: parse the options, then hand over to `TableActions` (cogs/tables_actions.py),
which calls the table service and answers. The cog's `cog_load` registers the persistent
buttons once (cogs/tables_items.py), subscribes the public-message publisher to the table
service (cogs/tables_publisher.py) and refreshes the message of every restored table.
Names and descriptions come from the message catalogues (`tables.cmd.*`), so Discord shows
the commands in Dutch to Dutch users.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.client import KlaverjasBot
from bot.engine import PRESET_NAMES
from cogs.tables.actions import TableActions
from cogs.tables.actions_commands import OpenOptions, TableCommands
from cogs.tables.items import ALL_ITEMS
from cogs.tables.nudge import HandNudger
from cogs.tables.publisher import TablePublisher

__all__ = ["Tables"]

Interaction = discord.Interaction[Any]


def _s(text: str, key: str) -> locale_str:
    """A translatable command string; the key is looked up in the tables catalogues."""
    return locale_str(text, key=f"tables.cmd.{key}")


PRESETS = [app_commands.Choice(name=name, value=name) for name in PRESET_NAMES]
HANDS = [
    app_commands.Choice(name=_s(f"{n} hands", f"choice.hands.{n}"), value=n) for n in (16, 8, 1)
]
TARGETS = [
    app_commands.Choice(name=_s(f"first to {n}", f"choice.target.{n}"), value=n)
    for n in (1500, 750)
]
LANGUAGES = [
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Nederlands", value="nl"),
]
SEAT = app_commands.Range[int, 1, 4]
TURN_TIMER = app_commands.Range[int, 0, 3600]


class Tables(commands.Cog):
    """Tables in channels: a public message per table, private hands, persistent buttons."""

    table = app_commands.Group(
        name=_s("table", "table.name"),
        description=_s("Play Klaverjas at a table in this channel.", "table.desc"),
        guild_only=True,
    )
    computer = app_commands.Group(
        name=_s("bot", "bot.name"),
        description=_s("Computer players at the table.", "bot.desc"),
        parent=table,
    )

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot
        self.publisher = TablePublisher(bot)
        self.nudger = HandNudger(bot)
        self.actions = TableActions(bot, self.publisher, self.nudger)
        self.table_commands = TableCommands(self.actions)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*ALL_ITEMS)
        listeners = self.bot.services.tables.listeners
        listeners += [self.publisher.on_events, self.nudger.on_events]
        self.publisher.restore()

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*ALL_ITEMS)
        listeners = self.bot.services.tables.listeners
        for listener in (self.publisher.on_events, self.nudger.on_events):
            if listener in listeners:
                listeners.remove(listener)
        await self.publisher.close()
        await self.nudger.close()

    # ------------------------------------------------------------------ /table open
    @table.command(
        name=_s("open", "open.name"),
        description=_s("Open a table in this channel (or in a new thread).", "open.desc"),
    )
    @app_commands.rename(
        preset=_s("preset", "open.preset.name"),
        hands=_s("hands", "open.hands.name"),
        target=_s("target", "open.target.name"),
        turn_timer=_s("turn_timer", "open.turn_timer.name"),
        thread=_s("thread", "open.thread.name"),
        language=_s("language", "open.language.name"),
    )
    @app_commands.describe(
        preset=_s("The rules: amsterdam (default), rotterdam, utrecht, ...", "open.preset.desc"),
        hands=_s("Play a fixed number of hands (default 16).", "open.hands.desc"),
        target=_s("Or play until a pair reaches this score.", "open.target.desc"),
        turn_timer=_s(
            "Seconds per turn before the computer plays (0: off).", "open.turn_timer.desc"
        ),
        thread=_s("Open the table in a new thread of this channel.", "open.thread.desc"),
        language=_s("The language of the table's public messages.", "open.language.desc"),
    )
    @app_commands.choices(preset=PRESETS, language=LANGUAGES)
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
    ) -> None:
        options = OpenOptions(preset, hands, target, turn_timer, thread, language)
        await self.actions.guard(
            interaction, "/table open", lambda: self.table_commands.open_table(interaction, options)
        )

    # ------------------------------------------------------------------ seats
    @table.command(
        name=_s("join", "join.name"), description=_s("Sit down at the table.", "join.desc")
    )
    @app_commands.rename(seat=_s("seat", "seat.name"))
    @app_commands.describe(seat=_s("Seat 1-4; seats 1 & 3 and 2 & 4 are partners.", "seat.desc"))
    async def join(self, interaction: Interaction, seat: SEAT | None = None) -> None:
        await self.actions.guard(
            interaction, "/table join", lambda: self.table_commands.join(interaction, seat)
        )

    @table.command(
        name=_s("leave", "leave.name"),
        description=_s("Leave your seat (a computer finishes a match for you).", "leave.desc"),
    )
    async def leave(self, interaction: Interaction) -> None:
        await self.actions.guard(
            interaction, "/table leave", lambda: self.table_commands.leave(interaction)
        )

    @computer.command(
        name=_s("add", "bot.add.name"), description=_s("Seat a computer player.", "bot.add.desc")
    )
    @app_commands.rename(seat=_s("seat", "seat.name"))
    @app_commands.describe(seat=_s("Seat 1-4; seats 1 & 3 and 2 & 4 are partners.", "seat.desc"))
    async def bot_add(self, interaction: Interaction, seat: SEAT | None = None) -> None:
        await self.actions.guard(
            interaction,
            "/table bot add",
            lambda: self.table_commands.computer(interaction, seat, True),
        )

    @computer.command(
        name=_s("remove", "bot.remove.name"),
        description=_s("Remove a computer player.", "bot.remove.desc"),
    )
    @app_commands.rename(seat=_s("seat", "seat.name"))
    @app_commands.describe(seat=_s("Seat 1-4; seats 1 & 3 and 2 & 4 are partners.", "seat.desc"))
    async def bot_remove(self, interaction: Interaction, seat: SEAT | None = None) -> None:
        await self.actions.guard(
            interaction,
            "/table bot remove",
            lambda: self.table_commands.computer(interaction, seat, False),
        )

    # ------------------------------------------------------------------ the match
    @table.command(
        name=_s("start", "start.name"),
        description=_s("Start the match once all four seats are taken.", "start.desc"),
    )
    async def start(self, interaction: Interaction) -> None:
        await self.actions.guard(
            interaction, "/table start", lambda: self.table_commands.start(interaction)
        )

    @table.command(
        name=_s("close", "close.name"),
        description=_s("Close the table (its opener or a moderator).", "close.desc"),
    )
    async def close(self, interaction: Interaction) -> None:
        await self.actions.guard(
            interaction, "/table close", lambda: self.table_commands.close(interaction)
        )

    @table.command(
        name=_s("sheet", "sheet.name"),
        description=_s("Show the score sheet, hand by hand.", "sheet.desc"),
    )
    async def sheet(self, interaction: Interaction) -> None:
        await self.actions.guard(
            interaction, "/table sheet", lambda: self.table_commands.sheet(interaction)
        )

    @table.command(
        name=_s("settings", "settings.name"),
        description=_s("Show or change the table's settings.", "settings.desc"),
    )
    @app_commands.rename(
        turn_timer=_s("turn_timer", "open.turn_timer.name"),
        language=_s("language", "open.language.name"),
    )
    @app_commands.describe(
        turn_timer=_s(
            "Seconds per turn before the computer plays (0: off).", "open.turn_timer.desc"
        ),
        language=_s("The language of the table's public messages.", "open.language.desc"),
    )
    @app_commands.choices(language=LANGUAGES)
    async def settings(
        self,
        interaction: Interaction,
        turn_timer: TURN_TIMER | None = None,
        language: str | None = None,
    ) -> None:
        await self.actions.guard(
            interaction,
            "/table settings",
            lambda: self.table_commands.settings(interaction, turn_timer, language),
        )

    # ------------------------------------------------------------------ /hand
    @app_commands.command(
        name=_s("hand", "hand.name"),
        description=_s("Show your cards (only you see them).", "hand.desc"),
    )
    @app_commands.guild_only()
    async def hand(self, interaction: Interaction) -> None:
        await self.actions.guard(
            interaction, "/hand", lambda: self.table_commands.hand(interaction)
        )
