"""Stored tables this version cannot run are repaired at restore (bot/tables/repair.py): each
bad value set to its nearest valid one, committed, one log line and a `Repaired` event for
the table's channel; what cannot be repaired is closed. Each bad row is written straight
into the store, as an older version or a hand edit would have left it; every test runs on
SQLite and on PostgreSQL (the `database` fixture)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.checks import NAME_MAX, shown
from bot.store.rows import dump_json
from bot.tables import FakeClock, SeatKind, Status, TableService
from bot.tables.events import Repaired
from tests.backends import execute

from .helpers import ALICE, BOB, INSTANT, open_service, table_with

Snapshot = dict[str, Any]
SLOW = {**vars(INSTANT), "bot_delay": 1.0}  # computers wait a second: a move is observable


async def _stored_then_restarted(
    database: str | Path,
    change: Callable[[Snapshot], None],
    start: bool = True,
    humans: dict[int, int] | None = None,
) -> tuple[TableService, int, FakeClock]:
    """A table stored, its snapshot changed by `change` in the store itself, and a new
    service restored on the same database (a restart); the new service and table id."""
    service = await open_service(database)
    table = await table_with(service, humans or {0: ALICE}, start=start)
    snapshot = service.registry.get(table.id).to_dict()
    change(snapshot)
    await execute(
        service.store, "UPDATE tables SET snapshot = ? WHERE id = ?", dump_json(snapshot), table.id
    )
    await service.store.close()
    clock = FakeClock()
    return await open_service(database, clock), table.id, clock


def _setting(name: str, value: Any) -> Callable[[Snapshot], None]:
    def change(snapshot: Snapshot) -> None:
        snapshot["settings"][name] = value

    return change


def _repairs(service: TableService, table_id: int) -> Repaired:
    [(table, event)] = service.registry.take_restored()
    assert table.id == table_id
    return event


@pytest.mark.parametrize(
    ("name", "stored", "repaired"),
    [
        ("computer_kind", "grandmaster", "strong"),
        ("computer_kind", None, "strong"),
        ("bot_delay", 1e12, 60.0),
        ("bot_delay", -4, 0.0),
        ("bot_delay", "fast", 1.0),
        ("trick_pause", 1e300, 60.0),
        ("claim_grace", True, 8.0),
        ("turn_timer", 5, 15.0),
        ("turn_timer", 86_400, 3600.0),
        ("turn_timer", -1, 0.0),
        ("turn_timer", None, 120.0),
        ("locale", "xx", None),
        ("league", "yes", False),
    ],
)
async def test_a_setting_out_of_range_is_set_to_the_nearest_valid_value(
    database: str | Path,
    caplog: pytest.LogCaptureFixture,
    name: str,
    stored: Any,
    repaired: Any,
) -> None:
    caplog.set_level(logging.WARNING, "bot.tables.registry")
    service, table_id, _ = await _stored_then_restarted(database, _setting(name, stored))

    table = service.registry.get(table_id)
    assert table.is_open and getattr(table.settings, name) == repaired
    assert type(getattr(table.settings, name)) is type(repaired)
    [line] = [r.getMessage() for r in caplog.records if f"table {table_id}" in r.getMessage()]
    assert line.startswith(f"table {table_id}: stored state repaired: {name} ")
    [change] = _repairs(service, table_id).changes
    assert (change.what, change.after) == (name, shown(repaired))
    # Committed: the repair is one action in the log, and the stored snapshot is repaired.
    stored_row = await service.store.tables.get(table_id)
    assert stored_row is not None and stored_row.seq == table.seq
    assert stored_row.snapshot["settings"][name] == repaired
    [last] = (await service.store.tables.actions(table_id))[-1:]
    assert last.kind == "repair" and last.payload["repaired"][0]["what"] == name

    again = await open_service(database)  # repaired once: the next start finds it valid
    assert again.registry.take_restored() == []
    assert again.registry.get(table_id).to_dict() == table.to_dict()


async def test_a_computer_of_an_unknown_level_plays_again(database: str | Path) -> None:
    def change(snapshot: Snapshot) -> None:
        snapshot["settings"]["computer_kind"] = "grandmaster"
        snapshot["seats"][1]["level"] = "wizard"
        snapshot["seats"][0]["autoplay"] = True  # the computer plays Alice's seat too

    service, table_id, clock = await _stored_then_restarted(database, change)

    assert [c.what for c in _repairs(service, table_id).changes] == [
        "computer_kind",
        "seat 2 level",
    ]
    table = service.registry.get(table_id)
    assert table.seats[1].level is None and table.computer_due is not None
    before = table.seq
    clock.advance(1)
    assert table_id in await service.tick()  # the timer works again: no traceback, a move
    assert service.registry.get(table_id).seq > before


async def test_a_computer_delay_of_a_year_no_longer_freezes_the_table(
    database: str | Path,
) -> None:
    def change(snapshot: Snapshot) -> None:
        snapshot["settings"]["bot_delay"] = 3e7
        snapshot["seats"][0]["autoplay"] = True  # only computers to act
        snapshot["computer_due"] = snapshot["created_at"] + 3e7  # as that delay armed it

    service, table_id, clock = await _stored_then_restarted(database, change)

    table = service.registry.get(table_id)
    assert table.settings.bot_delay == 60.0
    assert table.computer_due is not None and table.computer_due <= clock.now() + 60
    clock.advance(60)
    assert table_id in await service.tick()


async def test_a_deadline_no_setting_can_set_is_rearmed(database: str | Path) -> None:
    def change(snapshot: Snapshot) -> None:
        snapshot["settings"] = SLOW
        snapshot["seats"][0]["autoplay"] = True
        snapshot["computer_due"] = 1e15

    service, table_id, clock = await _stored_then_restarted(database, change)

    [change_made] = _repairs(service, table_id).changes
    assert change_made.what == "deadlines"
    assert service.registry.get(table_id).computer_due == clock.now() + 1.0


async def test_hands_and_target_out_of_range_take_the_nearest_end(database: str | Path) -> None:
    def change(snapshot: Snapshot) -> None:
        snapshot["rules"]["match_hands"] = 500
        snapshot["match"]["rules"]["match_hands"] = 500
        snapshot["match"]["planned_hands"] = 500

    service, table_id, _ = await _stored_then_restarted(database, change)

    table = service.registry.get(table_id)
    assert table.rules.match_hands == 64 and table.match is not None
    assert table.match.rules.match_hands == 64 and table.match.planned_hands == 64
    assert [c.what for c in _repairs(service, table_id).changes] == [
        "match_hands",
        "planned_hands",
    ]


@pytest.mark.parametrize(("option", "stored", "repaired"), [("match_hands", 0, 1)])
async def test_a_lobby_with_an_end_out_of_range_is_repaired(
    database: str | Path, option: str, stored: int, repaired: int
) -> None:
    def change(snapshot: Snapshot) -> None:
        snapshot["rules"][option] = stored

    service, table_id, _ = await _stored_then_restarted(database, change, start=False)

    assert getattr(service.registry.get(table_id).rules, option) == repaired


async def test_a_target_out_of_range_is_repaired(database: str | Path) -> None:
    def change(snapshot: Snapshot) -> None:
        snapshot["rules"].update(match_hands=None, target_score=50)

    service, table_id, _ = await _stored_then_restarted(database, change, start=False)

    assert service.registry.get(table_id).rules.target_score == 100


async def test_a_human_seat_without_a_player_is_the_computers(database: str | Path) -> None:
    def change(snapshot: Snapshot) -> None:
        snapshot["seats"][1].update(kind="human", user_id=None)

    service, table_id, _ = await _stored_then_restarted(database, change, humans={0: ALICE, 1: BOB})

    seat = service.registry.get(table_id).seats[1]
    assert seat.kind == SeatKind.COMPUTER and seat.user_id is None
    assert _repairs(service, table_id).changes[0].what == "seat 2 player"


async def test_a_human_seat_without_a_player_is_emptied_in_the_lobby(
    database: str | Path,
) -> None:
    def change(snapshot: Snapshot) -> None:
        snapshot["seats"][1].update(kind="human", user_id=True, name="ghost")

    service, table_id, _ = await _stored_then_restarted(database, change, start=False)

    assert service.registry.get(table_id).free_seats() == [1]


async def test_a_name_of_any_length_is_cut_and_cleaned(database: str | Path) -> None:
    def change(snapshot: Snapshot) -> None:
        snapshot["seats"][0]["name"] = "Anna\n\x1b[31m" + "x" * 1_000_000

    service, table_id, _ = await _stored_then_restarted(database, change)

    name = service.registry.get(table_id).seats[0].name
    assert len(name) == NAME_MAX and name.startswith("Anna[31mx")
    stored = await service.store.tables.get(table_id)
    assert stored is not None and len(dump_json(stored.snapshot)) < 10_000


async def test_what_cannot_be_repaired_closes_the_table_with_a_note(
    database: str | Path, caplog: pytest.LogCaptureFixture
) -> None:
    def change(snapshot: Snapshot) -> None:
        snapshot["rules"]["no_such_option"] = 1

    service, table_id, _ = await _stored_then_restarted(database, change)

    assert service.open_tables() == []
    assert service.registry.get(table_id).status == Status.CLOSED
    assert _repairs(service, table_id).closed
    assert len([r for r in caplog.records if "unreadable" in r.getMessage()]) == 1


async def test_a_valid_table_is_restored_untouched(database: str | Path) -> None:
    service, table_id, _ = await _stored_then_restarted(database, lambda snapshot: None)

    assert service.registry.take_restored() == []
    assert [a.kind for a in await service.store.tables.actions(table_id)][-1] != "repair"


async def test_the_listeners_hear_each_repair_once(database: str | Path) -> None:
    service, table_id, _ = await _stored_then_restarted(
        database, _setting("computer_kind", "grandmaster")
    )
    heard: list[Any] = []

    async def listen(answer: Any) -> None:
        heard.append(answer)

    service.listeners.append(listen)

    [answer] = await service.announce_restored()
    assert await service.announce_restored() == []
    assert heard == [answer] and answer.id == table_id
    [event] = answer.events
    assert isinstance(event, Repaired) and not event.closed
