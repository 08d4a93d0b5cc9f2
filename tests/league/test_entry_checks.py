"""Score entry on both stores: every number no game can produce, and every number out of
its range, is refused with its code and leaves the league's tables exactly as they were."""

from __future__ import annotations

from typing import Any

import pytest

from bot.league.entry import SheetEntry
from bot.league.errors import LeagueError
from bot.league.service import Actor, LeagueService
from bot.league.settings import LeagueSettings, Organisers, RoundLength
from bot.store.move import COPIED_TABLES
from bot.store.postgres import PostgresStore
from tests.backends import fetch, rows

from .conftest import Opener

ORGANISER = Actor(100)
LEAGUE_TABLES = [table for table in COPIED_TABLES if table.startswith("league")]
PIT, HALF = SheetEntry(0, (162, 0)), SheetEntry(1, (62, 100))


async def league_rows(service: LeagueService) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every league table, in a stable order."""
    return await rows(service.store, "league")


async def night(service: LeagueService, length: RoundLength) -> int:
    """A league's first night, 4 players checked in and round 1 drawn (face to face)."""
    settings = LeagueSettings("Friday", Organisers(), round_length=length)
    league = (await service.create_league(None, settings, ORGANISER)).id
    night_id = (await service.open_night(league, ORGANISER)).view.night.id
    for user in range(1, 5):
        await service.check_in(night_id, user)
    await service.start_round(night_id, ORGANISER)
    return night_id


async def unchanged(service: LeagueService, code: str, call: Any) -> LeagueError:
    """``call`` is refused with ``code`` and no league row changes."""
    before = await league_rows(service)
    with pytest.raises(LeagueError) as raised:
        await call
    assert raised.value.code == code
    assert await league_rows(service) == before
    return raised.value


@pytest.mark.parametrize(
    ("entries", "code", "line"),
    [
        ([SheetEntry(0, (100, 62), (10, 0)), HALF], "roem_impossible", 1),
        ([PIT, SheetEntry(0, (100, 62), (30, 0))], "roem_impossible", 2),
        ([SheetEntry(0, (100, 62), (5000, 0)), HALF], "roem_impossible", 1),
        ([SheetEntry(0, (162, 0), (0, 100), False), HALF], "roem_for_points", 1),
        ([SheetEntry(0, (1, 161)), HALF], "card_points_impossible", 1),
        ([PIT, SheetEntry(0, (161, 1))], "card_points_impossible", 2),
    ],
)
async def test_lines_no_hand_can_produce_are_refused(
    reopen: Opener, entries: list[SheetEntry], code: str, line: int
) -> None:
    async with reopen() as service:
        night_id = await night(service, RoundLength(hands=2))
        error = await unchanged(
            service, code, service.record_sheet(night_id, 1, 0, entries, ORGANISER)
        )
        assert error.facts["line"] == line


async def test_a_sheet_must_end_where_the_round_ends(reopen: Opener) -> None:
    async with reopen() as service:
        night_id = await night(service, RoundLength(hands=4, target=500))
        over = [PIT, PIT, HALF]  # 524 after two hands: the round was over
        error = await unchanged(
            service, "round_over", service.record_sheet(night_id, 1, 0, over, ORGANISER)
        )
        assert (error.facts["line"], error.facts["hands"]) == (3, 2)
        short = [PIT, HALF, HALF]  # neither 4 hands nor 500
        await unchanged(
            service, "round_unfinished", service.record_sheet(night_id, 1, 0, short, ORGANISER)
        )
        recorded = await service.record_sheet(night_id, 1, 0, [PIT, PIT], ORGANISER)
        assert recorded.result.totals == (524, 0)


async def test_no_pit_is_entered_and_corrected(reopen: Opener) -> None:
    async with reopen() as service:
        night_id = await night(service, RoundLength(hands=2))
        no_pit = SheetEntry(0, (162, 0), (0, 0), False)
        recorded = await service.record_sheet(night_id, 1, 0, [no_pit, HALF], ORGANISER)
        assert recorded.result.totals == (162 + 62, 100)
        corrected = await service.correct_line(night_id, 1, 0, 1, PIT, ORGANISER, "a pit")
        assert corrected.result.totals == (262 + 62, 100)
        await unchanged(
            service,
            "roem_for_points",
            service.correct_line(
                night_id, 1, 0, 2, SheetEntry(0, (162, 0), (0, 100), False), ORGANISER, "x"
            ),
        )


