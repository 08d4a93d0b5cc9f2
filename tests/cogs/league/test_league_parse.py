"""The shape of /night enter's text: lines and pairs of numbers; the values are the
engine's to judge."""

from __future__ import annotations

import pytest

from bot.league.entry import SheetEntry
from bot.league.errors import LeagueError
from bot.texts.catalog import LOCALES
from cogs.league.errors import error_text
from cogs.league.parse import parse_lines, parse_pair


def test_lines_with_roem_and_a_pit_mark() -> None:
    assert parse_lines("1 100 62 20 0; 2 0 162 0 100 pit\n1 90,72") == [
        SheetEntry(0, (100, 62), (20, 0), None),
        SheetEntry(1, (0, 162), (0, 100), True),
        SheetEntry(0, (90, 72), (0, 0), None),
    ]


@pytest.mark.parametrize(
    ("text", "line"),
    [("3 100 62", 1), ("1 100 62; 1 100", 2), ("1 100 62 20", 1), ("", 1), ("1 +5 157", 1)],
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


@pytest.mark.parametrize(
    ("text", "code", "shown"),
    [
        ("1 -5 167", "line_negative_number", "-5"),
        ("1 100 \u221262", "line_negative_number", "\u221262"),
        ("1 10\u00b2 62", "line_bad_number", "10\u00b2"),
        ("1 \u00bd 62", "line_bad_number", "\u00bd"),
    ],
)
def test_signs_and_number_signs_are_refused_with_the_line_and_what_was_typed(
    text: str, code: str, shown: str
) -> None:
    with pytest.raises(LeagueError) as raised:
        parse_lines(f"1 100 62; {text}")
    facts = {"line": 2, "text": text, "word": shown}
    assert (raised.value.code, raised.value.facts) == (code, facts)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("text", "word"), [("1 -10 172", "-10"), ("1 10\u00b2 62", "10\u00b2")])
def test_a_number_sign_in_a_line_is_answered_naming_the_line(
    locale: str, text: str, word: str
) -> None:
    with pytest.raises(LeagueError) as raised:
        parse_lines(f"1 100 62\n2 100 62\n{text}")
    sentence = error_text(raised.value, locale)
    assert all(part in sentence for part in (" 3 ", text, word)), sentence


def test_digits_of_any_script_and_dashes_between_numbers_are_read() -> None:
    assert parse_pair("\uff11\uff18\uff11\uff12 \u0661\u0664\u0663\u0660", "totals") == (1812, 1430)
    assert parse_pair("1812 \u2013 1430", "totals") == (1812, 1430)
    assert parse_lines("2 100-62 20/0")[0] == SheetEntry(1, (100, 62), (20, 0), None)
    with pytest.raises(LeagueError) as raised:
        parse_pair("-62 100", "totals")
    assert raised.value.code == "negative_number"


def test_no_pit_is_a_mark_of_its_own() -> None:
    assert parse_lines("1 162 0 nopit")[0].pit is False
    assert parse_lines("1 162 0 np; 1 162 0 pit; 1 162 0")[1:] == [
        SheetEntry(0, (162, 0), (0, 0), True),
        SheetEntry(0, (162, 0), (0, 0), None),
    ]
