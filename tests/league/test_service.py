"""A league night through the service, with the store reopened between steps (a restart)."""

from __future__ import annotations

import asyncio

import pytest

from bot.league.draw import RoundDraw
from bot.league.entry import SheetEntry
from bot.league.errors import LeagueError
from bot.league.service import Actor, LeagueService
from bot.league.settings import LeagueSettings, Organisers, RoundLength

from .conftest import Opener

ORGANISER = Actor(100)
SETTINGS = LeagueSettings("Thursday", Organisers(role_ids=(7,)), round_length=RoundLength(hands=2))
# Every table of a round is entered with the same sheet, so a player's points follow from
# their seat alone: pair 0 (seats 0 and 2) and pair 1 (seats 1 and 3).
SHEETS = {
    1: [SheetEntry(0, (100, 62), (20, 0)), SheetEntry(1, (62, 100))],  # 120 + 62 | 62 + 100
    2: [SheetEntry(0, (70, 92)), SheetEntry(0, (162, 0), (50, 0))],  # nat 0 + 312 | 162 + 0
    3: [SheetEntry(1, (80, 82)), SheetEntry(1, (90, 72))],  # 80 + 162 (nat) | 82 + 0
}
PAIR_TOTALS = {1: (182, 162), 2: (312, 162), 3: (242, 82)}


async def refused(code: str, call: object) -> LeagueError:
    with pytest.raises(LeagueError) as raised:
        await call  # type: ignore[misc]
    assert raised.value.code == code
    return raised.value


async def enter_round(service: LeagueService, night_id: int, draw: RoundDraw) -> None:
    for table_no in range(len(draw.tables)):
        await service.record_sheet(night_id, draw.number, table_no, SHEETS[draw.number], ORGANISER)


async def night_with(service: LeagueService, players: int) -> int:
    """A new league's first night with players 1..`players` checked in."""
    league = (await service.create_league(None, SETTINGS, ORGANISER)).id
    night = (await service.open_night(league, ORGANISER)).view.night.id
    for user in range(1, players + 1):
        await service.check_in(night, user)
    return night


def expected_points(draws: list[RoundDraw], user: int) -> int:
    points = 0
    for draw in draws:
        points += 1450 * draw.byes.count(user)
        for table in draw.tables:
            if user in table.seats:
                points += PAIR_TOTALS[draw.number][table.pair_of(user)]
    return points


