"""Dealing a league table on the table service: the `TableStarter` the bot and the
league simulation use.

The channel (a thread, on Discord), the players' names and where the night's standings
are come from the front end; the table is an ordinary table with the league's rules, its
four players seated in the drawn order, and its place in the league (league, night, round,
table and the standings message, which its messages show). On a duplicate night the table
deals from the round's deal seed, so every table of the round holds the same cards hand by
hand (the table keeps the seed in its snapshot, so a restart deals on from it).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.tables import LeaguePlace, TableService, TableSettings

from .service import TableRequest

__all__ = ["TableServiceStarter"]


class TableServiceStarter:
    """Starts a drawn table as a bot table of the table service, where `channel_for` says."""

    seeded_deals = True  # TableService.open takes the round's deal seed

    def __init__(
        self,
        tables: TableService,
        channel_for: Callable[[TableRequest], Awaitable[int]],
        name_of: Callable[[int], str],
        settings: TableSettings | None = None,
        standings_for: Callable[[TableRequest], Awaitable[tuple[int, int] | None]] | None = None,
    ) -> None:
        """The table service, where each table goes, the names its seats show, and the
        night's standings message (channel, message) its end links to."""
        self.tables = tables
        self.channel_for = channel_for
        self.name_of = name_of
        self.settings = settings
        self.standings_for = standings_for

    async def start(self, request: TableRequest) -> int:
        """Open the table with its four players seated, and start it; its id."""
        channel = await self.channel_for(request)
        standings = None if self.standings_for is None else await self.standings_for(request)
        place = LeaguePlace(
            request.league_name, request.night_no, request.round_no, request.table_no + 1, standings
        )
        first = request.seats[0]
        # A league table says so: hints (and anything else casual-only) stay off there.
        settings = replace(self.settings or TableSettings(), league=True)
        table = await self.tables.open(
            request.guild_id,
            channel,
            first,
            self.name_of(first),
            request.rules,
            settings,
            deal_seed=request.deal_seed,
            league=place,
        )
        for seat, user in enumerate(request.seats[1:], 1):
            await self.tables.sit(table.id, user, self.name_of(user), seat)
        await self.tables.start(table.id, first)
        return table.id
