"""Numbers and times in the reader's locale, by CLDR through Babel.

A decimal is ``12,5`` in Dutch and ``12.5`` in English, a share ``25 %`` in Spanish, a
clock time ``20:00`` in Dutch and ``8:00 PM`` in English, a day ``14 mei 2025`` in Dutch.
Whole numbers of the game (points, scores, table numbers) are written without grouping,
as on a score sheet, and other whole numbers (ratings) grouped as the locale groups
thousands; a moment a reader should see on their own clock goes to Discord as
``<t:…>`` markup, which every client draws in its user's language and time zone.
"""

from __future__ import annotations

import datetime as dt

from babel.dates import format_date, format_time
from babel.numbers import format_decimal, format_percent

from bot.texts.catalog import babel_locale, normalize_locale

__all__ = [
    "date_text",
    "decimal_text",
    "grouped_text",
    "mid_sentence",
    "percent_text",
    "signed_text",
    "time_text",
]


def decimal_text(value: float, locale: object, digits: int = 1) -> str:
    """``value`` with exactly ``digits`` decimals in the locale's notation (``12,5``)."""
    pattern = "0." + "0" * digits if digits else "0"
    return format_decimal(value, format=pattern, locale=_babel(locale))


def signed_text(value: float, locale: object, digits: int = 1) -> str:
    """``value`` with exactly ``digits`` decimals and its sign, plus or minus, in the
    locale's notation (``+4.2``, ``-3,5``): a difference, such as a result against par."""
    pattern = "0." + "0" * digits if digits else "0"
    return format_decimal(value, format=f"+{pattern};-{pattern}", locale=_babel(locale))


# CLDR's minimumGroupingDigits where it is not 1, which Babel does not apply: Spanish
# groups no four-digit number ("1554", but "12.554"), as the RAE writes them too.
MIN_GROUPING = {"es-ES": 2}


def grouped_text(value: int, locale: object) -> str:
    """A whole number that is no score, such as a rating, with the locale's thousands
    separator (``1,534`` in English, ``1.534`` in Dutch, ``1534`` but ``12.534`` in
    Spanish)."""
    grouping = MIN_GROUPING.get(normalize_locale(locale), 1)
    pattern = "0" if abs(value) < 10 ** (2 + grouping) else "#,##0"
    return format_decimal(value, format=pattern, locale=_babel(locale))


def mid_sentence(text: str) -> str:
    """A sentence that goes on mid-line (after a colon, inside another sentence): its first
    letter in lower case, as every language of the bot writes it there."""
    return text[:1].lower() + text[1:]


def percent_text(share: float, locale: object) -> str:
    """A share (0.25) as a whole percentage in the locale's notation (``25%``, ``25 %``)."""
    return format_percent(share, locale=_babel(locale))


def time_text(clock: dt.time | str, locale: object) -> str:
    """A clock time (a `time` or ``HH:MM``) in the locale's short form (``20:00``,
    ``8:00 PM``)."""
    moment = clock if isinstance(clock, dt.time) else dt.time.fromisoformat(clock)
    return format_time(moment, format="short", locale=_babel(locale))


def date_text(day: dt.date, locale: object) -> str:
    """A day in the locale's long form (``14 May 2025``, ``14 mei 2025``): what a night's
    final ranking is dated with."""
    return format_date(day, format="long", locale=_babel(locale))


def _babel(locale: object) -> str:
    return babel_locale(normalize_locale(locale))
