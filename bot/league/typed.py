"""A sheet (or one line of it) as typed, read as the draw seats its table.

The front end reads typed text two ways, as four-player lines and as three scores a line
(a table of three's), and hands both readings to the service (`Typed`). The service knows
the table's draw from the night it reads anyway, so it takes the reading the table asks
for (`read_four`, `read_three`): the text's look never decides which kind of sheet it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.engine.driemans_sheets import THREE_SHEET_CODES

from .errors import LeagueCode, LeagueError

Four = TypeVar("Four", covariant=True)
Three = TypeVar("Three", covariant=True)
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Typed(Generic[Four, Three]):
    """Typed text with its two readings: as four-player lines (`four`) and as three
    scores a line (`three`); each raises the text's refusal (`bad_line_format` or
    `bad_three_line_format`, naming the line) when the text does not read that way."""

    four: Callable[[], Four]
    three: Callable[[], Three]


def read_four(typed: Typed[Four, Three], round_no: int, table_no: int) -> Four:
    """The four-player reading, for a table of four; text that reads only as three
    scores a line is refused `not_a_table_of_three`."""
    return _read(typed.four, typed.three, LeagueCode.NOT_A_TABLE_OF_THREE, round_no, table_no)


def read_three(typed: Typed[Four, Three], round_no: int, table_no: int) -> Three:
    """The three-scores reading, for a table of three; text that reads only as
    four-player lines is refused `table_of_three`."""
    return _read(typed.three, typed.four, LeagueCode.TABLE_OF_THREE, round_no, table_no)


def checked_as_three(
    typed: Typed[Four, Three], check: Callable[[], R], round_no: int, table_no: int
) -> R:
    """`check()` of a table of three's reading; when the three-player rules refuse it
    and the text also reads as four-player lines ("1 100 62" is both), they were meant
    for four: refused `table_of_three`, as four-player lines are at a table of three."""
    try:
        return check()
    except LeagueError as refused:
        if refused.code in THREE_SHEET_CODES and _reads(typed.four):
            raise LeagueError(LeagueCode.TABLE_OF_THREE, round=round_no, table=table_no) from None
        raise


def _read(
    own: Callable[[], R],
    other: Callable[[], object],
    other_kind: LeagueCode,
    round_no: int,
    table_no: int,
) -> R:
    """The table's own reading; text that reads only the other way is refused
    `other_kind`, text that reads neither way as the table's own reading refuses it."""
    try:
        return own()
    except LeagueError:
        if not _reads(other):
            raise
        raise LeagueError(other_kind, round=round_no, table=table_no) from None


def _reads(read: Callable[[], object]) -> bool:
    """Whether the text reads the way `read` reads it."""
    try:
        read()
    except LeagueError:
        return False
    return True
