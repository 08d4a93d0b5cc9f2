"""What a front end needs for quiet, linked channels, on both stores: the night's one
standings message remembered across a restart, league tables that know their league,
night, round, table and standings message, the form's check before anyone types a sheet,
and views that say which of two is the later."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from bot.league.answers import CheckinPosted, MessagePosted
from bot.league.night import NightMessage
from bot.league.schedule import Schedule
from bot.league.service import Actor, LeagueService
from bot.league.settings import LeagueSettings, Organisers, RoundLength
from bot.store import CheckinMessage, PostedMessage, open_store
from bot.tables import FakeClock, LeaguePlace, TableService
from tests.seeds import table_seeds

from .conftest import Opener
from .kit import ORGANISER, night_of_eight, opening
from .test_entry_checks import HALF, PIT, night, unchanged

STANDINGS = NightMessage.STANDINGS


async def test_the_standings_message_is_remembered_across_a_restart(reopen: Opener) -> None:
    async with reopen() as service:
        night_id = await night(service, RoundLength(hands=2))
        assert await service.posted_message(night_id, STANDINGS) is None
        view = await service.view(night_id)
        answer = await service.message_posted(view, STANDINGS, 10, 600)
        assert answer.view is view and answer.tables == ()
        assert answer.events == (
            MessagePosted(message_kind=STANDINGS, message=PostedMessage(10, 600)),
        )
        await unchanged(service, "bad_id", service.message_posted(view, STANDINGS, 10, 2**70))
        await unchanged(service, "bad_argument", service.message_posted(night_id, STANDINGS, 10, 1))
    async with reopen() as service:
        assert await service.posted_message(night_id, STANDINGS) == PostedMessage(10, 600)
        view = await service.view(night_id)
        await service.message_posted(view, STANDINGS, 11, 602)  # posted again: replaced
        assert await service.posted_message(night_id, STANDINGS) == PostedMessage(11, 602)


async def test_the_check_in_message_is_remembered_for_the_round_it_was_drawn_for(
    reopen: Opener,
) -> None:
    async with reopen() as service:
        night_id = await night(service, RoundLength(hands=2))
        view = await service.view(night_id)
        answer = await service.checkin_posted(view, 10, 500)
        assert answer.view is view
        assert answer.events == (CheckinPosted(message=CheckinMessage(10, 500, view.drawn)),)
        await unchanged(service, "bad_id", service.checkin_posted(view, 10, None))
    async with reopen() as service:
        assert await service.checkin_message(night_id) == CheckinMessage(10, 500, view.drawn)


async def test_each_tables_confirmation_ask_is_remembered_on_its_own(reopen: Opener) -> None:
    ask = NightMessage.CONFIRM_ASK
    async with reopen() as service:
        night_id = await night(service, RoundLength(hands=2))
        view = await service.view(night_id)
        await service.message_posted(view, ask, 10, 700, 1, 0)
        answer = await service.message_posted(view, ask, 10, 701, 1, 1)
        assert answer.event(MessagePosted).message == PostedMessage(10, 701)
        assert (answer.event(MessagePosted).round_no, answer.event(MessagePosted).table_no) == (
            1,
            1,
        )
        await unchanged(service, "bad_argument", service.message_posted(view, ask, 10, 2, "1"))
    async with reopen() as service:
        assert await service.posted_message(night_id, ask, 1, 0) == PostedMessage(10, 700)
        assert await service.posted_message(night_id, ask, 1, 1) == PostedMessage(10, 701)
        assert await service.posted_message(night_id, ask, 2, 0) is None
        assert await service.posted_message(night_id, STANDINGS) is None


async def test_a_league_table_knows_its_place_and_the_standings(database: str | Path) -> None:
    clock = FakeClock()
    settings = LeagueSettings("Bots", round_length=RoundLength(hands=1))
    async with await open_store(database) as store:
        tables = TableService(store, clock, seeds=table_seeds())
        league = LeagueService(store, clock.now, tables, seed=lambda: "dealt")
        night_id = await night_of_eight(league, settings)
        started = await league.start_round(night_id, ORGANISER)
        asked = started.tables
        for request in asked:
            await league.open_table(started.view, request, opening(request, (40, 4000)))
        links = await store.leagues.round_tables(night_id)
        assert [(r.league_name, r.night_no, r.table_no) for r in asked] == [
            ("Bots", 1, 0),
            ("Bots", 1, 1),
        ]
        second = tables.get(links[(1, 1)]).public
        assert second.league == LeaguePlace("Bots", 1, 1, 2, (40, 4000))
    async with await open_store(database) as store:  # the place is in the table's snapshot
        tables = TableService(store, clock, seeds=table_seeds())
        await tables.restore()
        assert tables.get(links[(1, 1)]).public.league == LeaguePlace("Bots", 1, 1, 2, (40, 4000))


async def test_the_form_is_offered_only_to_who_may_enter(reopen: Opener) -> None:
    async with reopen() as service:
        night_id = await night(service, RoundLength(hands=2))
        [table] = (await service.draws(night_id))[0].tables
        player, opponent, partner = table.seats[0], table.seats[1], table.seats[2]
        view = await service.entry_form(night_id, 1, 0, Actor(player), opponent)
        assert view.night.id == night_id and view.settings.round_length.hands == 2
        refusals = [
            ("not_allowed_to_enter", Actor(player), None),
            ("opponent_must_confirm", Actor(player), partner),
            ("not_allowed_to_enter", Actor(999), opponent),
        ]
        for code, actor, confirm in refusals:
            await unchanged(service, code, service.entry_form(night_id, 1, 0, actor, confirm))
        await unchanged(service, "no_such_table", service.entry_form(night_id, 1, 5, ORGANISER))
        await service.record_sheet(night_id, 1, 0, [PIT, HALF], ORGANISER)
        await unchanged(service, "result_exists", service.entry_form(night_id, 1, 0, ORGANISER))


async def test_of_two_views_of_a_night_the_later_says_so(reopen: Opener) -> None:
    async with reopen() as service:
        night_id = await night(service, RoundLength(hands=2))
        seen = [(await service.view(night_id)).changes]
        recorded = await service.record_sheet(night_id, 1, 0, [PIT, HALF], ORGANISER)
        seen.append(recorded.view.changes)
        seen.append((await service.view(night_id)).changes)  # read afresh: never below
        adjusted = await service.penalise(night_id, 1, -10, ORGANISER, "late")
        seen.append(adjusted.view.changes)
        voided = await service.void_table(night_id, 1, 0, ORGANISER, "wrong table")
        seen.append(voided.view.changes)
        closed = await service.close_night(night_id, ORGANISER)
        seen.append(closed.view.changes)
    async with reopen() as service:
        seen.append((await service.view(night_id)).changes)
    start, entered, fresh, penalised, void, close, reread = seen
    assert start < entered <= fresh < penalised < void < close <= reread, seen


async def test_a_night_is_dated_in_the_leagues_time_zone(reopen: Opener) -> None:
    late = dt.datetime(2025, 5, 14, 23, 30, tzinfo=dt.UTC).timestamp()  # 01:30 in Amsterdam
    async with reopen() as service:
        service.now = lambda: late
        schedule = Schedule(2, "20:00", "Europe/Amsterdam")
        settings = LeagueSettings("Zone", Organisers(), schedule=schedule)
        league = (await service.create_league(None, settings, ORGANISER)).id
        view = (await service.open_night(league, ORGANISER)).view
        assert view.date() == dt.date(2025, 5, 15)
        plain = (
            await service.create_league(None, LeagueSettings("Utc", Organisers()), ORGANISER)
        ).id
        assert (await service.open_night(plain, ORGANISER)).view.date() == dt.date(2025, 5, 14)
        data = await service.night_export(view.night.id)
        assert data.day == dt.date(2025, 5, 15)
