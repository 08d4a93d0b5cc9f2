"""Action logs written by an earlier version of the code (tests/fixtures/actions-v1.sqlite,
made by tests/fixtures/make_v1_log.py) replay to exactly the tables that version stored.

The stored action dicts are the storage format and the input of ``Match.replay``: however
actions are represented in code, an old log must keep meaning the same match.
"""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Match, RuleSet, action_from_dict
from bot.store import Store, StoredAction, StoredTable, open_store
from bot.tables import FakeClock, Status, TableService
from bot.tables.computer_seats import level_of
from tests.seeds import table_seeds

from .helpers import OPENED, play_until_done

FIXTURE = Path(__file__).parents[1] / "fixtures" / "actions-v1.sqlite"
ENGINE_ROWS = ("engine", "computer", "timeout", "claim_closed")  # rows holding engine actions


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    copy = tmp_path / "v1.sqlite"
    shutil.copyfile(FIXTURE, copy)  # opening migrates: never touch the committed file
    store = await open_store(copy)
    OPENED.append(store)
    yield store


async def stored_tables(store: Store) -> list[StoredTable]:
    tables = []
    while (table := await store.tables.get(len(tables) + 1)) is not None:
        tables.append(table)
    return tables


def matches_of(log: list[StoredAction]) -> dict[int, list[dict[str, Any]]]:
    """The engine actions of each match of a table's log, by match number."""
    matches: dict[int, list[dict[str, Any]]] = {}
    current: list[dict[str, Any]] = []
    for row in log:
        if row.kind == "start":
            current = matches.setdefault(row.payload["match_no"], [])
        elif row.kind in ENGINE_ROWS:
            current.append(row.payload)
    return matches


def replay(snapshot: dict[str, Any], match_no: int, actions: list[dict[str, Any]]) -> Match:
    rules = RuleSet.from_dict(snapshot["rules"])
    return Match.replay(rules, f"{snapshot['seed']}/{match_no}", None, actions)


async def test_every_stored_match_replays_to_its_snapshot_and_sheet(store: Store) -> None:
    tables = await stored_tables(store)
    seen: set[str] = set()
    for table in tables:
        matches = matches_of(await store.tables.actions(table.id))
        [(match_no, actions)] = matches.items()
        seen.update(action["type"] for action in actions)
        replayed = replay(table.snapshot, match_no, actions)
        assert replayed.to_dict() == table.snapshot["match"], f"table {table.id}"
        stored_sheet = await store.tables.sheet(table.id, match_no)
        assert [
            (h.number, h.dealer, h.trump, h.makers, h.chooser, h.points, h.roem, h.scores)
            for h in stored_sheet
        ] == [
            (s.number, s.dealer, s.trump, s.makers, s.chooser, s.points, s.roem, s.scores)
            for s in replayed.sheet
        ]
        assert [(h.nat, h.pit) for h in stored_sheet] == [(s.nat, s.pit) for s in replayed.sheet]
    # The fixture holds what it promises: every action type, finished, closed and open tables.
    assert seen == {"trump", "pass", "play", "claim", "finish"}
    assert {t.status for t in tables} == {"finished", "closed", "playing"}
    assert {t.snapshot["rules"]["trump_selection"] for t in tables} == {
        "free",
        "mandatory",
        "proposed",
        "drawn",
    }


async def test_an_open_table_restores_to_its_replay_and_plays_on(store: Store) -> None:
    service = TableService(store, FakeClock(), seeds=table_seeds())
    [table] = await service.restore()
    stored = await store.tables.get(table.id)
    assert stored is not None and table.match is not None
    [(match_no, actions)] = matches_of(await store.tables.actions(table.id)).items()
    assert table.match.to_dict() == replay(stored.snapshot, match_no, actions).to_dict()
    # Written before computer levels: its computers keep the level they had (normal).
    assert "level" not in stored.snapshot["seats"][0]
    assert table.settings.computer_kind == "heuristic" and not table.settings.league
    assert all(level_of(table, s) == "heuristic" for s in range(4))

    await play_until_done(service, table.id)

    assert service.registry.get(table.id).status == Status.FINISHED


async def test_every_stored_action_reads_as_a_typed_action_and_writes_back_the_same(
    store: Store,
) -> None:
    """The typed actions write exactly the rows the earlier code wrote (the service stores
    ``action.to_dict()``), so old and new rows never differ in shape."""
    payloads = [
        row.payload
        for table in await stored_tables(store)
        for row in await store.tables.actions(table.id)
        if row.kind in ENGINE_ROWS
    ]
    assert len(payloads) > 4000
    for payload in payloads:
        assert action_from_dict(payload).to_dict() == payload
