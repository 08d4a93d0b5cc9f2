"""A hand that was not the person's alone gets no par (docs/pars.md, "Which hands"): one in
which they were given a hint, or in which the computer played for their seat (away, or a
seat left and taken back). The seat's mark is kept in the table's snapshot, and a new hand
starts without it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.engine import RuleSet
from bot.engine.errors import ErrorCode
from bot.store import open_store
from bot.tables import FakeClock, RefusalCode, Table, TableError, TableService
from bot.tables.pars import counted_seat, par_setup
from bot.tables.table import Seat, SeatKind
from tests.backends import fetch
from tests.games import OTHER_GAME_PRESETS
from tests.tables.helpers import ALICE, BOB, INSTANT, act_once, human_to_act, table_with

from .kit import opened, play_hands


async def counted(database: str | Path, table_id: int) -> list[int]:
    """The numbers of the table's hands that got a par row."""
    async with await open_store(database) as store:
        sql = "SELECT number FROM hand_pars WHERE table_id = ? ORDER BY number"
        return [row[0] for row in await fetch(store, sql, table_id)]


def assisted(tables: TableService, table_id: int) -> bool:
    """Whether the person's seat (seat 0) is marked for the hand in play."""
    return tables.registry.get(table_id).seats[0].assisted


async def hints_logged(tables: TableService, table_id: int) -> list[dict[str, object]]:
    return [a.payload for a in await tables.store.tables.actions(table_id) if a.kind == "hint"]


async def test_a_hand_with_a_hint_gets_no_par_and_the_next_hand_does(
    database: str | Path,
) -> None:
    async with opened(database) as (tables, _):
        table = await table_with(tables, {0: ALICE})
        await tables.hint(table.id, ALICE)
        assert assisted(tables, table.id)
        assert await hints_logged(tables, table.id) == [{"seat": 0}]
        await play_hands(tables, table.id, 2)
        assert not assisted(tables, table.id)  # the third hand starts unmarked
    assert await counted(database, table.id) == [2]


async def test_only_the_hint_that_takes_a_counted_hand_out_says_so(
    database: str | Path,
) -> None:
    """The first hint of a hand the person plays alone is ``uncounted``; a second one in
    that hand is not (it no longer counted), and the next hand's first one is again."""
    clock = FakeClock()
    async with opened(database, clock) as (tables, _):
        table = await table_with(tables, {0: ALICE})
        assert (await tables.hint(table.id, ALICE)).uncounted
        clock.advance(60)
        assert not (await tables.hint(table.id, ALICE)).uncounted
        await play_hands(tables, table.id, 1)
        clock.advance(60)
        assert (await tables.hint(table.id, ALICE)).uncounted


async def test_a_hint_at_a_table_of_two_people_takes_nothing_out_of_the_count(
    database: str | Path,
) -> None:
    async with opened(database) as (tables, _):
        table = await table_with(tables, {0: ALICE, 2: BOB})
        found = human_to_act(tables, table.id)
        assert found is not None
        assert not (await tables.hint(table.id, found[1])).uncounted
        assert tables.registry.get(table.id).seats[found[0]].assisted  # marked all the same


async def test_the_mark_of_a_hint_survives_a_restart(database: str | Path) -> None:
    clock = FakeClock()
    async with opened(database, clock) as (tables, _):
        table = await table_with(tables, {0: ALICE})
        await tables.hint(table.id, ALICE)
    async with opened(database, clock) as (tables, _):
        assert assisted(tables, table.id)
        await play_hands(tables, table.id, 1)
    assert await counted(database, table.id) == []


async def test_a_hand_the_computer_played_for_an_away_person_gets_no_par(
    database: str | Path,
) -> None:
    """Away for one decision and back for the rest: away no longer when it is scored."""
    clock = FakeClock()
    async with opened(database, clock) as (tables, _):
        table = await table_with(tables, {0: ALICE}, replace(INSTANT, turn_timer=30))
        clock.advance(31)
        await tables.tick()  # the turn timer: the computer decides for Alice
        assert tables.registry.get(table.id).seats[0].away and assisted(tables, table.id)
        await act_once(tables, table.id)  # acting in person takes the seat back
        assert not tables.registry.get(table.id).seats[0].away and assisted(tables, table.id)
        await play_hands(tables, table.id, 2)
    assert await counted(database, table.id) == [2]


