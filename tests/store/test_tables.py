"""TableStore: tables, the action log, the score sheet, and all-or-nothing writes."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.store import (
    ChannelBusy,
    PostedNotice,
    SeqConflict,
    Store,
    StoredTable,
    TableNotFound,
    open_store,
)
from bot.store.records import ActionRecord, NewTable
from bot.store.sqlite import SqliteStore
from tests.backends import DATABASE_ERRORS, execute, fetch

from .conftest import GUILD, count, hand, match


async def test_create_and_get(store: Store) -> None:
    table_id = await store.tables.create(
        NewTable(GUILD, 10, 7, {"phase": "lobby", "seats": []}, 5.0)
    )
    assert await store.tables.get(table_id) == StoredTable(
        id=table_id,
        guild_id=GUILD,
        channel_id=10,
        opener_id=7,
        status="lobby",
        message_id=None,
        seq=0,
        snapshot={"phase": "lobby", "seats": []},
    )
    assert await store.tables.get(table_id + 1) is None


async def test_snapshot_is_canonical_json(store: Store) -> None:
    table_id = await store.tables.create(NewTable(GUILD, 10, 7, {"b": 1, "a": [1, 2]}, 5.0))
    rows = list(await fetch(store, "SELECT snapshot FROM tables WHERE id = ?", table_id))
    assert rows[0][0] == '{"a":[1,2],"b":1}'


async def test_one_open_table_per_channel(store: Store) -> None:
    first = await store.tables.create(NewTable(GUILD, 10, 7, {}, 1.0))
    with pytest.raises(ChannelBusy):
        await store.tables.create(NewTable(GUILD, 10, 8, {}, 2.0))
    other = await store.tables.create(NewTable(GUILD, 11, 8, {}, 2.0))  # another channel is fine
    await store.tables.record(ActionRecord(first, 1, 7, "start", {}, 3.0, {}, "playing"))
    with pytest.raises(ChannelBusy):
        await store.tables.create(NewTable(GUILD, 10, 8, {}, 4.0))
    await store.tables.record(ActionRecord(first, 2, 7, "finish", {}, 5.0, {}, "finished"))
    second = await store.tables.create(NewTable(GUILD, 10, 8, {}, 6.0))  # a finished table frees it
    await store.tables.record(ActionRecord(second, 1, None, "close", {}, 7.0, {}, "closed"))
    assert (
        await store.tables.create(NewTable(GUILD, 10, 9, {}, 8.0)) > second
    )  # so does a closed one
    assert [t.id for t in await store.tables.open_tables()] == [other, second + 1]


async def test_reopening_into_a_busy_channel_is_refused(store: Store) -> None:
    old = await store.tables.create(NewTable(GUILD, 10, 7, {}, 1.0))
    await store.tables.record(ActionRecord(old, 1, None, "close", {}, 2.0, {"v": 1}, "closed"))
    await store.tables.create(NewTable(GUILD, 10, 8, {}, 3.0))
    with pytest.raises(ChannelBusy):
        await store.tables.record(ActionRecord(old, 2, None, "reopen", {}, 4.0, {"v": 2}, "lobby"))
    stored = await store.tables.get(old)
    assert stored is not None and (stored.seq, stored.status, stored.snapshot) == (
        1,
        "closed",
        {"v": 1},
    )


async def test_record_appends_and_updates(store: Store) -> None:
    table_id = await store.tables.create(NewTable(GUILD, 10, 7, {"v": 0}, 1.0))
    await store.tables.record(
        ActionRecord(table_id, 1, 7, "sit", {"seat": 0}, 2.0, {"v": 1}, "lobby")
    )
    await store.tables.record(
        ActionRecord(table_id, 2, None, "deal", {"seed": 9}, 3.0, {"v": 2}, "playing")
    )
    stored = await store.tables.get(table_id)
    assert stored is not None
    assert (stored.seq, stored.status, stored.snapshot) == (2, "playing", {"v": 2})
    actions = await store.tables.actions(table_id)
    assert [(a.seq, a.actor, a.kind, a.payload, a.at) for a in actions] == [
        (1, 7, "sit", {"seat": 0}, 2.0),
        (2, None, "deal", {"seed": 9}, 3.0),
    ]
    rows = list(await fetch(store, "SELECT updated_at FROM tables WHERE id = ?", table_id))
    assert rows[0][0] == 3.0


@pytest.mark.parametrize("seq", [0, 1, 3])
async def test_seq_conflict_stores_nothing(store: Store, seq: int) -> None:
    table_id = await store.tables.create(NewTable(GUILD, 10, 7, {"v": 0}, 1.0))
    await store.tables.record(ActionRecord(table_id, 1, 7, "sit", {}, 2.0, {"v": 1}, "lobby"))
    with pytest.raises(SeqConflict) as caught:
        await store.tables.record(
            ActionRecord(
                table_id, seq, 7, "x", {}, 3.0, {"v": 9}, "playing", hands=(hand(table_id),)
            )
        )
    assert (caught.value.expected, caught.value.got) == (2, seq)
    stored = await store.tables.get(table_id)
    assert stored is not None and (stored.seq, stored.snapshot) == (1, {"v": 1})
    assert len(await store.tables.actions(table_id)) == 1
    assert await count(store, "hands") == 0


async def test_unknown_table(store: Store) -> None:
    with pytest.raises(TableNotFound):
        await store.tables.record(ActionRecord(99, 1, 7, "x", {}, 1.0, {}, "lobby"))
    with pytest.raises(TableNotFound):
        await store.tables.set_message(99, 5)
    with pytest.raises(TableNotFound):
        await store.tables.set_channel(99, 5)
    with pytest.raises(TableNotFound):
        await store.tables.set_notice(99, 5)


async def test_failure_mid_transaction_rolls_back_everything(store: Store) -> None:
    table_id = await store.tables.create(NewTable(GUILD, 10, 7, {"v": 0}, 1.0))
    await store.tables.record(ActionRecord(table_id, 1, 7, "start", {}, 2.0, {"v": 1}, "playing"))
    duplicate = [hand(table_id, 1), hand(table_id, 2), hand(table_id, 2)]
    with pytest.raises(DATABASE_ERRORS):
        await store.tables.record(
            ActionRecord(
                table_id, 2, 7, "play", {}, 3.0, {"v": 2}, "finished", hands=tuple(duplicate)
            )
        )
    stored = await store.tables.get(table_id)
    assert stored is not None
    assert (stored.seq, stored.status, stored.snapshot) == (1, "playing", {"v": 1})
    assert [a.seq for a in await store.tables.actions(table_id)] == [1]
    for name in ("hands", "player_hands", "matches", "player_matches"):
        assert await count(store, name) == 0, name
    if isinstance(store, SqliteStore):
        assert not store.db.in_transaction
    # The connection is still usable, and the same seq now goes through.
    await store.tables.record(
        ActionRecord(
            table_id, 2, 7, "play", {}, 3.0, {"v": 2}, "playing", hands=(hand(table_id, 1),)
        )
    )
    assert await count(store, "player_hands") == 4


async def test_failing_match_insert_rolls_back_hands(store: Store) -> None:
    table_id = await store.tables.create(NewTable(GUILD, 10, 7, {}, 1.0))
    await store.tables.record(ActionRecord(
        table_id, 1, 7, "a", {}, 2.0, {}, "playing", hands=(hand(table_id, 1),),
        match=match(table_id),
    ))  # fmt: skip
    with pytest.raises(DATABASE_ERRORS):  # match 1 was already stored
        await store.tables.record(ActionRecord(
            table_id, 2, 7, "b", {}, 3.0, {}, "playing", hands=(hand(table_id, 2),),
            match=match(table_id),
        ))  # fmt: skip
    assert await count(store, "hands") == 1
    assert await count(store, "player_matches") == 4
    assert [a.seq for a in await store.tables.actions(table_id)] == [1]


async def test_unserialisable_snapshot_stores_nothing(store: Store) -> None:
    table_id = await store.tables.create(NewTable(GUILD, 10, 7, {}, 1.0))
    with pytest.raises(TypeError):
        await store.tables.record(
            ActionRecord(table_id, 1, 7, "x", {}, 2.0, {"bad": object()}, "lobby")
        )
    with pytest.raises(TypeError):
        await store.tables.record(
            ActionRecord(table_id, 1, 7, "x", {"bad": {1, 2}}, 2.0, {}, "lobby")
        )
    assert await store.tables.actions(table_id) == []


async def test_records_of_another_table_are_refused(store: Store) -> None:
    table_id = await store.tables.create(NewTable(GUILD, 10, 7, {}, 1.0))
    with pytest.raises(ValueError):
        await store.tables.record(
            ActionRecord(table_id, 1, 7, "x", {}, 2.0, {}, "lobby", hands=(hand(99),))
        )
    assert await store.tables.actions(table_id) == []


async def test_actions_are_append_only(store: Store) -> None:
    table_id = await store.tables.create(NewTable(GUILD, 10, 7, {}, 1.0))
    await store.tables.record(ActionRecord(table_id, 1, 7, "x", {}, 2.0, {}, "lobby"))
    with pytest.raises(DATABASE_ERRORS, match="append-only"):
        await execute(store, "UPDATE actions SET kind = 'y'")
    with pytest.raises(DATABASE_ERRORS, match="append-only"):
        await execute(store, "DELETE FROM actions")


async def test_set_message_and_channel(store: Store) -> None:
    table_id = await store.tables.create(NewTable(GUILD, 10, 7, {}, 1.0))
    await store.tables.create(NewTable(GUILD, 11, 7, {}, 1.0))
    await store.tables.set_message(table_id, 555)
    with pytest.raises(ChannelBusy):
        await store.tables.set_channel(table_id, 11)
    await store.tables.set_channel(table_id, 12)
    stored = await store.tables.get(table_id)
    assert stored is not None and (stored.channel_id, stored.message_id) == (12, 555)
    await store.tables.set_message(table_id, None)
    stored = await store.tables.get(table_id)
    assert stored is not None and stored.message_id is None


async def test_standing_turn_notices_are_kept_per_table_open_or_not(
    database: str | Path,
) -> None:
    async with await open_store(database) as store:
        playing = await store.tables.create(NewTable(GUILD, 10, 7, {}, 1.0))
        ended = await store.tables.create(NewTable(None, 11, 7, {}, 1.0))
        quiet = await store.tables.create(NewTable(GUILD, 12, 7, {}, 1.0))
        await store.tables.set_notice(playing, 901)
        await store.tables.set_notice(ended, 902)
        await store.tables.record(ActionRecord(ended, 1, 7, "close", {}, 2.0, {}, "closed"))
        await store.tables.set_notice(quiet, 903)
        await store.tables.set_notice(quiet, None)  # deleted: no longer standing
    async with await open_store(database) as store:  # what a restart finds
        assert await store.tables.notices() == [
            PostedNotice(playing, GUILD, 10, 901),
            PostedNotice(ended, None, 11, 902),
        ]


async def test_reopen_restores_open_tables_and_actions(database: str | Path) -> None:
    async with await open_store(database) as store:
        playing = await store.tables.create(NewTable(GUILD, 10, 7, {}, 1.0))
        await store.tables.record(
            ActionRecord(playing, 1, 7, "deal", {"seed": 3}, 2.0, {"v": 1}, "playing")
        )
        await store.tables.set_message(playing, 42)
        done = await store.tables.create(NewTable(None, 11, 8, {}, 1.0))
        await store.tables.record(ActionRecord(done, 1, 8, "close", {}, 2.0, {}, "closed"))
        lobby = await store.tables.create(NewTable(None, 12, 8, {"v": 0}, 1.0))
        before = await store.tables.open_tables()
        logged = await store.tables.actions(playing)
    async with await open_store(database) as store:
        assert await store.tables.open_tables() == before
        assert [t.id for t in before] == [playing, lobby]
        assert before[0].message_id == 42 and before[0].snapshot == {"v": 1}
        assert await store.tables.actions(playing) == logged


async def test_score_sheet_and_player_rows(store: Store) -> None:
    table_id = await store.tables.create(NewTable(GUILD, 10, 7, {}, 1.0))
    computer_seats = (1, None, 3, None)
    first = hand(table_id, 1, seats=computer_seats)
    second = hand(
        table_id, 2, makers=1, chooser=1, points=(90, 72), roem=(0, 40), scores=(202, 0),
        nat=True, seats=computer_seats,
    )  # fmt: skip
    third = hand(
        table_id, 3, makers=0, chooser=2, points=(162, 0), roem=(0, 0), scores=(262, 0),
        pit=0, seats=computer_seats,
    )  # fmt: skip
    await store.tables.record(
        ActionRecord(table_id, 1, 1, "a", {}, 2.0, {}, "playing", hands=(first, second))
    )
    await store.tables.record(
        ActionRecord(table_id, 2, 3, "b", {}, 3.0, {}, "playing", hands=(third,))
    )
    assert await store.tables.sheet(table_id, 1) == [first, second, third]
    assert await store.tables.sheet(table_id, 2) == []

    rows = await fetch(
        store,
        "SELECT number, user_id, seat, pair, maker, chose, nat, pit, points, roem, computers"
        " FROM player_hands ORDER BY number, user_id",
    )
    assert [tuple(row) for row in rows] == [
        (1, 1, 0, 0, 1, 1, 0, 0, 120, 20, 1),
        (1, 3, 2, 0, 1, 0, 0, 0, 120, 20, 1),
        (2, 1, 0, 0, 0, 0, 0, 0, 202, 0, 1),  # defenders: the makers' nat is not theirs
        (2, 3, 2, 0, 0, 0, 0, 0, 202, 0, 1),
        (3, 1, 0, 0, 1, 0, 0, 1, 262, 0, 1),
        (3, 3, 2, 0, 1, 1, 0, 1, 262, 0, 1),
    ]


async def test_match_rows(store: Store) -> None:
    table_id = await store.tables.create(NewTable(GUILD, 10, 7, {}, 1.0))
    won = match(table_id, winner=1)
    drawn = match(table_id, match_no=2, totals=(1000, 1000), winner=None, seats=(1, 2, None, 4))
    await store.tables.record(
        ActionRecord(table_id, 1, 1, "end", {}, 2.0, {}, "playing", match=won)
    )
    await store.tables.record(
        ActionRecord(table_id, 2, 1, "end", {}, 3.0, {}, "finished", match=drawn)
    )
    rows = await fetch(
        store,
        "SELECT match_no, rules, total0, total1, winner, hands, computers FROM matches"
        " ORDER BY match_no",
    )
    assert [tuple(row) for row in rows] == [
        (1, "amsterdam", 1200, 800, 1, 16, 0),
        (2, "amsterdam", 1000, 1000, None, 16, 1),
    ]
    rows = await fetch(
        store,
        "SELECT match_no, user_id, pair, result, points, computers FROM player_matches"
        " ORDER BY match_no, user_id",
    )
    assert [tuple(row) for row in rows] == [
        (1, 1, 0, "loss", 1200, 0),
        (1, 2, 1, "win", 800, 0),
        (1, 3, 0, "loss", 1200, 0),
        (1, 4, 1, "win", 800, 0),
        (2, 1, 0, "draw", 1000, 1),
        (2, 2, 1, "draw", 1000, 1),
        (2, 4, 1, "draw", 1000, 1),
    ]


async def test_concurrent_records_on_different_tables_all_land(store: Store) -> None:
    ids = [await store.tables.create(NewTable(GUILD, 100 + n, 7, {}, 1.0)) for n in range(20)]

    async def play(table_id: int) -> None:
        for seq in range(1, 6):
            await store.tables.record(ActionRecord(
                table_id, seq, 7, "play", {"n": seq}, float(seq), {"seq": seq}, "playing",
                hands=(hand(table_id, seq),),
            ))  # fmt: skip

    await asyncio.gather(*(play(table_id) for table_id in ids))
    for table_id in ids:
        stored = await store.tables.get(table_id)
        assert stored is not None and stored.snapshot == {"seq": 5}
        assert [a.seq for a in await store.tables.actions(table_id)] == [1, 2, 3, 4, 5]
    assert await count(store, "hands") == 100
    assert await count(store, "player_hands") == 400


async def test_concurrent_records_with_the_same_seq_one_wins(store: Store) -> None:
    table_id = await store.tables.create(NewTable(GUILD, 10, 7, {}, 1.0))
    results = await asyncio.gather(
        *(
            store.tables.record(
                ActionRecord(table_id, 1, user, "sit", {}, 2.0, {"by": user}, "lobby")
            )
            for user in (1, 2, 3)
        ),
        return_exceptions=True,
    )
    assert sum(result is None for result in results) == 1
    assert sum(isinstance(result, SeqConflict) for result in results) == 2
    assert len(await store.tables.actions(table_id)) == 1


@pytest.mark.parametrize("delay", [0.0002 * n for n in range(16)])
async def test_cancelled_record_is_all_or_nothing(store: Store, delay: float) -> None:
    """Cancelled at various points (the delays span before BEGIN to after COMMIT on a
    typical machine); whichever point, the write is whole or absent, and the caller hears
    a cancel only when it is absent (the service's state must match what is stored)."""
    table_id = await store.tables.create(NewTable(GUILD, 10, 7, {"v": 0}, 1.0))
    write = store.tables.record(ActionRecord(
        table_id, 1, 7, "x", {}, 2.0, {"v": 1}, "playing",
        hands=(hand(table_id, 1), hand(table_id, 2)), match=match(table_id),
    ))  # fmt: skip
    task = asyncio.create_task(write)
    await asyncio.sleep(delay)
    task.cancel()
    [outcome] = await asyncio.gather(task, return_exceptions=True)
    stored = await store.tables.get(table_id)
    assert stored is not None
    landed = stored.seq == 1
    # The caller's answer matches the store: a cancel only where nothing was written.
    assert landed == (not isinstance(outcome, asyncio.CancelledError))
    assert await count(store, "actions") == int(landed)
    assert await count(store, "player_hands") == 8 * landed
    assert await count(store, "player_matches") == 4 * landed
    assert stored.snapshot == ({"v": 1} if landed else {"v": 0})
    # Either way the connection is free and the log continues from the stored seq.
    await store.tables.record(
        ActionRecord(table_id, stored.seq + 1, 7, "y", {}, 3.0, {"v": 2}, "playing")
    )


async def test_create_with_its_first_action_is_one_transaction(store: Store) -> None:
    def snapshot(table_id: int) -> dict[str, int]:
        return {"id": table_id}

    table_id = await store.tables.create(
        NewTable(GUILD, 10, 7, snapshot, 1.0, (7, "open", {"r": 1}))
    )
    stored = await store.tables.get(table_id)
    assert stored is not None and stored.snapshot == {"id": table_id} and stored.seq == 1
    assert [(a.seq, a.kind, a.payload) for a in await store.tables.actions(table_id)] == [
        (1, "open", {"r": 1})
    ]

    def broken(table_id: int) -> dict[str, object]:
        return {"id": object()}  # not storable: fails after the INSERT

    with pytest.raises(TypeError):
        await store.tables.create(NewTable(GUILD, 11, 7, broken, 2.0, (7, "open", {})))
    assert [t.channel_id for t in await store.tables.open_tables()] == [10]
