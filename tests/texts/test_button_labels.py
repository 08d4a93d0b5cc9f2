"""Every button label of every feature, in every language, keeps to one line on a phone.

The phone budget (docs/table-ux.md 2.13, tests/cogs/tables/test_tables_phone.py) measures
a label at 7.5 px a character plus 32 px of padding in a box 314 px wide. A button that
shares its row with others (the table's and the hand's rows, the review's, every answer's)
is kept to 14 columns: two such buttons then take 282 of the 314 px side by side, a tenth
to spare for the wide letters a phone's font gives words such as "Onderaan zetten". A
button that may take a line of its own (a seat in the lobby, starting, a new season,
checking in) is kept to the box, filled at its widest (a name at the lobby's 12 columns, a
number of two digits)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from bot.texts.catalog import catalogue, templates
from cogs.common.text import text_width
from cogs.tables.ui_lobby import LABEL_NAME

LOCALES = ("en", "nl", "pt-BR", "es-ES", "it")
BOX_WIDTH, CHAR_PX, BUTTON_PAD, BUTTON_GAP = 314, 7.5, 32, 8
SHARED_COLUMNS = 14
LINE_COLUMNS = int((BOX_WIDTH - BUTTON_PAD) / CHAR_PX)
# Buttons that may take a line of their own; every other label is a shared one.
OWN_LINE = frozenset(
    {
        "tables.button.sit_pair",
        "tables.button.sit_opposite",
        "tables.button.sit_seat",
        "tables.button.fill",
        "tables.button.addbot",
        "tables.button.start",
        "tables.button.review",
        "standings.reset.button",
        "league.button.check_in",
        "league.button.check_out",
    }
)
LABEL_PREFIXES = ("help.page.", "common.suit.")  # /help's page buttons, the trump buttons


def is_label(key: str) -> bool:
    """A catalogue key drawn on a button: a `button` part, a help page, a suit."""
    return "button" in key.split(".") or key.startswith(LABEL_PREFIXES)


def widest(template: str) -> str:
    """A label as wide as it gets: a name at the lobby's width, any other field two digits."""
    return re.sub(r"\{\w+\}", "99", template.replace("{name}", "W" * LABEL_NAME))


def labels(locale: str) -> Iterator[tuple[str, str]]:
    """Every button label of a locale, each plural form, filled at its widest."""
    for key, value in catalogue(locale).items():
        if is_label(key):
            for template in templates(value):
                yield key, widest(template)


def test_the_catalogue_has_the_labels_of_every_feature() -> None:
    features = {key.split(".")[0] for key, _ in labels("en")}
    assert {"tables", "league", "standings", "challenge", "analysis", "help"} <= features
    assert {key for key, _ in labels("en")} >= OWN_LINE


def test_two_shared_buttons_fit_one_line_with_a_tenth_to_spare() -> None:
    width = SHARED_COLUMNS * CHAR_PX + BUTTON_PAD
    assert 2 * width + BUTTON_GAP <= 0.9 * BOX_WIDTH
    assert 2 * (width + CHAR_PX) + BUTTON_GAP > 0.9 * BOX_WIDTH  # and no column looser


@pytest.mark.parametrize("locale", LOCALES)
def test_no_button_label_wraps_on_a_phone(locale: str) -> None:
    too_wide = []
    for key, label in labels(locale):
        most = LINE_COLUMNS if key in OWN_LINE else SHARED_COLUMNS
        if text_width(label) > most:
            too_wide.append(f"{key}: {label!r} is {text_width(label)} columns, at most {most}")
    assert too_wide == []


def test_the_check_finds_a_label_too_wide() -> None:
    assert text_width(widest("Onderaan zetten")) > SHARED_COLUMNS
    assert text_width(widest("Siediti: coppia {pair}, di fronte a {name}")) > LINE_COLUMNS
