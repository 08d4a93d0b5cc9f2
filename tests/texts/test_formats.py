"""Numbers and clock times in each locale's notation, by CLDR (bot/texts/formats.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.texts.formats import decimal_text, grouped_text, percent_text, time_text


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


@pytest.mark.parametrize(
    ("locale", "rating", "large"),
    [
        ("en", "1,554", "12,554"),
        ("nl", "1.554", "12.554"),
        ("pt-BR", "1.554", "12.554"),
        ("es-ES", "1554", "12.554"),  # CLDR minimumGroupingDigits 2: no group of four digits
        ("it", "1.554", "12.554"),
    ],
)
def test_ratings_are_grouped_as_the_locale_groups_thousands(
    locale: str, rating: str, large: str
) -> None:
    assert grouped_text(1554, locale) == rating
    assert grouped_text(12554, locale) == large
    assert grouped_text(343, locale) == "343"
    assert grouped_text(-1554, locale) == f"-{rating}"
