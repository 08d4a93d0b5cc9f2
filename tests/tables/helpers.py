"""Helpers for driving the table service in tests: open tables and play human seats."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.engine import Match, Phase, RuleSet, action_from_dict
from bot.store import Store, open_store
from bot.tables import FakeClock, Table, TableService, TableSettings, private_hand
from tests.seeds import table_seeds

INSTANT = TableSettings(turn_timer=0, claim_grace=0, trick_pause=0, bot_delay=0)
ALICE, BOB, CARL, DIRK = 101, 102, 103, 104
CHANNEL = 555


OPENED: list[Store] = []  # closed by the autouse fixture, so a failing test cannot hang exit


async def open_service(database: str | Path, clock: FakeClock | None = None) -> TableService:
    """A restored table service on `database` (a SQLite file or a PostgreSQL URL)."""
    store = await open_store(database)
    OPENED.append(store)
    service = TableService(store, clock or FakeClock(), seeds=table_seeds())
    await service.restore()
    return service


async def table_with(
    service: TableService,
    humans: dict[int, int],
    settings: TableSettings = INSTANT,
    rules: RuleSet | None = None,
    channel: int = CHANNEL,
    start: bool = True,
    fill: bool = True,
    deal_seed: str | None = None,
) -> Table:
    """A table with ``humans`` ({seat: user id}, seat 0 opens) and, if ``fill``, computers
    in the other seats."""
    opener = humans[0]
    table = await service.open(
        1, channel, opener, f"user{opener}", rules, settings, deal_seed=deal_seed
    )
    for seat in range(1, 4):
        if seat in humans:
            await service.sit(table.id, humans[seat], f"user{humans[seat]}", seat)
        elif fill:
            await service.add_computer(table.id, opener, seat)
    if start:
        await service.start(table.id, opener)
    return service.registry.get(table.id)


def human_to_act(service: TableService, table_id: int) -> tuple[int, int] | None:
    """(seat, user id) of the human whose decision the table waits for, if any."""
    table = service.registry.get(table_id)
    hand = table.match.hand if table.match is not None else None
    if hand is None or hand.to_act is None:
        return None
    seat = hand.to_act
    state = table.seats[seat]
    if state.computer_acts or state.user_id is None:
        return None
    return seat, state.user_id


async def act_once(service: TableService, table_id: int, pick: int = 0) -> Any:
    """Make the waiting human's decision: first allowed suit, or a legal card."""
    found = human_to_act(service, table_id)
    assert found is not None, "no human to act"
    seat, user = found
    table = service.registry.get(table_id)
    view = private_hand(table, seat)
    hand = table.match.hand if table.match else None
    assert hand is not None
    if hand.phase == Phase.TRUMP:
        assert view.trump_options is not None
        return await service.choose_trump(table_id, user, view.trump_options.suits[0])
    if hand.phase == Phase.DOUBLING:  # a kraken table: pass on the call asked
        assert view.may_call is not None
        return await service.call(table_id, user, view.may_call, False)
    return await service.play(table_id, user, view.legal[pick % len(view.legal)])


async def play_until_done(service: TableService, table_id: int, limit: int = 2000) -> None:
    for _ in range(limit):
        table = service.registry.get(table_id)
        if not table.is_open:
            return
        await act_once(service, table_id)
    raise AssertionError("match did not finish")


ENGINE_ROWS = ("engine", "computer", "timeout", "claim_closed")  # log rows holding actions


async def logged_deals(store: Store, table_id: int) -> list[dict[str, Any]]:
    """Each hand of the table's first match as dealt (the fresh hand's state), found by
    replaying the stored action log from the seed the stored snapshot names; the replay
    must end where the table is."""
    stored = await store.tables.get(table_id)
    assert stored is not None
    table = Table.from_dict(stored.snapshot)
    assert table.match is not None and table.match_no == 1
    match = Match(table.rules, table.match_seed(1))
    assert match.hand is not None
    deals = [match.hand.to_dict()]
    for row in await store.tables.actions(table_id):
        if row.kind in ENGINE_ROWS:
            match.apply(action_from_dict(row.payload))
            if match.hand is not None and match.hand_number > len(deals):
                deals.append(match.hand.to_dict())
    assert match.to_dict() == table.match.to_dict()
    return deals
