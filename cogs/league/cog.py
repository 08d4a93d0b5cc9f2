"""/league and /night: a league's settings and season, and its nights run on Discord.

Thin commands: parse the options, then hand their bodies (`LeagueCommands`, commands.py)
to the guard of `LeagueActions` (actions.py). `cog_load` names the check-in buttons
(items.py) as routed items and installs the league's tables (tables.py): they listen to
the table service for finished league matches and resume the open nights after a
restart. Names and descriptions come from the catalogues
(`league.cmd.*`). Organiser commands are open to everyone in Discord's permissions on
purpose: the league decides who organises (its roles and users, or Manage Server),
checked in the service.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import KlaverjasBot
from bot.engine import ENGINE_PRESET_NAMES
from bot.games import four_player_presets
from bot.league.schedule import MAX_LEAD_MINUTES, timezone_names
from bot.league.settings import BOOBY_RULES, BYE_POLICIES
from cogs.common.text import command_named, command_text, locale_of, options_from
from cogs.league.actions import LeagueActions
from cogs.league.commands import LeagueCommands
from cogs.league.form import SheetForm, submitted_lines
from cogs.league.items import LEAGUE
from cogs.league.options import (
    CreateOptions,
    ScheduleOptions,
    SeasonOptions,
    SettingsOptions,
    tie_break_choices,
)
from cogs.league.scheduler import LeagueScheduler

__all__ = ["League"]

Interaction = discord.Interaction[Any]

PRESETS = [
    app_commands.Choice(name=name, value=name) for name in four_player_presets(ENGINE_PRESET_NAMES)
]
BYES = [
    app_commands.Choice(name=command_text(f"league.cmd.choice.bye.{policy}"), value=policy)
    for policy in BYE_POLICIES
]
FORMATS = [
    app_commands.Choice(name=command_text(f"league.cmd.choice.format.{kind}"), value=kind)
    for kind in ("individual", "pairs")
]
BOOBY = [
    app_commands.Choice(name=command_text(f"league.cmd.choice.booby.{rule}"), value=rule)
    for rule in BOOBY_RULES
]
COUNTING = [
    app_commands.Choice(name=command_text(f"league.cmd.choice.counting.{kind}"), value=kind)
    for kind in ("all", "best", "average_best")
]
NIGHTS = app_commands.Range[int, 0, 100]
ROUNDS = app_commands.Range[int, 1, 12]
HANDS = app_commands.Range[int, 1, 64]
TARGET = app_commands.Range[int, 100, 10_000]  # the engine's range of a target score
NO_HANDS = app_commands.Range[int, 0, 64]  # /league settings: 0 is no fixed number
NO_TARGET = app_commands.Range[int, 0, 10_000]  # ... and 0 no target
ROUND = app_commands.Range[int, 1, 12]
TABLE = app_commands.Range[int, 1, 100]
LINE = app_commands.Range[int, 1, 64]
NIGHT = app_commands.Range[int, 1, 10_000]
WEEKDAYS = [
    app_commands.Choice(name=command_text(f"league.cmd.choice.weekday.{day}"), value=day)
    for day in range(7)
]
LEAD = app_commands.Range[int, 1, MAX_LEAD_MINUTES]
POINTS = app_commands.Range[int, -10_000, 10_000]  # a round totals about 1,500 to 2,500


async def league_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The server's leagues whose name holds what was typed (up to 25), for every command
    that names a league: a server with several leagues picks from a list instead of
    typing the name exactly. Names longer than Discord allows in a choice (100) are left
    to be typed."""
    bot = interaction.client
    if not isinstance(bot, KlaverjasBot) or interaction.guild_id is None:
        return []
    typed = current.strip().casefold()
    names = [league.name for league in await bot.services.leagues.leagues(interaction.guild_id)]
    found = [name for name in names if typed in name.casefold() and len(name) <= 100]
    return [app_commands.Choice(name=name, value=name) for name in found[:25]]


def _table_change(group: app_commands.Group, key: str) -> app_commands.Command[Any, Any, None]:
    """/night void and /night restore: one table of a round, with a reason (`key`: which)."""

    async def command(
        self: League,
        interaction: Interaction,
        round: ROUND,
        table: TABLE,
        reason: app_commands.Range[str, 1, 200],
        league: str | None = None,
    ) -> None:
        await self._run(
            interaction,
            f"/night {key}",
            lambda: self.league_commands.void(
                interaction, league, (round, table), reason, restore=key == "restore"
            ),
        )

    command.__qualname__ = f"League.{key}"  # a method of the cog: discord.py passes the cog
    options = options_from("league.cmd.opt")
    callback = options(app_commands.autocomplete(league=league_choices)(command))
    name = command_text(f"league.cmd.{key}.name")
    return group.command(name=name, description=command_text(f"league.cmd.{key}.desc"))(callback)


