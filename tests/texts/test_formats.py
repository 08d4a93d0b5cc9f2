"""Numbers and clock times in each locale's notation, by CLDR (bot/texts/formats.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.texts.formats import decimal_text, percent_text, time_text


@pytest.mark.parametrize(
    ("locale", "decimal", "percent", "clock"),
    [
        ("en", "12.5", "25%", "19:30"),
        ("nl", "12,5", "25%", "19:30"),
        ("pt-BR", "12,5", "25%", "19:30"),
        ("es-ES", "12,5", "25\xa0%", "19:30"),
        ("it", "12,5", "25%", "19:30"),
    ],
)
def test_each_locale_writes_numbers_and_times_its_own_way(
    locale: str, decimal: str, percent: str, clock: str
) -> None:
    assert decimal_text(12.5, locale) == decimal
    assert percent_text(0.25, locale) == percent
    assert time_text("19:30", locale) == clock
    assert time_text(dt.time(19, 30), locale) == clock


def test_score_sized_numbers_are_not_grouped_and_digits_are_kept() -> None:
    assert decimal_text(1500.26, "nl") == "1500,3"
    assert decimal_text(3, "en") == "3.0"
    assert decimal_text(3, "en", digits=0) == "3"
    assert decimal_text(2.25, "it", digits=2) == "2,25"
