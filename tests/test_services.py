"""Opening the services: a failed start must end the process, not leave it hanging."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from bot.services import Services
from tests.seeds import table_seeds

ROOT = Path(__file__).resolve().parents[1]

FAILING_RESTORE = textwrap.dedent(
    """
    import asyncio, sys
    from bot.services import Services
    from bot.tables import TableService

    async def fail(self):
        raise RuntimeError("restore failed")

    TableService.restore = fail
    asyncio.run(Services.open(sys.argv[1]))
    """
)


def test_a_restore_that_raises_closes_the_store_so_the_process_exits(tmp_path: Path) -> None:
    # The store's worker thread is not a daemon: if it stayed open, the interpreter would
    # wait for it for ever after the traceback (this run would hit the timeout).
    result = subprocess.run(
        [sys.executable, "-c", FAILING_RESTORE, str(tmp_path / "kj.sqlite3")],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=30,
    )

    assert result.returncode == 1
    assert "RuntimeError: restore failed" in result.stderr


async def test_every_public_method_of_every_service_checks_its_arguments(tmp_path: Path) -> None:
    # Every service the front ends are given (`Services`), so a new one is covered too:
    # each public method checks its arguments by name (`Arguments.checked`, bot/checks.py).
    services = await Services.open(tmp_path / "kj.sqlite3", seeds=table_seeds())
    try:
        found = {
            type(service): [
                name
                for name, member in inspect.getmembers(type(service), inspect.isfunction)
                if not name.startswith("_") and member.__module__.startswith("bot.")
            ]
            for service in vars(services).values()
            if type(service).__name__.endswith("Service")
        }
    finally:
        await services.close()

    assert sorted(kind.__name__ for kind in found) == [
        "AnalysisService",
        "ChallengeService",
        "LeagueService",
        "ParService",
        "PreferenceService",
        "RatingService",
        "StandingsService",
        "TableService",
    ]
    unchecked = [
        f"{kind.__name__}.{name}"
        for kind, names in found.items()
        for name in names
        if not getattr(getattr(kind, name), "__checked__", False)
    ]
    assert unchecked == []
    assert all(found.values())
