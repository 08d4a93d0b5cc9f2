"""Seeding results for ratings tests: casual matches written straight into the store (as the
table service writes a finished one), league nights through the league service, and what
the rating model says those games should give."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from bot.league.entry import SheetEntry
from bot.league.service import Actor, LeagueService
from bot.league.settings import LeagueSettings, Organisers, RoundLength
from bot.ratings.rating import Game, Rating, match_key, replay
from bot.store import HandRecord, MatchRecord, Store
from bot.store.records import ActionRecord, NewTable

ORGANISER = Actor(100)
LEAGUE = LeagueSettings("Thursday", Organisers(role_ids=(7,)), round_length=RoundLength(hands=2))
# A sheet pair 0 (seats 0 and 2) wins, 182 to 162.
PAIR_0_WINS = [SheetEntry(0, (100, 62), (20, 0)), SheetEntry(1, (62, 100))]
_channels = itertools.count(900_000)


async def record_match(
    store: Store,
    guild_id: int,
    seats: Sequence[int | None],
    *,
    at: float,
    winner: int | None = 0,
    rules: str = "amsterdam",
) -> int:
    """One finished one-hand match of a casual table, played by preset ``rules``; its
    table id."""
    opener = next((user for user in seats if user is not None), 999)
    table_id = await store.tables.create(NewTable(guild_id, next(_channels), opener, {}, at))
    scores = (100, 62) if winner == 0 else (62, 100) if winner == 1 else (81, 81)
    hand = HandRecord(
        table_id=table_id, match_no=1, number=1, guild_id=guild_id, dealer=3, trump="h",
        makers=0, chooser=0, points=scores, roem=(0, 0), scores=scores, nat=False, pit=None,
        seats=tuple(seats), at=at,
    )  # fmt: skip
    match = MatchRecord(
        table_id=table_id, match_no=1, guild_id=guild_id, rules=rules, totals=scores,
        winner=winner, hands=1, seats=tuple(seats), at=at,
    )  # fmt: skip
    await store.tables.record(
        ActionRecord(table_id, 1, None, "test", {}, at, {}, "finished", (hand,), match)
    )
    return table_id


def casual(table_id: int, seats: Sequence[int | None], at: float, winner: int | None) -> Game:
    """The game the model sees in a casual match (seats 0 and 2 are pair 0)."""
    return Game(match_key(table_id, 1), at, ((seats[0], seats[2]), (seats[1], seats[3])), winner)


def expected(games: Sequence[Game]) -> dict[int, Rating]:
    return replay(sorted(games, key=lambda g: (g.at, g.key)))


async def league_night(service: LeagueService, guild_id: int, players: Sequence[int]) -> int:
    """A new league's first night in `guild_id` with `players` checked in."""
    league = (await service.create_league(guild_id, LEAGUE, ORGANISER)).id
    night = (await service.open_night(league, ORGANISER)).view.night.id
    for user in players:
        await service.check_in(night, user)
    return night
