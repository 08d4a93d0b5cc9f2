"""The score sheet: one line per hand in a monospaced block, and the match's result.

Pure functions of the public read model (`PublicTable`) and a locale, like the table
message (`ui.py`), which shows the result and the last hand's flag from here too.
"""

from __future__ import annotations

import discord

from bot.engine import SheetLine, Suit
from bot.tables import PublicTable
from cogs.common.components import EMBED_COLOUR
from cogs.common.text import pad, t, text_width
from cogs.tables.ui_text import md, pair_names, seat_name

__all__ = ["NAME_MAX", "flag_text", "result_text", "sheet_embed"]

NAME_MAX = 24  # columns: a longer display name is shortened with an ellipsis
DESCRIPTION_BUDGET = 3900  # Discord allows 4096 characters in an embed description
SHEET_NAME = 12  # the dealer column of the score sheet: a longer name ends in an ellipsis


def result_text(public: PublicTable, locale: str) -> str:
    """The match result in one sentence: who won, and the totals."""
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
    if line.nat:
        return t("tables.sheet.nat", locale)
    if line.pit is not None:
        return t("tables.sheet.pit", locale)
    return ""



# ----------------------------------------------------------------------------- score sheet


def sheet_embed(public: PublicTable, locale: str, *, final: bool = False) -> discord.Embed:
    """The score sheet, one line per hand, in a monospaced block (names cut to fit)."""
    pairs = t(
        "tables.sheet.pairs",
        locale,
        pair1=md(pair_names(public.seats, 0, locale, NAME_MAX)),
        pair2=md(pair_names(public.seats, 1, locale, NAME_MAX)),
    )
    head = [result_text(public, locale)] if final else []
    rows = _fit(_sheet_rows(public, locale), DESCRIPTION_BUDGET - len(pairs) - 100)
    body = "```\n" + "\n".join(rows) + "\n```"
    title = t("tables.sheet.title", locale, table=public.table_id)
    return discord.Embed(
        title=title, description="\n".join([*head, pairs, body]), colour=EMBED_COLOUR
    )


def _sheet_rows(public: PublicTable, locale: str) -> list[str]:
    """Header, one row per hand, total; every column as wide as its widest cell, so the
    translated headers and any name line up (names longer than `SHEET_NAME` are shortened)."""
    table = [
        [
            "#",
            t("tables.sheet.col.dealer", locale),
            t("tables.sheet.col.trump", locale),
            t("tables.sheet.col.makers", locale),
            t("tables.pair.label", locale, n=1),
            t("tables.pair.label", locale, n=2),
            "",
        ]
    ]
    for line in public.sheet:
        name = seat_name(public.seats, line.dealer, locale, SHEET_NAME)
        table.append(
            [
                str(line.number),
                f"{line.dealer + 1} {name}",
                _suit_symbol(line.trump),
                str(line.makers + 1),
                _sheet_cell(line, 0),
                _sheet_cell(line, 1),
                flag_text(line, locale),
            ]
        )
    total = t("tables.sheet.total", locale)
    table.append(["", total, "", "", str(public.totals[0]), str(public.totals[1]), ""])
    cells = [[cell.replace("`", "'") for cell in row] for row in table]  # ` ends the block
    widths = [max(text_width(row[i]) for row in cells) for i in range(len(cells[0]))]
    return [_row(row, widths) for row in cells]


def _suit_symbol(letter: str) -> str:
    return Suit.parse(letter).symbol


def _sheet_cell(line: SheetLine, pair: int) -> str:
    """The pair's score, then what it was made of: card points (+ claimed roem)."""
    made = f"{line.points[pair]}+{line.roem[pair]}" if line.roem[pair] else str(line.points[pair])
    return f"{line.scores[pair]} ({made})"


def _row(cells: list[str], widths: list[int]) -> str:
    """One line of the sheet: the hand number and the scores right-aligned, text left."""
    right = (0, 4, 5)
    pairs = enumerate(zip(cells, widths, strict=True))
    parts = [pad(cell, width, i in right) for i, (cell, width) in pairs]
    return " ".join(parts).rstrip()


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
