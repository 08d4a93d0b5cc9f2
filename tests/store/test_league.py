"""The league tables: append-only rows, one open night per league, versions in order."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from bot.store import AlreadyStored, CheckinMessage, NewResult, PostedMessage, Store, StoreError
from bot.store.league import NightBusy, StoredAudit, StoredRun
from tests.backends import DATABASE_ERRORS, execute


async def test_one_open_night_per_league_and_numbering(store: Store) -> None:
    league = await store.leagues.create_league(1, "Club", {"name": "Club"}, 1.0)
    with pytest.raises(StoreError):
        await store.leagues.create_league(1, "Club", {"name": "Club"}, 1.0)
    first = await store.leagues.open_night(league, "s1", 2.0)
    with pytest.raises(NightBusy):
        await store.leagues.open_night(league, "s2", 3.0)
    await store.leagues.set_status(first.id, "closed", 4.0)
    second = await store.leagues.open_night(league, "s2", 5.0)
    assert (first.number, second.number) == (1, 2)
    assert [n.status for n in await store.leagues.nights(league)] == ["closed", "checkin"]


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE league_attendance SET kind = 'out'",
        "DELETE FROM league_attendance",
        "UPDATE league_rounds SET draw = '{}'",
        "DELETE FROM league_results",
        "UPDATE league_results SET result = '{}'",
        "DELETE FROM league_audit",
        "UPDATE league_adjustments SET points = 0",
    ],
)
async def test_night_rows_are_append_only(store: Store, statement: str) -> None:
    league = await store.leagues.create_league(1, "Club", {"name": "Club"}, 1.0)
    night = (await store.leagues.open_night(league, "s", 2.0)).id
    await store.leagues.add_attendance(night, {"user_id": 1, "kind": "in", "rounds_drawn": 0}, 3.0)
    await store.leagues.add_round(night, 1, {"number": 1}, False, 4.0)
    audit = StoredAudit(night, "penalty", None, None, None, 9, "why", None, {"p": 1}, 5.0)
    await store.leagues.add_result(NewResult(night, 1, 0, {"v": 1}, 9, 5.0, audit))
    await store.leagues.add_adjustment(night, {"user_id": 1, "points": -5, "reason": "x"}, audit)
    with pytest.raises(DATABASE_ERRORS, match="append-only"):
        await execute(store, statement)
    stored = await store.leagues.night(night)
    assert stored is not None and stored.status == "running"
    assert len(await store.leagues.audit(night)) == 2


async def test_result_versions_count_up_per_table(store: Store) -> None:
    league = await store.leagues.create_league(None, "Club", {"name": "Club"}, 1.0)
    night = (await store.leagues.open_night(league, "s", 2.0)).id
    await store.leagues.add_round(night, 1, {"number": 1}, True, 3.0)
    assert await store.leagues.add_result(NewResult(night, 1, 0, {"v": 1}, None, 4.0)) == 1
    assert await store.leagues.add_result(NewResult(night, 1, 1, {"v": 1}, None, 4.0)) == 1
    assert await store.leagues.add_result(NewResult(night, 1, 0, {"v": 2}, 7, 5.0)) == 2
    stored = await store.leagues.results(night)
    assert [(r.table_no, r.version, r.result["v"]) for r in stored] == [
        (0, 1, 1),
        (0, 2, 2),
        (1, 1, 1),
    ]


async def test_a_round_drawn_twice_is_refused_as_already_stored(store: Store) -> None:
    league = await store.leagues.create_league(1, "Club", {"name": "Club"}, 1.0)
    night = (await store.leagues.open_night(league, "s", 2.0)).id
    await store.leagues.add_round(night, 1, {"number": 1}, True, 3.0)
    with pytest.raises(AlreadyStored):
        await store.leagues.add_round(night, 1, {"number": 1, "other": True}, False, 4.0)
    assert await store.leagues.rounds(night) == [{"number": 1}]
    assert await store.leagues.dealt_rounds(night) == {1}


async def test_numbered_rows_written_at_once_take_turns(store: Store) -> None:
    """Check-ins and result versions number the next row; written concurrently they get
    1, 2, 3, ... rather than colliding (PostgreSQL runs them side by side)."""
    league = await store.leagues.create_league(1, "Club", {"name": "Club"}, 1.0)
    night = (await store.leagues.open_night(league, "s", 2.0)).id
    await asyncio.gather(
        *(
            store.leagues.add_attendance(night, {"user_id": u, "kind": "in", "rounds_drawn": 0}, 3)
            for u in range(1, 9)
        )
    )
    # All eight stored (no two took one seq); concurrent writes have no order to keep.
    assert sorted(e["user_id"] for e in await store.leagues.attendance(night)) == [*range(1, 9)]
    await store.leagues.add_round(night, 1, {"number": 1}, False, 4.0)
    versions = await asyncio.gather(
        *(store.leagues.add_result(NewResult(night, 1, 0, {"v": v}, 7, 5.0)) for v in range(6))
    )
    assert sorted(versions) == [1, 2, 3, 4, 5, 6]


async def test_a_scheduled_posting_is_recorded_once(store: Store) -> None:
    first = await store.leagues.create_league(1, "Club", {"name": "Club"}, 1.0)
    other = await store.leagues.create_league(2, "Club", {"name": "Club"}, 2.0)
    assert [(lg.id, lg.guild_id, lg.updated_at) for lg in await store.leagues.all_leagues()] == [
        (first, 1, 1.0),
        (other, 2, 2.0),
    ]
    checkin = StoredRun(first, 7_200, "checkin", 0, 3_600, "posted", 55, 3_601.0)
    reminder = StoredRun(first, 7_200, "reminder", 15, 6_300, "skipped", None, 6_900.0)
    later = StoredRun(first, 612_000, "checkin", 0, 608_400, "posted", None, 608_401.0)
    assert await store.leagues.add_runs([checkin, reminder, later]) == [True, True, True]
    again = StoredRun(first, 7_200, "checkin", 0, 3_600, "skipped", None, 7_000.0)
    assert await store.leagues.add_runs([again, replace(again, league_id=other)]) == [False, True]
    assert await store.leagues.runs(first, [7_200]) == [checkin, reminder]
    assert await store.leagues.runs(first) == [checkin, reminder, later]
    with pytest.raises(DATABASE_ERRORS):
        await store.leagues.add_runs([StoredRun(first, 1, "posting", 0, 1, "posted", None, 1.0)])
    assert len(await store.leagues.runs(first)) == 3  # the failed batch left nothing


async def test_a_nights_newest_checkin_message_replaces_the_last(store: Store) -> None:
    league = await store.leagues.create_league(1, "Dinsdag", {}, 1.0)
    night = (await store.leagues.open_night(league, "s", 2.0)).id
    assert await store.leagues.checkin_message(night) is None

    await store.leagues.set_checkin_message(night, CheckinMessage(10, 501, 0), 3.0)
    await store.leagues.set_checkin_message(night, CheckinMessage(11, 502, 1), 4.0)

    assert await store.leagues.checkin_message(night) == CheckinMessage(11, 502, 1)
    with pytest.raises(DATABASE_ERRORS):  # only a night's message: the night must exist
        await store.leagues.set_checkin_message(night + 99, CheckinMessage(10, 503, 0), 5.0)


async def test_a_nights_standings_message_is_kept_by_kind_and_replaced(store: Store) -> None:
    league = await store.leagues.create_league(1, "Dinsdag", {}, 1.0)
    night = (await store.leagues.open_night(league, "s", 2.0)).id
    second = await store.leagues.create_league(1, "B", {}, 1.0)
    other = (await store.leagues.open_night(second, "t", 2.0)).id
    assert await store.leagues.night_message(night, "standings") is None

    await store.leagues.set_night_message(night, "standings", PostedMessage(10, 601), 3.0)
    await store.leagues.set_night_message(other, "standings", PostedMessage(10, 602), 3.0)
    await store.leagues.set_night_message(night, "standings", PostedMessage(10, 603), 4.0)

    assert await store.leagues.night_message(night, "standings") == PostedMessage(10, 603)
    assert await store.leagues.night_message(other, "standings") == PostedMessage(10, 602)
    assert await store.leagues.night_message(night, "other") is None
    with pytest.raises(DATABASE_ERRORS):  # only a night's message: the night must exist
        await store.leagues.set_night_message(night + 99, "standings", PostedMessage(1, 2), 5.0)


async def test_night_rows_read_a_whole_night_as_its_parts_do(store: Store) -> None:
    """One call gives the night and what it produced, the same as each part's own read."""
    league = await store.leagues.create_league(1, "Club", {"name": "Club"}, 1.0)
    night = (await store.leagues.open_night(league, "s", 2.0)).id
    assert await store.leagues.night_rows(night + 1) is None
    empty = await store.leagues.night_rows(night)
    assert empty is not None and empty.night == await store.leagues.night(night)
    assert (empty.attendance, empty.rounds, empty.results, empty.adjustments) == ([], [], [], [])
    event = {"user_id": 1, "kind": "in", "rounds_drawn": 0, "partner_id": 2}
    await store.leagues.add_attendance(night, event, 3.0)
    await store.leagues.add_round(night, 1, {"number": 1}, False, 4.0)
    await store.leagues.add_result(NewResult(night, 1, 0, {"v": 1}, 9, 5.0))
    await store.leagues.add_result(NewResult(night, 1, 0, {"v": 2}, 9, 6.0))
    audit = StoredAudit(night, "penalty", None, None, None, 9, "why", None, {"p": 1}, 7.0)
    await store.leagues.add_adjustment(night, {"user_id": 1, "points": -5, "reason": "x"}, audit)
    rows = await store.leagues.night_rows(night)
    assert rows is not None
    assert rows.night == await store.leagues.night(night)
    assert rows.night.status == "running"
    assert rows.attendance == await store.leagues.attendance(night) == [event]
    assert rows.rounds == await store.leagues.rounds(night) == [{"number": 1}]
    assert rows.results == await store.leagues.results(night)
    assert [r.result["v"] for r in rows.results] == [1, 2]
    assert rows.adjustments == await store.leagues.adjustments(night)
    assert rows.adjustments == [{"user_id": 1, "points": -5, "reason": "x"}]
