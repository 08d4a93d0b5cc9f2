"""The challenge service: the one front of the duplicate challenge for the Discord cog and
the terminal.

Per server one challenge runs at a time: a set of deals the same for every member, each
played alone with three computers, at the member's own pace, each deal once. It opens when
someone first looks for it (or, for a server with an announcement channel, when the
previous one closes) and closes at the server's closing time. Results stay hidden from a
member until they have played every deal, or the challenge has closed. The parts: the
access (locks, checks: access.py), the member's moves (play.py), the pars (pars.py), the
computers (computers.py), the standings' arithmetic (standings.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.players import Effort
from bot.shards import ShardSet
from bot.store import Store
from bot.store.challenge_records import NewChallenge

from . import computers
from .access import ChallengeAccess
from .arguments import ARGUMENTS, checked
from .challenge import Challenge
from .computers import Replies, Runner
from .deals import challenge_rules, commitment, new_seed
from .errors import ChallengeCode, ChallengeError
from .pars import ParWorker
from .play import PlayOperations, entry_hand
from .readmodels import ChallengeInfo, ParLine, PlayView, StandingsView, challenge_info
from .schedule import closing_time
from .settings import ChallengeSettings
from .standings import DealScore, most_split, standings

__all__ = ["PAR_TASK_NAME", "ChallengeService", "Opened"]

PAR_TASK_NAME = "bg:challenge-pars"  # "bg:" marks long-lived tasks (docs/discord-harness.md)
PAST_LIMIT = 10  # earlier challenges `past` lists


@dataclass(frozen=True, slots=True)
class Opened:
    """The server's current challenge, and whether this call opened it."""

    challenge: ChallengeInfo
    created: bool


