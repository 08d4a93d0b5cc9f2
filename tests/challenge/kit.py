"""What the challenge tests share: a service on a real store, and a member who plays."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from bot.challenge import ChallengeService, PlayView
from bot.engine import Phase
from bot.players import Effort
from bot.store import open_store
from bot.tables import FakeClock

T = TypeVar("T")
GUILD = 10
OTHER_GUILD = 11
CHANNEL = 100
SMALL = Effort(nodes=200, samples=3)  # quick, and as deterministic as the real one


async def inline(work: Callable[[], T]) -> T:
    """Decide on the loop itself (the tests' worker)."""
    return work()


@asynccontextmanager
async def opened(
    database: str | Path, clock: FakeClock, seed: str = "challenge-seed"
) -> AsyncIterator[ChallengeService]:
    """A challenge service on ``database`` with a fixed seed, as a fresh process would
    open it; closed after."""
    store = await open_store(database)
    try:
        yield ChallengeService(store, inline, clock.now, seeds=lambda: seed, effort=SMALL)
    finally:
        await store.close()


Choice = tuple[str, Any]
Policy = Callable[[PlayView], Choice]


def first_choice(view: PlayView) -> Choice:
    """A member's decision: the first allowed suit, the first legal card in display order."""
    return _choose(view, None)


def varied(salt: str) -> Policy:
    """A member who decides by the position alone, differently per ``salt``: passes or
    names a random allowed suit, plays a random legal card (so a replay decides alike)."""

    def policy(view: PlayView) -> Choice:
        hand = view.hand
        assert hand is not None
        state = f"{salt}/{view.deal}/{hand.cards}/{hand.current}/{hand.phase}"
        return _choose(view, random.Random(state))

    return policy


def _choose(view: PlayView, rng: random.Random | None) -> Choice:
    hand = view.hand
    assert hand is not None and hand.my_turn
    if hand.phase == Phase.TRUMP:
        options = hand.trump_options
        assert options is not None
        if options.can_pass and (rng is None or rng.random() < 0.5):
            return "bid", None
        return "bid", options.suits[0] if rng is None else rng.choice(options.suits)
    legal = [card for card in hand.cards if card in hand.legal]
    return "play", legal[0] if rng is None else rng.choice(legal)


async def decide(service: ChallengeService, view: PlayView, user: int, choice: Choice) -> PlayView:
    """Carry out ``choice`` at ``view``'s state."""
    kind, value = choice
    operation = service.play if kind == "play" else service.bid
    return await operation(view.challenge.id, user, view.deal, view.seq, value)


async def play_all(
    service: ChallengeService,
    user: int,
    policy: Policy = first_choice,
    stop_after: int | None = None,
) -> PlayView:
    """Start (or resume) the member's challenge in GUILD and play on until every deal is
    played, or after ``stop_after`` decisions."""
    view = await service.look(GUILD, user, CHANNEL)
    if not view.started:
        view = await service.start(view.challenge.id, user, f"user{user}")
    made = 0
    while not view.finished and (stop_after is None or made < stop_after):
        view = await decide(service, view, user, policy(view))
        made += 1
    return view
