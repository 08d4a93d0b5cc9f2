"""The shape of /night enter's text: lines and pairs of numbers; the values are the
engine's to judge."""

from __future__ import annotations

import pytest

from bot.league.entry import SheetEntry
from bot.league.errors import LeagueError
from cogs.league.parse import parse_lines, parse_pair


def test_lines_with_roem_and_a_pit_mark() -> None:
    assert parse_lines("1 100 62 20 0; 2 0 162 0 100 pit\n1 90,72") == [
        SheetEntry(0, (100, 62), (20, 0), None),
        SheetEntry(1, (0, 162), (0, 100), True),
        SheetEntry(0, (90, 72), (0, 0), None),
    ]


@pytest.mark.parametrize(
    ("text", "line"),
    [("3 100 62", 1), ("1 100 62; 1 100", 2), ("1 100 62 20", 1), ("", 1), ("1 -5 167", 1)],
)
def test_unreadable_lines_are_refused_with_their_number(text: str, line: int) -> None:
    with pytest.raises(LeagueError) as raised:
        parse_lines(text)
    assert raised.value.code == "bad_line_format" and raised.value.facts["line"] == line


def test_pairs() -> None:
    assert parse_pair("1850 1420", "totals") == (1850, 1420)
    assert parse_pair("1850-1420", "totals") == (1850, 1420)
    with pytest.raises(LeagueError) as raised:
        parse_pair("1850", "roem")
    assert raised.value.facts == {"what": "roem", "text": "1850"}
