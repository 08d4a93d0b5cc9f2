"""Close every store a service test opened, even when the test fails."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from .helpers import OPENED


@pytest.fixture(autouse=True)
async def close_stores() -> AsyncIterator[None]:
    yield
    while OPENED:
        await OPENED.pop().close()
