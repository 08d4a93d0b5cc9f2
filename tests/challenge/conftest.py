"""Fixtures of the challenge tests: a fake clock standing on a Wednesday afternoon."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.tables import FakeClock

NOON = datetime(2025, 3, 5, 12, 0, tzinfo=UTC).timestamp()  # Wednesday 13:00 in Amsterdam


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOON)
