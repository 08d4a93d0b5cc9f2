"""Group commit: writes that arrive while a commit is in flight share the next transaction.

With `synchronous=FULL` every commit waits for the disk, and one commit per action caps a
busy bot at a few hundred actions per second. Here each write is a job, a plain function
of the `sqlite3` connection, run inside its own SAVEPOINT of a shared transaction: a job
that raises rolls back only its own rows and its caller gets that error (a stale seq, a
busy channel) while the others go on. Every caller is answered only after the COMMIT
that holds its rows has returned, so "answer only after commit" still holds; if the
transaction itself fails (a full disk, a constraint checked at COMMIT, BEGIN timing
out), every job in it is refused with that error and nothing of the batch is stored.

The whole batch runs as one call on aiosqlite's worker thread (`Connection._execute`, a
private name pinned with the aiosqlite version and checked by a canary test): one thread
hand-off per batch instead of one per statement, which is where a busy event loop waits.
"""

from __future__ import annotations

import asyncio
import sqlite3
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import aiosqlite

from .db import connection_lock

__all__ = ["GroupCommit", "Job", "group_commit", "on_worker"]

T = TypeVar("T")
Job = Callable[[sqlite3.Connection], T]
Outcome = tuple[Any, Exception | None]


@dataclass(eq=False)
class _Pending(Generic[T]):
    job: Job[T]
    future: asyncio.Future[T]  # cancelled with its caller; the outcome is kept apart
    taken: bool = field(default=False)
    outcome: Outcome | None = None
    late: asyncio.Future[None] | None = None  # a cancelled caller waiting for `outcome`


class GroupCommit:
    """The write queue of one connection (see `group_commit`)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._pending: list[_Pending[Any]] = []
        self._flusher: asyncio.Task[None] | None = None
        self.batches = 0  # transactions committed, for the benchmark's figures
        self.jobs = 0

    async def run(self, job: Job[T]) -> T:
        """Run ``job`` in the next shared transaction; return its result once committed."""
        pending: _Pending[T] = _Pending(job, asyncio.get_running_loop().create_future())
        self._pending.append(pending)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush(), name="store:group-commit")
        try:
            # Not `asyncio.shield`: its two extra callbacks a write showed in the Discord
            # benchmark's profile; a cancel here cancels only `pending.future`, and
            # `_settle` keeps the outcome for the case below.
            return await pending.future
        except asyncio.CancelledError:
            if not pending.taken:
                self._pending.remove(pending)  # never started: nothing was written
                raise
            # Already inside a transaction: the caller's state must match what is stored,
            # so wait for the outcome rather than report a cancel for a committed action.
            if pending.outcome is None:
                pending.late = asyncio.get_running_loop().create_future()
                await pending.late
        # Raised outside the handler, so the job's own error (maybe shared by the batch)
        # keeps its cause and gets no cancel as its context.
        assert pending.outcome is not None
        result, error = pending.outcome
        if error is not None:
            raise error
        return result  # type: ignore[no-any-return]

    async def drain(self) -> None:
        """Wait until every queued job has been committed or refused (before closing)."""
        while self._flusher is not None and not self._flusher.done():
            await asyncio.shield(self._flusher)

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            for pending in batch:
                pending.taken = True
            await self._commit(batch)

    async def _commit(self, batch: list[_Pending[Any]]) -> None:
        jobs = [pending.job for pending in batch]
        try:
            async with connection_lock(self._db):
                outcomes: list[Outcome] = await on_worker(self._db, _run_batch, jobs)
        except BaseException as failure:
            refusal = failure if isinstance(failure, Exception) else _interrupted()
            for pending in batch:
                _settle(pending, (None, refusal))
            if not isinstance(failure, Exception):
                raise
            return
        self.batches += 1
        self.jobs += len(batch)
        for pending, outcome in zip(batch, outcomes, strict=True):
            _settle(pending, outcome)


async def on_worker(db: aiosqlite.Connection, fn: Callable[..., T], *args: Any) -> T:
    """Run ``fn(connection, *args)`` on the connection's worker thread, in one hand-off."""
    execute: Callable[..., Awaitable[T]] = db._execute  # private: tests/store/test_canary.py
    return await execute(fn, db._conn, *args)


def _run_batch(conn: sqlite3.Connection, jobs: list[Job[Any]]) -> list[Outcome]:
    """On the worker thread: one transaction, one savepoint per job, then COMMIT."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        outcomes = [_in_savepoint(conn, job) for job in jobs]
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return outcomes


def _in_savepoint(conn: sqlite3.Connection, job: Job[Any]) -> Outcome:
    conn.execute("SAVEPOINT job")
    try:
        result = job(conn)
    except Exception as refused:
        if not conn.in_transaction:  # SQLite rolled the whole batch back (a full disk, I/O)
            raise
        conn.execute("ROLLBACK TO job")
        conn.execute("RELEASE job")
        return None, refused
    conn.execute("RELEASE job")
    return result, None


def _interrupted() -> Exception:
    return RuntimeError("the store was interrupted mid-transaction; nothing was saved")


def _settle(pending: _Pending[Any], outcome: Outcome) -> None:
    pending.outcome = outcome
    if pending.late is not None and not pending.late.done():
        pending.late.set_result(None)
    result, error = outcome
    if pending.future.done():
        return
    if error is None:
        pending.future.set_result(result)
    else:
        pending.future.set_exception(error)


_committers: weakref.WeakKeyDictionary[aiosqlite.Connection, GroupCommit] = (
    weakref.WeakKeyDictionary()
)


def group_commit(db: aiosqlite.Connection) -> GroupCommit:
    """The one write queue of ``db``, shared by every store on that connection."""
    committer = _committers.get(db)
    if committer is None:
        committer = _committers[db] = GroupCommit(db)
    return committer
