"""The night's ranking as a phone reads it: no line of the block wider than 36 columns in
any language, whatever the names (long, wide characters, backticks), the points or the
notes (byes, adjustments, the booby prize, results not confirmed yet)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.league.standings import NightRow
from bot.texts.catalog import LOCALES
from cogs.common.text import text_width
from cogs.league.ranking import WIDTH, ranking_block, ranking_lines

NAMES = {
    1: "Annemiek van der Berg-Zwartewaard",
    2: "Zoë",
    3: "李伟李伟李伟李伟李伟李伟李伟李伟",
    4: "`code` name",
    5: "Jan",
}
ROWS = [
    NightRow(1, points=4821, rounds=3, rounds_won=3, place=1),
    NightRow(2, points=3300, rounds=2, rounds_won=1, byes=1, bye_points=1450, place=2),
    NightRow(3, points=2970, rounds=3, rounds_won=1, adjustment=-10_000, place=3),
    NightRow(4, points=-9_000, rounds=3, rounds_won=0, byes=2, bye_points=2900, place=4),
    NightRow(5, points=-9_999, rounds=1, rounds_won=0, adjustment=30, place=5, booby=True),
]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("present", [3, 1])  # at every round of three, or went home after one
def test_no_line_is_wider_than_a_phone_shows(locale: str, present: int) -> None:
    rows = [replace(row, present=present, drawn=3) for row in ROWS]
    lines = ranking_lines(rows, NAMES, locale, final=True, unconfirmed={1, 2, 3, 4, 5})
    assert all(text_width(line) <= WIDTH for line in lines), "\n".join(lines)
    shown = [line for line in lines if line[:1] != " "]  # notes are indented
    assert len(shown) == 1 + len(ROWS)  # the header and one row a player; notes below
    assert not any("`" in line for line in lines)  # a backtick would end the block


def test_rows_hold_place_name_points_and_rounds_won_and_notes_go_below() -> None:
    lines = ranking_lines(ROWS, NAMES, "en", final=True, unconfirmed={2})
    assert lines[0].split() == ["#", "Player", "Points", "Won"]
    assert lines[1].startswith("1 Annemiek van der Berg") and lines[1].endswith(" 4821 3/3")
    assert "…" in lines[1]  # the long name is shortened, not wrapped
    zoe = lines.index(next(line for line in lines if "Zoë" in line))
    assert [line.strip() for line in lines[zoe + 1 : zoe + 3]] == [
        "bye 1x (+1450)",  # a second note that does not fit beside it: a line of its own
        "(not confirmed yet)",
    ]
    assert any(line.strip() == "adjustment -10000" for line in lines)
    assert lines[-1].strip() == "adjustment +30 · 🥄 booby prize"
    spanish = ranking_lines(ROWS, NAMES, "es-ES", final=True)
    assert spanish[-2:] == [  # a note longer than a line is broken between words, not cut
        "  🥄 premio de consolación",
        "  (farolillo rojo)",
    ]
    live = ranking_lines(ROWS, NAMES, "en", final=False)
    assert not any("booby" in line for line in live)  # the prize is the night's end's


@pytest.mark.parametrize(
    ("locale", "note"),
    [
        ("en", "at 1 of 3 rounds"),
        ("nl", "1 van de 3 rondes aanwezig"),
        ("pt-BR", "presente em 1 de 3 rodadas"),
        ("es-ES", "presente en 1 de 3 rondas"),
        ("it", "presente a 1 su 3 turni"),
    ],
)
def test_a_player_who_went_home_early_is_marked_absent(locale: str, note: str) -> None:
    # They ranked last with the booby prize and nothing said they had left after round 1.
    rows = [
        NightRow(1, points=4000, rounds=3, rounds_won=2, place=1, present=3, drawn=3),
        NightRow(2, points=200, rounds=1, place=2, present=1, drawn=3),
    ]
    lines = ranking_lines(rows, {1: "Ann", 2: "Bob"}, locale, final=True)
    assert len(lines) == 4 and "Bob" in lines[2]  # no note under Ann, who stayed
    assert lines[3].strip() == note


def test_a_block_within_its_budget_ends_in_an_ellipsis() -> None:
    many = [NightRow(i, points=1000 - i, rounds=1, place=i + 1) for i in range(300)]
    names = {i: f"player {i}" for i in range(300)}
    block = ranking_block(many, names, "en", final=False, budget=1000)
    assert len(block) <= 1000
    assert block.startswith("```\n") and block.endswith("\n…\n```")
    assert ranking_block([], {}, "nl", final=False) == "Nog geen uitslagen."
