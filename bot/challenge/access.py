"""The way into a challenge for the service's operations: the locks, the operations in
flight (so shutdown waits for them), and the checks every request passes first."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from bot.shards import ShardSet
from bot.store.interface import ChallengeStore

from .challenge import Challenge
from .errors import ChallengeCode, ChallengeError

__all__ = ["ChallengeAccess"]

ID_LIMIT = 2**63  # ids are 64-bit integers in the store; a button may carry 20 digits


class ChallengeAccess:
    """Locks per server (opening a challenge) and per member (their moves), and the count
    of operations in flight."""

    def __init__(self, store: ChallengeStore, now: Callable[[], float], shards: ShardSet) -> None:
        self.store = store
        self.now = now
        self.shards = shards
        self._guilds: dict[int, asyncio.Lock] = {}
        self._members: dict[tuple[int, int], asyncio.Lock] = {}
        self._known: dict[int, Challenge] = {}  # read once: the service makes every change
        self._inflight = 0
        self._closing = False
        self._idle = asyncio.Event()
        self._idle.set()

    @asynccontextmanager
    async def guild(self, guild_id: int) -> AsyncIterator[None]:
        """Hold the server's lock (one opening at a time), as an operation in flight."""
        async with self.inflight(), self._guilds.setdefault(guild_id, asyncio.Lock()):
            yield

    @asynccontextmanager
    async def member(self, challenge_id: int, user_id: int) -> AsyncIterator[None]:
        """Hold the member's lock in this challenge (one move at a time), in flight."""
        lock = self._members.setdefault((challenge_id, user_id), asyncio.Lock())
        async with self.inflight(), lock:
            yield

    @asynccontextmanager
    async def inflight(self) -> AsyncIterator[None]:
        """Count an operation in flight; refused `shutting_down` once closing began."""
        if self._closing:
            raise ChallengeError(ChallengeCode.SHUTTING_DOWN)
        self._inflight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._inflight -= 1
            if self._inflight == 0:
                self._idle.set()

    async def quiesce(self, timeout: float = 30.0) -> bool:
        """Refuse new operations and wait for those in flight; False on the timeout."""
        self._closing = True
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True

    def forget(self, challenge_id: int) -> None:
        """The challenge's row changed (closed, announced, summarised): read it anew; and
        drop the member locks of a closed one (none is held: it takes no moves)."""
        self._known.pop(challenge_id, None)
        for key in [key for key in self._members if key[0] == challenge_id]:
            if not self._members[key].locked():
                del self._members[key]

    async def challenge(self, challenge_id: int, guild_id: int | None = None) -> Challenge:
        """The challenge with this id; `unknown_challenge` when there is none (or it is not
        this process's to serve), `other_guild` when asked from another server."""
        if not 0 < challenge_id < ID_LIMIT:
            raise ChallengeError(ChallengeCode.UNKNOWN_CHALLENGE, challenge=challenge_id)
        challenge = self._known.get(challenge_id)
        if challenge is None:
            row = await self.store.challenge(challenge_id)
            if row is None or not self.shards.owns(row.guild_id):
                raise ChallengeError(ChallengeCode.UNKNOWN_CHALLENGE, challenge=challenge_id)
            challenge = self._known[challenge_id] = Challenge.of(row)
        if guild_id is not None and guild_id != challenge.guild_id:
            raise ChallengeError(ChallengeCode.OTHER_GUILD)
        return challenge

    def require_open(self, challenge: Challenge) -> None:
        """Refuse `closed` once the challenge has closed or its closing time has come."""
        if not challenge.is_open(self.now()):
            raise ChallengeError(ChallengeCode.CLOSED, closes_at=challenge.closes_at)
