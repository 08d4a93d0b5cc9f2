"""The challenge's computers: the same three for every member, and the par's four.

A computer's decision is a pure function of the deal, its seat and what was played so far:
the strong player searches a fixed `Effort` (stored with the challenge, never the clock)
from a seed made of the challenge's seed, the deal, the seat and the number of actions
before it. So two members who play the same cards meet the same replies, whatever the
machine's load, and a restart changes nothing. The same purity lets `Replies` keep each
decision once computed: members who reach the same position (the first tricks often
coincide) share it instead of searching again, and so does the par, whose four computers
play through the same decisions.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final, TypeVar

import orjson

from bot.engine import Hand, Phase, RuleSet, action_from_dict, pair_of
from bot.players import Effort, view_for
from bot.players.workers import decide_action

from .deals import PLAYER_SEAT, deal

__all__ = [
    "CACHE_SIZE",
    "EFFORT",
    "DealPlay",
    "Finished",
    "Replies",
    "Runner",
    "decision_seed",
    "finished",
]

T = TypeVar("T")
Runner = Callable[[Callable[[], T]], Awaitable[T]]
EFFORT: Final = Effort()  # a new challenge's search effort (kept with the challenge)
CACHE_SIZE: Final = 50_000  # decisions kept: a few hundred bytes each


def decision_seed(seed: str, number: int, seat: int, step: int) -> str:
    """The seed of the decision of ``seat`` at action ``step`` of deal ``number``."""
    return f"{seed}/deal/{number}/seat/{seat}/step/{step}"


@dataclass(frozen=True, slots=True)
class DealPlay:
    """One deal of a challenge being played: the challenge's seed, rules and effort, the
    deal's number and its actions so far (the engine's stored dict form)."""

    seed: str
    rules: RuleSet
    effort: Effort
    number: int
    actions: tuple[dict[str, Any], ...] = field(default=())

    def hand(self) -> Hand:
        """The deal as it stands after its actions (a replay from the deal)."""
        hand = deal(self.rules, self.seed, self.number)
        for data in self.actions:
            hand.apply(action_from_dict(data))
        return hand


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished deal from seat 0's side: its pair's score, the other pair's, who made
    trump (a pair), the trump suit's letter, whether the makers went nat, and whether a
    pair took every trick (pit; not stored: what the answer to that deal names)."""

    score: int
    against: int
    makers: int
    trump: str
    nat: bool
    pit: bool = False


def finished(hand: Hand) -> Finished | None:
    """The result of ``hand`` once it is scored; None before."""
    result = hand.result
    if result is None or hand.trump is None:
        return None
    ours = pair_of(PLAYER_SEAT)
    return Finished(
        result.scores[ours],
        result.scores[1 - ours],
        result.makers,
        hand.trump.letter,
        result.nat,
        result.pit is not None,
    )


class Replies:
    """Every computer decision of the challenges, each computed once (see the module doc);
    ``run`` hands a decision to a worker (the table service's `Computers.compute`)."""

    def __init__(self, run: Runner[dict[str, Any]], size: int = CACHE_SIZE) -> None:
        self._run = run
        self._size = size
        self._known: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self._pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.asked = 0  # decisions asked for
        self.searched = 0  # of them searched (the rest were known or under way)

    async def play_out(self, play: DealPlay, hand: Hand, stop: int | None) -> list[dict[str, Any]]:
        """Let the computers act on ``hand`` (the state of ``play``'s actions) until seat
        ``stop`` is to decide or the hand is scored; the actions they took, in order, also
        applied to ``hand``. ``stop`` None: all four seats are computers (the par)."""
        taken: list[dict[str, Any]] = []
        actions = list(play.actions)
        while hand.phase != Phase.DONE and hand.to_act is not None and hand.to_act != stop:
            data = await self.decide(play, hand, actions)
            hand.apply(action_from_dict(data))
            actions.append(data)
            taken.append(data)
        return taken

    async def decide(
        self, play: DealPlay, hand: Hand, actions: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """The decision of the seat to act on ``hand`` after ``actions`` of ``play``'s deal."""
        seat = hand.to_act
        assert seat is not None
        self.asked += 1
        key = _key(play, actions)
        known = self._known.get(key)
        if known is not None:
            self._known.move_to_end(key)
            return known
        pending = self._pending.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        seed = decision_seed(play.seed, play.number, seat, len(actions))
        work = partial(decide_action, "strong", seed, 0.0, view_for(hand, seat), False, play.effort)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[key] = future
        try:
            self.searched += 1
            data = await self._run(work)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as error:
            future.set_exception(error)
            future.exception()  # retrieved: a decision nobody else awaited logs nothing
            raise
        finally:
            del self._pending[key]
        future.set_result(data)
        self._remember(key, data)
        return data

    def _remember(self, key: str, data: dict[str, Any]) -> None:
        self._known[key] = data
        while len(self._known) > self._size:
            self._known.popitem(last=False)


def _key(play: DealPlay, actions: list[dict[str, Any]]) -> str:
    """What a decision depends on: the challenge (its seed), the deal and the actions."""
    played = orjson.dumps(actions, option=orjson.OPT_SORT_KEYS).decode()
    return f"{play.seed}/{play.number}/{played}"
