"""Time for the table service, injectable so tests move time instead of sleeping."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Where the tables take the time from."""

    def now(self) -> float:
        """Seconds since the epoch."""
        ...


class SystemClock:
    """The real time."""

    def now(self) -> float:
        """Seconds since the epoch, from the system."""
        return time.time()


class FakeClock:
    """A clock that only moves when told to (tests, simulations)."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        """A clock standing at ``start``."""
        self.time = start

    def now(self) -> float:
        """The time the clock stands at."""
        return self.time

    def advance(self, seconds: float) -> float:
        """Move the clock on by ``seconds``; the new time."""
        self.time += seconds
        return self.time
