"""A night and a season for spreadsheets (CSV) and for the channel (a PNG of the standings).

Everything is built from what the service reads (`LeagueService.night_export`,
`LeagueService.season`) with every correction applied: a result is its latest version,
and a `corrected` column says which rows an organiser changed. The domain knows players
by user id only, so the front end passes their display names in; a missing name shows
the id.

CSV: comma-separated, CRLF line ends (RFC 4180), UTF-8 with a byte-order mark so that
Excel reads accented names correctly. The headers are fixed English identifiers (they are
column names, not sentences; docs/league.md lists them) and never change meaning; new
columns are only ever added at the end. Booleans are 1 or 0. Text a player chose (names)
that a spreadsheet would run as a formula gets a leading apostrophe.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Final

from PIL import Image, ImageDraw

from bot.engine.seats import FOUR_SEATS, SIDES
from bot.pictures.fonts import Font
from bot.pictures.fonts import font as _font

from .draw import RoundDraw
from .results import TableResult
from .season import SeasonRow, SeasonTable
from .standings import NightRow

__all__ = [
    "RANKING_COLUMNS",
    "RESULT_COLUMNS",
    "SEASON_COLUMNS",
    "SHEET_COLUMNS",
    "NightExport",
    "PictureRow",
    "PictureTexts",
    "night_picture_rows",
    "ranking_csv",
    "results_csv",
    "season_csv",
    "season_picture_rows",
    "sheet_csv",
    "standings_png",
]

TableKey = tuple[int, int]  # (round number, table index in the round's draw)
Names = Mapping[int, str]

RANKING_COLUMNS: Final = (
    "place",
    "user_id",
    "name",
    "points",
    "rounds",
    "rounds_won",
    "nat",
    "roem",
    "byes",
    "bye_points",
    "adjustment",
    "booby",
    "present",
    "drawn",
    "absent",
)
SEATS: Final = tuple(f"seat_{n}{part}" for n in range(1, 5) for part in ("_id", ""))
RESULT_COLUMNS: Final = (
    "round",
    "table",
    *SEATS,
    "status",
    "source",
    "hands",
    "total_a",
    "total_b",
    "roem_a",
    "roem_b",
    "nat_a",
    "nat_b",
    "corrected",
    "total_c",  # a table of three (seats 1 to 3): seat 3's total and nat hands; a and b
    "nat_c",  # are seat 1's and seat 2's there; empty at a table of four
)
SHEET_COLUMNS: Final = (
    "round",
    "table",
    "line",
    "pair_a",
    "pair_b",
    "makers",
    "points_a",
    "points_b",
    "roem_a",
    "roem_b",
    "score_a",
    "score_b",
    "nat",
    "pit",
    "corrected",
    "player_c",  # a table of three's line: pair_a and pair_b name seats 1 and 2,
    "score_c",  # these seat 3; makers is the solo (A, B, C); no points or roem
)
SEASON_COLUMNS: Final = (
    "place",
    "user_id",
    "name",
    "nights",
    "value",
    "total",
    "counted",
    "ranked",
)
PAIRS: Final = ("A", "B")  # pair A: seats 1 and 3 (the engine's pair 0); B: seats 2 and 4
PLAYERS: Final = ("A", "B", "C")  # a table of three's seats 1 to 3
UNSPLIT: Final = ("points_a", "points_b", "roem_a", "roem_b")  # a line of three has none
_FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True, slots=True)
class NightExport:
    """A night as the exports need it, corrections applied (`LeagueService.night_export`)."""

    draws: Sequence[RoundDraw]
    results: Mapping[TableKey, TableResult]  # the effective (latest) version of each
    corrected: frozenset[TableKey]  # tables whose effective result is not the first version
    corrected_lines: frozenset[tuple[int, int, int]]  # (round, table, line from 1)
    ranking: Sequence[NightRow]
    day: date = date(1970, 1, 1)  # the night's date (`NightView.date`)


def _name(names: Names, user_id: int | None) -> str:
    if user_id is None:
        return ""  # a computer seat
    return names.get(user_id) or str(user_id)


def _text(value: str) -> str:
    """A player's text as a cell a spreadsheet shows and never evaluates."""
    return "'" + value if value.startswith(_FORMULA_START) else value


def _csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        assert len(row) == len(header)
        writer.writerow(["" if cell is None else cell for cell in row])
    return out.getvalue().encode("utf-8-sig")


