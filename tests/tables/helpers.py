"""Helpers for driving the table service in tests: open tables and play human seats."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot.engine import Match, Phase, RuleSet, action_from_dict
from bot.engine.games import replay
from bot.store import Store, open_store
from bot.tables import (
    FakeClock,
    Table,
    TableError,
    TableService,
    TableSettings,
    private_hand,
    public_table,
)
from bot.tables.answers import TableAnswer
from bot.tables.readmodels import PrivateHand
from tests.seeds import table_seeds

INSTANT = TableSettings(turn_timer=0, claim_grace=0, trick_pause=0, bot_delay=0)
ALICE, BOB, CARL, DIRK = 101, 102, 103, 104
CHANNEL = 555


M = TypeVar("M")

OPENED: list[Store] = []  # closed by the autouse fixture, so a failing test cannot hang exit


async def open_service(database: str | Path, clock: FakeClock | None = None) -> TableService:
    """A restored table service on `database` (a SQLite file or a PostgreSQL URL)."""
    store = await open_store(database)
    OPENED.append(store)
    service = TableService(store, clock or FakeClock(), seeds=table_seeds())
    await service.restore()
    return service


@asynccontextmanager
async def service_on(database: str | Path) -> AsyncIterator[TableService]:
    """`open_service` on ``database``, every store opened closed at the end."""
    try:
        yield await open_service(database)
    finally:
        while OPENED:
            await OPENED.pop().close()


async def people_at(service: TableService, preset: str, users: tuple[int, ...]) -> Any:
    """A table of ``preset`` started with ``users`` in its seats (the first opens), named
    a, b, c by seat: the start's answer."""
    rules = RuleSet.game_preset(preset)
    table = await service.open(1, CHANNEL, users[0], "a", rules, INSTANT)
    for seat, user in enumerate(users[1:], start=1):
        await service.sit(table.id, user, "abcd"[seat], seat)
    return await service.start(table.id, users[0])


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


async def snapshot(service: TableService, table_id: int) -> tuple[dict, int]:
    """The in-memory state and the number of logged actions on disk."""
    return service.registry.get(table_id).to_dict(), len(
        await service.store.tables.actions(table_id)
    )


async def refused(service: TableService, table_id: int, code: str, call: object) -> TableError:
    """Await ``call`` expecting refusal ``code`` and no change in memory or on disk."""
    before = await snapshot(service, table_id)
    with pytest.raises(TableError) as info:
        await call  # type: ignore[misc]
    assert info.value.code == code, info.value
    assert await snapshot(service, table_id) == before
    return info.value


async def started_with_computers(
    service: TableService, humans: dict[int, int], rules: RuleSet, **settings: Any
) -> int:
    """A started table of ``rules``: ``humans`` ({seat: user}, seat 0 opens), computers in
    the other seats (Start with computers)."""
    opener = humans[0]
    table = await service.open(1, CHANNEL, opener, "opener", rules, replace(INSTANT, **settings))
    for seat, user in humans.items():
        if seat:
            await service.sit(table.id, user, f"user{user}", seat)
    await service.start(table.id, opener, fill=True)
    return table.id


def match_of(service: TableService, table_id: int, kind: type[M]) -> M:
    """The table's match, a ``kind`` with a hand in play."""
    match = service.registry.get(table_id).match
    assert isinstance(match, kind) and getattr(match, "hand", None) is not None
    return match


async def play_out_by(
    service: TableService, table_id: int, user: int, act: Callable[[], Awaitable[object]]
) -> None:
    """``user``, the only human, decides (``act``) until the match is over."""
    for _ in range(2000):
        table = service.registry.get(table_id)
        if not table.is_open:
            return
        waiting = table.waiting_for()
        assert waiting is not None and waiting[1] == user
        await act()
    raise AssertionError("match did not finish")


async def assert_log_replays(service: TableService, table_id: int, rules: RuleSet) -> None:
    """The stored action log replays to the stored match (the engine's one game switch)."""
    stored = await service.store.tables.get(table_id)
    assert stored is not None
    snapshot = stored.snapshot["match"]
    log = [r.payload for r in await service.store.tables.actions(table_id) if r.kind in ENGINE_ROWS]
    match = replay(rules, snapshot["seed"], snapshot["first_dealer"], log)
    assert match.to_dict() == snapshot


