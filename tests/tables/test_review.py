"""The review after a hand (docs/table-ux.md 2.11) from the service: the tricks as played,
replayed from the stored action log, agree with the deal and the score sheet."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine import Suit, pair_of, trick_points
from bot.engine.tricks import LAST_TRICK_BONUS
from bot.tables import TableError
from tests.tables.helpers import ALICE, BOB, CARL, DIRK, act_once, open_service, table_with


async def test_the_review_replays_each_trick_as_played(database: str | Path) -> None:
    service = await open_service(database)
    table = await table_with(service, {0: ALICE, 1: BOB, 2: CARL, 3: DIRK})
    with pytest.raises(TableError):  # nothing of a hand in play
        await service.review(table.id, 1)
    for _ in range(60):
        if service.registry.get(table.id).match.sheet:  # type: ignore[union-attr]
            break
        await act_once(service, table.id, pick=3)
    match = service.registry.get(table.id).match
    assert match is not None and match.sheet

    review = await service.review(table.id, 1)
    tricks, line = review.tricks, review.line
    assert len(tricks) == 8 and line == match.sheet[0]
    for seat, dealt in enumerate(match.deal_of(1)):  # each seat plays what it was dealt
        played = [t.cards[(seat - t.leader) % 4] for t in tricks]
        assert sorted(played) == sorted(dealt)
    for before, after in zip(tricks, tricks[1:], strict=False):  # the winner leads next
        assert after.leader == before.winner
    trump = Suit.parse(line.trump)
    points, roem = [0, 0], [0, 0]
    for number, trick in enumerate(tricks, start=1):
        bonus = LAST_TRICK_BONUS if number == 8 else 0
        points[pair_of(trick.winner)] += trick_points(trick.cards, trump) + bonus
        roem[pair_of(trick.winner)] += trick.claimed_roem
    assert tuple(points) == line.points and tuple(roem) == line.roem
