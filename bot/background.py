"""A worker that runs in the background: it does what is waiting, then sleeps until woken
or until a while has passed, and tries again after a failure (logged); `start` runs it
as a background task and `stop` ends it. The pars of the
challenge's deals (bot/challenge/pars.py) and of hands (bot/pars/worker.py) run on it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from abc import ABC, abstractmethod
from typing import Final

__all__ = ["IDLE_WAIT", "BackgroundWorker"]

IDLE_WAIT: Final = 300.0  # seconds between looks when nobody wakes the worker


class BackgroundWorker(ABC):
    """Runs `run_once` whenever woken, and at least every ``IDLE_WAIT`` seconds."""

    name = "background work"  # for the log

    def __init__(self) -> None:
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self, name: str) -> None:
        """Run in a background task named ``name`` ("bg:...", docs/discord-harness.md),
        once."""
        if self._task is None:
            self._task = asyncio.create_task(self.run(), name=name)

    async def stop(self) -> None:
        """End the task; what it was doing stays waiting for the next start."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def wake(self) -> None:
        """Something is waiting: look now."""
        self._wake.set()

    async def run(self) -> None:
        """Work forever (a background task); a failure is logged and retried."""
        while True:
            self._wake.clear()
            try:
                await self.run_once()
            except Exception:
                logging.getLogger(type(self).__module__).exception(
                    "%s failed (retried later)", self.name
                )
            with contextlib.suppress(TimeoutError):  # a timeout, not wait_for: no new task
                async with asyncio.timeout(IDLE_WAIT):
                    await self._wake.wait()

    @abstractmethod
    async def run_once(self) -> int:
        """Do everything waiting now; how much was done."""
