"""What the league commands and the check-in buttons do: ask the league service, post the
night's messages, answer the one interaction.

One path for refusals: a `LeagueError` (the service's, the engine's score checks passed
on, or this cog's own: which league, which night, unreadable input) becomes a specific
ephemeral sentence (errors.py); anything unexpected gets an error code. Organiser
commands ask the service whether the user organises before anything is posted or
deferred, so a refusal is immediate, private and says why. The public messages (check-in,
round plans, results, standings) go to the league's channel, where `/night open` was used.

Bot-dealt tables are ordinary tables: the `TableServiceStarter` opens each in a thread of
its own, and the tables cog's publisher posts and updates its message there, as for any
table. When a table's match ends, its result is read into the night (`record_played`)
and the standings are posted; after a restart the same is done for every table that
finished while nobody listened, and tables a crash left unstarted are started.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord

from bot.league.draw import RoundDraw
from bot.league.errors import LeagueError
from bot.league.night import checked_in
from bot.league.results import TableResult
from bot.league.service import Actor, LeagueService, StoredNight, TableRequest
from bot.league.settings import LeagueSettings, Organisers, RoundLength
from bot.league.starter import TableServiceStarter
from bot.tables import Event, Table
from cogs.common.replies import report_unexpected_error, send_ephemeral
from cogs.common.text import locale_of, t
from cogs.common.threads import new_thread
from cogs.league.errors import error_text
from cogs.league.items import CheckKind, checkin_view
from cogs.league.parse import parse_line, parse_lines, parse_pair
from cogs.league.ui import (
    checkin_embed,
    history_embed,
    plan_embed,
    player_embed,
    result_text,
    season_embed,
    settings_embed,
    standings_embed,
    status_embed,
)

if TYPE_CHECKING:
    from bot.client import KlaverjasBot

__all__ = ["CreateOptions", "LeagueActions", "actor_of"]

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
Work = Callable[[], Awaitable[None]]
NO_MENTIONS = discord.AllowedMentions.none()
PLAYERS = discord.AllowedMentions(everyone=False, roles=False, users=True)


def actor_of(interaction: Interaction) -> Actor:
    """Who asks, as the league sees organisers: their id, roles, and Manage Server."""
    user = interaction.user
    roles = tuple(role.id for role in getattr(user, "roles", ()))
    return Actor(user.id, roles, bool(interaction.permissions.manage_guild))


@dataclass(frozen=True)
class CreateOptions:
    """The options of /league create, as the league's first settings."""

    name: str
    rounds: int
    hands: int
    preset: str
    bye: str
    format: str
    organiser_role: int | None

    def settings(self, channel_id: int | None) -> LeagueSettings:
        roles = () if self.organiser_role is None else (self.organiser_role,)
        return LeagueSettings.from_dict(
            {
                "name": self.name.strip(),
                "organisers": {"role_ids": roles},
                "preset": self.preset,
                "round_length": {"hands": self.hands},
                "rounds_per_night": self.rounds,
                "format": self.format,
                "bye_policy": self.bye,
                "channel_id": channel_id,
            }
        )


