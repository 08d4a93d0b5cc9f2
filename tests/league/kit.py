"""Driving league rounds on the table service in tests: the services on one store, a
front end's opening of the tables a round wants, and a clock that jumps from deadline to
deadline until a table has finished."""

from __future__ import annotations

from bot.league.answers import NightAnswer, Opening, TableRequest
from bot.league.rounds import open_wanted
from bot.league.service import Actor, LeagueService
from bot.league.settings import LeagueSettings
from bot.store import Store
from bot.tables import FakeClock, Status, TableService
from tests.seeds import table_seeds

ORGANISER = Actor(100)


async def play_out(
    tables: TableService, clock: FakeClock, table_id: int, hands: int | None = None
) -> None:
    """Let the turn timers run (absent players' seats are played by computers) until the
    table has finished, or has scored `hands` hands."""
    for _ in range(2_000):
        table = tables.registry.get(table_id)
        if table.status == Status.FINISHED:
            return
        if hands is not None and table.match is not None and len(table.match.sheet) >= hands:
            return
        due = tables.next_deadline()
        assert due is not None
        clock.time = max(clock.time, due)
        await tables.tick()
    raise AssertionError("the table did not finish")


async def night_of_eight(league: LeagueService, settings: LeagueSettings) -> int:
    """A night of a new league with `settings`, eight players checked in: two tables a
    round."""
    league_id = (await league.create_league(3, settings, ORGANISER)).id
    night = (await league.open_night(league_id, ORGANISER)).view.night.id
    for user in range(1, 9):
        await league.check_in(night, user)
    return night


def services(store: Store, clock: FakeClock) -> tuple[TableService, LeagueService]:
    tables = TableService(store, clock, seeds=table_seeds())
    return tables, LeagueService(store, clock.now, tables, seed=lambda: "dealt")


def opening(request: TableRequest, standings: tuple[int, int] | None = None) -> Opening:
    """Where a test's front end opens a wanted table: channel 500 + 10 x round + table."""
    names = tuple(f"player {user}" for user in request.seats)
    channel = 500 + request.round_no * 10 + request.table_no
    return Opening(channel, names, standings)


async def deal(league: LeagueService, answer: NightAnswer) -> list[int]:
    """Open every table `answer` wants, as a front end does; their ids."""

    async def opening_for(request: TableRequest) -> Opening:
        return opening(request)

    return await open_wanted(league, answer, opening_for)


async def start_dealt(league: LeagueService, night: int) -> NightAnswer:
    """The organiser starts the next round, and the front end opens its tables."""
    started = await league.start_round(night, ORGANISER)
    await deal(league, started)
    return started
