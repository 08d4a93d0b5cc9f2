"""The challenge's store on each back end: numbering, one challenge per closing time, a
member's move all or nothing at its expected move count, results and pars append-only."""

from __future__ import annotations

import dataclasses

import pytest

from bot.store import Store
from bot.store.challenge_records import (
    EntryMoved,
    EntryWrite,
    NewChallenge,
    StoredDeal,
    StoredEntry,
)
from tests.backends import DATABASE_ERRORS, execute

GUILD = 5


def new(closes_at: float, guild: int = GUILD) -> NewChallenge:
    return NewChallenge(guild, "seed", "hash", {"name": "x"}, 2, {"nodes": 1}, 9, 1.0, closes_at)


def entry(challenge_id: int, **changes: object) -> StoredEntry:
    base = StoredEntry(challenge_id, 7, "Ann", 1, ({"type": "pass", "seat": 0},), 0, 1.0, 1.0)
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def deal(challenge_id: int, number: int = 1, user: int | None = 7) -> StoredDeal:
    return StoredDeal(challenge_id, user, "", number, 100, 62, 0, "h", False, ({"a": 1},), 2.0)


async def test_challenges_are_numbered_per_server_once_per_closing_time(store: Store) -> None:
    first = await store.challenges.open_challenge(new(100.0))
    again = await store.challenges.open_challenge(new(100.0))
    second = await store.challenges.open_challenge(new(200.0))
    other = await store.challenges.open_challenge(new(100.0, guild=6))
    assert (first.id, first.number) == (again.id, 1) and second.number == 2 and other.number == 1
    assert first.rules == {"name": "x"} and first.effort == {"nodes": 1} and first.channel_id == 9
    assert [c.id for c in await store.challenges.open_challenges()] == [
        first.id,
        other.id,
        second.id,
    ]
    assert await store.challenges.close(first.id, 150.0)
    assert not await store.challenges.close(first.id, 160.0)
    assert [c.id for c in await store.challenges.past(GUILD, 5)] == [first.id]
    assert [c.id for c in await store.challenges.unposted()] == [first.id]
    await store.challenges.set_summary(first.id, 0)
    assert await store.challenges.unposted() == []
    assert (await store.challenges.numbered(GUILD, 2)) == second
    assert (await store.challenges.open_in(GUILD)) == second


async def test_a_move_is_stored_at_its_expected_count_or_not_at_all(store: Store) -> None:
    cid = (await store.challenges.open_challenge(new(100.0))).id
    await store.challenges.save(EntryWrite(entry(cid), -1))
    with pytest.raises(EntryMoved):  # started twice
        await store.challenges.save(EntryWrite(entry(cid), -1))
    moved = entry(cid, deal=2, actions=(), seq=1, updated_at=3.0)
    await store.challenges.save(EntryWrite(moved, 0, deal(cid)))
    with pytest.raises(EntryMoved):  # the same move again: the entry is at 1 now
        await store.challenges.save(EntryWrite(moved, 0, deal(cid)))
    with pytest.raises(EntryMoved):  # a deal finished twice: nothing of the move is kept
        await store.challenges.save(EntryWrite(entry(cid, deal=3, seq=2), 1, deal(cid)))
    assert await store.challenges.entry(cid, 7) == moved
    assert [r.deal for r in await store.challenges.results(cid)] == [1]
    assert (await store.challenges.results(cid))[0].actions == ()  # standings need no actions
    assert (await store.challenges.result(cid, 7, 1)) == dataclasses.replace(deal(cid), name="Ann")
    assert await store.challenges.entry_count(cid) == 1


async def test_results_and_pars_are_append_only(store: Store) -> None:
    cid = (await store.challenges.open_challenge(new(100.0))).id
    await store.challenges.save(EntryWrite(entry(cid), -1))
    await store.challenges.save(EntryWrite(entry(cid, deal=2, seq=1), 0, deal(cid)))
    assert await store.challenges.add_par(deal(cid, user=None))
    assert not await store.challenges.add_par(deal(cid, user=None))
    assert [c.id for c in await store.challenges.without_par()] == [cid]  # deal 2 has none
    await store.challenges.add_par(deal(cid, number=2, user=None))
    assert await store.challenges.without_par() == []
    for sql in (
        "UPDATE challenge_results SET score = 0",
        "DELETE FROM challenge_results",
        "UPDATE challenge_pars SET score = 0",
        "DELETE FROM challenge_pars",
    ):
        with pytest.raises(DATABASE_ERRORS):
            await execute(store, sql)
    assert [p.score for p in await store.challenges.pars(cid)] == [100, 100]


async def test_settings_are_kept_per_server(store: Store) -> None:
    assert await store.challenges.settings(GUILD) is None
    await store.challenges.set_settings(GUILD, {"deals": 4}, 1.0)
    await store.challenges.set_settings(GUILD, {"deals": 6}, 2.0)
    assert await store.challenges.settings(GUILD) == {"deals": 6}
    assert await store.challenges.all_settings() == {GUILD: {"deals": 6}}
