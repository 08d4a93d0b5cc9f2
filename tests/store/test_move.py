"""`python -m bot migrate-store`: a SQLite database copied into PostgreSQL, row for row,
and its open table resuming there as after a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot import __main__ as entry
from bot.store import (
    CheckinMessage,
    PostedMessage,
    RatingMark,
    RatingSave,
    Store,
    StoredAudit,
    StoredRating,
    StoredRun,
    open_store,
)
from bot.store.challenge_records import (
    EntryWrite,
    NewChallenge,
    StoredDeal,
    StoredEntry,
)
from bot.store.move import COPIED_TABLES
from bot.store.records import NewResult, NewTable
from bot.tables import FakeClock, TableService
from tests.backends import fetch
from tests.seeds import table_seeds
from tests.tables.helpers import ALICE, BOB, CARL, DIRK, act_once, play_until_done, table_with

on_postgres = pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
SEATS = {0: ALICE, 1: BOB, 2: CARL, 3: DIRK}


async def _fill(path: Path) -> tuple[int, int]:
    """A finished match, a table mid-hand and a league night; (open table id, its seq)."""
    async with await open_store(path) as store:
        tables = TableService(store, FakeClock(), seeds=table_seeds())
        done = await table_with(tables, SEATS, channel=1)
        await play_until_done(tables, done.id)
        await _solo_hands(tables, store)
        playing = await table_with(tables, SEATS, channel=2)
        for _ in range(7):
            await act_once(tables, playing.id)
        league = await store.leagues.create_league(1, "Club", {"name": "Club"}, 1.0)
        night = (await store.leagues.open_night(league, "seed", 2.0)).id
        await store.leagues.add_attendance(
            night, {"user_id": 1, "kind": "in", "rounds_drawn": 0}, 3
        )
        await store.leagues.add_round(night, 1, {"number": 1}, True, 4.0)
        await store.leagues.link_table(night, 1, 0, done.id, 4.0)
        audit = StoredAudit(night, "penalty", None, None, None, 9, "late", None, {"p": -5}, 5.0)
        await store.leagues.add_result(NewResult(night, 1, 0, {"v": 1}, None, 5.0))
        await store.leagues.add_adjustment(
            night, {"user_id": 1, "points": -5, "reason": "x"}, audit
        )
        run = StoredRun(league, 7_200, "checkin", 0, 3_600, "posted", 5, 6.0)
        await store.leagues.add_runs([run])
        await store.preferences.set_notify_mode(ALICE, "dm", 6.0)
        await store.leagues.set_checkin_message(night, CheckinMessage(1, 77, 0), 6.0)
        await store.leagues.set_night_message(night, "standings", PostedMessage(1, 79), 6.0)
        await store.tables.set_notice(playing.id, 78)
        await store.state.put("commands", "f00d", 6.0)
        await store.ratings.start_season(1, 2, 6.0, ALICE)
        rating = StoredRating(ALICE, 27.0, 7.0, 13.0, 1, 6.5)
        await store.ratings.save(RatingSave(1, MARK, None, (rating,), True, 7.0))
        await _challenge(store, 1)
        return playing.id, tables.get(playing.id).seq


async def _solo_hands(tables: TableService, store: Store) -> None:
    """A match played alone with three computers, its first hand with its par."""
    solo = await table_with(tables, {0: ALICE}, channel=3)
    await play_until_done(tables, solo.id)
    waiting = await store.pars.waiting()
    assert await store.pars.set_par(waiting[0].key, 80, 8.0)


MARK = RatingMark(season=2, version=1, casual=1, league=0, seen_at=6.5)


async def _challenge(store: Store, guild: int) -> int:
    """A challenge with settings, one member who finished its first deal, and a par."""
    await store.challenges.set_settings(guild, {"deals": 2}, 6.0)
    new = NewChallenge(guild, "seed", "hash", {}, 2, {}, None, 6.0, 86_400.0 * guild)
    opened = (await store.challenges.open_challenge(new)).id
    entry = StoredEntry(opened, ALICE, "Alice", 1, (), 0, 6.0, 6.0)
    await store.challenges.save(EntryWrite(entry, -1))
    done = StoredDeal(opened, ALICE, "", 1, 100, 62, 0, "h", False, ({"type": "x"},), 7.0)
    moved = StoredEntry(opened, ALICE, "Alice", 2, (), 1, 6.0, 7.0)
    await store.challenges.save(EntryWrite(moved, 0, done))
    await store.challenges.add_par(StoredDeal(opened, None, "", 1, 90, 72, 1, "c", False, (), 8.0))
    return opened


async def _counts(target: str | Path) -> dict[str, int]:
    async with await open_store(target) as store:
        return {t: (await fetch(store, f"SELECT COUNT(*) FROM {t}"))[0][0] for t in COPIED_TABLES}


async def _resume(target: str, table_id: int, seq: int) -> None:
    async with await open_store(target) as store:
        tables = TableService(store, FakeClock(), seeds=table_seeds())
        restored = await tables.restore()
        assert [t.id for t in restored] == [table_id]
        assert [n.message_id for n in await store.tables.notices()] == [78]
        assert await store.leagues.checkin_message(1) == CheckinMessage(1, 77, 0)
        assert await store.leagues.night_message(1, "standings") == PostedMessage(1, 79)
        assert tables.get(table_id).seq == seq
        assert await store.state.get("commands") == "f00d"
        assert await store.ratings.mark(1) == MARK
        assert [r.user_id for r in await store.ratings.board(1, 2)] == [ALICE]
        await act_once(tables, table_id)  # play goes on where it stopped
        assert [a.seq for a in await store.tables.actions(table_id)][-2:] == [seq, seq + 1]
        newer = await store.tables.create(
            NewTable(1, 3, ALICE, {}, 9.0)
        )  # ids go on after the copies
        assert newer == table_id + 1
        league = await store.leagues.create_league(1, "Other", {"name": "Other"}, 9.0)
        assert league == 2
        assert [r.score for r in await store.challenges.results(1)] == [100]
        assert await _challenge(store, 2) == 2
        assert (await store.pars.totals(1, ALICE, -1.0)).hands == 1  # its par came along


async def test_every_table_of_the_schema_is_copied(tmp_path: Path) -> None:
    async with await open_store(tmp_path / "bot.sqlite3") as store:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        rows = await fetch(store, sql)
    assert sorted(name for (name,) in rows) == sorted(COPIED_TABLES)


@on_postgres
def test_sqlite_moves_to_postgresql_and_its_table_resumes(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bot.sqlite3"
    table_id, seq = asyncio.run(_fill(path))
    before = asyncio.run(_counts(path))
    assert entry.main(["migrate-store", "--from", f"sqlite:{path}", "--to", database]) == 0
    assert asyncio.run(_counts(database)) == before
    assert before["actions"] > 100 and before["player_matches"] == 5  # four, and the solo
    assert all(before.values()), before  # every table has rows to copy
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"copied {sum(before.values()):,} rows into postgresql://")
    assert f"  actions: {before['actions']:,}" in out
    asyncio.run(_resume(database, table_id, seq))


@on_postgres
def test_a_database_with_rows_is_not_copied_into(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bot.sqlite3"
    asyncio.run(_fill(path))
    before = asyncio.run(_counts(path))
    assert entry.main(["migrate-store", "--from", f"sqlite:{path}", "--to", database]) == 0
    capsys.readouterr()

    assert entry.main(["migrate-store", "--from", f"sqlite:{path}", "--to", database]) == 2
    assert entry.main(["migrate-store", "--from", database, "--to", str(path)]) == 2

    into_postgres, into_sqlite = capsys.readouterr().err.splitlines()
    assert into_postgres.endswith("is not empty (tables has rows); copy into a new one")
    assert into_sqlite == (
        f"database error: the database {path} is not empty (tables has rows); copy into a new one"
    )
    assert asyncio.run(_counts(path)) == before


def test_the_source_must_exist_and_one_side_be_postgresql(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.sqlite3"
    url = "postgresql://root@127.0.0.1:5432/test"
    assert entry.main(["migrate-store", "--from", f"sqlite:{missing}", "--to", url]) == 2
    assert entry.main(["migrate-store", "--from", f"sqlite:{missing}", "--to", "x.db"]) == 2
    assert entry.main(["migrate-store", "--from", url, "--to", url]) == 2
    both = (
        "database error: one of --from and --to must be a SQLite file (sqlite:PATH) and the "
        "other a postgresql:// URL"
    )
    assert capsys.readouterr().err.splitlines() == [
        f"database error: there is no database at {missing}",
        both,
        both,
    ]
    assert not (tmp_path / "x.db").exists()


@on_postgres
def test_postgresql_moves_back_to_sqlite_and_its_table_resumes(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table_id, seq = asyncio.run(_fill(tmp_path / "bot.sqlite3"))
    first = ["migrate-store", "--from", str(tmp_path / "bot.sqlite3"), "--to", database]
    assert entry.main(first) == 0
    before = asyncio.run(_counts(database))
    back = tmp_path / "back" / "bot.sqlite3"  # a new file, in a new folder
    capsys.readouterr()

    assert entry.main(["migrate-store", "--from", database, "--to", f"sqlite:{back}"]) == 0

    assert asyncio.run(_counts(back)) == before and all(before.values())
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"copied {sum(before.values()):,} rows into {back}:"
    asyncio.run(_resume(str(back), table_id, seq))


@on_postgres
def test_postgresql_is_not_copied_from_a_running_bot(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fresh = tmp_path / "fresh.sqlite3"

    async def beside_the_bot() -> int:
        async with await open_store(database, exclusive=True):  # the running bot
            return await asyncio.to_thread(
                entry.main, ["migrate-store", "--from", database, "--to", str(fresh)]
            )

    assert asyncio.run(beside_the_bot()) == 2

    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("database error: another bot process is using the database")
    assert not fresh.exists()
