"""A night's ranking as a phone reads it: a monospaced block no wider than `WIDTH` columns.

One row per player (place, name, points, rounds won of rounds played), so no row wraps on a
phone 400 px wide; what only some players have (the rounds they were at when they missed
one, byes, an adjustment, the booby prize, a result not confirmed yet) goes on a short line
of its own below their row, indented under the name. Names come from the front end
(display names; the block cannot show mentions) and are shortened with an ellipsis to the
columns left; every column is as wide as its widest cell, translated headers included.
Used by the night's standings message, /night status and the final ranking /night close
posts (`standings_embed`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import date
from typing import Final

import discord

from bot.league.standings import NightRow
from bot.texts.formats import date_text
from cogs.common.components import EMBED_COLOUR
from cogs.common.text import pad, shorten, t, text_width

__all__ = ["BOOBY_MARK", "WIDTH", "ranking_block", "ranking_lines", "standings_embed"]

WIDTH: Final = 36  # columns of a monospaced block a phone shows without wrapping
BOOBY_MARK: Final = "🥄"
FENCE: Final = "```"
ELLIPSIS: Final = "…"
DESCRIPTION_BUDGET: Final = 3900  # Discord allows 4096 characters in an embed description


def standings_embed(
    league: str,
    night_no: int,
    rows: Sequence[NightRow],
    names: Mapping[int, str],
    locale: str,
    final: bool,
    unconfirmed: Collection[int] = (),
    day: date | None = None,
) -> discord.Embed:
    """The night's ranking as a phone-width block: live while rounds run, final (with the
    booby prize) at the close; players in `unconfirmed` have a result their opponent has
    not confirmed yet. `day`: the date, above the block."""
    key = "league.standings.final_title" if final else "league.standings.live_title"
    head = "" if day is None else date_text(day, locale) + "\n"
    block = ranking_block(rows, names, locale, final, unconfirmed, DESCRIPTION_BUDGET - len(head))
    title = t(key, locale, league=league, night=night_no)
    return discord.Embed(title=title[:256], description=head + block, colour=EMBED_COLOUR)


def ranking_block(
    rows: Sequence[NightRow],
    names: Mapping[int, str],
    locale: str,
    final: bool,
    unconfirmed: Collection[int] = (),
    budget: int = DESCRIPTION_BUDGET,
) -> str:
    """The ranking as a code block of at most `budget` characters: a longer one ends in
    "…" after the last line that fits (the standings picture holds everyone). An empty
    night: the "no results yet" sentence."""
    if not rows:
        return t("league.standings.empty", locale)
    lines = ranking_lines(rows, names, locale, final, unconfirmed)
    room = budget - 2 * (len(FENCE) + 1) - len(ELLIPSIS) - 1
    kept: list[str] = []
    used = 0
    for line in lines:
        used += len(line) + 1
        if used > room:
            kept.append(ELLIPSIS)
            break
        kept.append(line)
    return "\n".join([FENCE, *kept, FENCE])


def ranking_lines(
    rows: Sequence[NightRow],
    names: Mapping[int, str],
    locale: str,
    final: bool,
    unconfirmed: Collection[int] = (),
) -> list[str]:
    """The block's lines: a header, then each player's row and their notes' lines; none
    wider than `WIDTH` columns. The booby prize shows only in a `final` ranking."""
    header = [
        t("league.picture.place", locale),
        t("league.picture.player", locale),
        t("league.picture.points", locale),
        t("league.picture.won", locale),
    ]
    cells = [[str(row.place), str(row.points), f"{row.rounds_won}/{row.rounds}"] for row in rows]
    place_w = max(text_width(c) for c in [header[0], *(cell[0] for cell in cells)])
    points_w = max(text_width(c) for c in [header[2], *(cell[1] for cell in cells)])
    won_w = max(text_width(c) for c in [header[3], *(cell[2] for cell in cells)])
    name_w = WIDTH - place_w - points_w - won_w - 3
    lines = [_row(header[0], header[1], header[2], header[3], (place_w, name_w, points_w, won_w))]
    for row, (place, points, won) in zip(rows, cells, strict=True):
        name = _plain(names.get(row.user_id) or str(row.user_id))
        lines.append(_row(place, name, points, won, (place_w, name_w, points_w, won_w)))
        notes = _notes(row, locale, final, row.user_id in unconfirmed)
        lines += _wrapped(notes, place_w + 1)
    return lines


def _row(place: str, name: str, points: str, won: str, widths: tuple[int, int, int, int]) -> str:
    place_w, name_w, points_w, won_w = widths
    cells = [
        pad(place, place_w, right=True),
        pad(shorten(name, name_w), name_w),
        pad(points, points_w, right=True),
        pad(won, won_w, right=True),
    ]
    return " ".join(cells).rstrip()


def _notes(row: NightRow, locale: str, final: bool, unconfirmed: bool) -> list[str]:
    """What only some rows carry, each a short phrase."""
    notes = []
    if row.absent:  # left early or came late: the points are not a whole night's
        notes.append(t("league.standings.absent", locale, present=row.present, rounds=row.drawn))
    if row.byes:
        notes.append(t("league.standings.byes", locale, byes=row.byes, points=row.bye_points))
    if row.adjustment:
        notes.append(t("league.standings.adjusted", locale, points=f"{row.adjustment:+d}"))
    if row.booby and final:  # the prize is for the night's end, not for a round's
        notes.append(f"{BOOBY_MARK} " + t("league.standings.booby", locale))
    if unconfirmed:
        notes.append(t("league.standings.unconfirmed", locale))
    return notes


def _wrapped(notes: Sequence[str], indent: int) -> list[str]:
    """The notes joined by " · " on lines of at most `WIDTH` columns, each indented; a
    note too long for a line of its own is broken between words."""
    room = WIDTH - indent
    lines: list[str] = []
    for note in notes:
        joined = f"{lines[-1]} · {note}" if lines else ""
        if lines and text_width(joined) <= room:
            lines[-1] = joined
            continue
        lines.append("")
        for word in note.split():
            word = shorten(word, room)
            if lines[-1] and text_width(f"{lines[-1]} {word}") > room:
                lines.append("")
            lines[-1] = f"{lines[-1]} {word}".lstrip()
    return [" " * indent + line for line in lines]


def _plain(name: str) -> str:
    """A name as a code block shows it: a backtick would end the block."""
    return name.replace("`", "ˋ").replace("\n", " ")
