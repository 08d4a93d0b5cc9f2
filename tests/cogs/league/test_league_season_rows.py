"""The season table's rows (cogs/league/ui.py): what counts, the nights, and the total of
all nights only where it differs from what counts, so a row fits one line of a phone."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.league.season import SeasonRow, SeasonTable
from bot.texts.catalog import LOCALES
from cogs.league.ui import season_embed


def _rows(*rows: SeasonRow) -> list[str]:
    embed = season_embed("Dinsdag", SeasonTable(tuple(rows), ()), "nl")
    assert embed.description is not None
    return embed.description.splitlines()


def test_a_row_leaves_out_the_total_when_every_night_counts() -> None:
    row = SeasonRow(7, 2, 604, Fraction(604), (320, 284), place=1)
    (line,) = _rows(row)
    assert line.endswith(": 604 (2 avonden)")
    assert "totaal" not in line


def test_a_row_names_the_total_when_only_some_nights_count() -> None:
    best = SeasonRow(7, 3, 900, Fraction(604), (320, 284), place=1)
    average = SeasonRow(8, 2, 601, Fraction(601, 2), (320, 281), place=2)
    first, second = _rows(best, average)
    assert first.endswith(": 604 (3 avonden, totaal 900)")
    assert second.endswith(": 300,5 (2 avonden, totaal 601)")


@pytest.mark.parametrize("locale", sorted(LOCALES))
def test_every_language_has_both_rows(locale: str) -> None:
    rows = (
        SeasonRow(7, 1, 604, Fraction(604), (604,), place=1),
        SeasonRow(8, 2, 900, Fraction(450), (450,), place=2),
    )
    embed = season_embed("L", SeasonTable(rows, ()), locale)
    assert embed.description is not None
    plain, with_total = embed.description.splitlines()
    assert "900" not in plain and "604" in plain
    assert "900" in with_total and "450" in with_total
