"""The one way a command of `python -m bot` starts on the store: check, lock, then work.

Every command that opens the store (`run`, `play`, `simulate`, and any later one) runs
its work through `run_on_store` (`migrate-store` runs the same checks and lock on both its
databases inside bot/store/move.py, source first): a SQLite file's process lock
(bot/store/lock.py) is taken and held for the whole command, then the database is checked
(opened, migrated, `PRAGMA quick_check`, a write probe; on PostgreSQL a connection, the
migration and the shard locks), and each way this can fail is answered with one line on
stderr and exit code 2 instead of a traceback: a read-only file or folder, a full disk, a
damaged file, a file from a newer bot, another process on the file, an unreachable or
refusing server.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Final

from bot.shards import ShardSet
from bot.store import StoreError, is_postgres_url
from bot.store.backends import sqlite_path
from bot.store.checks import (
    DatabaseUnusable,
    check_database,
    check_postgres,
    describe_sqlite_error,
)
from bot.store.lock import ProcessLock

__all__ = [
    "EXIT_STORE",
    "answer_in_one_line",
    "one_line",
    "opened",
    "run_on_store",
    "write_refused",
]

EXIT_STORE: Final = 2  # the database cannot be used as it is: restarting alone will not help


@contextmanager
def opened(target: str | Path, shards: ShardSet | None = None) -> Iterator[None]:
    """Check the database `target` names (a SQLite path or a `postgresql://` URL) and, for
    a SQLite file, hold its process lock until the block ends.

    Raises `StoreError` (`DatabaseUnusable`, `StoreLocked`) with one line for the operator.
    `shards`: on PostgreSQL, also try the bot's shard locks (see `check_postgres`).
    """
    if is_postgres_url(target):
        asyncio.run(check_postgres(str(target), shards))
        yield
        return
    path = Path(sqlite_path(target))
    lock = ProcessLock(path)
    try:
        lock.acquire()
    except OSError as error:  # the folder or the lock file cannot be made
        raise DatabaseUnusable(describe_sqlite_error(path, error)) from None
    try:
        asyncio.run(check_database(path))
        yield
    finally:
        lock.release()


def run_on_store(
    target: str | Path, work: Callable[[], int], shards: ShardSet | None = None
) -> int:
    """Run `work` inside `opened(target)`: its exit code, or one line on stderr and
    `EXIT_STORE` when the database cannot be used (an `OSError` counts only before the
    work starts: one in the work, a closed pipe say, is not the database's)."""
    stack = ExitStack()

    def start() -> int:
        stack.enter_context(opened(target, shards))
        return 0

    code = answer_in_one_line(start)
    if code != 0:
        return code
    try:
        return answer_in_one_line(work, StoreError)
    finally:
        stack.close()


def write_refused(target: str | Path, error: BaseException) -> StoreError:
    """A write SQLite refused while a command ran on the file `target` (a full disk, a
    read-only file), told as the start-up check tells it: raise it from the work for one
    line and exit 2."""
    return DatabaseUnusable(describe_sqlite_error(Path(sqlite_path(target)), error))


def answer_in_one_line(
    work: Callable[[], int],
    errors: tuple[type[Exception], ...] | type[Exception] = (StoreError, OSError),
) -> int:
    """Run `work`; one of `errors` it raises (by default a `StoreError` or an `OSError`)
    becomes one line on stderr (`database error: ...`) and `EXIT_STORE`."""
    try:
        return work()
    except errors as error:
        print(f"database error: {one_line(error)}", file=sys.stderr)
        return EXIT_STORE


def one_line(error: BaseException) -> str:
    """The error as one line: an OS error's reason and file, else its message with
    its line breaks folded into spaces."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.strerror}: {error.filename}"
    text = str(error).strip()
    return " ".join(text.split()) if text else type(error).__name__
