"""One bot process per SQLite file, held by an OS file lock for the process's life.

Two processes on one SQLite file would both restore the same open tables, arm the same
timers and fight over every action (each refusing the other's sequence numbers). SQLite's
own locks only serialise single transactions, so the process takes an exclusive
`flock` on ``<database>.lock`` at start-up and keeps it until it exits; the kernel drops it
when the process dies, however it dies, so a crash never leaves a stale lock behind.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from types import TracebackType

from .errors import StoreError

__all__ = ["ProcessLock", "StoreLocked", "lock_path"]


class StoreLocked(StoreError):
    """Another process holds the database; ``str()`` is one line for the operator."""


def lock_path(database: Path) -> Path:
    """The lock file beside `database` (its name plus ".lock")."""
    return database.with_name(database.name + ".lock")


class ProcessLock:
    """An exclusive, non-blocking lock on the database's lock file."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.path = lock_path(database)
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock or raise `StoreLocked` naming the process that holds it."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise StoreLocked(
                f"another bot process (pid {holder}) is using the database {self.database}; "
                "stop it first (one process per SQLite file; several processes need PostgreSQL)"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        self._fd = fd

    def release(self) -> None:
        """Drop the lock, if held; safe to call twice."""
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None

    def __enter__(self) -> ProcessLock:
        self.acquire()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()