class League(commands.Cog):
    """League nights: check-in, drawn rounds on bot tables or face to face, standings."""

    league = app_commands.Group(
        **command_named("league.cmd.league"),
        guild_only=True,
    )
    night = app_commands.Group(
        **command_named("league.cmd.night"),
        guild_only=True,
    )

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot
        self.actions = LeagueActions(bot)
        self.league_commands = LeagueCommands(self.actions)
        self.scheduler = LeagueScheduler(self.actions.messages)

    async def cog_load(self) -> None:
        """Route the check-in and confirm buttons, install the actions, start the scheduler."""
        self.bot.add_routed_items(*LEAGUE.items)
        self.actions.tables.install()
        self.scheduler.start()

    async def cog_unload(self) -> None:
        """Undo `cog_load`."""
        self.scheduler.stop()
        self.bot.remove_routed_items(*LEAGUE.items)
        await self.actions.tables.uninstall()

    async def _run(
        self, interaction: Interaction, where: str, work: Callable[[], Awaitable[None]]
    ) -> None:
        await self.actions.guard(interaction, where, work)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: Interaction) -> None:
        """A submitted sheet form (form.py), routed by the custom id it carries; a refusal
        answers with what was typed, so nothing is lost."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        form = SheetForm.of(str(data.get("custom_id", "")))
        if form is None:
            return
        lines = submitted_lines(data)
        await self.actions.guard(
            interaction,
            "form /night enter",
            lambda: self.league_commands.submit_form(interaction, form, lines),
            self.actions.typed_back(interaction, lines),
        )

    # ------------------------------------------------------------------ /league
    @league.command(**command_named("league.cmd.create"))
    @options_from("league.cmd.opt")
    @app_commands.choices(preset=PRESETS, bye=BYES, format=FORMATS, booby=BOOBY, counting=COUNTING)
    async def create(
        self,
        interaction: Interaction,
        name: app_commands.Range[str, 1, 60],
        rounds: ROUNDS = 3,
        hands: HANDS | None = None,
        preset: str = "amsterdam",
        bye: str = "fixed_1450",
        format: str = "individual",
        role: discord.Role | None = None,
        counting: str | None = None,
        best: app_commands.Range[int, 1, 100] | None = None,
        minimum: NIGHTS | None = None,
        tiebreaks: app_commands.Range[str, 1, 100] | None = None,
        booby: str | None = None,
        bye_hands: bool | None = None,
        three: bool | None = None,
        target: TARGET | None = None,
    ) -> None:
        """/league create: a new league of this server, with its first settings."""
        season = SeasonOptions(counting, best, minimum, tiebreaks, booby, bye_hands, three)
        role_id = None if role is None else role.id
        options = CreateOptions(name, rounds, hands, preset, bye, format, role_id, season, target)
        await self._run(
            interaction, "/league create", lambda: self.league_commands.create(interaction, options)
        )

    @league.command(**command_named("league.cmd.settings"))
    @options_from(
        "league.cmd.opt",
        described={
            "hands": "league.cmd.settings.opt.hands",
            "target": "league.cmd.settings.opt.target",
        },
    )
    @app_commands.choices(bye=BYES, weekday=WEEKDAYS, booby=BOOBY, counting=COUNTING)
    @app_commands.autocomplete(league=league_choices)
    async def settings(
        self,
        interaction: Interaction,
        league: str | None = None,
        rounds: ROUNDS | None = None,
        hands: NO_HANDS | None = None,
        bye: str | None = None,
        organiser: discord.Member | None = None,
        role: discord.Role | None = None,
        weekday: int | None = None,
        time: app_commands.Range[str, 1, 5] | None = None,
        timezone: app_commands.Range[str, 1, 64] | None = None,
        checkin: LEAD | None = None,
        reminders: app_commands.Range[str, 1, 40] | None = None,
        unschedule: bool = False,
        counting: str | None = None,
        best: app_commands.Range[int, 1, 100] | None = None,
        minimum: NIGHTS | None = None,
        tiebreaks: app_commands.Range[str, 1, 100] | None = None,
        booby: str | None = None,
        bye_hands: bool | None = None,
        three: bool | None = None,
        target: NO_TARGET | None = None,
    ) -> None:
        """/league settings: an organiser changes the league's settings or schedule."""
        schedule = ScheduleOptions(weekday, time, timezone, checkin, reminders, unschedule)
        options = SettingsOptions(
            rounds,
            hands,
            bye,
            None if organiser is None else organiser.id,
            None if role is None else role.id,
            schedule,
            SeasonOptions(counting, best, minimum, tiebreaks, booby, bye_hands, three),
            target,
        )
        await self._run(
            interaction,
            "/league settings",
            lambda: self.league_commands.settings(interaction, league, options),
        )

    @settings.autocomplete("timezone")
    async def timezone_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Up to 25 IANA zones containing what was typed (Amsterdam, America/Sao_Paulo)."""
        return [app_commands.Choice(name=zone, value=zone) for zone in zones_matching(current)]

    @create.autocomplete("tiebreaks")
    @settings.autocomplete("tiebreaks")
    async def tie_break_orders(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The orders of the tie-breaks after points, in the reader's language."""
        found = tie_break_choices(current, locale_of(interaction))
        return [app_commands.Choice(name=name, value=value) for name, value in found]

    @league.command(**command_named("league.cmd.join"))
    @options_from("league.cmd.opt")
    @app_commands.autocomplete(league=league_choices)
    async def join(
        self,
        interaction: Interaction,
        league: str | None = None,
        partner: discord.Member | None = None,
    ) -> None:
        """/league join: join a league, with a fixed partner or alone."""
        partner_id = None if partner is None else partner.id
        await self._run(
            interaction,
            "/league join",
            lambda: self.league_commands.join(interaction, league, partner_id),
        )

    @league.command(**command_named("league.cmd.leave"))
    @options_from("league.cmd.opt")
    @app_commands.autocomplete(league=league_choices)
    async def leave(self, interaction: Interaction, league: str | None = None) -> None:
        """/league leave: leave a league."""
        await self._run(
            interaction, "/league leave", lambda: self.league_commands.leave(interaction, league)
        )

    @league.command(**command_named("league.cmd.standings"))
    @options_from("league.cmd.opt")
    @app_commands.autocomplete(league=league_choices)
    async def standings(
        self, interaction: Interaction, league: str | None = None, public: bool = False
    ) -> None:
        """/league standings: the season's table."""
        await self._run(
            interaction,
            "/league standings",
            lambda: self.league_commands.season(interaction, league, public),
        )

    @league.command(**command_named("league.cmd.player"))
    @options_from("league.cmd.opt")
    @app_commands.autocomplete(league=league_choices)
    async def player(
        self,
        interaction: Interaction,
        member: discord.Member | None = None,
        league: str | None = None,
    ) -> None:
        """/league player: a member's season."""
        user_id = (member or interaction.user).id
        await self._run(
            interaction,
            "/league player",
            lambda: self.league_commands.player(interaction, league, user_id),
        )

    @league.command(**command_named("league.cmd.history"))
    @options_from("league.cmd.opt")
    @app_commands.autocomplete(league=league_choices)
    async def history(
        self, interaction: Interaction, league: str | None = None, night: NIGHT | None = None
    ) -> None:
        """/league history: the league's nights."""
        await self._run(
            interaction,
            "/league history",
            lambda: self.league_commands.history(interaction, league, night),
        )

    @league.command(**command_named("league.cmd.export"))
    @options_from("league.cmd.opt", described={"night": "league.cmd.export.opt.night"})
    @app_commands.autocomplete(league=league_choices)
    async def export(
        self,
        interaction: Interaction,
        night: NIGHT | None = None,
        season: bool = False,
        public: bool = False,
        league: str | None = None,
    ) -> None:
        """/league export: a night's or a season's results as files."""
        await self._run(
            interaction,
            "/league export",
            lambda: self.league_commands.export(interaction, league, night, season, public),
        )

    # ------------------------------------------------------------------ /night
    @night.command(**command_named("league.cmd.open"))
    @options_from("league.cmd.opt")
    @app_commands.autocomplete(league=league_choices)
    async def open(self, interaction: Interaction, league: str | None = None) -> None:
        """/night open: an organiser opens tonight's check-in."""
        await self._run(
            interaction, "/night open", lambda: self.league_commands.open_night(interaction, league)
        )

    @night.command(**command_named("league.cmd.start"))
    @options_from("league.cmd.opt")
    @app_commands.autocomplete(league=league_choices)
    async def start(
        self, interaction: Interaction, league: str | None = None, deal: bool = True
    ) -> None:
        """/night start: an organiser draws the first round and starts its tables."""
        await self._run(
            interaction,
            "/night start",
            lambda: self.league_commands.start_round(interaction, league, True, deal),
        )

    @night.command(**command_named("league.cmd.next"))
    @options_from("league.cmd.opt")
    @app_commands.autocomplete(league=league_choices)
    async def next(
        self, interaction: Interaction, league: str | None = None, deal: bool = True
    ) -> None:
        """/night next: an organiser draws the next round."""
        await self._run(
            interaction,
            "/night next",
            lambda: self.league_commands.start_round(interaction, league, False, deal),
        )

    @night.command(**command_named("league.cmd.status"))
    @options_from("league.cmd.opt")
    @app_commands.autocomplete(league=league_choices)
    async def status(self, interaction: Interaction, league: str | None = None) -> None:
        """/night status: where tonight stands."""
        await self._run(
            interaction, "/night status", lambda: self.league_commands.status(interaction, league)
        )

    @night.command(**command_named("league.cmd.enter"))
    @options_from("league.cmd.opt", described={"hands": "league.cmd.enter.opt.hands"})
    @app_commands.autocomplete(league=league_choices)
    async def enter(
        self,
        interaction: Interaction,
        round: ROUND,
        table: TABLE,
        lines: str | None = None,
        totals: str | None = None,
        hands: HANDS | None = None,
        roem: str | None = None,
        confirmed_by: discord.Member | None = None,
        league: str | None = None,
    ) -> None:
        """/night enter: a face-to-face table's sheet or round totals, or the sheet's form."""
        confirmed = None if confirmed_by is None else confirmed_by.id
        await self._run(
            interaction,
            "/night enter",
            lambda: self.league_commands.enter(
                interaction, league, (round, table), lines, totals, hands, roem, confirmed
            ),
        )

    @night.command(**command_named("league.cmd.correct"))
    @options_from("league.cmd.opt", described={"hands": "league.cmd.enter.opt.hands"})
    @app_commands.autocomplete(league=league_choices)
    async def correct(
        self,
        interaction: Interaction,
        round: ROUND,
        table: TABLE,
        reason: app_commands.Range[str, 1, 200],
        line: LINE | None = None,
        entry: str | None = None,
        totals: str | None = None,
        hands: HANDS | None = None,
        league: str | None = None,
    ) -> None:
        """/night correct: an organiser corrects an entered result."""
        await self._run(
            interaction,
            "/night correct",
            lambda: self.league_commands.correct(
                interaction, league, (round, table), reason, line, entry, totals, hands
            ),
        )

    void = _table_change(night, "void")  # /night void round table reason
    restore = _table_change(night, "restore")  # /night restore round table reason

    @night.command(**command_named("league.cmd.confirm"))
    @options_from("league.cmd.opt")
    @app_commands.autocomplete(league=league_choices)
    async def confirm(
        self, interaction: Interaction, round: ROUND, table: TABLE, league: str | None = None
    ) -> None:
        """/night confirm: the opponent asked (or an organiser) confirms a result."""
        await self._run(
            interaction,
            "/night confirm",
            lambda: self.league_commands.confirm(interaction, league, (round, table)),
        )

    @night.command(**command_named("league.cmd.penalty"))
    @options_from("league.cmd.opt", described={"reason": "league.cmd.penalty.opt.reason"})
    @app_commands.autocomplete(league=league_choices)
    async def penalty(
        self,
        interaction: Interaction,
        player: discord.Member,
        points: POINTS,
        reason: app_commands.Range[str, 1, 200],
        league: str | None = None,
    ) -> None:
        """/night penalty: an organiser gives a player points off (or on)."""
        await self._run(
            interaction,
            "/night penalty",
            lambda: self.league_commands.penalty(interaction, league, player.id, points, reason),
        )

    @night.command(**command_named("league.cmd.close"))
    @options_from("league.cmd.opt")
    @app_commands.autocomplete(league=league_choices)
    async def close(self, interaction: Interaction, league: str | None = None) -> None:
        """/night close: an organiser ends the night and counts it in the season."""
        await self._run(
            interaction, "/night close", lambda: self.league_commands.close(interaction, league)
        )


def zones_matching(typed: str, limit: int = 25) -> list[str]:
    """The time zones whose name holds `typed` (case and spaces ignored), those starting
    with it first."""
    wanted = typed.strip().replace(" ", "_").casefold()
    found = [zone for zone in timezone_names() if wanted in zone.casefold()]
    found.sort(key=lambda zone: not zone.casefold().startswith(wanted))
    return found[:limit]
