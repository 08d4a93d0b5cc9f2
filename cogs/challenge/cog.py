"""`/challenge`: the server's duplicate challenge (play, standings, past, settings).

Thin commands: names, options and choices from the `challenge` catalogue; the work is
`ChallengeActions` (actions.py). `cog_load` routes the challenge's buttons (items.py) and
starts the schedule that closes challenges, posts their summaries and announces new ones.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.challenge import CADENCES, DEALS_RANGE
from bot.client import KlaverjasBot
from bot.engine import PRESET_NAMES
from bot.games import four_player_presets
from bot.league.schedule import timezone_names
from cogs.challenge.actions import ChallengeActions
from cogs.challenge.items import ALL_ITEMS
from cogs.challenge.scheduler import ChallengeScheduler
from cogs.common.text import command_named, command_text, options_from

__all__ = ["Challenge"]

Interaction = discord.Interaction[Any]
CADENCE_CHOICES = [
    app_commands.Choice(name=command_text(f"challenge.cmd.choice.{name}"), value=name)
    for name in CADENCES
]
WEEKDAY_CHOICES = [
    app_commands.Choice(name=command_text(f"challenge.cmd.choice.weekday.{day}"), value=day)
    for day in range(7)
]
RULES_CHOICES = [
    app_commands.Choice(name=name, value=name) for name in four_player_presets(PRESET_NAMES)
]


class Challenge(commands.Cog):
    """The duplicate challenge: the same deals for every member, played alone."""

    challenge = app_commands.Group(
        **command_named("challenge.cmd.challenge"),
        guild_only=True,
    )

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot
        self.actions = ChallengeActions(bot)
        self.scheduler = ChallengeScheduler(
            lambda: bot.services.challenges, self.actions.send, self.actions.locale_for
        )
        self.actions.announce = self.scheduler.announce

    async def cog_load(self) -> None:
        """Route the buttons and start the schedule."""
        self.bot.add_routed_items(*ALL_ITEMS)
        self.scheduler.start()

    async def cog_unload(self) -> None:
        """Undo `cog_load`."""
        self.scheduler.stop()
        self.bot.remove_routed_items(*ALL_ITEMS)

    @challenge.command(**command_named("challenge.cmd.play"))
    async def play(self, interaction: Interaction) -> None:
        """/challenge play: the member's place in this week's challenge, privately."""
        await self.actions.play(interaction)

    @challenge.command(**command_named("challenge.cmd.standings"))
    @options_from("challenge.cmd.opt")
    async def standings(
        self, interaction: Interaction, number: app_commands.Range[int, 1, 1_000_000] | None = None
    ) -> None:
        """/challenge standings: a challenge's board (this week's, or number `number`)."""
        await self.actions.standings(interaction, number)

    @challenge.command(**command_named("challenge.cmd.past"))
    async def past(self, interaction: Interaction) -> None:
        """/challenge past: the server's earlier challenges."""
        await self.actions.past(interaction)

    @challenge.command(**command_named("challenge.cmd.settings"))
    @options_from("challenge.cmd.opt")
    @app_commands.choices(cadence=CADENCE_CHOICES, preset=RULES_CHOICES)
    @app_commands.choices(weekday=WEEKDAY_CHOICES)
    async def settings(
        self,
        interaction: Interaction,
        cadence: str | None = None,
        hour: app_commands.Range[int, 0, 23] | None = None,
        weekday: int | None = None,
        timezone: app_commands.Range[str, 1, 64] | None = None,
        deals: app_commands.Range[int, DEALS_RANGE[0], DEALS_RANGE[1]] | None = None,
        preset: str | None = None,
        channel: discord.TextChannel | None = None,
    ) -> None:
        """/challenge settings: an organiser's cadence, hour, deals, rules and channel."""
        given = {
            "cadence": cadence,
            "hour": hour,
            "weekday": weekday,
            "timezone": None if timezone is None else timezone.strip(),
            "deals": deals,
            "rules": preset,
            "channel_id": None if channel is None else channel.id,
        }
        changes = {name: value for name, value in given.items() if value is not None}
        await self.actions.settings(interaction, changes)

    @settings.autocomplete("timezone")
    async def timezone_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Up to 25 IANA zones holding what was typed (Amsterdam, America/Sao_Paulo)."""
        wanted = current.strip().replace(" ", "_").casefold()
        found = [zone for zone in timezone_names() if wanted in zone.casefold()]
        found.sort(key=lambda zone: not zone.casefold().startswith(wanted))
        return [app_commands.Choice(name=zone, value=zone) for zone in found[:25]]
