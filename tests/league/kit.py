"""Driving league rounds on the table service in tests: the services on one store, and a
clock that jumps from deadline to deadline until a table has finished."""

from __future__ import annotations

from bot.league.service import Actor, LeagueService, TableRequest
from bot.league.starter import TableServiceStarter
from bot.store import Store
from bot.tables import FakeClock, Status, TableService

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


def services(store: Store, clock: FakeClock) -> tuple[TableService, LeagueService]:
    tables = TableService(store, clock)
    channels: list[TableRequest] = []

    async def channel_for(request: TableRequest) -> int:
        channels.append(request)
        return 500 + request.round_no * 10 + request.table_no

    starter = TableServiceStarter(tables, channel_for, lambda user: f"player {user}")
    return tables, LeagueService(store, clock.now, starter, seed=lambda: "dealt")
