"""Rounds: drawing the next round, and the bot tables that deal it.

The service decides and the front end acts: a round the bot deals answers the tables it
wants (`NightAnswer.tables`); the front end opens each where it plays (a thread, on
Discord) and hands it to `open_table`, which opens it on the table service with its
players seated and links it to its round: a table of four with the league's rules, a table
of three (`table_of_three`) with its three-player rules (`LeagueSettings.three_rules`),
one path for both. A restart between the draw and the last table's opening loses nothing:
`resume_tables` answers the tables still wanted.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.store import AlreadyStored
from bot.tables import LeaguePlace, TableService

from .answers import NightAnswer, Opening, RoundDrawn, TableOpened, TableRequest
from .arguments import checked
from .draw import RoundDraw, draw_round, round_seed
from .errors import LeagueCode, LeagueError
from .night_view import NightView, unresolved
from .parts import LeagueParts, check_ids
from .refs import Actor, NightKey

__all__ = ["RoundOperations", "open_wanted"]


class RoundOperations(LeagueParts):
    """Drawing rounds and opening their bot tables."""

    @checked
    async def draws(self, night_id: int) -> list[RoundDraw]:
        """The night's rounds drawn so far, in order."""
        check_ids(night_id=night_id)
        return [RoundDraw.from_dict(d) for d in await self.store.leagues.rounds(night_id)]

    @checked
    async def round_tables(self, night_id: int) -> dict[tuple[int, int], int]:
        """(round, table) -> the bot table that plays it."""
        return await self.store.leagues.round_tables(night_id)

    @checked
    async def table_round(self, table_id: int) -> tuple[int, int, int] | None:
        """(night, round, table) a bot table plays, or None when it is no league table."""
        return await self.store.leagues.table_round(table_id)

    @checked
    async def start_round(self, night: NightKey, actor: Actor, deal: bool = True) -> NightAnswer:
        """Draw the next round from who is checked in and publish it; with `deal` and a
        table service, the answer wants its tables opened (`deal=False`: the tables play
        face to face). Refused while a table of the last round has no result, and once
        the night has all its rounds."""
        view = await self._open(night, actor)
        settings = self._organiser(view.league, actor)
        if view.drawn >= settings.rounds_per_night:
            raise LeagueError(LeagueCode.NIGHT_COMPLETE, rounds=view.drawn)
        missing = unresolved(view.draws[-1:], view.results)
        if missing:
            raise LeagueError(LeagueCode.ROUND_IN_PROGRESS, tables=missing)
        dealt = deal and self.tables is not None
        number = view.drawn + 1
        draw = draw_round(
            view.players(),
            list(view.draws),
            round_seed(view.night.seed, number),
            number,
            settings.format,
            view.pairs(),
            settings.table_of_three,
        )
        try:
            await self.store.leagues.add_round(
                view.night.id, number, draw.to_dict(), dealt, self.now()
            )
        except AlreadyStored as error:  # another start won the race
            raise LeagueError(LeagueCode.ROUND_ALREADY_DRAWN, round=number) from error
        view = view.with_draw(draw)
        wanted = _requests(view, draw, set()) if dealt else ()
        return NightAnswer((RoundDrawn(draw=draw),), view, wanted)

    @checked
    async def resume_tables(self, night: NightKey) -> NightAnswer | None:
        """The tables of the latest round the bot deals that are not opened yet (a restart
        between the draw and the last table's opening); None when there are none."""
        view = await self._open(night)
        if not view.draws or self.tables is None:
            return None
        dealt = await self.store.leagues.dealt_rounds(view.night.id)
        last = view.draws[-1]
        if last.number not in dealt:
            return None
        opened = await self.store.leagues.round_tables(view.night.id)
        wanted = _requests(view, last, set(opened))
        return NightAnswer((), view, wanted) if wanted else None

    @checked
    async def open_table(
        self, view: NightView, request: TableRequest, opening: Opening
    ) -> NightAnswer:
        """Open a table `view`'s answer wanted, on the table service where `opening` says,
        its players seated in the drawn order, and start it; linked to its round."""
        assert self.tables is not None  # only a service that deals wants tables opened
        table_id = await _deal(self.tables, request, opening)
        await self.store.leagues.link_table(
            request.night_id, request.round_no, request.table_no, table_id, self.now()
        )
        event = TableOpened(round_no=request.round_no, table_no=request.table_no, table_id=table_id)
        return NightAnswer((event,), view)


async def open_wanted(
    service: RoundOperations,
    answer: NightAnswer,
    opening_for: Callable[[TableRequest], Awaitable[Opening]],
) -> list[int]:
    """Open every table `answer` wants where `opening_for` says (a front end's loop over
    `open_table`); the ids of the tables opened."""
    ids = []
    for request in answer.tables:
        opened = await service.open_table(answer.view, request, await opening_for(request))
        ids.append(opened.event(TableOpened).table_id)
    return ids


def _requests(
    view: NightView, draw: RoundDraw, opened: set[tuple[int, int]]
) -> tuple[TableRequest, ...]:
    """The round's tables to deal that are not `opened` yet and have no result (one
    entered by hand when its table could not be opened): a table of four with the
    league's rules, a table of three with its three-player rules."""
    night, settings = view.night, view.settings
    return tuple(
        TableRequest(
            view.league.guild_id,
            night.league_id,
            night.id,
            draw.number,
            table_no,
            table.seats,
            settings.three_rules if table.three else settings.rules,
            draw.deal_seed,
            settings.name,
            night.number,
        )
        for table_no, table in enumerate(draw.tables)
        if (draw.number, table_no) not in opened and (draw.number, table_no) not in view.results
    )


async def _deal(tables: TableService, request: TableRequest, opening: Opening) -> int:
    """Open the table with its players seated (four, or a table of three's three) and
    start it; its id. On a duplicate night it deals from the round's deal seed, so every
    table of the round holds the same cards hand by hand (the table keeps the seed in its
    snapshot, so a restart deals on from it)."""
    place = LeaguePlace(
        request.league_name,
        request.night_no,
        request.round_no,
        request.table_no + 1,
        opening.standings,
    )
    first = request.seats[0]
    # A league table says so: hints (and anything else casual-only) stay off there.
    settings = replace(opening.settings, league=True)
    table = await tables.open(
        request.guild_id,
        opening.channel_id,
        first,
        opening.names[0],
        request.rules,
        settings,
        deal_seed=request.deal_seed,
        league=place,
    )
    for seat, user in enumerate(request.seats[1:], 1):
        await tables.sit(table.id, user, opening.names[seat], seat)
    await tables.start(table.id, first)
    return table.id
