"""The computers at a table: which player takes a seat's next decision, handed to the
computers' workers (bot/players/workers.py).

The level is the seat's own, else the table's; the seed is the table's seed, the seat and
its sequence number, so a decision is reproducible from the table's state.
"""

from __future__ import annotations

from functools import partial

from bot.engine import DriemansHand
from bot.engine.games import AnyAction, AnyHand
from bot.engine.seats import FOUR_SEATS
from bot.players import LEVELS, Player, view_for
from bot.players.driemans import decide_driemans, driemans_view
from bot.players.workers import Computers, player_for

from .table import SeatKind, Table


def level_of(table: Table, seat: int) -> str:
    """The level of the computer playing ``seat``: the seat's own, else the table's (a
    human's seat played by the computer while they are away, or an older table)."""
    return table.seats[seat].level or table.settings.computer_kind


def check_level(level: str) -> str:
    """The level named by ``level`` (any case), or ValueError when there is none."""
    key = level.strip().lower()
    if key not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    return key


def seed_of(table: Table, seat: int) -> str:
    """The seed of the seat's next decision: reproducible from the table's state."""
    return f"{table.seed}/{seat}/{table.seq}"


def normal_opponents(table: Table, seat: int) -> bool:
    """Whether both opponents of ``seat`` are normal computers (the table shows every
    seat's level): a strong player then models their play (bot/players, make_player)."""
    return all(
        table.seats[other].kind == SeatKind.COMPUTER
        and level_of(table, other) in ("normal", "heuristic")
        for other in FOUR_SEATS.opponents_of(seat)
    )


def brain(computers: Computers, table: Table, seat: int) -> Player:
    """The player that would take the seat's next decision (for tools and tests)."""
    modelled = normal_opponents(table, seat)
    return player_for(level_of(table, seat), seed_of(table, seat), computers.budget_ms, modelled)


async def decide(computers: Computers, table: Table, hand: AnyHand, seat: int) -> AnyAction:
    """The engine action the seat's computer player takes now (trump choice or card; at
    three seats also the discard), decided by a worker from the seat's view (copied here,
    on the loop). Three seats: easy or normal (`decide_driemans`: strong plays normal)."""
    level, seed = level_of(table, seat), seed_of(table, seat)
    if isinstance(hand, DriemansHand):
        view = driemans_view(hand, seat)
        return await computers.compute(partial(decide_driemans, level, seed, view))
    return await computers.decide(level, seed, view_for(hand, seat), normal_opponents(table, seat))
