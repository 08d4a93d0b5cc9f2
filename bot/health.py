"""The container's health: is the bot process alive, and can it use its database?

The running bot writes a heartbeat file every ``BEAT_EVERY`` seconds, but only after a
round trip to its store succeeded, so the file stays fresh only while the event loop runs
and the database answers (whatever the back end). ``python -m bot health`` (Docker's
HEALTHCHECK) reads the file's age and, for a SQLite database, opens the file read only:
a stuck loop, a lost database or a deleted file turn the container unhealthy within
``STALE_AFTER`` seconds. Nothing here touches Discord: a gateway outage is discord.py's
to reconnect, and restarting the container would not help it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from pathlib import Path
from typing import Final

from bot.store import Store, StoreError
from bot.store.checks import probe_database

__all__ = ["BEAT_EVERY", "STALE_AFTER", "Unhealthy", "beat", "check_health", "heartbeat_path"]

BEAT_EVERY: Final = 15.0
STALE_AFTER: Final = 90.0  # six missed beats: a blocked loop or a store that stopped answering
log = logging.getLogger(__name__)


class Unhealthy(Exception):
    """``str()`` is one line saying what is wrong."""


def heartbeat_path(database_path: Path) -> Path:
    """Beside the database, so it lives on the same volume (``data/...heartbeat``)."""
    return database_path.with_name(database_path.name + ".heartbeat")


async def beat(store: Store, path: Path) -> None:
    """One store round trip, then the heartbeat file's new time (written atomically)."""
    await store.tables.get(0)  # a read every back end answers; no row has id 0
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(f"{time.time():.0f}\n", encoding="ascii")
    os.replace(temporary, path)


async def run_heartbeat(store: Store, path: Path, every: float = BEAT_EVERY) -> None:
    """Beat forever (a background task); a failed beat is logged and the file goes stale."""
    while True:
        try:
            await beat(store, path)
        except Exception as error:  # the health check reports it; keep trying
            log.warning("heartbeat failed: %s", error)
        await asyncio.sleep(every)


def check_health(database: Path | None, heartbeat: Path, stale_after: float = STALE_AFTER) -> str:
    """One line on health, or `Unhealthy`. ``database`` None: not a SQLite file (another
    back end), checked only through the heartbeat."""
    try:
        age = time.time() - heartbeat.stat().st_mtime
    except FileNotFoundError:
        raise Unhealthy(f"no heartbeat file {heartbeat}: the bot is not running") from None
    if age > stale_after:
        raise Unhealthy(f"heartbeat {age:.0f} s old (limit {stale_after:.0f} s): bot stuck")
    if database is not None:
        try:
            probe_database(database)
        except StoreError as error:
            raise Unhealthy(str(error)) from None
    return f"healthy: heartbeat {age:.0f} s old" + (", database opens" if database else "")
