"""The refusals of the service's boundary checks read as sentences that name the value."""

from __future__ import annotations

import pytest

from bot.tables import RefusalCode, TableError
from bot.texts.catalog import has
from cogs.tables.errors import REFUSALS, error_text

CASES = [
    (TableError(RefusalCode.BAD_SETTING, setting="bot_delay", value=1e18, high=60.0), "1e+18"),
    (TableError(RefusalCode.BAD_COMPUTER_KIND, kind="grandmaster", kinds="easy"), "grandmaster"),
    (TableError(RefusalCode.BAD_LOCALE, locale="xx", locales="en, nl"), "xx"),
    (TableError(RefusalCode.BAD_ID, field="user_id", value=-1), "-1"),
]


@pytest.mark.parametrize("locale", ["en", "nl"])
@pytest.mark.parametrize(("error", "shown"), CASES)
def test_boundary_refusals_have_their_own_sentence(
    error: TableError, shown: str, locale: str
) -> None:
    assert has(REFUSALS.key(error.code), locale)
    text = error_text(error, locale)
    assert shown in text and str(error.code) not in text  # not the generic fallback
