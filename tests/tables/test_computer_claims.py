"""An easy computer at a table claims the roem of every trick it took, at once, at four,
three and two seats alike (docs/decisions.md, "Computer seats claim"): the table claims
for a computer seat whatever its level, so a pair or side with a computer never loses its
roem, and the easy player's missed claims (bot/players/easy.py, driemans.py, tweemans.py)
are only its play in simulations. Each test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.engine import RuleSet
from bot.engine.games import taker_seat
from bot.tables import TableService, private_hand
from bot.tables.computer_seats import level_of

from .helpers import ALICE, CHANNEL, INSTANT, open_service

GAMES = {
    "four seats": RuleSet().with_options(match_hands=4),
    "three seats": RuleSet.game_preset("driemans").with_options(match_hands=6),
    "two seats": RuleSet.game_preset("tweemans").with_options(target_score=None, match_hands=4),
}


@pytest.fixture
def db(database: str | Path) -> str | Path:
    """Each test runs on SQLite and on PostgreSQL (tests/conftest.py)."""
    return database


async def act(service: TableService, table_id: int) -> None:
    """Alice's decision: the first suit offered, the first two cards to lay down, or the
    first legal card; she never claims."""
    table = service.registry.get(table_id)
    mine = private_hand(table, table.human_seat(ALICE))
    if mine.trump_options is not None:
        await service.choose_trump(table_id, ALICE, mine.trump_options.suits[0])
    elif mine.lay_down:
        await service.lay_down(table_id, ALICE, mine.cards[:2])
    else:
        await service.play(table_id, ALICE, mine.legal[0])


def computer_roem_tricks(service: TableService, table_id: int) -> tuple[int, int]:
    """Of the current hand's tricks with roem that a computer seat took: how many, and
    how many of them are claimed."""
    table = service.registry.get(table_id)
    hand = table.match.hand if table.match is not None else None
    if hand is None:
        return 0, 0
    taken = [t for t in hand.tricks if t.roem and table.seats[taker_seat(t)].computer_acts]
    return len(taken), sum(1 for t in taken if t.claimed)


@pytest.mark.parametrize("game", GAMES)
async def test_an_easy_computer_claims_every_roem_it_took(db: str | Path, game: str) -> None:
    service = await open_service(db)
    easy = replace(INSTANT, computer_kind="easy")
    table_id = (await service.open(1, CHANNEL, ALICE, "Alice", GAMES[game], easy)).id
    await service.start(table_id, ALICE, fill=True)
    table = service.registry.get(table_id)
    assert {level_of(table, seat) for seat in range(1, len(table.seats))} == {"easy"}
    seen = 0
    for _ in range(3000):
        if not service.registry.get(table_id).is_open:
            break
        taken, claimed = computer_roem_tricks(service, table_id)
        assert claimed == taken  # each claimed as soon as it was taken
        seen = max(seen, taken)
        await act(service, table_id)
    assert not service.registry.get(table_id).is_open
    assert seen  # the match gave the computers roem to claim
    await service.store.close()
