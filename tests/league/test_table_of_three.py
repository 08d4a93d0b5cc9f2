"""A league night that seats one table of three instead of giving three byes: the draw,
the table's sheet (three scores a line), its confirmation, the standings' scaling, and
the refusals of four-player entries for it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bot.league import export
from bot.league.entry import SheetEntry, three_sheet_result
from bot.league.errors import LeagueError
from bot.league.results import TableResult
from bot.league.service import Actor, LeagueService
from bot.league.settings import LeagueSettings, Organisers, RoundLength
from bot.league.standings import half_up, three_scale
from bot.league.stats import player_season
from bot.league.typed import Typed
from bot.store import open_store
from bot.tables import FakeClock
from cogs.league.errors import error_text
from cogs.league.parse import parse_line, parse_lines, parse_three_line, parse_three_lines

from . import kit
from .conftest import Opener
from .kit import services
from .test_export import parse

ORGANISER = Actor(100)
SETTINGS = LeagueSettings(
    "Thursday",
    Organisers(role_ids=(7,)),
    round_length=RoundLength(hands=2),
    table_of_three=True,
)
FOUR_SHEET = [SheetEntry(0, (100, 62), (20, 0)), SheetEntry(1, (62, 100))]  # 182 | 162
THREE_SHEET = [[13, 149, 13], [202, 0, 202]]  # VARIANTS 5.9.1 and 5.9.3: 215, 149, 215


async def refused(code: str, call: object) -> LeagueError:
    with pytest.raises(LeagueError) as raised:
        await call  # type: ignore[misc]
    assert raised.value.code == code
    return raised.value


async def night_of_seven(service: LeagueService) -> int:
    league = (await service.create_league(None, SETTINGS, ORGANISER)).id
    night = (await service.open_night(league, ORGANISER)).view.night.id
    for user in range(1, 8):
        await service.check_in(night, user)
    return night


async def test_seven_players_play_four_and_three_and_all_seven_are_ranked(
    reopen: Opener,
) -> None:
    async with reopen() as service:
        night = await night_of_seven(service)
        draw = (await service.start_round(night, ORGANISER, deal=False)).draw
        assert [len(t.seats) for t in draw.tables] == [4, 3] and not draw.byes
        three = draw.tables[1].seats
        await refused("table_of_three", service.record_sheet(night, 1, 1, FOUR_SHEET, ORGANISER))
        await refused(
            "table_of_three", service.record_totals(night, 1, 1, (300, 200), 2, ORGANISER)
        )
        await refused(
            "not_a_table_of_three", service.record_three_sheet(night, 1, 0, THREE_SHEET, ORGANISER)
        )
        error = await refused(
            "three_line_sum",
            service.record_three_sheet(night, 1, 1, [[13, 150, 13], [202, 0, 202]], ORGANISER),
        )
        assert error.facts["line"] == 1
        await refused(
            "round_unfinished", service.record_three_sheet(night, 1, 1, THREE_SHEET[:1], ORGANISER)
        )
        await service.record_sheet(night, 1, 0, FOUR_SHEET, ORGANISER)
        # a player enters, another player of the three confirms
        player = Actor(three[0])
        await refused(
            "opponent_must_confirm",
            service.record_three_sheet(night, 1, 1, THREE_SHEET, player, three[0]),
        )
        entered = await service.record_three_sheet(night, 1, 1, THREE_SHEET, player, three[2])
        assert entered.result.totals == (215, 149, 215)
        assert entered.result.nats == (0, 1, 0)
        await service.confirm_result(night, 1, 1, entered.view.versions[(1, 1)], Actor(three[2]))
    async with reopen() as service:  # read back from the store
        view = await service.view(night)
        assert view.results[(1, 1)].three_lines == entered.result.three_lines
        ranking = view.standings()
        assert len(ranking) == 7
        points = {row.user_id: row.points for row in ranking}
        # the three's average (193) scaled to the four's (172): 215 -> 192, 149 -> 133
        assert [points[user] for user in three] == [192, 133, 192]
        four = draw.tables[0].seats
        assert [points[user] for user in four] == [182, 162, 182, 162]
        # the 40 roem of the nat line is the hand's, not any one player's: the three's
        # roem counts 0 for more_roem (docs/decisions.md, "Its points in the standings")
        roem = {row.user_id: row.roem for row in ranking}
        assert [roem[user] for user in three] == [0, 0, 0]
        assert [roem[user] for user in four] == [20, 0, 20, 0]
        # a round is won by a total above every other at the table: 215 and 215 tie
        assert {row.user_id for row in ranking if row.rounds_won} == {four[0], four[2]}


def test_the_scale_is_one_without_a_table_of_four() -> None:
    three = TableResult((1, 2, 3), (215, 149, 215), (0, 0, 0), (0, 1, 0), 2)
    four = TableResult((4, 5, 6, 7), (182, 162), hands=2)
    assert three_scale([three]) == 1
    assert three_scale([three, four]) == Fraction(172, 193)
    assert three_scale([four]) == 1


async def test_a_table_of_three_is_corrected_exported_and_voided(reopen: Opener) -> None:
    async with reopen() as service:
        night = await night_of_seven(service)
        draw = (await service.start_round(night, ORGANISER, deal=False)).draw
        await service.record_sheet(night, 1, 0, FOUR_SHEET, ORGANISER)
        await service.record_three_sheet(night, 1, 1, THREE_SHEET, ORGANISER)
        await refused(
            "table_of_three",
            service.correct_line(night, 1, 1, 1, FOUR_SHEET[0], ORGANISER, "typo"),
        )
        await refused(
            "table_of_three",
            service.correct_totals(night, 1, 1, (300, 200), 2, ORGANISER, "typo"),
        )
        await refused(
            "not_a_table_of_three",
            service.correct_three_line(night, 1, 0, 1, [13, 149, 13], ORGANISER, "typo"),
        )
        await refused(
            "no_such_line",
            service.correct_three_line(night, 1, 1, 3, [13, 149, 13], ORGANISER, "typo"),
        )
        fixed = await service.correct_three_line(
            night, 1, 1, 1, [149, 13, 13], ORGANISER, "the solo was seat 1"
        )
        assert fixed.result.totals == (351, 13, 215)
        data = await service.night_export(night)
        results = [
            dict(zip(export.RESULT_COLUMNS, r, strict=True))
            for r in parse(export.results_csv(data, {}))[1:]
        ]
        three = results[1]
        assert (three["seat_4_id"], three["total_a"], three["total_b"]) == ("", "351", "13")
        assert (three["total_c"], three["nat_c"], results[0]["total_c"]) == ("215", "0", "")
        sheet = [
            dict(zip(export.SHEET_COLUMNS, r, strict=True))
            for r in parse(export.sheet_csv(data, {}))[1:]
        ]
        lines = [line for line in sheet if line["table"] == "2"]
        assert [(line["makers"], line["score_c"], line["corrected"]) for line in lines] == [
            ("A", "13", "1"),
            ("B", "202", "0"),
        ]
        voided = await service.void_table(night, 1, 1, ORGANISER, "left early")
        assert voided.result.void
        ranking = voided.view.standings()
        assert {row.user_id for row in ranking if row.rounds} == set(draw.tables[0].seats)


def typed_sheet(text: str) -> Typed[list[SheetEntry], list[list[int]]]:
    """The text as /night enter lines: hands it to the service (cogs/league)."""
    return Typed(lambda: parse_lines(text), lambda: parse_three_lines(text))


def typed_line(text: str, number: int) -> Typed[SheetEntry, list[int]]:
    """The text as /night correct entry: hands it to the service."""
    return Typed(lambda: parse_line(text, number), lambda: parse_three_line(text, number))


BOTH_WAYS = "2 2 160; 2 160 2"  # four-player lines, and three scores a line, both valid


async def test_typed_lines_are_read_as_the_draw_seats_the_table(reopen: Opener) -> None:
    """The draw decides how typed text is read, not how it looks: the same text is a
    table of four's sheet at table 1 and a table of three's at table 2, and lines of the
    other kind are refused in both directions with the codes of entering that kind."""
    async with reopen() as service:
        night = await night_of_seven(service)
        await service.start_round(night, ORGANISER, deal=False)
        await refused(
            "not_a_table_of_three",
            service.record_typed_sheet(night, 1, 0, typed_sheet("13 149 13; 202 0 202"), ORGANISER),
        )
        await refused(
            "table_of_three",
            service.record_typed_sheet(
                night, 1, 1, typed_sheet("1 100 62 20 0; 2 90 72"), ORGANISER
            ),
        )
        # three numbers a line that the three-player rules refuse were meant for four
        await refused(
            "table_of_three",
            service.record_typed_sheet(night, 1, 1, typed_sheet("1 100 62; 2 90 72"), ORGANISER),
        )
        # text that reads neither way: the table's own reading says which line
        error = await refused(
            "bad_three_line_format",
            service.record_typed_sheet(night, 1, 1, typed_sheet("13 149 13; 202 0"), ORGANISER),
        )
        assert error.facts["line"] == 2
        four = await service.record_typed_sheet(night, 1, 0, typed_sheet(BOTH_WAYS), ORGANISER)
        assert four.result.totals == (164, 160) and not four.result.three
        three = await service.record_typed_sheet(night, 1, 1, typed_sheet(BOTH_WAYS), ORGANISER)
        assert three.result.totals == (4, 162, 162) and three.result.three
        # a corrected line too, in both directions
        await refused(
            "not_a_table_of_three",
            service.correct_typed_line(night, 1, 0, 1, typed_line("13 149 13", 1), ORGANISER, "x"),
        )
        await refused(
            "table_of_three",
            service.correct_typed_line(
                night, 1, 1, 1, typed_line("1 100 62 20 0", 1), ORGANISER, "x"
            ),
        )
        fixed = await service.correct_typed_line(
            night, 1, 1, 1, typed_line("2 160 2", 1), ORGANISER, "the solo was seat 2"
        )
        assert fixed.result.totals == (4, 320, 4)
        fixed = await service.correct_typed_line(
            night, 1, 0, 1, typed_line("1 160 2", 1), ORGANISER, "typo"
        )
        assert fixed.result.totals == (322, 2)


async def test_unreadable_text_gets_the_example_of_the_table_s_own_lines(
    reopen: Opener,
) -> None:
    """Text that reads neither way is refused with an example of the lines the drawn
    table asks for: three scores at a table of three, a four-player line at a table of
    four, both entered and corrected."""
    async with reopen() as service:
        night = await night_of_seven(service)
        await service.start_round(night, ORGANISER, deal=False)
        unreadable = "1 100 62 twenty"
        at_three = [service.record_typed_sheet(night, 1, 1, typed_sheet(unreadable), ORGANISER)]
        at_four = [service.record_typed_sheet(night, 1, 0, typed_sheet(unreadable), ORGANISER)]
        await check_refusals(at_three, at_four, unreadable)
        await service.record_sheet(night, 1, 0, FOUR_SHEET, ORGANISER)
        await service.record_three_sheet(night, 1, 1, THREE_SHEET, ORGANISER)
        at_three = [
            service.correct_typed_line(night, 1, 1, 1, typed_line(unreadable, 1), ORGANISER, "x")
        ]
        at_four = [
            service.correct_typed_line(night, 1, 0, 1, typed_line(unreadable, 1), ORGANISER, "x")
        ]
        await check_refusals(at_three, at_four, unreadable)


async def check_refusals(at_three: list[Any], at_four: list[Any], unreadable: str) -> None:
    """Each call at a table of three refused with the three-score example, each at a
    table of four with the four-player one."""
    for call in at_three:
        error = await refused("bad_three_line_format", call)
        assert error.facts == {"line": 1, "text": unreadable}
        assert '"13 149 13"' in error_text(error, "en")
    for call in at_four:
        error = await refused("bad_line_format", call)
        assert error.facts == {"line": 1, "text": unreadable}
        assert '"1 100 62 20 0"' in error_text(error, "en")


async def test_a_table_of_three_player_s_season_counts_his_own_total(reopen: Opener) -> None:
    async with reopen() as service:
        night = await night_of_seven(service)
        draw = (await service.start_round(night, ORGANISER, deal=False)).draw
        await service.record_sheet(night, 1, 0, FOUR_SHEET, ORGANISER)
        await service.record_three_sheet(night, 1, 1, THREE_SHEET, ORGANISER)
        view = await service.view(night)
        solo = draw.tables[1].seats[1]  # the solo of both lines: 149 made, then nat
        stats = player_season(solo, [view.data])
        assert (stats.rounds, stats.hands, stats.points, stats.nat) == (1, 2, 149, 1)
        assert (stats.hands_as_maker, stats.partners) == (2, set())


async def night_of_eleven(league: LeagueService) -> int:
    """A night of `SETTINGS` with eleven checked in: two tables of four and one of three."""
    league_id = (await league.create_league(3, SETTINGS, kit.ORGANISER)).id
    night = (await league.open_night(league_id, kit.ORGANISER)).view.night.id
    for user in range(1, 12):
        await league.check_in(night, user)
    return night


async def test_a_dealt_round_deals_its_table_of_three_across_a_restart(
    database: str | Path,
) -> None:
    clock = FakeClock()
    async with await open_store(database) as store:
        tables, league = services(store, clock)
        night = await night_of_eleven(league)
        started = await league.start_round(night, kit.ORGANISER)
        draw = started.draw
        assert [len(t.seats) for t in draw.tables] == [4, 4, 3]
        assert [request.table_no for request in started.tables] == [0, 1, 2]
        request = started.tables[2]
        assert request.seats == draw.tables[2].seats and request.rules == SETTINGS.three_rules
        assert started.tables[0].rules == SETTINGS.rules
        for wanted in started.tables[:2]:
            await league.open_table(started.view, wanted, kit.opening(wanted))
        # The process stops here: the table of three is not opened yet.
    async with await open_store(database) as store:
        tables, league = services(store, clock)
        await tables.restore()
        wanted = await league.resume_tables(night)
        assert wanted is not None and wanted.tables == started.tables[2:]
        await kit.deal(league, wanted)
        assert await league.resume_tables(night) is None  # every table is opened
        links = await store.leagues.round_tables(night)
        three = tables.registry.get(links[(1, 2)])
        assert [seat.user_id for seat in three.seats] == list(draw.tables[2].seats)
        assert three.rules == SETTINGS.three_rules and three.channel_id == 512
        assert three.league is not None and three.league.table == 3
        assert await league.record_played(links[(1, 2)]) is None  # not finished yet
        for table_id in links.values():
            await kit.play_out(tables, clock, table_id)
            assert await league.record_played(table_id) is not None
        view = await league.view(night)
    played = tables.registry.get(links[(1, 2)]).match
    assert played is not None
    lines = [list(line.scores) for line in played.sheet]
    result = view.results[(1, 2)]
    # read in as `record_three_sheet` enters it, only its source says the bot played it
    assert result == three_sheet_result(draw.tables[2].seats, lines, SETTINGS.three_rules, "bot")
    assert result.hands == 2 and len(result.three_lines) == 2
    scale = three_scale([view.results[(1, t)] for t in range(3)])
    points = {row.user_id: row.points for row in view.standings()}
    for seat, user in enumerate(draw.tables[2].seats):
        assert points[user] == half_up(result.totals[seat] * scale)


async def test_a_table_of_three_entered_by_hand_is_not_dealt_on_resume(
    database: str | Path,
) -> None:
    async with await open_store(database) as store:
        _, league = services(store, FakeClock())
        night = await night_of_eleven(league)
        started = await league.start_round(night, kit.ORGANISER)
        await league.record_three_sheet(night, 1, 2, THREE_SHEET, kit.ORGANISER)
        wanted = await league.resume_tables(night)  # its thread could not be opened, say
        assert wanted is not None and wanted.tables == started.tables[:2]
        await kit.deal(league, wanted)
        assert set(await store.leagues.round_tables(night)) == {(1, 0), (1, 1)}
        assert await league.resume_tables(night) is None
