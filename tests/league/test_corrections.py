"""Corrections make new values; the old one stays as it was."""

from __future__ import annotations

import pytest

from bot.engine import RuleSet
from bot.league.corrections import corrected_line, require_reason, voided
from bot.league.entry import hand_line
from bot.league.errors import LeagueError
from bot.league.results import TableResult

RULES = RuleSet()
SHEET = TableResult.of_lines(
    (1, 2, 3, 4), [hand_line(0, (100, 62), (0, 0), RULES), hand_line(1, (80, 82), (0, 0), RULES)]
)


def test_correcting_a_line_recounts_the_totals_and_keeps_the_original() -> None:
    assert SHEET.totals == (100 + 80, 62 + 82)
    fixed = corrected_line(SHEET, 2, hand_line(1, (80, 82), (0, 20), RULES))
    assert fixed.totals == (80 + 100, 62 + 82 + 20)
    assert fixed.roem == (0, 20)
    assert SHEET.totals == (180, 144)  # unchanged


@pytest.mark.parametrize(
    ("result", "number", "code"),
    [
        (SHEET, 3, "no_such_line"),
        (SHEET, 0, "no_such_line"),
        (SHEET.voided(), 1, "result_voided"),
        (TableResult((1, 2, 3, 4), (1500, 1100), hands=16, source="totals"), 1, "no_lines"),
    ],
)
def test_line_correction_refusals(result: TableResult, number: int, code: str) -> None:
    with pytest.raises(LeagueError) as raised:
        corrected_line(result, number, SHEET.lines[0])
    assert raised.value.code == code


def test_voiding_twice_and_reasons() -> None:
    assert voided(SHEET).void
    with pytest.raises(LeagueError):
        voided(voided(SHEET))
    assert require_reason("  typo ") == "typo"
    with pytest.raises(LeagueError) as raised:
        require_reason("   ")
    assert raised.value.code == "reason_required"