@pytest.mark.parametrize("timeouts", [1, 2])  # away, then on autoplay too
async def test_a_hint_says_it_takes_out_a_hand_begun_away(
    database: str | Path, timeouts: int
) -> None:
    """The turn timer ran out on the person's last card(s) of the first hand: they begin
    the second one away (or on autoplay), yet it counts if they act before the computer
    does (as in the test above), so the hint at their first turn is the one that takes
    it out, and says so."""
    clock = FakeClock()
    async with opened(database, clock) as (tables, _):
        settings = replace(INSTANT, turn_timer=30, bot_delay=1)
        table = await table_with(tables, {0: ALICE}, settings)
        while True:
            live = tables.registry.get(table.id)
            assert live.match is not None and live.match.hand is not None
            hand = live.match.hand
            if hand.to_act != 0:
                clock.advance(1)
                await tables.tick()  # the computers' delay
            elif live.match.sheet:
                break  # the person's first turn of the second hand
            elif len(hand.holdings[0]) > timeouts:
                await act_once(tables, table.id)
            else:
                clock.advance(31)
                await tables.tick()  # the computer plays the card for the person
        seat = tables.registry.get(table.id).seats[0]
        assert (seat.away, seat.autoplay, seat.assisted) == (True, timeouts == 2, False)
        assert (await tables.hint(table.id, ALICE)).uncounted
        await play_hands(tables, table.id, 2, clock)
    assert await counted(database, table.id) == []


async def test_a_seat_left_and_taken_back_during_a_hand_gets_no_par_for_it(
    database: str | Path,
) -> None:
    clock = FakeClock()
    async with opened(database, clock) as (tables, _):
        table = await table_with(tables, {0: ALICE}, replace(INSTANT, bot_delay=1))
        await _until_to_act(tables, table.id, clock, person=True)
        await tables.leave(table.id, ALICE)
        clock.advance(1)
        await tables.tick()  # the computer decides in Alice's seat
        await tables.back(table.id, ALICE)
        assert assisted(tables, table.id)
        await play_hands(tables, table.id, 2, clock)
    assert await counted(database, table.id) == [2]


async def test_a_hint_refused_out_of_turn_marks_nothing(database: str | Path) -> None:
    clock = FakeClock()
    async with opened(database, clock) as (tables, _):
        table = await table_with(tables, {0: ALICE}, replace(INSTANT, bot_delay=1))
        await _until_to_act(tables, table.id, clock, person=False)
        with pytest.raises(TableError) as refused:
            await tables.hint(table.id, ALICE)
        assert refused.value.code == ErrorCode.NOT_YOUR_TURN
        assert not assisted(tables, table.id) and await hints_logged(tables, table.id) == []
        await play_hands(tables, table.id, 1, clock)
    assert await counted(database, table.id) == [1]


async def test_a_hint_refused_as_too_soon_marks_nothing(database: str | Path) -> None:
    async with opened(database) as (tables, _):
        table = await table_with(tables, {0: ALICE})
        await tables.hint(table.id, ALICE)
        await play_hands(tables, table.id, 1)  # no time passes: the next hint is too soon
        with pytest.raises(TableError) as refused:
            await tables.hint(table.id, ALICE)
        assert refused.value.code == RefusalCode.HINT_TOO_SOON
        assert not assisted(tables, table.id)
        assert await hints_logged(tables, table.id) == [{"seat": 0}]  # the first hand's
        await play_hands(tables, table.id, 2)
    assert await counted(database, table.id) == [2]


def test_a_snapshot_stored_before_the_mark_loads_unmarked() -> None:
    table = Table(1, 1, 555, ALICE, RuleSet(), "seed", 0.0)
    table.seats[0].assisted = True
    stored = table.to_dict()
    older = {**stored, "seats": [_without_mark(seat) for seat in stored["seats"]]}
    loaded = Table.from_dict(older)
    assert not any(seat.assisted for seat in loaded.seats)
    assert Table.from_dict(stored).seats[0].assisted


def _without_mark(seat: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in seat.items() if key != "assisted"}


async def _until_to_act(
    tables: TableService, table_id: int, clock: FakeClock, person: bool
) -> None:
    """Play on until the person (``person``) or a computer waiting for its delay is to act."""
    for _ in range(100):
        if (human_to_act(tables, table_id) is not None) == person:
            return
        if person:
            clock.advance(1)
            await tables.tick()
        else:
            await act_once(tables, table_id)
    raise AssertionError("nobody of that kind came to act")


@pytest.mark.parametrize("name", OTHER_GAME_PRESETS)
def test_a_hand_of_another_game_gets_no_par(name: str) -> None:
    """The par's strong computer plays four-player Klaverjas: a table of another game is
    never counted, whoever sits at it."""
    seats = [Seat(SeatKind.HUMAN, ALICE), *(Seat(SeatKind.COMPUTER) for _ in range(3))]
    four = Table(1, 1, 555, ALICE, RuleSet(), "seed", 0.0, seats=seats)
    assert counted_seat(four) == 0
    other = Table(1, 1, 555, ALICE, RuleSet.game_preset(name), "seed", 0.0, seats=seats)
    assert counted_seat(other) is None and par_setup(other) is None
