"""Play again and Start with computers in the table service, on SQLite and PostgreSQL:
who may ask, what the new table holds, what stays of the finished one, and the refusals
(each changes nothing, in memory or in the store)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.engine import RuleSet
from bot.tables import RefusalCode, SeatKind, Status, TableError, TableService
from bot.tables.events import ComputerAdded, Opened, Started
from bot.tables.registry import EVICT_AFTER

from .helpers import ALICE, BOB, CARL, CHANNEL, INSTANT, open_service, play_until_done

ONE_HAND = RuleSet.preset("rotterdam").with_options(match_hands=1, target_score=None)
SETTINGS = replace(INSTANT, computer_kind="normal", locale="nl")


async def finished(service: TableService, channel: int = CHANNEL, league: bool = False) -> int:
    """A one-hand match of Alice (seat 1) and Bob (seat 3), an easy computer at seat 2 and
    one at the table's level at seat 4, played to its end: the table's id."""
    settings = replace(SETTINGS, league=league)
    table = await service.open(1, channel, ALICE, "alice", ONE_HAND, settings)
    await service.add_computer(table.id, ALICE, 1, level="easy")
    await service.sit(table.id, BOB, "bob", 2)
    await service.add_computer(table.id, ALICE, 3)
    await service.start(table.id, ALICE)
    await play_until_done(service, table.id)
    assert service.registry.get(table.id).status == Status.FINISHED
    return table.id


async def state(service: TableService, table_id: int) -> tuple[dict[str, object], int]:
    """The table's committed state and how many actions its log holds."""
    stored = await service.store.tables.get(table_id)
    assert stored is not None
    return stored.snapshot, len(await service.store.tables.actions(table_id))


async def test_play_again_seats_the_same_four_at_a_new_table(database: str | Path) -> None:
    service = await open_service(database)
    old = await finished(service)
    before = service.get(old)
    sheet = await service.store.tables.sheet(old, 1)

    answer = await service.play_again(old, BOB, before.seq, CHANNEL)

    new = service.registry.get(answer.id)
    assert answer.id != old and answer.events == (Opened(again_of=old),)
    assert new.status == Status.LOBBY and new.channel_id == CHANNEL
    assert service.in_channel(CHANNEL) is not None and service.in_channel(CHANNEL).id == new.id
    assert new.opener_id == BOB  # who pressed it opened it
    assert new.rules == ONE_HAND and new.settings == SETTINGS
    assert [(s.kind, s.user_id, s.level) for s in new.seats] == [
        (SeatKind.HUMAN, ALICE, None),
        (SeatKind.COMPUTER, None, "easy"),  # a computer keeps its level
        (SeatKind.HUMAN, BOB, None),
        (SeatKind.COMPUTER, None, None),  # ... or the table's
    ]
    assert new.seed != service.registry.get(old).seed and new.match is None
    # The finished table stays as it was, its sheet too; it names the new table.
    kept = service.registry.get(old)
    assert kept.status == Status.FINISHED and kept.next_table == new.id
    assert kept.match is not None and kept.match.result is not None
    assert await service.store.tables.sheet(old, 1) == sheet
    [*_, last] = await service.store.tables.actions(old)
    assert (last.kind, last.actor, last.payload) == ("again", BOB, {"table": new.id})
    [opened] = await service.store.tables.actions(new.id)
    assert opened.payload["again_of"] == old
    assert opened.payload["seats"] == ["human", "computer", "human", "computer"]
    assert answer.public.again_open is False and kept.replayable is False

    # It starts like any table, and a restart finds both as they were.
    started = await service.start(new.id, ALICE)
    assert started.status == Status.PLAYING
    again = await open_service(database)
    assert again.registry.get(new.id).status == Status.PLAYING
    assert (await again.find(old)).public.next_table == new.id


