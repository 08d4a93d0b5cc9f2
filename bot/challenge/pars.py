"""The par of each deal: the deal played by four computers, in the background.

When a challenge opens, its deals have no par yet; `ParWorker` plays them one at a time,
one decision at a time, through the same `Replies` as the members' computers (so at most
one of its searches waits among theirs, and decisions the members reached first are not
searched again), and stores each result. ``backlog`` is how many deals still wait. A
restart finds the deals without a par in the store and plays them then.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.background import BackgroundWorker
from bot.shards import ShardSet
from bot.store.challenge_records import StoredDeal
from bot.store.interface import ChallengeStore

from .challenge import Challenge
from .computers import Replies, finished

__all__ = ["ParWorker"]


class ParWorker(BackgroundWorker):
    """Computes and stores the pars of the challenges of ``shards``' servers; woken when a
    challenge opens."""

    name = "challenge pars"

    def __init__(
        self,
        store: ChallengeStore,
        replies: Replies,
        now: Callable[[], float],
        shards: ShardSet,
    ) -> None:
        self.store = store
        self.replies = replies
        self.now = now
        self.shards = shards
        self.backlog = 0  # deals without a par, as last counted
        self.computed = 0  # pars stored by this process
        super().__init__()

    async def run_once(self) -> int:
        """Compute and store every missing par of our servers' challenges; how many."""
        todo: list[tuple[Challenge, int]] = []
        for row in await self.store.without_par():
            if not self.shards.owns(row.guild_id):
                continue
            done = {par.deal for par in await self.store.pars(row.id)}
            challenge = Challenge.of(row)
            todo += [(challenge, n) for n in range(1, challenge.deals + 1) if n not in done]
        self.backlog = len(todo)
        stored = 0
        for challenge, number in todo:
            stored += await self._compute(challenge, number)
            self.backlog -= 1
        return stored

    async def _compute(self, challenge: Challenge, number: int) -> int:
        play = challenge.play(number)
        hand = play.hand()
        actions = await self.replies.play_out(play, hand, None)
        result = finished(hand)
        assert result is not None
        par = StoredDeal(
            challenge.id,
            None,
            "",
            number,
            result.score,
            result.against,
            result.makers,
            result.trump,
            result.nat,
            tuple(actions),
            self.now(),
        )
        added = await self.store.add_par(par)
        self.computed += int(added)
        return int(added)