class LeagueActions:
    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot
        self.names: dict[int, str] = {}  # display names seen in interactions (table seats)
        self.guild_locales: dict[int, str] = {}
        self.starter = TableServiceStarter(bot.services.tables, self._channel_for, self._name_of)
        self._tasks: set[asyncio.Task[None]] = set()
        # One table read in at a time: two tables finishing at once must not both find
        # their round complete (or neither).
        self._recording = asyncio.Lock()

    @property
    def service(self) -> LeagueService:
        return self.bot.services.leagues

    # ------------------------------------------------------------------ lifecycle
    def install(self) -> None:
        """Deal league tables through this cog's starter; hear every table's events."""
        self.service.starter = self.starter
        self.bot.services.tables.listeners.append(self.on_table_events)
        self._spawn(self.resume(), "league:resume")

    async def uninstall(self) -> None:
        listeners = self.bot.services.tables.listeners
        if self.on_table_events in listeners:
            listeners.remove(self.on_table_events)
        if self.service.starter is self.starter:
            self.service.starter = None
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _spawn(self, work: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def resume(self) -> None:
        """After a restart: start the tables a crash left unstarted, and read in every
        finished table the night does not have yet (docs/league.md)."""
        for night in await self.service.open_nights():
            try:
                await self.service.resume_tables(night.id)
                for table_id in (await self.service.round_tables(night.id)).values():
                    await self.record(table_id)
            except Exception:
                log.exception("could not resume league night %s", night.id)

    # ------------------------------------------------------------------ the one guard
    async def guard(self, interaction: Interaction, where: str, work: Work) -> None:
        """Run `work`; a refusal becomes its sentence, a failure an error code."""
        if interaction.guild_id is not None and interaction.guild_locale is not None:
            self.guild_locales[interaction.guild_id] = interaction.guild_locale.value
        self.names[interaction.user.id] = interaction.user.display_name
        try:
            await work()
        except LeagueError as error:
            await send_ephemeral(interaction, error_text(error, locale_of(interaction)))
        except Exception as error:
            await report_unexpected_error(interaction, error, where=where)

    def locale_for(self, guild_id: int | None) -> str:
        """The language of a server's public league messages."""
        if guild_id is not None:
            known = self.guild_locales.get(guild_id)
            if known:
                return known
            guild = self.bot.get_guild(guild_id)
            if guild is not None:
                return guild.preferred_locale.value
        return self.bot.settings.default_locale

    # ------------------------------------------------------------------ which league
    async def league(
        self, interaction: Interaction, name: str | None
    ) -> tuple[int, LeagueSettings]:
        """The league a command names, or the server's only league."""
        leagues = await self.service.leagues(interaction.guild_id)
        if name is not None and name.strip():
            wanted = name.strip().casefold()
            found = [league for league in leagues if league.name.casefold() == wanted]
            if not found:
                raise LeagueError("no_league_named", name=name.strip())
        elif not leagues:
            raise LeagueError("no_leagues")
        elif len(leagues) > 1:
            raise LeagueError("which_league", names=[league.name for league in leagues])
        else:
            found = leagues
        return found[0].id, LeagueSettings.from_dict(found[0].settings)

    async def _night(self, league_id: int) -> StoredNight:
        night = await self.service.current_night(league_id)
        if night is None:
            raise LeagueError("no_open_night")
        return night

    async def _latest_night(self, league_id: int, number: int | None = None) -> StoredNight:
        """Night `number`, else the open night, else the last one."""
        nights = await self.service.nights(league_id)
        if number is not None:
            found = [n for n in nights if n.number == number]
            if not found:
                raise LeagueError("no_night_number", night=number)
            return found[0]
        if not nights:
            raise LeagueError("no_open_night")
        return next((n for n in nights if n.status != "closed"), nights[-1])

    # ------------------------------------------------------------------ posting
    async def _post(self, settings: LeagueSettings, guild_id: int | None, **message: Any) -> None:
        """A public message in the league's channel; a failure is logged, never raised (the
        change it announces is committed and shows in /night status)."""
        if settings.channel_id is None:
            return
        channel = self.bot.get_partial_messageable(settings.channel_id, guild_id=guild_id)
        message.setdefault("allowed_mentions", NO_MENTIONS)
        try:
            await channel.send(**message)
        except discord.HTTPException as error:
            log.warning("league %s: cannot post in %s: %s", settings.name, channel.id, error)

    async def _post_checkin(
        self, settings: LeagueSettings, guild_id: int | None, night: StoredNight, drawn: int
    ) -> None:
        locale = self.locale_for(guild_id)
        players = checked_in(await self.service.attendance(night.id))
        embed = checkin_embed(settings.name, night.number, drawn + 1, players, locale)
        view = checkin_view(night.id, drawn, locale)
        await self._post(settings, guild_id, embed=embed, view=view)

    async def _post_round(
        self, settings: LeagueSettings, guild_id: int | None, night: StoredNight, draw: RoundDraw
    ) -> None:
        """The round's table plan with its threads, then check-in for the next round."""
        locale = self.locale_for(guild_id)
        threads = {}
        for (round_no, table_no), table_id in (await self.service.round_tables(night.id)).items():
            if round_no == draw.number:
                threads[table_no] = (await self.bot.services.tables.find(table_id)).channel_id
        embed = plan_embed(settings.name, night.number, draw, threads, locale)
        await self._post(settings, guild_id, embed=embed, allowed_mentions=PLAYERS)
        if draw.number < settings.rounds_per_night:
            await self._post_checkin(settings, guild_id, night, draw.number)

    async def _resume_round(
        self, settings: LeagueSettings, guild_id: int | None, night: StoredNight
    ) -> bool:
        """Start the last round's tables that a failure left unstarted (no thread could be
        opened, say) and post its plan again; True when any table was started."""
        before = len(await self.service.round_tables(night.id))
        await self.service.resume_tables(night.id)
        if len(await self.service.round_tables(night.id)) == before:
            return False
        await self._post_round(settings, guild_id, night, (await self.service.draws(night.id))[-1])
        return True

    async def _post_standings(
        self, league_id: int, night: StoredNight, content: str, guild_id: int | None
    ) -> None:
        settings = await self.service.settings(league_id)
        locale = self.locale_for(guild_id)
        rows = await self.service.night_standings(night.id)
        embed = standings_embed(settings.name, night.number, rows, locale, final=False)
        await self._post(settings, guild_id, content=content, embed=embed)

    # ------------------------------------------------------------------ bot tables
    async def _channel_for(self, request: TableRequest) -> int:
        """A thread of the league's channel for one drawn table (the starter's callback)."""
        settings = await self.service.settings(request.league_id)
        if settings.channel_id is None:
            raise LeagueError("no_channel")
        locale = self.locale_for(request.guild_id)
        name = t(
            "league.thread.name",
            locale,
            league=settings.name,
            round=request.round_no,
            table=request.table_no + 1,
        )
        try:
            return await new_thread(self.bot.http, settings.channel_id, name)
        except discord.HTTPException:
            raise LeagueError("no_thread") from None

    def _name_of(self, user_id: int) -> str:
        return self.names.get(user_id, f"<@{user_id}>")

    async def on_table_events(self, table: Table, events: list[Event]) -> None:
        """The table service's listener: a finished match may be a league table's round."""
        if any(event.kind == "match_finished" for event in events):
            self._spawn(self.record(table.id), f"league:record:{table.id}")

    async def record(self, table_id: int) -> None:
        """Read a finished bot table into its night and post the result and standings."""
        async with self._recording:
            await self._record(table_id)

    async def _record(self, table_id: int) -> None:
        result = await self.service.record_played(table_id)
        where = await self.service.table_round(table_id)
        if result is None or where is None:
            return
        night_id, round_no, table_no = where
        night = await self.service.night(night_id)
        guild_id = (await self.bot.services.tables.find(table_id)).guild_id
        await self._announce(night, round_no, table_no, result, guild_id)

    async def _announce(
        self,
        night: StoredNight,
        round_no: int,
        table_no: int,
        result: TableResult,
        guild_id: int | None,
    ) -> None:
        locale = self.locale_for(guild_id)
        content = result_text(round_no, table_no, result, locale)
        missing = [m for m in await self.service.missing_results(night.id) if m[0] == round_no]
        if not missing:
            content += "\n" + t("league.result.round_done", locale, round=round_no)
        await self._post_standings(night.league_id, night, content, guild_id)

    # ------------------------------------------------------------------ /league
    async def create(self, interaction: Interaction, options: CreateOptions) -> None:
        actor = actor_of(interaction)
        if not actor.manager:  # a new league has no organisers yet: the server's managers
            raise LeagueError("create_not_allowed")
        settings = options.settings(interaction.channel_id)
        league_id = await self.service.create_league(interaction.guild_id, settings, actor)
        settings = await self.service.settings(league_id)
        locale = locale_of(interaction)
        await interaction.response.send_message(
            t("league.done.created", locale, league=settings.name),
            embed=settings_embed(settings, locale),
            ephemeral=True,
        )

    async def settings(
        self,
        interaction: Interaction,
        name: str | None,
        changes: dict[str, Any],
        organiser: int | None,
        organiser_role: int | None,
    ) -> None:
        league_id, settings = await self.league(interaction, name)
        if organiser is not None or organiser_role is not None:
            changes["organisers"] = _add_organisers(settings.organisers, organiser, organiser_role)
        if "hands" in changes:
            changes["round_length"] = RoundLength(hands=changes.pop("hands"))
        if changes:
            settings = replace(settings, **changes)
            await self.service.update_settings(league_id, settings, actor_of(interaction))
        locale = locale_of(interaction)
        text = t("league.done.settings", locale) if changes else None
        await interaction.response.send_message(
            text, embed=settings_embed(settings, locale), ephemeral=True
        )

    async def join(self, interaction: Interaction, name: str | None, partner: int | None) -> None:
        league_id, _ = await self.league(interaction, name)
        night = await self._night(league_id)
        await self.service.check_in(night.id, interaction.user.id, partner)
        drawn = len(await self.service.draws(night.id))
        text = t("league.done.checked_in", locale_of(interaction), round=drawn + 1)
        await interaction.response.send_message(text, ephemeral=True)

    async def leave(self, interaction: Interaction, name: str | None) -> None:
        league_id, _ = await self.league(interaction, name)
        night = await self._night(league_id)
        await self.service.check_out(night.id, interaction.user.id)
        text = t("league.done.checked_out", locale_of(interaction))
        await interaction.response.send_message(text, ephemeral=True)

    async def season(self, interaction: Interaction, name: str | None, public: bool) -> None:
        league_id, settings = await self.league(interaction, name)
        table = await self.service.season(league_id)
        await interaction.response.send_message(
            embed=season_embed(settings.name, table, locale_of(interaction)),
            ephemeral=not public,
            allowed_mentions=NO_MENTIONS,
        )

    async def player(self, interaction: Interaction, name: str | None, user_id: int) -> None:
        league_id, settings = await self.league(interaction, name)
        stats = await self.service.player(league_id, user_id)
        await interaction.response.send_message(
            embed=player_embed(settings.name, stats, locale_of(interaction)), ephemeral=True
        )

    async def history(self, interaction: Interaction, name: str | None, number: int | None) -> None:
        league_id, settings = await self.league(interaction, name)
        night = await self._latest_night(league_id, number)
        audits = await self.service.history(night.id)
        embed = history_embed(settings.name, night.number, audits, locale_of(interaction))
        await interaction.response.send_message(
            embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    # ------------------------------------------------------------------ /night
    async def open_night(self, interaction: Interaction, name: str | None) -> None:
        league_id, _ = await self.league(interaction, name)
        actor = actor_of(interaction)
        settings = await self.service.require_organiser(league_id, actor)
        night = await self.service.open_night(league_id, actor)
        if settings.channel_id != interaction.channel_id:  # the night is run where it opens
            settings = replace(settings, channel_id=interaction.channel_id)
            await self.service.update_settings(league_id, settings, actor)
        await self._post_checkin(settings, interaction.guild_id, night, 0)
        text = t("league.done.opened", locale_of(interaction), night=night.number)
        await send_ephemeral(interaction, text)

    async def start_round(
        self, interaction: Interaction, name: str | None, first: bool, deal: bool
    ) -> None:
        """/night start (the first round) and /night next (every later one)."""
        league_id, _ = await self.league(interaction, name)
        actor = actor_of(interaction)
        settings = await self.service.require_organiser(league_id, actor)
        night = await self._night(league_id)
        drawn = len(await self.service.draws(night.id))
        if first and drawn:
            raise LeagueError("night_started", rounds=drawn)
        if not first and not drawn:
            raise LeagueError("night_not_started")
        await interaction.response.defer(ephemeral=True, thinking=True)  # threads take a while
        if drawn and await self._resume_round(settings, interaction.guild_id, night):
            text = t("league.done.resumed", locale_of(interaction), round=drawn)
            await interaction.followup.send(text, ephemeral=True)
            return
        draw = await self.service.start_round(night.id, actor, deal)
        await self._post_round(settings, interaction.guild_id, night, draw)
        text = t("league.done.round", locale_of(interaction), round=draw.number)
        await interaction.followup.send(text, ephemeral=True)

    async def status(self, interaction: Interaction, name: str | None) -> None:
        league_id, settings = await self.league(interaction, name)
        night = await self._latest_night(league_id)
        locale = locale_of(interaction)
        players = checked_in(await self.service.attendance(night.id))
        drawn = len(await self.service.draws(night.id))
        missing = await self.service.missing_results(night.id)
        rows = await self.service.night_standings(night.id)
        embeds = [
            status_embed(
                settings.name,
                night.number,
                night.status,
                players,
                drawn,
                settings.rounds_per_night,
                missing,
                locale,
            ),
            standings_embed(
                settings.name, night.number, rows, locale, final=night.status == "closed"
            ),
        ]
        await interaction.response.send_message(
            embeds=embeds, ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    async def enter(
        self,
        interaction: Interaction,
        name: str | None,
        where: tuple[int, int],
        lines: str | None,
        totals: str | None,
        hands: int | None,
        roem: str | None,
        confirmed_by: int | None,
    ) -> None:
        """A face-to-face table's sheet (lines) or round totals; checked by the domain."""
        league_id, _ = await self.league(interaction, name)
        night = await self._night(league_id)
        round_no, table_no = where[0], where[1] - 1
        actor = actor_of(interaction)
        if (lines is None) == (totals is None):
            raise LeagueError("lines_or_totals")
        if lines is not None:
            entries = parse_lines(lines)
            result = await self.service.record_sheet(
                night.id, round_no, table_no, entries, actor, confirmed_by
            )
        else:
            assert totals is not None
            if hands is None:
                raise LeagueError("hands_required")
            result = await self.service.record_totals(
                night.id,
                round_no,
                table_no,
                parse_pair(totals, "totals"),
                hands,
                actor,
                roem=parse_pair(roem, "roem") if roem else (0, 0),
                confirmed_by=confirmed_by,
            )
        locale = locale_of(interaction)
        text = t(
            "league.done.entered", locale, result=result_text(round_no, table_no, result, locale)
        )
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
        await self._announce(night, round_no, table_no, result, interaction.guild_id)

    async def correct(
        self,
        interaction: Interaction,
        name: str | None,
        where: tuple[int, int],
        reason: str,
        line: int | None,
        entry: str | None,
        totals: str | None,
        hands: int | None,
    ) -> None:
        """A new version of a table's result: one sheet line, or the round totals."""
        league_id, _ = await self.league(interaction, name)
        actor = actor_of(interaction)
        await self.service.require_organiser(league_id, actor)
        night = await self._latest_night(league_id)
        round_no, table_no = where[0], where[1] - 1
        if line is not None and entry is not None:
            result = await self.service.correct_line(
                night.id, round_no, table_no, line, parse_line(entry, line), actor, reason
            )
        elif totals is not None and hands is not None and line is None and entry is None:
            result = await self.service.correct_totals(
                night.id, round_no, table_no, parse_pair(totals, "totals"), hands, actor, reason
            )
        else:
            raise LeagueError("correct_what")
        locale = locale_of(interaction)
        shown = result_text(round_no, table_no, result, locale)
        await interaction.response.send_message(
            t("league.done.corrected", locale, result=shown),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
        public = self.locale_for(interaction.guild_id)
        content = t(
            "league.result.corrected",
            public,
            result=result_text(round_no, table_no, result, public),
            reason=reason.strip(),
            actor=f"<@{actor.user_id}>",
        )
        await self._post_standings(league_id, night, content, interaction.guild_id)

    async def close(self, interaction: Interaction, name: str | None) -> None:
        """The final ranking (places, booby prize) and the season table, posted."""
        league_id, _ = await self.league(interaction, name)
        actor = actor_of(interaction)
        settings = await self.service.require_organiser(league_id, actor)
        night = await self._night(league_id)
        rows = await self.service.close_night(night.id, actor)
        season = await self.service.season(league_id)
        locale = self.locale_for(interaction.guild_id)
        embeds = [
            standings_embed(settings.name, night.number, rows, locale, final=True),
            season_embed(settings.name, season, locale),
        ]
        await self._post(settings, interaction.guild_id, embeds=embeds)
        text = t("league.done.closed", locale_of(interaction), night=night.number)
        await interaction.response.send_message(text, ephemeral=True)

    # ------------------------------------------------------------------ buttons
    async def on_check(
        self, interaction: Interaction, kind: CheckKind, night_id: int, version: int
    ) -> None:
        async def work() -> None:
            night = await self.service.night(night_id)
            if night.status == "closed":
                raise LeagueError("night_closed")
            drawn = len(await self.service.draws(night_id))
            settings = await self.service.settings(night.league_id)
            if drawn >= settings.rounds_per_night:
                raise LeagueError("no_more_rounds", rounds=drawn)
            if version != drawn:
                raise LeagueError("stale_checkin", round=drawn + 1)
            user_id = interaction.user.id
            if kind == "in":
                await self.service.check_in(night_id, user_id)
            else:
                await self.service.check_out(night_id, user_id)
            public = self.locale_for(interaction.guild_id)
            players = checked_in(await self.service.attendance(night_id))
            embed = checkin_embed(settings.name, night.number, drawn + 1, players, public)
            view = checkin_view(night_id, version, public)
            await interaction.response.edit_message(embed=embed, view=view)
            key = "league.done.checked_in" if kind == "in" else "league.done.checked_out"
            text = t(key, locale_of(interaction), round=drawn + 1)
            await interaction.followup.send(text, ephemeral=True)

        await self.guard(interaction, f"button check {kind}", work)


def _add_organisers(organisers: Organisers, user: int | None, role: int | None) -> Organisers:
    """The organisers with one more user and/or role (each listed once)."""
    users = organisers.user_ids
    roles = organisers.role_ids
    if user is not None and user not in users:
        users += (user,)
    if role is not None and role not in roles:
        roles += (role,)
    return Organisers(roles, users)
