"""Helpers for the league cog's tests: the real bot on a FakeClock, an organiser with
Manage Server, players, and a driver that plays a round's bot tables out.

Nobody plays the cards: every seat's turn timer runs out and the seat's computer plays,
as in `python -m bot league simulate`; the driver moves the fake clock from deadline to
deadline and calls the table service's `tick()`, which is what the timer loop does.
"""

from __future__ import annotations

from typing import Any, cast

import discord

from bot.league.night import NightMessage
from bot.league.service import LeagueService
from bot.tables import Status, TableSettings
from cogs.league import League
from tests.cogs.tables.tables_kit import ClockedBot, Kit, StartHarness, message_text
from tests.harness.limits import EPHEMERAL
from tests.harness.payloads import DEFAULT_MEMBER_PERMISSIONS
from tests.harness.recorder import Dispatch

__all__ = ["LeagueKit", "ORGANISER_PERMISSIONS", "start_league"]

ORGANISER_PERMISSIONS = DEFAULT_MEMBER_PERMISSIONS | discord.Permissions(manage_guild=True)
# Computers move at once and nobody waits for a claim (as the league simulation does).
QUICK = TableSettings(turn_timer=30, claim_grace=0, trick_pause=0, bot_delay=0)


async def start_league(make_harness: StartHarness) -> LeagueKit:
    harness = await make_harness(bot_class=ClockedBot)
    kit = LeagueKit(harness)
    kit.cog.publisher.interval = 0
    kit.league_cog.actions.tables.settings = QUICK
    await kit.flush()
    return kit


class LeagueKit(Kit):
    @property
    def league_cog(self) -> League:
        cog = self.bot.get_cog("League")
        assert cog is not None and type(cog).__name__ == "League"
        return cast(League, cog)

    @property
    def leagues(self) -> LeagueService:
        return self.bot.services.leagues

    async def organiser(self, command: str, user: int, **options: Any) -> Dispatch:
        """A command by someone with Manage Server."""
        result = await self.harness.slash(
            command, options, user=user, permissions=ORGANISER_PERMISSIONS
        )
        await self.flush()
        return result

    async def player(self, command: str, user: int, **options: Any) -> Dispatch:
        result = await self.harness.slash(command, options, user=user)
        await self.flush()
        return result

    def channel_messages(self) -> list[dict[str, Any]]:
        """The public messages of the league's channel, oldest first."""
        found = self.world.channel_messages(self.world.channel_id)
        return [m for m in found if not int(m.get("flags") or 0) & EPHEMERAL]

    def channel_texts(self) -> list[str]:
        return [message_text(m) for m in self.channel_messages()]

    async def standings(self, night_id: int = 1) -> dict[str, Any]:
        """The night's one standings message as Discord holds it now (the stored one)."""
        known = await self.leagues.posted_message(night_id, NightMessage.STANDINGS)
        assert known is not None, "the night has no standings message"
        message = self.world.messages[known.message_id]
        assert int(message["channel_id"]) == known.channel_id
        return message

    async def standings_text(self, night_id: int = 1) -> str:
        return message_text(await self.standings(night_id))

    async def play_round(self, night_id: int, round_no: int, limit: int = 20_000) -> None:
        """Move the clock until every bot table of round `round_no` has finished."""
        links = await self.leagues.round_tables(night_id)
        playing = {table for (r, _), table in links.items() if r == round_no}
        for _ in range(limit):
            if all(self.service.get(t).status == Status.FINISHED for t in playing):
                break
            await self.step()
        else:
            raise AssertionError("the round's tables did not finish")
        await self.flush()

    async def step(self) -> None:
        """One tick of the tables' timers at the next deadline."""
        due = self.service.next_deadline()
        assert due is not None, "no table has anything due"
        self.bot.clock.time = max(self.bot.clock.time, due)
        await self.service.tick()
