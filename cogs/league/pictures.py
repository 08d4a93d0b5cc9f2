"""The standings picture's words and file names, for /league export and the /night close
post: the picture itself is drawn by `bot/league/export.py` (it holds no words of its own),
from the catalogue's words in the reader's language."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date

from bot.league import export
from bot.league.export import PictureTexts
from bot.league.standings import NightRow
from bot.texts.formats import date_text
from cogs.common.text import t

__all__ = ["night_picture", "picture_texts", "slug"]


def slug(name: str) -> str:
    """A league name as a file name part: "Dinsdag Avond" -> "dinsdag-avond"."""
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "league"


def picture_texts(title: str, locale: str, day: date | None = None) -> PictureTexts:
    """The picture's words for a night (`day`: its date, under the title) or, without a
    day, for a season (nights instead of rounds)."""
    rounds_key = "league.picture.rounds" if day is not None else "league.picture.nights"
    return PictureTexts(
        title,
        t("league.picture.place", locale),
        t("league.picture.player", locale),
        t("league.picture.points", locale),
        t(rounds_key, locale),
        t("league.standings.booby", locale),
        won=t("league.picture.won", locale),
        bye=t("league.picture.bye", locale),
        adjustment=t("league.picture.adjustment", locale),
        present=t("league.picture.present", locale),
        date="" if day is None else date_text(day, locale),
    )


def night_picture(
    title: str, ranking: Sequence[NightRow], names: Mapping[int, str], day: date, locale: str
) -> bytes:
    """The night's standings picture: rounds won, byes, adjustments and the date."""
    rows = export.night_picture_rows(ranking, names)
    return export.standings_png(rows, picture_texts(title, locale, day))
