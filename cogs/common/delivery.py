"""Sending and editing on Discord through its faults: bounded retries for passing ones.

A 5xx answer or a timeout says nothing about the request itself: Discord or the network
failed for a moment, and the same request a little later usually succeeds. discord.py
retries some of these inside one request; what is still failing after that is retried
here a bounded number of times with growing pauses, then given up (logged), so a long
outage never turns into an endless loop of requests. Everything else (Forbidden,
NotFound, a bad request) is raised at once: repeating it cannot help, and the caller
decides what it means.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Final, TypeVar

import aiohttp
import discord

__all__ = ["DELIVERY_ERRORS", "RETRY_DELAYS", "is_transient", "retried"]

T = TypeVar("T")
RETRY_DELAYS: Final = (1.0, 3.0, 9.0)  # seconds before the 2nd, 3rd and 4th (last) try
# What a send or edit may still raise after its retries: catch these where a failed
# delivery is logged and given up.
DELIVERY_ERRORS: Final = (discord.HTTPException, TimeoutError, aiohttp.ClientConnectionError)
log = logging.getLogger(__name__)


def is_transient(error: BaseException) -> bool:
    """A fault worth one more try: a Discord server error, a timeout, a dropped link."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500
    return isinstance(error, TimeoutError | aiohttp.ClientConnectionError)


async def retried(
    call: Callable[[], Awaitable[T]], what: str, delays: Sequence[float] = RETRY_DELAYS
) -> T:
    """``await call()``, again after each pause in ``delays`` while it fails transiently;
    the last failure is raised."""
    for pause in delays:
        try:
            return await call()
        except Exception as error:
            if not is_transient(error):
                raise
            log.warning("%s failed (%s); trying again in %g s", what, error, pause)
        await asyncio.sleep(pause)
    return await call()