@pytest.mark.parametrize(
    ("totals", "hands", "roem", "code"),
    [
        ((100, 63), 1, (0, 0), "round_unfinished"),  # a round of 2 hands
        ((100, 63), 3, (0, 0), "hand_count"),
        ((100, 63), 2, (0, 0), "totals_implausible"),
        ((262, 163), 2, (0, 0), "totals_implausible"),  # 1 over a pit round
        ((300, 100), 2, (30, 0), "round_roem_impossible"),
        ((10**12, 0), 2, (0, 0), "out_of_range"),
        ((200, 200), 2, (0, 10**9), "out_of_range"),
    ],
)
async def test_totals_no_round_can_produce_are_refused(
    reopen: Opener, totals: tuple[int, int], hands: int, roem: tuple[int, int], code: str
) -> None:
    async with reopen() as service:
        night_id = await night(service, RoundLength(hands=2))
        await unchanged(
            service,
            code,
            service.record_totals(night_id, 1, 0, totals, hands, ORGANISER, roem=roem),
        )
        await service.record_totals(night_id, 1, 0, (262 + 62, 100), 2, ORGANISER)
        await unchanged(
            service,
            code,
            service.correct_totals(night_id, 1, 0, totals, hands, ORGANISER, "x", roem=roem),
        )


async def test_totals_the_nats_rule_out_are_refused(reopen: Opener) -> None:
    async with reopen() as service:
        night_id = await night(service, RoundLength(hands=2))
        # Pair 1 went nat once: pair 2 scored at least 162 in that hand.
        nat = service.record_totals(night_id, 1, 0, (324, 0), 2, ORGANISER, nats=(1, 0))
        await unchanged(service, "totals_for_nats", nat)
        recorded = await service.record_totals(
            night_id, 1, 0, (162, 162), 2, ORGANISER, nats=(1, 0)
        )
        assert (recorded.result.totals, recorded.result.nats) == ((162, 162), (1, 0))


@pytest.mark.parametrize("points", [-1_000_000, 10**12, 10_001, -10_001])
async def test_a_penalty_is_bounded_and_says_its_range(reopen: Opener, points: int) -> None:
    async with reopen() as service:
        night_id = await night(service, RoundLength(hands=2))
        error = await unchanged(
            service, "out_of_range", service.penalise(night_id, 1, points, ORGANISER, "late")
        )
        assert (error.facts["min"], error.facts["max"]) == (-10_000, 10_000)
        adjusted = await service.penalise(night_id, 1, -10_000, ORGANISER, "left early")
        assert adjusted.adjustment.points == -10_000
    async with reopen() as service:
        rows = await fetch(service.store, "SELECT points FROM league_adjustments")
        assert rows == [(-10_000,)]
        if isinstance(service.store, PostgresStore):  # migration 0009: as wide as SQLite's
            kind = await fetch(service.store, WIDTH)
            assert kind == [("bigint",)]


WIDTH = (
    "SELECT data_type FROM information_schema.columns WHERE table_schema = current_schema()"
    " AND table_name = 'league_adjustments' AND column_name = 'points'"
)


async def test_a_correction_keeps_the_sheet_ending_where_the_round_ends(reopen: Opener) -> None:
    async with reopen() as service:
        night_id = await night(service, RoundLength(hands=4, target=500))
        await service.record_sheet(night_id, 1, 0, [PIT, HALF, HALF, HALF], ORGANISER)
        error = await unchanged(
            service,
            "round_over",  # a pit in hand 2 reaches 524: hands 3 and 4 were never played
            service.correct_line(night_id, 1, 0, 2, PIT, ORGANISER, "a pit"),
        )
        assert (error.facts["line"], error.facts["hands"]) == (3, 2)
        corrected = await service.correct_line(night_id, 1, 0, 2, HALF, ORGANISER, "same")
        assert corrected.result.hands == 4
