"""Every operation on a night answers one `NightAnswer`, on both stores: the events it
caused and the night as it now is (the same as a fresh read); a dealt round answers the
tables it wants."""

from __future__ import annotations

import inspect
import typing
from pathlib import Path

from bot.league.answers import (
    Adjusted,
    Checked,
    Closed,
    NightAnswer,
    Opened,
    ResultConfirmed,
    ResultSet,
    RoundDrawn,
    TableOpened,
)
from bot.league.night import Presence
from bot.league.service import Actor, LeagueService
from bot.league.settings import LeagueSettings, Organisers, RoundLength
from bot.store import open_store
from bot.tables import FakeClock

from .conftest import Opener
from .kit import ORGANISER, night_of_eight, opening, services
from .test_entry_checks import HALF, PIT


def test_every_operation_answers_something() -> None:
    """No public operation returns nothing, a flag or a bare id: a night's operation
    answers a `NightAnswer`, a lookup or a league's change a read model."""
    plain = (type(None), bool, int, str)
    answers = {
        name: typing.get_type_hints(inspect.unwrap(member))["return"]
        for name, member in inspect.getmembers(LeagueService, inspect.isfunction)
        if not name.startswith("_")
    }
    assert len(answers) > 40
    assert [name for name, answer in answers.items() if answer in plain] == []
    night_operations = ("checkin_posted", "message_posted", "open_night", "close_night")
    assert {answers[name] for name in night_operations} == {NightAnswer}


async def fresh(service: LeagueService, answer: NightAnswer) -> None:
    """The answer's night is the night as the store now holds it (a fresh read counts
    each row a change appended, so it is never behind the answer)."""
    again = await service.view(answer.view.night.id)
    assert again.changes >= answer.view.changes
    assert again.night == answer.view.night and again.unconfirmed == answer.view.unconfirmed
    assert again.data == answer.view.data and again.attendance == answer.view.attendance


async def test_each_change_answers_its_events_and_the_night(reopen: Opener) -> None:
    async with reopen() as service:
        settings = LeagueSettings("Friday", Organisers(), round_length=RoundLength(hands=2))
        league = (await service.create_league(None, settings, ORGANISER)).id
        opened = await service.open_night(league, ORGANISER)
        assert opened.events == (Opened(),) and opened.tables == ()
        night = opened.view.night.id
        for user in range(1, 5):
            checked = await service.check_in(night, user)
            [event] = checked.events
            assert isinstance(event, Checked) and event.attendance.user_id == user
            assert event.attendance.kind is Presence.IN
        await fresh(service, checked)
        started = await service.start_round(night, ORGANISER)
        assert started.events == (RoundDrawn(draw=started.draw),)
        assert started.tables == ()  # no table service: the tables play face to face
        await fresh(service, started)
        [table] = started.draw.tables
        entered = await service.record_sheet(
            night, 1, 0, [PIT, HALF], Actor(table.seats[0]), table.seats[1]
        )
        assert entered.events == (ResultSet(round_no=1, table_no=0, result=entered.result),)
        await fresh(service, entered)
        confirmed = await service.confirm_result(night, 1, 0, 1, Actor(table.seats[1]))
        assert confirmed.events == (ResultConfirmed(round_no=1, table_no=0, result=entered.result),)
        penalised = await service.penalise(night, 1, -10, ORGANISER, "late")
        assert penalised.events == (Adjusted(adjustment=penalised.adjustment),)
        await fresh(service, penalised)
        closed = await service.close_night(night, ORGANISER)
        assert closed.events == (Closed(),) and closed.view.night.closed
        await fresh(service, closed)


async def test_a_dealt_round_answers_the_tables_it_wants(database: str | Path) -> None:
    async with await open_store(database) as store:
        tables, league = services(store, FakeClock())
        settings = LeagueSettings("Bots", round_length=RoundLength(hands=1))
        night = await night_of_eight(league, settings)
        started = await league.start_round(night, ORGANISER)
        draw = started.draw
        assert [(r.round_no, r.table_no, r.seats) for r in started.tables] == [
            (1, n, plan.seats) for n, plan in enumerate(draw.tables)
        ]
        assert {r.rules for r in started.tables} == {settings.rules}
        assert await store.leagues.round_tables(night) == {}  # wanted, not opened
        request = started.tables[1]
        answer = await league.open_table(started.view, request, opening(request))
        [event] = answer.events
        assert isinstance(event, TableOpened) and (event.round_no, event.table_no) == (1, 1)
        assert await store.leagues.round_tables(night) == {(1, 1): event.table_id}
        seats = [seat.user_id for seat in tables.get(event.table_id).public.seats]
        assert seats == list(request.seats)
