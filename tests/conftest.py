"""The `database` fixture: each store, table-service and league-service test that takes
it runs once on SQLite and once on PostgreSQL (tests/backends.py). The `table_seeds`
fixture: the seeds of the tables every test opens, derived from its node id
(tests/seeds.py says how to explore fresh deals and reproduce a failing one)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Generator
from pathlib import Path

import pytest

import bot.analysis.decisions as analysis_decisions
import bot.challenge.computers as challenge_computers
import bot.players.workers as computers
from bot.players import Effort
from bot.store.postgres.db import with_schema
from tests import seeds
from tests.backends import (
    BACKENDS,
    NO_SERVER,
    create_schema,
    drop_schema,
    postgres_host,
    postgres_required,
    postgres_url,
    sqlite_file,
)

SEEDS = pytest.StashKey[seeds.TestSeeds]()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """PostgreSQL tests may open sockets, to the database server's host only."""
    host = postgres_host()
    if host is None:
        return
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and callspec.params.get("backend") == "postgresql":
            item.add_marker(pytest.mark.allow_hosts([host]))


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    if name == "postgresql" and postgres_url() is None:
        if postgres_required():
            pytest.fail(f"REQUIRE_POSTGRES=1 but {NO_SERVER}")
        pytest.skip(NO_SERVER)
    return name


@pytest.fixture
async def database(backend: str, tmp_path: Path) -> AsyncIterator[str | Path]:
    """Where the test's store lives: a SQLite file, or a PostgreSQL URL on a new schema
    (dropped after the test). Opening it again, as after a restart, finds the same data."""
    if backend == "sqlite":
        yield sqlite_file(tmp_path)
        return
    url = postgres_url()
    assert url is not None
    schema = await create_schema(url)
    try:
        yield with_schema(url, schema)
    finally:
        await drop_schema(url, schema)


@pytest.fixture(autouse=True)
def one_sample_per_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """Strong computers at tables search one sampled deal per decision in tests: their
    budget is wall-clock time, so a real budget would make play depend on the machine's
    speed and load (tests of the budget itself pass a fake clock to the player)."""
    monkeypatch.setattr(computers, "DEFAULT_BUDGET_MS", 0.0)
    # The challenge's computers search a fixed effort (never the clock): a small one here.
    monkeypatch.setattr(challenge_computers, "EFFORT", Effort(nodes=200, samples=3))
    # So does the analysis of a hand.
    monkeypatch.setattr(analysis_decisions, "EFFORT", Effort(nodes=200, samples=3))


@pytest.fixture(autouse=True)
def table_seeds(request: pytest.FixtureRequest) -> seeds.TestSeeds:
    """The running test's seed source (tests/seeds.py): every service and bot the test
    starts deals its tables from it, so a failing test deals the same cards again."""
    source = seeds.start(request.node.nodeid)
    request.node.stash[SEEDS] = source
    return source


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failing test that opened tables says how to deal its cards again."""
    report = yield
    source = item.stash.get(SEEDS, None)
    if report.failed and source is not None and (source.count or source.fixed):
        report.sections.append(("table seeds", source.reproduce(item.nodeid)))
    return report
