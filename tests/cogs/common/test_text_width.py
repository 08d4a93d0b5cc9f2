"""Shortening and padding names for the table message and the score sheet's columns."""

from __future__ import annotations

from cogs.common.text import pad, shorten, text_width


def test_wide_characters_take_two_columns_and_combining_marks_none() -> None:
    assert text_width("anna") == 4
    assert text_width("山田") == 4
    assert text_width("e\u0301") == 1  # e + combining acute accent


def test_a_long_name_ends_in_an_ellipsis_within_the_width() -> None:
    assert shorten("anna", 12) == "anna"
    assert shorten("Annemarie van den Heuvel", 12) == "Annemarie v…"
    assert shorten("Annemarie van", 11) == "Annemarie…"  # no space before the ellipsis
    wide = shorten("山田太郎山田太郎", 7)
    assert wide == "山田太…" and text_width(wide) <= 7


def test_pad_fills_to_the_width_in_columns() -> None:
    assert pad("ab", 4) == "ab  "
    assert pad("12", 4, right=True) == "  12"
    assert text_width(pad("山田", 6)) == 6
