"""What the /league and /night commands do, once the cog has parsed their options.

Each method runs inside `LeagueActions.guard` (the cog wraps it), so a `LeagueError`
becomes the user's sentence and anything else an error code. Organiser commands ask the
service whether the user organises before anything is deferred or posted.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bot.league.errors import LeagueCode, LeagueError
from bot.league.night import checked_in
from bot.league.results import TableResult
from bot.league.schedule import Schedule
from bot.league.service import LeagueService, StoredNight
from bot.league.settings import LeagueSettings, Organisers, RoundLength
from cogs.common.replies import send_ephemeral
from cogs.common.text import locale_of, t
from cogs.league.actions import NO_MENTIONS, Interaction, LeagueActions, actor_of
from cogs.league.exports import night_files, season_files
from cogs.league.parse import parse_line, parse_lines, parse_pair, parse_reminders
from cogs.league.ui import (
    history_embed,
    player_embed,
    result_text,
    season_embed,
    settings_embed,
    standings_embed,
    status_embed,
)

__all__ = ["CreateOptions", "LeagueCommands", "ScheduleOptions"]

DEFAULT_TIMEZONE = "Europe/Amsterdam"  # a Dutch card game's clubs meet there, mostly


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


@dataclass(frozen=True)
class ScheduleOptions:
    """The schedule options of /league settings; None is "not given"."""

    weekday: int | None = None
    time: str | None = None
    timezone: str | None = None
    checkin: int | None = None
    reminders: str | None = None
    unschedule: bool = False

    def given(self) -> bool:
        values = (self.weekday, self.time, self.timezone, self.checkin, self.reminders)
        return self.unschedule or any(value is not None for value in values)

    def applied(self, current: Schedule | None, channel_id: int | None) -> Schedule | None:
        """The schedule with these options applied (checked by `Schedule`), posting in
        `channel_id`: where /league settings was used."""
        if self.unschedule:
            return None
        if current is not None:
            data = current.to_dict()
        elif self.weekday is None or self.time is None:
            raise LeagueError(LeagueCode.SCHEDULE_INCOMPLETE)
        else:
            data = {"weekday": self.weekday, "start": self.time, "timezone": DEFAULT_TIMEZONE}
        changes = {
            "weekday": self.weekday,
            "start": None if self.time is None else self.time.strip(),
            "timezone": None if self.timezone is None else self.timezone.strip(),
            "checkin_minutes": self.checkin,
            "reminders": None if self.reminders is None else parse_reminders(self.reminders),
        }
        data.update({key: value for key, value in changes.items() if value is not None})
        data["channel_id"] = channel_id
        return Schedule.from_dict(data)


class LeagueCommands:
    def __init__(self, actions: LeagueActions) -> None:
        self.actions = actions

    @property
    def service(self) -> LeagueService:
        return self.actions.service

    # ------------------------------------------------------------------ /league
    async def create(self, interaction: Interaction, options: CreateOptions) -> None:
        """/league create: a new league in this server (Manage Server only)."""
        actor = actor_of(interaction)
        if not actor.manager:  # a new league has no organisers yet: the server's managers
            raise LeagueError(LeagueCode.CREATE_NOT_ALLOWED)
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
        schedule: ScheduleOptions | None = None,
    ) -> None:
        league_id, settings = await self.actions.league(interaction, name)
        if schedule is not None and schedule.given():
            await self.service.require_organiser(league_id, actor_of(interaction))
            changes["schedule"] = schedule.applied(settings.schedule, interaction.channel_id)
            if changes["schedule"] is not None:  # the nights it opens are run where it posts
                changes["channel_id"] = interaction.channel_id
        if organiser is not None or organiser_role is not None:
            changes["organisers"] = _add_organisers(settings.organisers, organiser, organiser_role)
        if "hands" in changes:
            changes["round_length"] = RoundLength(hands=changes.pop("hands"))
        if changes:
            settings = replace(settings, **changes)
            await self.service.update_settings(league_id, settings, actor_of(interaction))
        locale = locale_of(interaction)
        text = t("league.done.settings", locale) if changes else None
        upcoming = await self.service.next_night(league_id)
        await interaction.response.send_message(
            text, embed=settings_embed(settings, locale, upcoming), ephemeral=True
        )

    async def join(self, interaction: Interaction, name: str | None, partner: int | None) -> None:
        league_id, _ = await self.actions.league(interaction, name)
        night = await self.actions.night_of(league_id)
        await self.service.check_in(night.id, interaction.user.id, partner)
        drawn = len(await self.service.draws(night.id))
        text = t("league.done.checked_in", locale_of(interaction), round=drawn + 1)
        await interaction.response.send_message(text, ephemeral=True)
        await self.actions.refresh_checkin(night, interaction.guild_id)

    async def leave(self, interaction: Interaction, name: str | None) -> None:
        league_id, _ = await self.actions.league(interaction, name)
        night = await self.actions.night_of(league_id)
        await self.service.check_out(night.id, interaction.user.id)
        text = t("league.done.checked_out", locale_of(interaction))
        await interaction.response.send_message(text, ephemeral=True)
        await self.actions.refresh_checkin(night, interaction.guild_id)

    async def season(self, interaction: Interaction, name: str | None, public: bool) -> None:
        league_id, settings = await self.actions.league(interaction, name)
        table = await self.service.season(league_id)
        await interaction.response.send_message(
            embed=season_embed(settings.name, table, locale_of(interaction)),
            ephemeral=not public,
            allowed_mentions=NO_MENTIONS,
        )

    async def player(self, interaction: Interaction, name: str | None, user_id: int) -> None:
        league_id, settings = await self.actions.league(interaction, name)
        stats = await self.service.player(league_id, user_id)
        await interaction.response.send_message(
            embed=player_embed(settings.name, stats, locale_of(interaction)), ephemeral=True
        )

    async def history(self, interaction: Interaction, name: str | None, number: int | None) -> None:
        league_id, settings = await self.actions.league(interaction, name)
        night = await self.actions.latest_night(league_id, number)
        audits = await self.service.history(night.id)
        embed = history_embed(settings.name, night.number, audits, locale_of(interaction))
        await interaction.response.send_message(
            embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    async def export(
        self,
        interaction: Interaction,
        name: str | None,
        number: int | None,
        season: bool,
        public: bool,
    ) -> None:
        """A night's CSVs and picture (night `number`, else the last closed, else the open
        one) and/or the season's; any member may export (docs/decisions.md)."""
        league_id, settings = await self.actions.league(interaction, name)
        night = None
        if number is not None or not season:
            night = await self._export_night(league_id, number)
        await interaction.response.defer(ephemeral=not public, thinking=True)
        locale = (
            locale_of(interaction) if not public else self.actions.locale_for(interaction.guild_id)
        )
        files = []
        if night is not None:
            files += await night_files(self.actions, interaction, settings.name, night, locale)
        if season:
            table = await self.service.season(league_id)
            files += await season_files(self.actions, interaction, settings.name, table, locale)
        key = "league.export.night" if night is not None else "league.export.season"
        text = t(key, locale, league=settings.name, night=0 if night is None else night.number)
        await interaction.followup.send(
            text, files=files, ephemeral=not public, allowed_mentions=NO_MENTIONS
        )

    async def _export_night(self, league_id: int, number: int | None) -> StoredNight:
        if number is not None:
            return await self.actions.latest_night(league_id, number)
        nights = await self.service.nights(league_id)
        closed = [n for n in nights if n.status == "closed"]
        if closed:
            return closed[-1]
        if not nights:
            raise LeagueError(LeagueCode.NO_NIGHTS)
        return nights[-1]

    # ------------------------------------------------------------------ /night
    async def open_night(self, interaction: Interaction, name: str | None) -> None:
        league_id, _ = await self.actions.league(interaction, name)
        actor = actor_of(interaction)
        settings = await self.service.require_organiser(league_id, actor)
        night = await self.service.open_night(league_id, actor)
        if settings.channel_id != interaction.channel_id:  # the night is run where it opens
            settings = replace(settings, channel_id=interaction.channel_id)
            await self.service.update_settings(league_id, settings, actor)
        await self.actions.post_checkin(settings, interaction.guild_id, night, 0)
        text = t("league.done.opened", locale_of(interaction), night=night.number)
        await send_ephemeral(interaction, text)

    async def start_round(
        self, interaction: Interaction, name: str | None, first: bool, deal: bool
    ) -> None:
        """/night start (the first round) and /night next (every later one)."""
        league_id, _ = await self.actions.league(interaction, name)
        actor = actor_of(interaction)
        settings = await self.service.require_organiser(league_id, actor)
        night = await self.actions.night_of(league_id)
        drawn = len(await self.service.draws(night.id))
        if first and drawn:
            raise LeagueError(LeagueCode.NIGHT_STARTED, rounds=drawn)
        if not first and not drawn:
            raise LeagueError(LeagueCode.NIGHT_NOT_STARTED)
        await interaction.response.defer(ephemeral=True, thinking=True)  # threads take a while
        if drawn and await self.actions.resume_round(settings, interaction.guild_id, night):
            text = t("league.done.resumed", locale_of(interaction), round=drawn)
            await interaction.followup.send(text, ephemeral=True)
            return
        draw = await self.service.start_round(night.id, actor, deal)
        await self.actions.post_round(settings, interaction.guild_id, night, draw)
        text = t("league.done.round", locale_of(interaction), round=draw.number)
        await interaction.followup.send(text, ephemeral=True)

    async def status(self, interaction: Interaction, name: str | None) -> None:
        league_id, settings = await self.actions.league(interaction, name)
        night = await self.actions.latest_night(league_id)
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
                await self.service.unranked(night.id),
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
        league_id, _ = await self.actions.league(interaction, name)
        night = await self.actions.night_of(league_id)
        round_no, table_no = where[0], where[1] - 1
        actor = actor_of(interaction)
        if (lines is None) == (totals is None):
            raise LeagueError(LeagueCode.LINES_OR_TOTALS)
        if lines is not None:
            entries = parse_lines(lines)
            result = await self.service.record_sheet(
                night.id, round_no, table_no, entries, actor, confirmed_by
            )
        else:
            assert totals is not None
            if hands is None:
                raise LeagueError(LeagueCode.HANDS_REQUIRED)
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
        await self.actions.announce(night, round_no, table_no, result, interaction.guild_id)

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
        league_id, _ = await self.actions.league(interaction, name)
        actor = actor_of(interaction)
        await self.service.require_organiser(league_id, actor)
        night = await self.actions.latest_night(league_id)
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
            raise LeagueError(LeagueCode.CORRECT_WHAT)
        await self._announce_correction(interaction, league_id, night, where, result, reason)

    async def void(
        self, interaction: Interaction, name: str | None, where: tuple[int, int], reason: str
    ) -> None:
        """Void a table's round (it credits nobody), with the reason the history shows."""
        league_id, _ = await self.actions.league(interaction, name)
        actor = actor_of(interaction)
        await self.service.require_organiser(league_id, actor)
        night = await self.actions.latest_night(league_id)
        round_no, table_no = where[0], where[1] - 1
        result = await self.service.void_table(night.id, round_no, table_no, actor, reason)
        await self._announce_correction(
            interaction, league_id, night, where, result, reason, round_done=True
        )

    async def _announce_correction(
        self,
        interaction: Interaction,
        league_id: int,
        night: StoredNight,
        where: tuple[int, int],
        result: TableResult,
        reason: str,
        *,
        round_done: bool = False,
    ) -> None:
        """Answer the organiser, then tell the channel who changed which result and why.

        /league correct and /league void share it so both leave the same public trace; a
        void may finish the round (no result left to wait for), so it can say so too.
        """
        round_no, table_no = where[0], where[1] - 1
        locale = locale_of(interaction)
        shown = result_text(round_no, table_no, result, locale)
        await interaction.response.send_message(
            t("league.done.corrected", locale, result=shown),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
        public = self.actions.locale_for(interaction.guild_id)
        content = t(
            "league.result.corrected",
            public,
            result=result_text(round_no, table_no, result, public),
            reason=reason.strip(),
            actor=f"<@{actor_of(interaction).user_id}>",
        )
        if round_done:
            content += await self.actions.round_done_line(night, round_no, public)
        await self.actions.post_standings(league_id, night, content, interaction.guild_id)

    async def penalty(
        self, interaction: Interaction, name: str | None, user_id: int, points: int, reason: str
    ) -> None:
        """Points added to (or, negative, taken from) a player's night, with the reason."""
        league_id, _ = await self.actions.league(interaction, name)
        actor = actor_of(interaction)
        await self.service.require_organiser(league_id, actor)
        night = await self.actions.latest_night(league_id)
        if not any(event.user_id == user_id for event in await self.service.attendance(night.id)):
            raise LeagueError(LeagueCode.NOT_IN_NIGHT, user_id=user_id, night=night.number)
        adjustment = await self.service.penalise(night.id, user_id, points, actor, reason)
        locale = locale_of(interaction)
        values = {"player": f"<@{user_id}>", "points": f"{points:+d}"}
        await interaction.response.send_message(
            t("league.done.penalty", locale, **values),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
        public = self.actions.locale_for(interaction.guild_id)
        content = t(
            "league.result.penalty",
            public,
            actor=f"<@{actor.user_id}>",
            reason=adjustment.reason,
            **values,
        )
        await self.actions.post_standings(league_id, night, content, interaction.guild_id)

    async def close(self, interaction: Interaction, name: str | None) -> None:
        """The final ranking (places, booby prize) and the season table, posted."""
        league_id, _ = await self.actions.league(interaction, name)
        actor = actor_of(interaction)
        settings = await self.service.require_organiser(league_id, actor)
        night = await self.actions.night_of(league_id)
        rows = await self.service.close_night(night.id, actor)
        season = await self.service.season(league_id)
        locale = self.actions.locale_for(interaction.guild_id)
        embeds = [
            standings_embed(settings.name, night.number, rows, locale, final=True),
            season_embed(settings.name, season, locale),
        ]
        await self.actions.post(settings, interaction.guild_id, embeds=embeds)
        text = t("league.done.closed", locale_of(interaction), night=night.number)
        await interaction.response.send_message(text, ephemeral=True)


def _add_organisers(organisers: Organisers, user: int | None, role: int | None) -> Organisers:
    """The organisers with one more user and/or role (each listed once)."""
    users = organisers.user_ids
    roles = organisers.role_ids
    if user is not None and user not in users:
        users += (user,)
    if role is not None and role not in roles:
        roles += (role,)
    return Organisers(roles, users)