async def test_refusals_change_nothing(database: str | Path) -> None:
    service = await open_service(database)
    old = await finished(service)
    seq = service.get(old).seq
    league = await finished(service, CHANNEL + 1, league=True)

    async def refused(table_id: int, user: int, code: RefusalCode, **where: object) -> None:
        before = await state(service, table_id)
        with pytest.raises(TableError) as info:
            await service.play_again(table_id, user, **where)  # type: ignore[arg-type]
        assert info.value.code == code, info.value
        assert await state(service, table_id) == before

    await refused(old, CARL, RefusalCode.NOT_SEATED, seq=seq)  # not one of the four
    await refused(old, ALICE, RefusalCode.STALE, seq=seq - 1)  # drawn for an earlier state
    await refused(old, ALICE, RefusalCode.WRONG_CHANNEL, seq=seq, channel_id=CHANNEL + 9)
    await refused(league, ALICE, RefusalCode.AGAIN_LEAGUE, seq=service.get(league).seq)
    busy = await service.open(1, CHANNEL, CARL, "carl")  # someone else took the channel
    await refused(old, ALICE, RefusalCode.CHANNEL_BUSY, seq=seq)
    await service.close(busy.id, CARL)

    await service.play_again(old, ALICE, seq)
    await refused(old, BOB, RefusalCode.AGAIN_DONE, seq=seq)  # the double click
    with pytest.raises(TableError) as info:
        await service.play_again(old, BOB, seq)
    assert info.value.facts == {"table": service.get(old).public.next_table}

    playing = await service.open(1, CHANNEL + 2, ALICE, "alice", ONE_HAND, SETTINGS)
    await service.start(playing.id, ALICE, fill=True)
    await refused(playing.id, ALICE, RefusalCode.NOT_FINISHED)
    with pytest.raises(TableError) as unknown:
        await service.play_again(10**12, ALICE)
    assert unknown.value.code == RefusalCode.UNKNOWN_TABLE


async def test_a_finished_table_forgotten_from_memory_can_still_be_played_again(
    database: str | Path,
) -> None:
    service = await open_service(database)
    old = await finished(service)
    seq = service.get(old).seq
    service.clock.time += EVICT_AFTER + 1  # type: ignore[attr-defined]
    await service.tick()  # the timers forget finished tables
    assert service.registry.held(old) is None

    answer = await service.play_again(old, ALICE, seq, CHANNEL)

    assert service.registry.get(old).next_table == answer.id
    assert (await state(service, old))[0]["next_table"] == answer.id


async def test_a_player_who_left_the_match_is_not_seated_again(database: str | Path) -> None:
    service = await open_service(database)
    table = await service.open(1, CHANNEL, ALICE, "alice", ONE_HAND, SETTINGS)
    await service.sit(table.id, BOB, "bob", 2)
    await service.start(table.id, ALICE, fill=True)
    await service.leave(table.id, BOB)  # a computer finishes Bob's match
    await play_until_done(service, table.id)
    seq = service.get(table.id).seq

    with pytest.raises(TableError) as info:
        await service.play_again(table.id, BOB, seq)
    assert info.value.code == RefusalCode.NOT_SEATED
    answer = await service.play_again(table.id, ALICE, seq)
    kinds = [(s.kind, s.user_id) for s in service.registry.get(answer.id).seats]
    assert kinds[2] == (SeatKind.COMPUTER, None)


async def test_start_with_computers_fills_the_free_seats_at_the_tables_level(
    database: str | Path,
) -> None:
    service = await open_service(database)
    table = await service.open(1, CHANNEL, ALICE, "alice", ONE_HAND, SETTINGS)
    await service.sit(table.id, BOB, "bob", 2)
    with pytest.raises(TableError) as info:
        await service.start(table.id, ALICE)
    assert info.value.code == RefusalCode.NOT_ENOUGH_PLAYERS and info.value.facts == {"free": 2}
    with pytest.raises(TableError) as outsider:
        await service.start(table.id, CARL, fill=True)
    assert outsider.value.code == RefusalCode.NOT_SEATED

    answer = await service.start(table.id, BOB, fill=True)

    events = answer.events
    assert events[:2] == (ComputerAdded(seat=1), ComputerAdded(seat=3))
    assert isinstance(events[2], Started)
    seats = service.registry.get(table.id).seats
    assert [(s.kind, s.level) for s in seats] == [
        (SeatKind.HUMAN, None),
        (SeatKind.COMPUTER, None),  # None: the table's level ("normal" here)
        (SeatKind.HUMAN, None),
        (SeatKind.COMPUTER, None),
    ]
    [*_, start] = [a for a in await service.store.tables.actions(table.id) if a.kind == "start"]
    assert start.payload == {"match_no": 1, "computers": [1, 3]}
    assert answer.status == Status.PLAYING