async def close_claim_window(service: TableService, table_id: int, clock: FakeClock) -> bool:
    """When no one is to act (a claim window), run the clock to the table's next deadline
    and tick, which closes it; whether it did."""
    table = service.registry.get(table_id)
    if table.waiting_for() is not None:
        return False
    due = table.next_deadline()
    assert due is not None
    clock.time = max(clock.time, due)
    await service.tick()
    return True


async def restored_after_restart(
    service: TableService, database: str | Path, clock: FakeClock, table_id: int, seats: int
) -> TableService:
    """A restart: the store closed, a new service on it; the table restored exactly, its
    public view and the hands of the first ``seats`` seats as before."""
    before = service.registry.get(table_id)
    views = (public_table(before), *(private_hand(before, seat) for seat in range(seats)))
    await service.store.close()
    again = await open_service(database, clock)
    restored = again.registry.get(table_id)
    assert restored.to_dict() == before.to_dict()
    after = (public_table(restored), *(private_hand(restored, seat) for seat in range(seats)))
    assert after == views
    return again


def is_over(table: Table) -> bool:
    """Whether the table's match is over (the table no longer open)."""
    return not table.is_open


async def by_whoever_waits(
    service: TableService,
    table_id: int,
    act: Callable[[int], Awaitable[object]],
    times: int,
    until: Callable[[Table], bool] = lambda table: False,
) -> None:
    """Up to ``times`` decisions, each by the human the table waits for (``act(user)``),
    stopping once the table is as ``until`` asks."""
    for _ in range(times):
        table = service.registry.get(table_id)
        if until(table):
            return
        waiting = table.waiting_for()
        assert waiting is not None
        await act(waiting[1])


async def claims_through_the_match(
    service: TableService,
    table_id: int,
    clock: FakeClock,
    act: Callable[[], Awaitable[object]],
    ours: Callable[[Any, Any], bool],
    theirs: Callable[[Any, Any], bool],
) -> tuple[int, int]:
    """Alice, the only human, plays (``act``) to the end; in each claim window she claims
    the roem of a last trick that is ``ours(hand, trick)`` (each claim credited), and of
    the first that is ``theirs`` (refused ``wrong_pair``, which changes nothing); a window
    closes on its timer. (claims credited, claims refused)."""
    claimed = refused_other = 0
    for _ in range(3000):
        table = service.registry.get(table_id)
        if not table.is_open:
            break
        hand = table.match.hand if table.match is not None else None
        assert hand is not None
        trick = hand.last_trick
        if hand.claim_open and trick is not None:
            if ours(hand, trick):
                answer = await service.claim(table_id, ALICE)
                assert "roem_claimed" in [e.kind for e in answer.events]
                claimed += 1
                continue
            if not refused_other and theirs(hand, trick):
                await refused(service, table_id, "wrong_pair", service.claim(table_id, ALICE))
                refused_other += 1
        if await close_claim_window(service, table_id, clock):
            continue
        await act()
    assert not service.registry.get(table_id).is_open
    return claimed, refused_other


async def alone_with_computers(
    database: str | Path, rules: RuleSet, clock: FakeClock | None = None, **settings: Any
) -> tuple[TableService, int]:
    """`open_service` on ``database`` and a table of ``rules`` started by Alice alone with
    computers (`started_with_computers`): (service, table)."""
    service = await open_service(database, clock)
    return service, await started_with_computers(service, {0: ALICE}, rules, **settings)


async def play_again_started(
    service: TableService, table_id: int, kinds: list[str]
) -> tuple[TableAnswer, TableAnswer]:
    """Alice's Play again on a finished table, seating ``kinds`` as before, and the new
    table started: (the new table, its start)."""
    again = await service.play_again(table_id, ALICE)
    assert [s.kind for s in again.public.seats] == kinds
    return again, await service.start(again.id, ALICE)


def own_hand(service: TableService, table_id: int, user: int) -> PrivateHand:
    """What ``user`` sees of their own hand at the table now."""
    table = service.registry.get(table_id)
    return private_hand(table, table.human_seat(user))