def ranking_csv(export: NightExport, names: Names) -> bytes:
    """The night's ranking, one line per player, best first; `present` of `drawn` rounds
    (at a table or sitting out), `absent` when the player missed one."""
    return _csv(
        RANKING_COLUMNS,
        (
            (
                r.place,
                r.user_id,
                _text(_name(names, r.user_id)),
                r.points,
                r.rounds,
                r.rounds_won,
                r.nat,
                r.roem,
                r.byes,
                r.bye_points,
                r.adjustment,
                int(r.booby),
                r.present,
                r.drawn,
                int(r.absent),
            )
            for r in export.ranking
        ),
    )


def results_csv(export: NightExport, names: Names) -> bytes:
    """Each drawn table's round, in round and table order. `status`: counted, void, or
    missing (no result yet); a missing table has empty numbers."""
    rows: list[list[object]] = []
    for draw in export.draws:
        for table_no, plan in enumerate(draw.tables):
            result = export.results.get((draw.number, table_no))
            seats = plan.seats if result is None else result.seats
            row: list[object] = [draw.number, table_no + 1]
            for user in seats:
                row += [user, _text(_name(names, user))]
            row += [None, None] * (FOUR_SEATS.count - len(seats))  # a table of three
            if result is None:
                row += ["missing", *[None] * 8, 0, None, None]
            else:
                a_b = slice(0, len(SIDES))
                row += [
                    "void" if result.void else "counted",
                    result.source,
                    result.hands,
                    *result.totals[a_b],
                    *result.roem[a_b],
                    *result.nats[a_b],
                    int((draw.number, table_no) in export.corrected),
                    *_third(result),
                ]
            rows.append(row)
    return _csv(RESULT_COLUMNS, rows)


def _third(result: TableResult) -> tuple[int | None, int | None]:
    """A table of three's seat 3: its total and nat hands (None, None at a table of four)."""
    if not result.three:
        return None, None
    return result.totals[2], result.nats[2]


def _three_lines(
    export: NightExport, names: Names, where: tuple[int, int], result: TableResult
) -> list[list[object]]:
    """A table of three's sheet lines: the players by seat (A, B, C), the solo as makers,
    each player's score; pit: the solo when he took every trick, the defenders when they did."""
    players = [_text(_name(names, user)) for user in result.seats]
    rows: list[list[object]] = []
    for number, line in enumerate(result.three_lines, 1):
        solo = None if line.solo is None else PLAYERS[line.solo]
        defenders = "".join(p for i, p in enumerate(PLAYERS) if i != line.solo)
        pit = None if line.pit is None else (solo if line.pit == 0 else defenders)
        corrected = (*where, number) in export.corrected_lines
        rows.append(
            [
                where[0],
                where[1] + 1,
                number,
                players[0],
                players[1],
                solo,
                *[None] * len(UNSPLIT),
                line.scores[0],
                line.scores[1],
                int(line.nat),
                pit,
                int(corrected),
                players[2],
                line.scores[2],
            ]
        )
    return rows


def sheet_csv(export: NightExport, names: Names) -> bytes:
    """Every score-sheet line of every table, as corrected; tables entered as totals have
    no lines. `makers` and `pit` name the pair (A or B); a table of three's players are
    A, B and C (`_three_lines`)."""
    rows: list[list[object]] = []
    for (round_no, table_no), result in sorted(export.results.items()):
        if result.three:
            rows += _three_lines(export, names, (round_no, table_no), result)
            continue
        pairs = [
            _text(" & ".join(_name(names, result.seats[s]) for s in FOUR_SEATS.seats_of(pair)))
            for pair in FOUR_SEATS.side_numbers
        ]
        for number, line in enumerate(result.lines, 1):
            rows.append(
                [
                    round_no,
                    table_no + 1,
                    number,
                    *pairs,
                    PAIRS[line.makers],
                    *line.points,
                    *line.roem,
                    *line.scores,
                    int(line.nat),
                    None if line.pit is None else PAIRS[line.pit],
                    int((round_no, table_no, number) in export.corrected_lines),
                    None,
                    None,
                ]
            )
    return _csv(SHEET_COLUMNS, rows)


