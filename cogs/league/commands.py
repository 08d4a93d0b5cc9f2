"""What the /league and /night commands do, once the cog has parsed their options.

Each method runs inside `LeagueActions.guard` (the cog wraps it), so a `LeagueError`
becomes the user's sentence and anything else an error code. Organiser commands ask the
service whether the user organises before anything is deferred or posted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.engine import RuleSet
from bot.league.answers import NightAnswer
from bot.league.errors import LeagueCode, LeagueError
from bot.league.refs import Actor, LeagueName, NightRef, Pick
from bot.league.service import LeagueService
from bot.league.settings import LeagueSettings
from bot.league.typed import Typed
from cogs.common.actors import actor_of
from cogs.common.replies import send_ephemeral
from cogs.common.text import locale_of, t
from cogs.league.errors import round_end
from cogs.league.exports import night_files, season_files
from cogs.league.form import SheetForm, form_fields, line_marks, sheet_modal
from cogs.league.messages import NO_MENTIONS
from cogs.league.options import CreateOptions, SettingsOptions
from cogs.league.parse import (
    parse_line,
    parse_lines,
    parse_pair,
    parse_three_line,
    parse_three_lines,
)
from cogs.league.ranking import standings_embed
from cogs.league.ui import (
    change_text,
    history_embed,
    player_embed,
    result_text,
    season_embed,
    settings_embed,
    status_embed,
)

if TYPE_CHECKING:
    from cogs.league.actions import Interaction, LeagueActions

__all__ = ["LeagueCommands"]


class LeagueCommands:
    """The bodies of the /league and /night commands."""

    def __init__(self, actions: LeagueActions) -> None:
        self.messages = actions.messages
        self.tables = actions.tables

    @property
    def service(self) -> LeagueService:
        """The bot's league service."""
        return self.messages.service

    # ------------------------------------------------------------------ /league
    async def create(self, interaction: Interaction, options: CreateOptions) -> None:
        """A new league, run in this channel; for the server's managers."""
        actor = actor_of(interaction)
        if not actor.manager:  # a new league has no organisers yet: the server's managers
            raise LeagueError(LeagueCode.CREATE_NOT_ALLOWED)
        settings = options.settings(interaction.channel_id)
        settings = (
            await self.service.create_league(interaction.guild_id, settings, actor)
        ).settings
        locale = locale_of(interaction)
        await interaction.response.send_message(
            t("league.done.created", locale, league=settings.name),
            embed=settings_embed(settings, locale, round_text=_round_text(settings, locale)),
            ephemeral=True,
        )

    async def settings(
        self, interaction: Interaction, name: str | None, options: SettingsOptions
    ) -> None:
        """Show the league's settings, changed as given (organisers only)."""
        league = await self.service.league(_league(interaction, name))
        settings = league.settings
        if options.schedule.given():
            await self.service.require_organiser(league.id, actor_of(interaction))
        if options.given():
            settings = options.applied(settings, interaction.channel_id)
            league = await self.service.update_settings(league.id, settings, actor_of(interaction))
            settings = league.settings
        locale = locale_of(interaction)
        text = t("league.done.settings", locale) if options.given() else None
        upcoming = await self.service.next_night(league.id)
        await interaction.response.send_message(
            text,
            embed=settings_embed(settings, locale, upcoming, _round_text(settings, locale)),
            ephemeral=True,
        )

    async def join(self, interaction: Interaction, name: str | None, partner: int | None) -> None:
        """Check in at the league's open night."""
        night = NightRef(_league(interaction, name))
        view = (await self.service.check_in(night, interaction.user.id, partner)).view
        text = t("league.done.checked_in", locale_of(interaction), round=view.drawn + 1)
        await interaction.response.send_message(text, ephemeral=True)
        await self.messages.refresh_checkin(view)

    async def leave(self, interaction: Interaction, name: str | None) -> None:
        """Check out of the league's open night."""
        night = NightRef(_league(interaction, name))
        view = (await self.service.check_out(night, interaction.user.id)).view
        text = t("league.done.checked_out", locale_of(interaction))
        await interaction.response.send_message(text, ephemeral=True)
        await self.messages.refresh_checkin(view)

    async def season(self, interaction: Interaction, name: str | None, public: bool) -> None:
        """The league's season table."""
        league = await self.service.league(_league(interaction, name))
        table = await self.service.season(league.id)
        await interaction.response.send_message(
            embed=season_embed(league.name, table, locale_of(interaction)),
            ephemeral=not public,
            allowed_mentions=NO_MENTIONS,
        )

    async def player(self, interaction: Interaction, name: str | None, user_id: int) -> None:
        """A player's season in the league."""
        league = await self.service.league(_league(interaction, name))
        stats = await self.service.player(league.id, user_id)
        await interaction.response.send_message(
            embed=player_embed(league.name, stats, locale_of(interaction)), ephemeral=True
        )

    async def history(self, interaction: Interaction, name: str | None, number: int | None) -> None:
        """A night's corrections (night `number`, else the open night, else the last)."""
        view = await self.service.view(NightRef(_league(interaction, name), Pick.LATEST, number))
        audits = await self.service.history(view.night.id)
        locale = locale_of(interaction)
        embed = history_embed(
            view.settings.name, view.night.number, audits, locale, view.unconfirmed
        )
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
        key = _league(interaction, name)
        night = None
        if number is not None or not season:
            league, night = await self.service.pick(NightRef(key, Pick.LAST_CLOSED, number))
        else:
            league = await self.service.league(key)
        await interaction.response.defer(ephemeral=not public, thinking=True)
        locale = (
            locale_of(interaction) if not public else self.messages.locale_for(interaction.guild_id)
        )
        files = []
        if night is not None:
            files += await night_files(self.messages, interaction, league.name, night, locale)
        if season:
            table = await self.service.season(league.id)
            files += await season_files(self.messages, interaction, league.name, table, locale)
        key_text = "league.export.night" if night is not None else "league.export.season"
        text = t(key_text, locale, league=league.name, night=0 if night is None else night.number)
        await interaction.followup.send(
            text, files=files, ephemeral=not public, allowed_mentions=NO_MENTIONS
        )

    # ------------------------------------------------------------------ /night
    async def open_night(self, interaction: Interaction, name: str | None) -> None:
        """Open the league's next night here, and post its check-in."""
        actor = actor_of(interaction)
        key = _league(interaction, name)
        view = (await self.service.open_night(key, actor, interaction.channel_id)).view
        await self.messages.post_checkin(view)
        text = t("league.done.opened", locale_of(interaction), night=view.night.number)
        await send_ephemeral(interaction, text)

    async def start_round(
        self, interaction: Interaction, name: str | None, first: bool, deal: bool
    ) -> None:
        """/night start (the first round) and /night next (every later one)."""
        actor = actor_of(interaction)
        view = await self.service.view(NightRef(_league(interaction, name)), organiser=actor)
        drawn = view.drawn
        if first and drawn:
            raise LeagueError(LeagueCode.NIGHT_STARTED, rounds=drawn)
        if not first and not drawn:
            raise LeagueError(LeagueCode.NIGHT_NOT_STARTED)
        await interaction.response.defer(ephemeral=True, thinking=True)  # threads take a while
        if drawn and await self.tables.resume_round(view):
            text = t("league.done.resumed", locale_of(interaction), round=drawn)
            await interaction.followup.send(text, ephemeral=True)
            return
        started = await self.service.start_round(view.night.id, actor, deal)
        await self.tables.open(started)
        await self.messages.post_round(started.view, started.draw)
        text = t("league.done.round", locale_of(interaction), round=started.draw.number)
        await interaction.followup.send(text, ephemeral=True)

    async def status(self, interaction: Interaction, name: str | None) -> None:
        """The night's status and standings (the open night, else the last)."""
        view = await self.service.view(NightRef(_league(interaction, name), Pick.LATEST))
        locale = locale_of(interaction)
        settings, night = view.settings, view.night
        rows = view.standings()
        names = await self.messages.names_for(interaction.guild_id, [r.user_id for r in rows])
        embeds = [
            status_embed(
                settings.name,
                night.number,
                night.status,
                view.players(),
                view.drawn,
                settings.rounds_per_night,
                view.missing(),
                locale,
                view.unranked_seats(),
            ),
            standings_embed(
                settings.name,
                night.number,
                rows,
                names,
                locale,
                night.closed,
                view.unconfirmed_players(),
                view.date() if night.closed else None,
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
        """A face-to-face table's sheet (lines) or round totals, checked by the domain;
        with neither (nor hands or roem), the sheet's form (form.py) opens."""
        night = NightRef(_league(interaction, name))
        round_no, table_no = where[0], where[1] - 1
        actor = actor_of(interaction)
        if lines is None and totals is None and hands is None and roem is None:
            await self.open_form(interaction, night, (round_no, table_no), confirmed_by)
            return
        if (lines is None) == (totals is None):
            raise LeagueError(LeagueCode.LINES_OR_TOTALS)
        if lines is not None:
            table = (night, round_no, table_no)
            recorded = await self._record_lines(table, lines, actor, confirmed_by)
        else:
            assert totals is not None
            if hands is None:
                raise LeagueError(LeagueCode.HANDS_REQUIRED)
            recorded = await self.service.record_totals(
                night,
                round_no,
                table_no,
                parse_pair(totals, "totals"),
                hands,
                actor,
                roem=parse_pair(roem, "roem") if roem else (0, 0),
                confirmed_by=confirmed_by,
            )
        await self._entered(interaction, recorded)

    async def _record_lines(
        self,
        table: tuple[NightRef, int, int],
        lines: str,
        actor: Actor,
        confirmed_by: int | None,
    ) -> NightAnswer:
        """A sheet typed as lines, read by the service as the draw seats the table: four-
        player lines at a table of four, three scores a line at a table of three."""
        typed = Typed(lambda: parse_lines(lines), lambda: parse_three_lines(lines))
        return await self.service.record_typed_sheet(*table, typed, actor, confirmed_by)

    async def open_form(
        self,
        interaction: Interaction,
        night: NightRef,
        where: tuple[int, int],
        confirmed_by: int | None,
    ) -> None:
        """The sheet's form for one table (round from 1, table from 0), once the service
        says the user may enter it (the refusals `record_sheet` would give, before anyone
        types sixteen lines)."""
        round_no, table_no = where
        view = await self.service.entry_form(
            night, round_no, table_no, actor_of(interaction), confirmed_by
        )
        hands = view.settings.round_length.hands
        rules = view.settings.scoring_rules
        extra = 0 if hands is None else rules.most_hands(hands) - hands
        three = view.table(round_no, table_no).three
        if three:  # a table of three plays its rules' hands exactly (entry.py)
            hands, extra, rules = view.settings.three_rules.match_hands, 0, RuleSet()
        form = SheetForm(view.night.id, round_no, table_no, confirmed_by, three)
        fields = form_fields(hands, extra)
        modal = sheet_modal(form, fields, locale_of(interaction), line_marks(rules))
        await interaction.response.send_modal(modal)

    async def submit_form(self, interaction: Interaction, form: SheetForm, lines: str) -> None:
        """A submitted sheet form: its lines entered as /night enter's `lines` are."""
        where = (form.night_id, form.round_no, form.table_no)
        actor = actor_of(interaction)
        if form.three:
            recorded = await self.service.record_three_sheet(
                *where, parse_three_lines(lines), actor, form.confirmed_by
            )
        else:
            recorded = await self.service.record_sheet(
                *where, parse_lines(lines), actor, form.confirmed_by
            )
        await self._entered(interaction, recorded)

    async def _entered(self, interaction: Interaction, recorded: NightAnswer) -> None:
        """Answer who entered a result, then announce it in the league's channel."""
        locale = locale_of(interaction)
        shown = result_text(
            recorded.round_no, recorded.table_no, recorded.result, locale, after_colon=True
        )
        text = t("league.done.entered", locale, result=shown)
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
        await self.messages.announce(recorded)

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
        night = NightRef(_league(interaction, name), Pick.LATEST)
        actor = actor_of(interaction)
        round_no, table_no = where[0], where[1] - 1
        if line is not None and entry is not None:
            table = (night, round_no, table_no)
            recorded = await self._correct_line(table, line, entry, actor, reason)
        elif totals is not None and hands is not None and line is None and entry is None:
            recorded = await self.service.correct_totals(
                night, round_no, table_no, parse_pair(totals, "totals"), hands, actor, reason
            )
        else:
            raise LeagueError(LeagueCode.CORRECT_WHAT)
        await self._announce_correction(interaction, recorded, reason)

    async def _correct_line(
        self,
        table: tuple[NightRef, int, int],
        number: int,
        entry: str,
        actor: Actor,
        reason: str,
    ) -> NightAnswer:
        """One corrected sheet line, read by the service as the draw seats the table: a
        four-player line, or at a table of three three scores."""
        typed = Typed(lambda: parse_line(entry, number), lambda: parse_three_line(entry, number))
        return await self.service.correct_typed_line(*table, number, typed, actor, reason)

    async def void(
        self,
        interaction: Interaction,
        name: str | None,
        where: tuple[int, int],
        reason: str,
        restore: bool = False,
    ) -> None:
        """Void a table's round (it credits nobody), or with `restore` count a voided
        table's result again; with the reason the history shows."""
        night = NightRef(_league(interaction, name), Pick.LATEST)
        actor = actor_of(interaction)
        change = self.service.restore_table if restore else self.service.void_table
        recorded = await change(night, where[0], where[1] - 1, actor, reason)
        await self._announce_correction(interaction, recorded, reason, round_done=not restore)

    async def confirm(
        self, interaction: Interaction, name: str | None, where: tuple[int, int]
    ) -> None:
        """Confirm a result a player entered: its opponent asked, or an organiser (the
        service decides); the current version of the result. The ask's message loses its
        Confirm button before the answer."""
        actor = actor_of(interaction)
        view = await self.service.view(NightRef(_league(interaction, name), Pick.LATEST))
        round_no, table_no = where[0], where[1] - 1
        version = view.versions.get((round_no, table_no), 0)
        recorded = await self.service.confirm_result(
            view.night.id, round_no, table_no, version, actor
        )
        await self.messages.settle_ask(recorded, actor.user_id)
        locale = locale_of(interaction)
        await interaction.response.send_message(
            self.messages.confirmed_text(recorded, actor.user_id, locale),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
        await self.messages.refresh_standings(recorded.view)

    async def _announce_correction(
        self,
        interaction: Interaction,
        recorded: NightAnswer,
        reason: str,
        *,
        round_done: bool = False,
    ) -> None:
        """Answer the organiser, then tell the channel who changed which result and why.

        /league correct and /league void share it so both leave the same public trace; a
        void may finish the round (no result left to wait for), so it can say so too.
        """
        round_no, table_no, result = recorded.round_no, recorded.table_no, recorded.result
        before = recorded.changed.before
        locale = locale_of(interaction)
        shown = change_text(round_no, table_no, before, result, locale, after_colon=True)
        await interaction.response.send_message(
            t("league.done.corrected", locale, result=shown),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
        public = self.messages.locale_for(interaction.guild_id)
        content = t(
            "league.result.corrected",
            public,
            result=change_text(round_no, table_no, before, result, public, after_colon=True),
            reason=reason.strip(),
            actor=f"<@{actor_of(interaction).user_id}>",
        )
        done = self.messages.round_done_line(recorded.view, round_no, public) if round_done else ""
        await self.messages.post_line(recorded.view, content, done)

    async def penalty(
        self, interaction: Interaction, name: str | None, user_id: int, points: int, reason: str
    ) -> None:
        """Points added to (or, negative, taken from) a player's night, with the reason."""
        night = NightRef(_league(interaction, name), Pick.LATEST)
        actor = actor_of(interaction)
        adjusted = await self.service.penalise(night, user_id, points, actor, reason)
        locale = locale_of(interaction)
        values = {"player": f"<@{user_id}>", "points": f"{points:+d}"}
        await interaction.response.send_message(
            t("league.done.penalty", locale, **values),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
        public = self.messages.locale_for(interaction.guild_id)
        content = t(
            "league.result.penalty",
            public,
            actor=f"<@{actor.user_id}>",
            reason=adjusted.adjustment.reason,
            **values,
        )
        await self.messages.post_line(adjusted.view, content)

    async def close(self, interaction: Interaction, name: str | None) -> None:
        """The final ranking (phone-width rows, the standings picture attached) and the
        season table, posted; the night's standings message shows the final ranking too."""
        actor = actor_of(interaction)
        closed = await self.service.close_night(NightRef(_league(interaction, name)), actor)
        view = closed.view
        await interaction.response.defer(ephemeral=True, thinking=True)  # names, a picture
        season = await self.service.season(view.league.id)
        await self.messages.post_final(view, season)
        text = t("league.done.closed", locale_of(interaction), night=view.night.number)
        await interaction.followup.send(text, ephemeral=True)


def _round_text(settings: LeagueSettings, locale: str) -> str:
    """How the league's rounds end, as the settings show it ("8 hands or until a pair
    reaches 750 points, whichever comes first")."""
    length = settings.round_length
    return round_end(length.hands, length.target, locale)


def _league(interaction: Interaction, name: str | None) -> LeagueName:
    """The league a command names (by name in this server, or the server's only one)."""
    return LeagueName(interaction.guild_id, name)