async def test_a_night_with_restarts_late_check_in_leaver_correction_and_penalty(
    reopen: Opener,
) -> None:
    async with reopen() as service:
        league = (await service.create_league(1, SETTINGS, ORGANISER)).id
        night = (await service.open_night(league, ORGANISER)).view.night.id
        for user in range(1, 11):
            await service.check_in(night, user)
    async with reopen() as service:  # restart while check-in is open
        for user in range(11, 14):
            await service.check_in(night, user)
        await refused("already_checked_in", service.check_in(night, 5))
        await refused("not_organiser", service.start_round(night, Actor(5)))
        first = (
            await service.start_round(night, Actor(5, role_ids=(7,)))
        ).draw  # an organiser role
        assert len(first.tables) == 3 and len(first.byes) == 1
        await service.check_in(night, 14)  # late: from round 2
    async with reopen() as service:  # restart in the middle of round 1
        assert await service.draws(night) == [first]
        await refused("round_in_progress", service.start_round(night, ORGANISER))
        await enter_round(service, night, first)
        second = (await service.start_round(night, ORGANISER)).draw
        assert 14 in second.seated + list(second.byes) and len(second.byes) == 2
        assert set(first.byes).isdisjoint(second.byes)  # byes rotate
        leaver = second.tables[0].seats[1]
        await service.check_out(night, leaver)  # mid-round: no further rounds
    async with reopen() as service:  # restart between rounds
        await enter_round(service, night, second)
        third = (await service.start_round(night, ORGANISER)).draw
        assert leaver not in third.seated + list(third.byes)
        assert len(third.seated) + len(third.byes) == 13
        await enter_round(service, night, third)
        await refused("night_complete", service.start_round(night, ORGANISER))
        # correct round 3 table 0, line 2: pair 0 had 20 roem; makers 72 against 90 + 20:
        # still nat, pair 0 now scores 162 + 20 = 182 instead of 162
        corrected = await service.correct_line(
            night, 3, 0, 2, SheetEntry(1, (90, 72), (20, 0)), ORGANISER, "roem was missed"
        )
        assert corrected.result.totals == (80 + 182, 82)
        await service.penalise(night, 1, -50, ORGANISER, "phone at the table")
    async with reopen() as service:
        ranking = (await service.close_night(night, ORGANISER)).view.standings()
        draws = await service.draws(night)
        history = await service.history(night)
    points = {row.user_id: row.points for row in ranking}
    fixed = third.tables[0]
    for user in range(1, 15):
        want = expected_points(draws, user) - (50 if user == 1 else 0)
        if user in fixed.seats:
            want += 20 if fixed.pair_of(user) == 0 else 0
        assert points[user] == want, user
    assert [row.place for row in ranking] == sorted(row.place for row in ranking)
    # the booby prize: the last of those at every round, not the late comer nor the leaver
    whole_night = [row for row in ranking if not row.absent]
    assert len(whole_night) == 12 and not any(row.booby for row in ranking if row.absent)
    assert [row for row in ranking if row.booby] == [
        row for row in whole_night if row.place == whole_night[-1].place
    ]
    entries = [h for h in history if h.kind == "enter"]  # every result entered by hand
    assert entries and all(h.actor == 100 and h.before is None for h in entries)
    history = [h for h in history if h.kind != "enter"]
    assert [(h.kind, h.actor, h.reason) for h in history] == [
        ("correct_line", 100, "roem was missed"),
        ("penalty", 100, "phone at the table"),
    ]
    line = history[0]
    assert (line.round_no, line.table_no, line.line) == (3, 0, 2)
    assert line.before is not None and line.after is not None
    assert (line.before.totals, line.after.totals) == ((242, 82), (262, 82))


async def test_a_corrected_result_keeps_every_version(reopen: Opener) -> None:
    async with reopen() as service:
        night = await night_with(service, 4)
        draw = (await service.start_round(night, ORGANISER)).draw
        await enter_round(service, night, draw)
        await refused("result_exists", service.record_totals(night, 1, 0, (344, 324), 2, ORGANISER))
        await service.correct_totals(
            night, 1, 0, (400, 144), 2, ORGANISER, "sheet misread", roem=(20, 0)
        )
        await service.void_table(night, 1, 0, ORGANISER, "dealt with a short deck")
        versions = await service.store.leagues.results(night)
        assert [v.version for v in versions] == [1, 2, 3]
        assert [v.result["totals"] for v in versions] == [[182, 162], [400, 144], [400, 144]]
        assert versions[-1].result["void"]
        rows = await service.night_standings(night)
        assert {r.points for r in rows} == {0}
        await refused("reason_required", service.penalise(night, 1, -10, ORGANISER, " "))
        await refused("not_organiser", service.void_table(night, 1, 0, Actor(1), "x"))


async def test_players_may_enter_their_table_with_an_opponent_confirming(reopen: Opener) -> None:
    async with reopen() as service:
        night = await night_with(service, 5)
        draw = (await service.start_round(night, ORGANISER)).draw
        seats = draw.tables[0].seats
        sheet = SHEETS[1]
        await refused(
            "not_allowed_to_enter", service.record_sheet(night, 1, 0, sheet, Actor(seats[0]))
        )
        await refused(
            "opponent_must_confirm",
            service.record_sheet(night, 1, 0, sheet, Actor(seats[0]), seats[2]),
        )
        await refused(
            "not_allowed_to_enter",
            service.record_sheet(night, 1, 0, sheet, Actor(draw.byes[0]), seats[1]),
        )
        entered = await service.record_sheet(night, 1, 0, sheet, Actor(seats[0]), seats[1])
        assert entered.result.totals == PAIR_TOTALS[1]
        error = await refused("results_unconfirmed", service.close_night(night, ORGANISER))
        assert error.facts == {"tables": [[1, 0]]}
        assert (await service.night(night)).status == "running"
        version = entered.view.versions[(1, 0)]
        await service.confirm_result(night, 1, 0, version, Actor(seats[1]))
        ranking = (await service.close_night(night, ORGANISER)).view.standings()
        assert {(r.user_id, r.points) for r in ranking if r.byes} == {(draw.byes[0], 1450)}