def _decimal(value: Fraction) -> str:
    """A counted value: whole, or to two decimals (an average of the best N), half up."""
    if value.denominator == 1:
        return str(value.numerator)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def season_csv(season: SeasonTable, names: Names) -> bytes:
    """The season table: the ranked players, then those below the minimum attendance
    (`ranked` 0, placed among themselves). `counted`: the night totals that count, best
    first, separated by spaces."""

    def lines(rows: Iterable[SeasonRow], ranked: int) -> Iterable[list[object]]:
        for r in rows:
            yield [
                r.place,
                r.user_id,
                _text(_name(names, r.user_id)),
                r.nights,
                _decimal(r.value),
                r.total,
                " ".join(str(points) for points in r.counted),
                ranked,
            ]

    return _csv(SEASON_COLUMNS, [*lines(season.ranked, 1), *lines(season.below_minimum, 0)])


# ---------------------------------------------------------------------------- the picture
@dataclass(frozen=True, slots=True)
class PictureRow:
    """One line of a standings picture; a night's rows also say rounds won, byes, the
    adjustment and an absence (empty: nothing to show)."""

    place: int
    name: str
    points: str  # already formatted (a season average has decimals)
    rounds: int  # rounds played (a night) or nights played (a season)
    booby: bool = False
    won: str = ""  # rounds won (a night)
    bye: str = ""  # byes and their points, "1× +1450"
    adjustment: str = ""  # the night's adjustment, "-30"
    present: str = ""  # rounds present of those drawn, for a player absent from some, "1/3"


@dataclass(frozen=True, slots=True)
class PictureTexts:
    """The picture's words, in the reader's language (from the front end's catalogue)."""

    title: str
    place: str
    player: str
    points: str
    rounds: str
    booby: str  # the legend beside the booby prize marker
    won: str = ""  # the headers of a night's columns: rounds won, byes, adjustment
    bye: str = ""
    adjustment: str = ""
    present: str = ""  # the header of the rounds a player was present at (only if any was absent)
    date: str = ""  # under the title: the night's date


def night_picture_rows(rows: Sequence[NightRow], names: Names) -> list[PictureRow]:
    """The night's ranking as rows of the standings picture: points, rounds played and
    won, byes with their points, the adjustment, and the rounds a player was present at
    when they missed one."""
    return [
        PictureRow(
            r.place,
            _name(names, r.user_id),
            str(r.points),
            r.rounds,
            r.booby,
            str(r.rounds_won),
            f"{r.byes}× {r.bye_points:+d}" if r.byes else "",
            f"{r.adjustment:+d}" if r.adjustment else "",
            f"{r.present}/{r.drawn}" if r.absent else "",
        )
        for r in rows
    ]


def season_picture_rows(season: SeasonTable, names: Names) -> list[PictureRow]:
    """The ranked players of the season table (no booby prize in a season)."""
    return [
        PictureRow(r.place, _name(names, r.user_id), _decimal(r.value), r.nights)
        for r in season.ranked
    ]


_SCALE: Final = 2  # drawn at twice the size, so it stays sharp on high-density screens
_PAD, _ROW, _SIZE, _TITLE = 16 * _SCALE, 30 * _SCALE, 17 * _SCALE, 22 * _SCALE
_NAME_WIDTH: Final = 240 * _SCALE  # longer names are cut with "..."
_BACKGROUND, _INK, _MUTED = (255, 255, 255), (32, 33, 36), (95, 99, 104)
_HEADER, _HEADER_INK = (30, 107, 58), (255, 255, 255)  # card-table green
_STRIPE, _BOOBY_ROW = (242, 245, 243), (253, 234, 228)
_MEDALS: Final = {1: (212, 175, 55), 2: (168, 169, 173), 3: (176, 115, 64)}
_SPOON: Final = (150, 96, 52)


def _fit(
    draw: ImageDraw.ImageDraw,
    text: str,
    font: Font,
    width: int,
) -> str:
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "...", font=font) > width:
        text = text[:-1]
    return text.rstrip() + "..."


def _spoon(draw: ImageDraw.ImageDraw, x: int, middle: int) -> None:
    """The booby prize marker: a wooden spoon, drawn (no font has it for certain)."""
    s = _SCALE
    draw.ellipse((x, middle - 5 * s, x + 9 * s, middle + 5 * s), fill=_SPOON)
    draw.rounded_rectangle((x + 7 * s, middle - 2 * s, x + 26 * s, middle + 2 * s), 2 * s, _SPOON)


