"""The score sheet: one line per hand in a monospaced block a phone shows whole, the
match's result, and what is posted when a match ends (with **Play again**).

Pure functions of the public read model (`PublicTable`) and a locale, like the table
message (`ui.py`), which shows the result and the last hand's flag from here too.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.engine import DriemansLine, SheetLine, Suit, TweemansLine
from bot.tables import PublicTable
from cogs.common.components import EMBED_COLOUR, Component, rendered_view
from cogs.common.text import pad, t, text_width
from cogs.tables.items import again_component
from cogs.tables.ui_text import md, pair_names, seat_name

__all__ = [
    "MAKERS_MARK",
    "NAME_MAX",
    "SHEET_WIDTH",
    "final_rows",
    "final_sheet",
    "flag_text",
    "played_again",
    "result_text",
    "sheet_embed",
    "sheet_legend",
    "sheet_rows",
    "three_sheet_rows",
]

NAME_MAX = 24  # columns: a longer display name is shortened with an ellipsis
DESCRIPTION_BUDGET = 3900  # Discord allows 4096 characters in an embed description
SHEET_WIDTH = 36  # columns of the sheet's block: a phone shows this many without wrapping
MAKERS_MARK = "*"  # beside the score of the pair that made trump
SOLO_MARK = "*"  # beside the solo's score of a hand (three seats), the maker's (two)


def result_text(public: PublicTable, locale: str) -> str:
    """The match result in one sentence: who won, and the totals."""
    if public.three is not None or public.two is not None:
        return three_result_text(public, locale)
    totals = public.result.totals if public.result is not None else public.totals
    winner = public.result.winner if public.result is not None else None
    if winner is None:
        return t("tables.result.draw", locale, score1=totals[0], score2=totals[1])
    return t(
        "tables.result.won",
        locale,
        pair=md(pair_names(public.seats, winner, locale, NAME_MAX)),
        score=totals[winner],
        other=totals[1 - winner],
    )


def flag_text(line: SheetLine, locale: str) -> str:
    """The hand's mark: a kraken hand's multiplier ("×4"), then nat (the makers, or after
    a call the bearing pair, did not make it) or pit (one pair took every trick);
    nothing for an ordinary hand."""
    marks = [f"×{line.multiplier}"] if line.multiplier > 1 else []
    if line.ledig:  # a house rule (docs/rules.md 2.10): no nat, no pit
        marks.append(t("tables.sheet.ledig", locale))
    elif line.nat:
        marks.append(t("tables.sheet.nat", locale))
    elif line.pit is not None:
        marks.append(t("tables.sheet.pit", locale))
    return " ".join(marks)


# ----------------------------------------------------------------------------- score sheet


def sheet_embed(public: PublicTable, locale: str, *, final: bool = False) -> discord.Embed:
    """The score sheet: the pairs by name, then one line per hand in a monospaced block of
    at most `SHEET_WIDTH` columns (a phone's width), and what its marks mean; three seats:
    a column per player (`three_sheet_embed`), as at two."""
    if public.three is not None or public.two is not None:
        return three_sheet_embed(public, locale, final=final)
    pairs = t(
        "tables.sheet.pairs",
        locale,
        pair1=md(pair_names(public.seats, 0, locale, NAME_MAX)),
        pair2=md(pair_names(public.seats, 1, locale, NAME_MAX)),
    )
    head = [result_text(public, locale)] if final else []
    legend = sheet_legend(locale)
    if any(line.ledig for line in public.sheet):
        legend += "\n" + t("tables.sheet.ledig_legend", locale, bonus=public.rules.ledig_bonus)
    rows = _fit(sheet_rows(public, locale), DESCRIPTION_BUDGET - len(pairs) - len(legend) - 100)
    body = "```\n" + "\n".join(rows) + "\n```"
    title = t("tables.sheet.title", locale, table=public.table_id)
    return discord.Embed(
        title=title, description="\n".join([*head, pairs, body, legend]), colour=EMBED_COLOUR
    )


def sheet_legend(locale: str) -> str:
    """What the makers' mark means, the mark in code as in the sheet's block: a line that
    starts with a bare `*` is a Markdown list item (Discord draws a bullet, the star goes)."""
    return t("tables.sheet.legend", locale, mark=f"`{MAKERS_MARK}`")


def sheet_rows(public: PublicTable, locale: str) -> list[str]:
    """Header, one row per hand, total. A hand's row: its number and trump, each pair's
    score with the makers' marked, and nat or pit; card points and roem are in Review
    hand. Every column is as wide as its widest cell, so the translated headers line up."""
    digits = len(str(len(public.sheet) or 1))
    table = [
        [
            pad("#", digits, right=True),
            t("tables.pair.label", locale, n=1),
            t("tables.pair.label", locale, n=2),
            "",
        ]
    ]
    for line in public.sheet:
        number = pad(str(line.number), digits, right=True)
        table.append(
            [
                f"{number} {_suit_symbol(line.trump)}",
                _score_cell(line, 0),
                _score_cell(line, 1),
                flag_text(line, locale),
            ]
        )
    table.append([t("tables.sheet.total", locale), *map(str, public.totals), ""])
    widths = [max(text_width(row[i]) for row in table) for i in range(len(table[0]))]
    return [_row(row, widths) for row in table]


def _suit_symbol(letter: str) -> str:
    """The trump's symbol; a ledig line (no trump) shows a dash."""
    return Suit.parse(letter).symbol if letter else "-"


def _score_cell(line: SheetLine, pair: int) -> str:
    """The pair's score for the hand, marked when the pair made trump."""
    mark = MAKERS_MARK if line.makers == pair else ""
    return f"{mark}{line.scores[pair]}"


def _row(cells: list[str], widths: list[int]) -> str:
    """One line of the sheet: the scores right-aligned, the rest left."""
    right = (1, 2)
    pairs = enumerate(zip(cells, widths, strict=True))
    parts = [pad(cell, width, i in right) for i, (cell, width) in pairs]
    return " ".join(parts).rstrip()


# ----------------------------------------------------------------------------- the match's end


def final_sheet(public: PublicTable, locale: str) -> tuple[str, discord.Embed, discord.ui.View]:
    """What is posted in the channel when a match ends: a line saying so, the final sheet
    and, at a casual table, **Play again** (`final_rows`)."""
    content = t("tables.final.announce", locale, table=public.table_id)
    view = rendered_view(final_rows(public, locale))
    return content, sheet_embed(public, locale, final=True), view


def final_rows(public: PublicTable, locale: str) -> list[list[Component]]:
    """**Play again** while it applies (`PublicTable.again_open`), drawn for this state."""
    if not public.again_open:
        return []
    label = t("tables.button.again", locale)
    return [[again_component(public.table_id, public.seq, label)]]


def played_again(finished: int, table_id: int, user_id: int, locale: str) -> str:
    """The final sheet's line once Play again was pressed at table ``finished``: who
    pressed it, and the new table."""
    announce = t("tables.final.announce", locale, table=finished)
    again = t("tables.again.opened", locale, user=f"<@{user_id}>", table=table_id)
    return f"{announce}\n{again}"


# ----------------------------------------------------------------------------- per player

PlayerLine = DriemansLine | TweemansLine  # a sheet line of a game played each for himself


@dataclass(frozen=True, slots=True)
class PlayerSheet:
    """A score sheet per player (three and two seats): the seats, the hands' lines, the
    totals (the result's once the match is over), the catalogue key of the legend of
    the marked score (three seats: the solo, two: the maker)."""

    seats: tuple[int, ...]
    lines: tuple[PlayerLine, ...]
    totals: tuple[int, ...]
    legend: str


def player_sheet(public: PublicTable) -> PlayerSheet | None:
    """The sheet per player of a three- or two-seat table; None at four seats."""
    game = public.three or public.two  # the table's own facts: three seats, else two
    if game is None:
        return None
    totals = game.result.totals if game.result is not None else game.totals
    seats = tuple(range(len(public.seats)))  # a seat per player
    legend = "tables.sheet.solo_legend" if public.three is not None else "tables.sheet.maker_legend"
    return PlayerSheet(seats, game.sheet, totals, legend)


def three_result_text(public: PublicTable, locale: str) -> str:
    """The match result in one sentence: who won with how much (a shared win names
    everyone on the highest total); three and two seats. Two players level at the end
    (after the extra hands) share the match (docs/decisions.md, two-player Klaverjas)."""
    sheet = player_sheet(public)
    if sheet is None:
        return ""
    best = max(sheet.totals)
    leaders = [seat for seat, total in enumerate(sheet.totals) if total == best]
    names = [md(seat_name(public.seats, seat, locale)) for seat in leaders]
    if len(leaders) == 1:
        return t("tables.result.three_won", locale, name=names[0], score=best)
    if public.two is not None:
        first, second = names
        return t("tables.result.two_shared", locale, first=first, second=second, score=best)
    return t("tables.result.three_shared", locale, name=", ".join(names), score=best)


def three_sheet_embed(public: PublicTable, locale: str, *, final: bool = False) -> discord.Embed:
    """The score sheet: the players by seat, then a column per player (headed by the seat's
    number), one row per hand with its trump, each player's score (the solo's, or at two
    seats the maker's, marked) and nat or pit, and the totals."""
    sheet = player_sheet(public)
    assert sheet is not None
    head = [three_result_text(public, locale)] if final else []
    players = " · ".join(
        f"{seat + 1} {md(seat_name(public.seats, seat, locale, NAME_MAX))}" for seat in sheet.seats
    )
    line = t("tables.sheet.players", locale, players=players)
    legend = t(sheet.legend, locale, mark=f"`{SOLO_MARK}`")
    budget = DESCRIPTION_BUDGET - len(line) - len(legend) - 200
    body = "```\n" + "\n".join(_fit(three_sheet_rows(public, locale), budget)) + "\n```"
    title = t("tables.sheet.title", locale, table=public.table_id)
    description = "\n".join([*head, line, body, legend])
    return discord.Embed(title=title, description=description, colour=EMBED_COLOUR)


def three_sheet_rows(public: PublicTable, locale: str) -> list[str]:
    """Header (the hand's number and trump, each player's seat number), a row per hand,
    the totals; every column as wide as its widest cell, the scores right-aligned."""
    sheet = player_sheet(public)
    assert sheet is not None
    seats = sheet.seats
    digits = len(str(len(sheet.lines) or 1))
    table = [[pad("#", digits, right=True), *(str(seat + 1) for seat in seats), ""]]
    for line in sheet.lines:
        number = pad(str(line.number), digits, right=True)
        cells = [_solo_cell(line, seat) for seat in seats]
        table.append([f"{number} {_suit_symbol(line.trump)}", *cells, _three_flag(line, locale)])
    table.append([t("tables.sheet.total", locale), *map(str, sheet.totals), ""])
    widths = [max(text_width(row[i]) for row in table) for i in range(len(table[0]))]
    scores = range(1, len(seats) + 1)
    return [
        " ".join(pad(cell, widths[i], i in scores) for i, cell in enumerate(row)).rstrip()
        for row in table
    ]


def _solo_cell(line: PlayerLine, seat: int) -> str:
    marked = line.solo if isinstance(line, DriemansLine) else line.maker
    mark = SOLO_MARK if marked == seat else ""
    return f"{mark}{line.scores[seat]}"


def _three_flag(line: PlayerLine, locale: str) -> str:
    if line.nat:
        return t("tables.sheet.nat", locale)
    return t("tables.sheet.pit", locale) if line.pit is not None else ""


def _fit(rows: list[str], budget: int) -> list[str]:
    """Keep the header, the total and as many of the latest hands as fit the budget."""
    if sum(len(r) + 1 for r in rows) <= budget:
        return rows
    header, body, total = rows[0], rows[1:-1], rows[-1]
    kept: list[str] = []
    used = len(header) + len(total) + 4
    for row in reversed(body):
        if used + len(row) + 1 > budget:
            break
        kept.insert(0, row)
        used += len(row) + 1
    return [header, "…", *kept, total]