async def test_a_bad_sheet_is_refused_and_nothing_is_stored(reopen: Opener) -> None:
    async with reopen() as service:
        night = await night_with(service, 4)
        await service.start_round(night, ORGANISER)
        bad = [SheetEntry(0, (100, 62)), SheetEntry(0, (100, 60))]
        error = await refused(error_code(bad), service.record_sheet(night, 1, 0, bad, ORGANISER))
        assert error.facts["line"] == 2
        assert await service.results(night) == {}
        error = await refused("results_missing", service.close_night(night, ORGANISER))
        assert error.facts == {"tables": [[1, 0]]}


def error_code(entries: list[SheetEntry]) -> str:
    from bot.league.entry import sheet_lines

    with pytest.raises(LeagueError) as raised:
        sheet_lines(entries, SETTINGS.scoring_rules)
    return raised.value.code


async def test_what_a_front_end_looks_up(reopen: Opener) -> None:
    """The server's leagues, a league's open night, every open night (a restart), the
    tables still without a result, and the organiser check asked before posting."""
    async with reopen() as service:
        created = await service.create_league(9, SETTINGS, ORGANISER)
        assert await service.leagues(9) == [created]  # the answer is the league as stored
        league = created.id
        assert await service.leagues(8) == []
        assert await service.current_night(league) is None
        night = (await service.open_night(league, ORGANISER)).view.night
        for user in range(1, 5):
            await service.check_in(night.id, user)
        await refused("not_organiser", service.require_organiser(league, Actor(5)))
        assert (await service.require_organiser(league, Actor(5, manager=True))).name == "Thursday"
        await service.start_round(night.id, ORGANISER, deal=False)
    async with reopen() as service:
        assert [n.id for n in await service.open_nights()] == [night.id]
        assert (await service.current_night(league)) == await service.night(night.id)
        assert await service.missing_results(night.id) == [[1, 0]]
        assert await service.round_tables(night.id) == {}
        assert await service.table_round(12345) is None
        [draw] = await service.draws(night.id)
        await enter_round(service, night.id, draw)
        assert await service.missing_results(night.id) == []
        await service.close_night(night.id, ORGANISER)
        assert await service.open_nights() == []
        assert await service.current_night(league) is None


@pytest.mark.parametrize("bad", [0, -1, 2**64, True])
async def test_ids_out_of_range_are_refused_not_overflowed(reopen: Opener, bad: int) -> None:
    async with reopen() as service:
        league = (await service.create_league(1, LeagueSettings("Club"), Actor(1))).id
        night = (await service.open_night(league, Actor(1))).view.night
        calls = [
            service.settings(bad),
            service.night(bad),
            service.check_in(night.id, bad),
            service.check_in(night.id, 5, partner_id=bad),
            service.results(bad),
            service.record_played(bad),
            service.player(league, bad),
            service.create_league(bad, LeagueSettings("Other"), Actor(1)),
        ]
        for call in calls:
            with pytest.raises(LeagueError) as info:
                await call
            assert info.value.code == "bad_id" and info.value.facts["value"] == bad


async def test_results_entered_at_once_each_see_the_other(reopen: Opener) -> None:
    """A night's changes are made one at a time, so the night a result command returns is
    the truth: of two tables entered at once, exactly one finds the round complete."""
    async with reopen() as service:
        night = await night_with(service, 8)
        draw = (await service.start_round(night, ORGANISER)).draw
        assert len(draw.tables) == 2
        entered = await asyncio.gather(
            *(service.record_sheet(night, 1, table, SHEETS[1], ORGANISER) for table in (0, 1))
        )
        assert sorted(len(done.view.missing()) for done in entered) == [0, 1]
        assert max(entered, key=lambda done: len(done.view.results)).view.missing() == []
        assert await service.missing_results(night) == []
