"""The serving process's collector tuning (bot/runtime.py)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from bot import runtime


@pytest.fixture
def restored_collector() -> Iterator[None]:
    saved = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*saved)


@pytest.mark.usefixtures("restored_collector")
def test_settle_heap_freezes_what_lives_and_collects_less_often() -> None:
    long_lived = [object() for _ in range(10)]
    assert any(o is long_lived for o in gc.get_objects())
    runtime.settle_heap()
    # Frozen: no generation the collector walks holds it any more.
    assert not any(o is long_lived for o in gc.get_objects())
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] == runtime.FIRST_GENERATION
