"""The league's public messages: the night's check-in message, a round's plan, the one
standings message of a night (stored, so a restart finds it; edited in place rather than
posted again), one short line for each finished or changed table, and the final ranking.

The public messages go to the league's channel, where `/night open` was used; a round's
plan names its players in its text (so Discord notifies them), every other message
mentions nobody unless told. A failure to post is logged, never raised: the change it
announces is committed and shows in /night status.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord

from bot.league.answers import MessagePosted, NightAnswer
from bot.league.draw import RoundDraw
from bot.league.night import NightMessage
from bot.league.night_view import NightView
from bot.league.season import SeasonTable
from bot.league.service import LeagueService
from bot.league.settings import LeagueSettings
from cogs.common.locales import public_locale
from cogs.common.text import jump_url, t
from cogs.league.items import checkin_view, confirm_view
from cogs.league.pictures import night_picture, slug
from cogs.league.ranking import standings_embed
from cogs.league.ui import checkin_embed, plan_messages, result_text, season_embed

if TYPE_CHECKING:
    from bot.client import KlaverjasBot

__all__ = ["NO_MENTIONS", "LeagueMessages", "Where"]

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
PLAYERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
MAX_FETCHED = 200  # display names fetched from Discord for one drawing (a night's players)
Where = tuple[int, int]  # a message: (channel, message)


class LeagueMessages:
    """The league's public messages (see the module's docstring)."""

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot
        self.names: dict[int, str] = {}  # display names seen in interactions (table seats)
        self._nameless: set[int] = set()  # users Discord did not know (left the server)
        self._standings = asyncio.Lock()  # one standings message per night: edits in turn
        self._drawn: dict[int, int] = {}  # night -> the `changes` of the view drawn last

    @property
    def service(self) -> LeagueService:
        """The bot's league service."""
        return self.bot.services.leagues

    def locale_for(self, guild_id: int | None) -> str:
        """The language of a server's public league messages (cogs/common/locales.py)."""
        return public_locale(self.bot, guild_id)

    def name_of(self, user_id: int) -> str:
        """The name a table's seat shows for a player: as seen in an interaction, else a
        mention."""
        return self.names.get(user_id, f"<@{user_id}>")

    # ------------------------------------------------------------------ posting
    async def send(self, channel_id: int, guild_id: int | None, **message: Any) -> discord.Message:
        """A message in a channel, mentioning nobody unless told; a failure is raised."""
        channel = self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
        message.setdefault("allowed_mentions", NO_MENTIONS)
        return await channel.send(**message)

    async def post(
        self, settings: LeagueSettings, guild_id: int | None, **message: Any
    ) -> discord.Message | None:
        """A public message in the league's channel; a failure is logged, never raised (the
        change it announces is committed and shows in /night status)."""
        if settings.channel_id is None:
            return None
        try:
            return await self.send(settings.channel_id, guild_id, **message)
        except discord.HTTPException as error:
            log.warning(
                "league %s: cannot post in %s: %s", settings.name, settings.channel_id, error
            )
            return None

    def checkin_message(self, view: NightView) -> dict[str, Any]:
        """The night's check-in message for its next round: its embed (who is in) and
        buttons."""
        locale = self.locale_for(view.league.guild_id)
        name, number = view.settings.name, view.night.number
        embed = checkin_embed(name, number, view.drawn + 1, view.players(), locale)
        return {"embed": embed, "view": checkin_view(view.night.id, view.drawn, locale)}

    async def post_checkin(self, view: NightView) -> None:
        """Post the night's check-in message in the league's channel, and remember it."""
        sent = await self.post(view.settings, view.league.guild_id, **self.checkin_message(view))
        if sent is not None:
            await self.service.checkin_posted(view, sent.channel.id, sent.id)

    async def refresh_checkin(self, view: NightView) -> None:
        """Show the new count on the night's check-in message after /league join or leave
        (the message is stored, so this works after a restart too); nothing when none was
        posted or it is out of date (a round was drawn since), a failure logged."""
        known = await self.service.checkin_message(view.night.id)
        if known is None or known.drawn != view.drawn:
            return
        guild_id = view.league.guild_id
        channel = self.bot.get_partial_messageable(known.channel_id, guild_id=guild_id)
        try:
            await channel.get_partial_message(known.message_id).edit(**self.checkin_message(view))
        except discord.HTTPException as error:
            log.warning("league night %s: check-in message not updated: %s", view.night.id, error)

    async def post_round(self, view: NightView, draw: RoundDraw) -> None:
        """The night's standings (posted with the first round, updated with the next), the
        round's table plan (its text mentions the players, so they are notified), then
        check-in for the next round."""
        guild_id = view.league.guild_id
        locale = self.locale_for(guild_id)
        threads = {}
        links = await self.service.round_tables(view.night.id)
        for (round_no, table_no), table_id in links.items():
            if round_no == draw.number:
                threads[table_no] = (await self.bot.services.tables.find(table_id)).channel_id
        await self.refresh_standings(view)
        for text in plan_messages(view.settings.name, view.night.number, draw, threads, locale):
            await self.post(view.settings, guild_id, content=text, allowed_mentions=PLAYERS)
        if draw.number < view.settings.rounds_per_night:
            await self.post_checkin(view)

    # ------------------------------------------------------------------ standings
    async def names_for(
        self, guild_id: int | None, user_ids: Iterable[int], most: int = MAX_FETCHED
    ) -> dict[int, str]:
        """Display names: the server's member cache, else the names this process saw in
        interactions, else Discord's (one member fetch each, at most `most`, remembered);
        a player none of these knows (left the server) is left out and shown by id."""
        guild = None if guild_id is None else self.bot.get_guild(guild_id)
        names: dict[int, str] = {}
        unknown: list[int] = []
        for user_id in sorted(set(user_ids)):
            member = None if guild is None else guild.get_member(user_id)
            name = member.display_name if member is not None else self.names.get(user_id)
            if name:
                names[user_id] = name
            elif user_id not in self._nameless:
                unknown.append(user_id)
        if guild_id is None:
            return names
        for user_id in unknown[:most]:
            try:
                data = await self.bot.http.get_member(guild_id, user_id)
            except discord.HTTPException:  # left the server, or Discord is unwell: the id
                self._nameless.add(user_id)
                continue
            user = data["user"]
            name = data.get("nick") or user.get("global_name") or user["username"]
            self.names[user_id] = names[user_id] = name
        return names

    async def standings_message(self, view: NightView) -> dict[str, Any]:
        """The night's standings message: its ranking as a phone-width block."""
        locale = self.locale_for(view.league.guild_id)
        rows = view.standings()
        names = await self.names_for(view.league.guild_id, [row.user_id for row in rows])
        closed = view.night.closed
        embed = standings_embed(
            view.settings.name,
            view.night.number,
            rows,
            names,
            locale,
            closed,
            view.unconfirmed_players(),
            view.date() if closed else None,
        )
        return {"embed": embed}

    async def refresh_standings(self, view: NightView) -> Where | None:
        """Show `view` in the night's one standings message: edited in place, posted when
        the night has none yet (or it was deleted) and then remembered by the service. A
        view older than the one drawn last is not drawn (two results announced at once
        finish in any order). The message, if there is one; a failure is logged."""
        night_id, guild_id = view.night.id, view.league.guild_id
        async with self._standings:
            known = await self._standings_where(night_id)
            if view.changes < self._drawn.get(night_id, -1):
                return known
            self._drawn[night_id] = view.changes
            message = await self.standings_message(view)
            if known is not None:
                channel = self.bot.get_partial_messageable(known[0], guild_id=guild_id)
                try:
                    await channel.get_partial_message(known[1]).edit(**message)
                    return known
                except discord.NotFound:  # deleted: posted again below
                    pass
                except discord.HTTPException as error:
                    log.warning("league night %s: standings not updated: %s", night_id, error)
                    return known
            sent = await self.post(view.settings, guild_id, **message)
            if sent is None:
                return None
            kind = NightMessage.STANDINGS
            answer = await self.service.message_posted(view, kind, sent.channel.id, sent.id)
            posted = answer.event(MessagePosted).message
            return (posted.channel_id, posted.message_id)

    async def _standings_where(self, night_id: int) -> Where | None:
        """Where the night's standings message is, if it was posted."""
        known = await self.service.posted_message(night_id, NightMessage.STANDINGS)
        return None if known is None else (known.channel_id, known.message_id)

    async def post_line(
        self, night: NightView, content: str, after: str = "", **message: Any
    ) -> discord.Message | None:
        """One short line about a change of the night (a result, a correction, a penalty)
        in the league's channel, linking to the standings message, which is updated first;
        `after`: what follows the link (the round is complete). The message, if posted."""
        guild_id = night.league.guild_id
        standings = await self.refresh_standings(night)
        if standings is not None and guild_id is not None:
            link = jump_url(guild_id, *standings)
            content += " " + t("league.result.standings_link", self.locale_for(guild_id), link=link)
        return await self.post(night.settings, guild_id, content=content + after, **message)

    async def post_final(self, view: NightView, season: SeasonTable) -> None:
        """A closed night: its final ranking as phone-width rows with the standings picture
        attached (rounds won, byes, adjustments, the date), then the season table; the
        night's standings message shows the final ranking too."""
        guild_id = view.league.guild_id
        locale = self.locale_for(guild_id)
        name, number = view.settings.name, view.night.number
        message = await self.standings_message(view)
        rows = view.standings()
        names = await self.names_for(guild_id, [row.user_id for row in rows])
        title = t("league.standings.final_title", locale, league=name, night=number)
        picture = night_picture(title, rows, names, view.date(), locale)
        stem = f"{slug(name)}-night-{number}"
        file = discord.File(io.BytesIO(picture), filename=f"{stem}-standings.png")
        await self.post(view.settings, guild_id, **message, file=file)
        await self.post(view.settings, guild_id, embed=season_embed(name, season, locale))
        await self.refresh_standings(view)

    async def standings_for(self, view: NightView) -> Where | None:
        """The night's standings message, posted now when the night has none yet: what a
        league table's end links back to."""
        known = await self._standings_where(view.night.id)
        if known is None:
            known = await self.refresh_standings(view)
        return known

    # ------------------------------------------------------------------ results
    async def announce(self, recorded: NightAnswer) -> None:
        """A table's new result in one short line in the league's channel (with the
        standings updated); a result a player entered asks the opponent named to confirm
        it in that same line, mentioning only them, with a Confirm button."""
        view, round_no, table_no = recorded.view, recorded.round_no, recorded.table_no
        locale = self.locale_for(view.league.guild_id)
        unranked = view.unranked_at(round_no, table_no)
        content = result_text(round_no, table_no, recorded.result, locale, unranked)
        done = self.round_done_line(view, round_no, locale)
        asked = view.unconfirmed.get((round_no, table_no))
        if asked is None:
            await self.post_line(view, content, done)
            return
        version = view.versions[(round_no, table_no)]
        content = t("league.result.confirm_ask", locale, player=f"<@{asked}>", result=content)
        buttons = confirm_view(view.night.id, round_no, table_no, version, locale)
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(asked)]
        )
        sent = await self.post_line(view, content, done, view=buttons, allowed_mentions=mentions)
        if sent is not None:
            ask, where = NightMessage.CONFIRM_ASK, (round_no, table_no)
            await self.service.message_posted(view, ask, sent.channel.id, sent.id, *where)

    def confirmed_text(self, recorded: NightAnswer, actor: int, locale: str) -> str:
        """The line a confirmation leaves: which result, confirmed by whom."""
        result = result_text(
            recorded.round_no, recorded.table_no, recorded.result, locale, after_colon=True
        )
        return t("league.result.confirmed", locale, result=result, actor=f"<@{actor}>")

    async def settle_ask(self, recorded: NightAnswer, actor: int) -> None:
        """A result confirmed elsewhere than on its ask (by /night confirm): the ask's
        message says who confirmed it, without its Confirm button; a failure is logged."""
        view, where = recorded.view, (recorded.round_no, recorded.table_no)
        known = await self.service.posted_message(view.night.id, NightMessage.CONFIRM_ASK, *where)
        if known is None:
            return
        guild_id = view.league.guild_id
        text = self.confirmed_text(recorded, actor, self.locale_for(guild_id))
        channel = self.bot.get_partial_messageable(known.channel_id, guild_id=guild_id)
        try:
            await channel.get_partial_message(known.message_id).edit(
                content=text, view=None, allowed_mentions=NO_MENTIONS
            )
        except discord.HTTPException as error:
            log.warning("league night %s: confirmation ask not settled: %s", view.night.id, error)

    def round_done_line(self, view: NightView, round_no: int, locale: str) -> str:
        """ "Round n is complete ..." on a line of its own once every table of the round
        has a result (or is void), naming what the organiser does next; empty before."""
        if view.missing(round_no):
            return ""
        # After the night's last round, /night next is refused: only closing is left.
        last = round_no >= view.settings.rounds_per_night
        key = "league.result.night_done" if last else "league.result.round_done"
        return "\n" + t(key, locale, round=round_no)
