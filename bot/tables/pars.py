"""Which hands of a table get a par, and what the par's replay needs (docs/pars.md).

A hand counts when one person played it with three computers at a casual table of
four-player Klaverjas (never a league table, never another game): the person played the
whole hand alone (asked no hint, and the computer played none of it for them while they
were away), and the other three seats are computers when it is scored. The par is the
strong computer's result in that seat with the same cards and the same computers
(bot/pars); what it needs is written with the hand's score line, so a restart finds it.
"""

from __future__ import annotations

from typing import Any

from bot.engine.seats import SEATS
from bot.games import other_game

from .computer_seats import level_of
from .table import SeatKind, Table

__all__ = ["counted_seat", "par_setup", "solo_seat"]


def counted_seat(table: Table) -> int | None:
    """The seat of the one person at a casual table whose three other seats are computers,
    while the hand in play still counts for them: they have played it alone so far (no
    hint, the computer never acted for them: the seat's ``assisted``); None for any other
    table or hand. A seat marked away (or on autoplay) since an earlier hand still counts:
    the person may act before the computer does, which takes the seat back. A hand of
    another game than four-player Klaverjas gets no par: the par's strong computer plays
    the four-seat game (docs/decisions.md, "Games across the features")."""
    if table.settings.league or other_game(table.rules) is not None:
        return None
    people = [seat for seat, held in enumerate(table.seats) if held.kind == SeatKind.HUMAN]
    computers = sum(held.kind == SeatKind.COMPUTER for held in table.seats)
    if len(people) != 1 or computers != 3:
        return None
    return None if table.seats[people[0]].assisted else people[0]


def solo_seat(table: Table) -> int | None:
    """`counted_seat` for a hand being scored, which the person played alone: not away nor
    on autoplay then either (a seat stored before ``assisted`` existed lacks the mark)."""
    seat = counted_seat(table)
    if seat is None or table.seats[seat].away or table.seats[seat].autoplay:
        return None
    return seat


def par_setup(table: Table) -> dict[str, Any] | None:
    """What the par of the hand just scored at ``table`` needs: the rules, the match's seed
    and first dealer (the deal is a function of them and the hand's number), the person's
    seat and each computer's level (None at the person's seat); None when the hand does
    not count."""
    seat = solo_seat(table)
    if seat is None or table.match is None:
        return None
    levels = [None if other == seat else level_of(table, other) for other in SEATS]
    return {
        "rules": table.match.rules.to_dict(),
        "seed": table.match.seed,
        "first_dealer": table.match.first_dealer,
        "seat": seat,
        "levels": levels,
    }