class ChallengeService(PlayOperations):
    """Every challenge of this process's servers: lookups, moves, standings, the closing
    and the pars."""

    def __init__(
        self,
        store: Store,
        run: Runner[dict[str, Any]],
        now: Callable[[], float],
        shards: ShardSet | None = None,
        seeds: Callable[[], str] = new_seed,
        effort: Effort | None = None,
    ) -> None:
        """``run`` hands a computer decision to a worker (`Computers.compute`); ``seeds``
        draws a new challenge's seed; ``effort`` the computers' search effort in new
        challenges (default `computers.EFFORT`)."""
        self.store = store.challenges
        self.now = now
        self.shards = shards or ShardSet()
        self.access = ChallengeAccess(self.store, now, self.shards)
        self.replies = Replies(run)
        self.pars = ParWorker(self.store, self.replies, now, self.shards)
        self._seed = seeds
        self._effort = effort
        self._players: dict[int, int] = {}

    # ----------------------------------------------------------------- settings
    @checked
    async def settings(self, guild_id: int) -> ChallengeSettings:
        """The server's settings (the defaults when it changed none)."""
        stored = await self.store.settings(guild_id)
        return ChallengeSettings() if stored is None else ChallengeSettings.from_dict(stored)

    @checked
    async def change_settings(
        self, guild_id: int, manager: bool, changes: Mapping[str, Any]
    ) -> ChallengeSettings:
        """Change the server's settings (from the next challenge on) by setting name; for
        its managers (`not_manager`), each value checked (`bad_setting`,
        `unknown_timezone`)."""
        guild_id = ARGUMENTS.required("guild_id", guild_id)
        if not manager:
            raise ChallengeError(ChallengeCode.NOT_MANAGER)
        async with self.access.guild(guild_id):
            settings = (await self.settings(guild_id)).changed(**changes)
            await self.store.set_settings(guild_id, settings.to_dict(), self.now())
        return settings

    # ----------------------------------------------------------------- challenges
    @checked
    async def current(self, guild_id: int, channel_id: int | None = None) -> Opened:
        """The server's running challenge, opened now when none runs (``channel_id``:
        where it was asked for, its channel when the settings name none)."""
        guild_id = ARGUMENTS.required("guild_id", guild_id)
        async with self.access.guild(guild_id):
            row = await self.store.open_in(guild_id)
            if row is not None and Challenge.of(row).is_open(self.now()):
                return Opened(await self._info(Challenge.of(row)), False)
            if row is not None:
                await self._close(Challenge.of(row))
            seed = self._seed()
            stored = await self.store.open_challenge(await self._new(guild_id, channel_id, seed))
        self.pars.wake()
        return Opened(await self._info(Challenge.of(stored)), stored.seed == seed)

    async def _new(self, guild_id: int, channel_id: int | None, seed: str) -> NewChallenge:
        """The server's next challenge on ``seed``, as its settings say now."""
        settings = await self.settings(guild_id)
        now = self.now()
        closes = closing_time(settings, datetime.fromtimestamp(now, UTC)).timestamp()
        return NewChallenge(
            guild_id,
            seed,
            commitment(seed),
            challenge_rules(settings.rules, settings.deals).to_dict(),
            settings.deals,
            dataclasses.asdict(self._effort or computers.EFFORT),
            settings.channel_id or channel_id,
            now,
            closes,
        )

    @checked
    async def info(self, challenge_id: int, guild_id: int | None = None) -> ChallengeInfo:
        """What anyone may see of the challenge (its seed once closed)."""
        async with self.access.inflight():
            return await self._info(await self.access.challenge(challenge_id, guild_id))

    @checked
    async def numbered(self, guild_id: int, number: int) -> ChallengeInfo:
        """The server's challenge with this number; `unknown_challenge` otherwise."""
        row = await self.store.numbered(guild_id, number) if 0 < number < 2**31 else None
        if row is None:
            raise ChallengeError(ChallengeCode.UNKNOWN_CHALLENGE, challenge=number)
        return await self._info(Challenge.of(row))

    @checked
    async def past(self, guild_id: int, limit: int = PAST_LIMIT) -> list[StandingsView]:
        """The server's closed challenges, the newest first, with their final standings."""
        rows = await self.store.past(guild_id, limit)
        return [await self._standings(Challenge.of(row), None) for row in rows]

    @checked
    async def look(self, guild_id: int, user_id: int, channel_id: int | None = None) -> PlayView:
        """The member's place in the server's running challenge (opened when none runs);
        nothing of theirs changes."""
        opened = await self.current(guild_id, channel_id)
        return await self.place(opened.challenge.id, user_id)

    @checked
    async def place(self, challenge_id: int, user_id: int, guild_id: int | None = None) -> PlayView:
        """The member's place in this challenge (open or closed); nothing changes."""
        async with self.access.member(challenge_id, user_id):
            challenge = await self.access.challenge(challenge_id, guild_id)
            entry = await self.store.entry(challenge.id, user_id)
            hand = None if entry is None else entry_hand(challenge, entry)
            await self._info(challenge)  # counts the players anew (a move counts only its own)
            return self._view(challenge, entry, hand)

    @checked
    async def standings(
        self, challenge_id: int, viewer: int | None, guild_id: int | None = None
    ) -> StandingsView:
        """The challenge's standings, for ``viewer``: refused `not_finished` while it runs
        and they have not played every deal (None: nobody's, as the closing summary)."""
        async with self.access.inflight():
            challenge = await self.access.challenge(challenge_id, guild_id)
            if challenge.is_open(self.now()):
                entry = None if viewer is None else await self.store.entry(challenge_id, viewer)
                if entry is None or entry.deal <= challenge.deals:
                    raise ChallengeError(ChallengeCode.NOT_FINISHED)
            return await self._standings(challenge, viewer)

    async def _standings(self, challenge: Challenge, viewer: int | None) -> StandingsView:
        results = await self.store.results(challenge.id)
        pars = await self.store.pars(challenge.id)
        scores = [DealScore(r.user_id or 0, r.name, r.deal, r.score) for r in results]
        played: dict[int, int] = {}
        for score in scores:
            played[score.user_id] = played.get(score.user_id, 0) + 1
        return StandingsView(
            challenge=await self._info(challenge),
            rows=tuple(standings(scores, challenge.deals)),
            pars=tuple(ParLine(p.deal, p.score, p.against) for p in pars),
            split=most_split(scores),
            finished=sum(1 for count in played.values() if count == challenge.deals),
            viewer=viewer,
            own=tuple((s.deal, s.score) for s in scores if s.user_id == viewer),
        )

    async def _info(self, challenge: Challenge) -> ChallengeInfo:
        players = await self.store.entry_count(challenge.id)
        self._players[challenge.id] = players
        return challenge_info(challenge, players, self.now())

    # ----------------------------------------------------------------- the schedule
    @checked
    async def close_due(self) -> list[int]:
        """Close every challenge of our servers whose closing time has come; their ids."""
        closed = []
        for row in await self.store.open_challenges():
            challenge = Challenge.of(row)
            if self.shards.owns(row.guild_id) and not challenge.is_open(self.now()):
                async with self.access.guild(row.guild_id):
                    if await self._close(challenge):
                        closed.append(challenge.id)
        return closed

    async def _close(self, challenge: Challenge) -> bool:
        closed = await self.store.close(challenge.id, self.now())
        self.access.forget(challenge.id)
        return closed

    @checked
    async def summaries_due(self) -> list[StandingsView]:
        """The closed challenges of our servers whose summary is not posted yet, with
        their final standings (the seed revealed)."""
        rows = [r for r in await self.store.unposted() if self.shards.owns(r.guild_id)]
        return [await self._standings(Challenge.of(row), None) for row in rows]

    @checked
    async def summary_posted(self, challenge_id: int, message_id: int | None) -> None:
        """The summary was posted as ``message_id`` (None: it could not be, and will not
        be tried again)."""
        await self.store.set_summary(challenge_id, message_id or 0)
        self.access.forget(challenge_id)

    @checked
    async def announcements_due(self) -> list[ChallengeInfo]:
        """The running challenges of our servers to announce: each server with an
        announcement channel gets its challenge opened here, and every open challenge
        with a channel and no announcement yet is listed."""
        for guild_id, stored in (await self.store.all_settings()).items():
            if self.shards.owns(guild_id) and stored.get("channel_id"):
                await self.current(guild_id)
        due = []
        for row in await self.store.open_challenges():
            challenge = Challenge.of(row)
            owned = self.shards.owns(row.guild_id)
            unposted = row.message_id is None and row.channel_id is not None
            if owned and unposted and challenge.is_open(self.now()):
                due.append(await self._info(challenge))
        return due

    @checked
    async def announced(self, challenge_id: int, message_id: int | None) -> None:
        """The challenge's announcement was posted as ``message_id`` (None: it could not
        be, and will not be tried again)."""
        await self.store.set_message(challenge_id, message_id or 0)
        self.access.forget(challenge_id)

    # ----------------------------------------------------------------- background, shutdown
    @checked
    def start_pars(self) -> None:
        """Compute the pars in the background (`ParWorker`)."""
        self.pars.start(PAR_TASK_NAME)

    @checked
    async def close(self, timeout: float = 30.0) -> bool:
        """Refuse new operations, wait for those in flight, stop the pars."""
        done = await self.access.quiesce(timeout)
        await self.pars.stop()
        return done
