"""Time for the table service, injectable so tests move time instead of sleeping."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float: ...


class SystemClock:
    def now(self) -> float:
        return time.time()


class FakeClock:
    """A clock that only moves when told to (tests, simulations)."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.time = start

    def now(self) -> float:
        return self.time

    def advance(self, seconds: float) -> float:
        self.time += seconds
        return self.time
