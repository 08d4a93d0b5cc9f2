"""Fixtures for Discord-layer tests: a started offline harness per test (see harness.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tests.harness.harness import Harness
from tests.harness.world import World


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    return tmp_path / "klaverjas.sqlite3"


@pytest.fixture
def world() -> World:
    """The fake Discord; shared by successive harnesses of one test (restarts)."""
    return World()


@pytest.fixture
async def harness(database_path: Path, world: World) -> AsyncIterator[Harness]:
    """The real bot with the default extensions, started against a temporary database."""
    async with Harness(database_path, world=world) as started:
        yield started


@pytest.fixture
async def make_harness(
    database_path: Path, world: World
) -> AsyncIterator[Callable[..., Awaitable[Harness]]]:
    """Start a harness with custom options (extensions, settings, ...); closed at teardown.

    Only one harness runs at a time: close one (`await h.close()`) before starting the next.
    """
    started: list[Harness] = []

    async def start(**options: Any) -> Harness:
        options.setdefault("world", world)
        harness = Harness(options.pop("database_path", database_path), **options)
        started.append(harness)
        return await harness.start()

    yield start
    for harness in reversed(started):
        await harness.close()