def _columns(rows: Sequence[PictureRow], texts: PictureTexts) -> list[tuple[str, list[str]]]:
    """The right-aligned columns after the name: points and rounds, then the rounds present
    at, rounds won, byes and adjustment where any row has one (a season has none)."""
    columns = [
        (texts.points, [r.points for r in rows]),
        (texts.rounds, [str(r.rounds) for r in rows]),
    ]
    for header, values in (
        (texts.present, [r.present for r in rows]),
        (texts.won, [r.won for r in rows]),
        (texts.bye, [r.bye for r in rows]),
        (texts.adjustment, [r.adjustment for r in rows]),
    ):
        if any(values):
            columns.append((header, values))
    return columns


def standings_png(rows: Sequence[PictureRow], texts: PictureTexts) -> bytes:
    """The standings as a PNG: title (and date), then place, name, points, rounds (and a
    night's rounds present at, rounds won, byes and adjustments) per line, the podium's
    places in medal colours, booby prize lines tinted and marked with a spoon (explained
    under the table)."""
    font, bold = _font(_SIZE), _font(_TITLE, bold=True)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))

    def width(text: str, face: Font = font) -> int:
        return int(probe.textlength(text, font=face)) + 1

    columns = _columns(rows, texts)
    place_w = max([width(texts.place), width("999"), 26 * _SCALE])
    name_w = min(_NAME_WIDTH, max([width(texts.player), *(width(r.name) for r in rows)]))
    widths = [max([width(header), *(width(v) for v in values)]) for header, values in columns]
    marker_w = 30 * _SCALE
    gap = 18 * _SCALE
    name_x = _PAD + place_w + gap
    rights = []  # where each right-aligned column ends
    x = name_x + name_w
    for column_w in widths:
        x += gap + column_w
        rights.append(x)
    marker_x = x + gap
    legend = any(r.booby for r in rows)
    dated = _ROW if texts.date else 0
    total_w = max(marker_x + marker_w + _PAD, width(texts.title, bold) + 2 * _PAD)
    total_w = max(total_w, width(texts.date) + 2 * _PAD)
    rows_h = _ROW * (len(rows) + 1) + (_ROW if legend else 0)
    height = _PAD + _TITLE + dated + _PAD + rows_h + _PAD

    image = Image.new("RGB", (total_w, height), _BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = _PAD
    draw.text((_PAD, y), texts.title, font=bold, fill=_INK)
    y += _TITLE
    if texts.date:
        draw.text((_PAD, y + _ROW // 2), texts.date, font=font, fill=_MUTED, anchor="lm")
        y += dated
    y += _PAD
    draw.rectangle((0, y, total_w, y + _ROW), fill=_HEADER)
    middle = y + _ROW // 2
    draw.text((_PAD + place_w, middle), texts.place, font=font, fill=_HEADER_INK, anchor="rm")
    draw.text((name_x, middle), texts.player, font=font, fill=_HEADER_INK, anchor="lm")
    for (header, _), right in zip(columns, rights, strict=True):
        draw.text((right, middle), header, font=font, fill=_HEADER_INK, anchor="rm")
    for index, row in enumerate(rows):
        y += _ROW
        middle = y + _ROW // 2
        shade = _BOOBY_ROW if row.booby else _STRIPE if index % 2 else _BACKGROUND
        draw.rectangle((0, y, total_w, y + _ROW), fill=shade)
        _place(draw, row.place, _PAD + place_w, middle, font)
        name = _fit(draw, row.name, font, name_w)
        draw.text((name_x, middle), name, font=font, fill=_INK, anchor="lm")
        for number, ((_, values), right) in enumerate(zip(columns, rights, strict=True)):
            ink = _INK if number == 0 else _MUTED  # the points stand out
            draw.text((right, middle), values[index], font=font, fill=ink, anchor="rm")
        if row.booby:
            _spoon(draw, marker_x, middle)
    if legend:
        y += _ROW + _PAD // 2
        middle = y + _ROW // 2
        _spoon(draw, _PAD, middle)
        draw.text(
            (_PAD + marker_w + 8 * _SCALE, middle), texts.booby, font=font, fill=_MUTED, anchor="lm"
        )
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _place(draw: ImageDraw.ImageDraw, place: int, right: int, middle: int, font: Font) -> None:
    """A place, right-aligned at `right`: the podium's in a medal of its colour."""
    medal = _MEDALS.get(place)
    if medal is None:
        draw.text((right, middle), str(place), font=font, fill=_MUTED, anchor="rm")
        return
    r = 12 * _SCALE
    cx = right - r
    draw.ellipse((cx - r, middle - r, cx + r, middle + r), fill=medal)
    draw.text((cx, middle), str(place), font=font, fill=_HEADER_INK, anchor="mm")
