"""Exports: CSV files with stable headers and every correction applied, and the standings
as a PNG (checked by opening it with Pillow, never pixel by pixel)."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from fractions import Fraction

from PIL import Image, ImageChops

from bot.league import export
from bot.league.entry import SheetEntry
from bot.league.export import PictureRow, PictureTexts
from bot.league.season import season_table
from bot.league.settings import Counting
from bot.league.standings import NightRow

from .conftest import Opener
from .test_service import ORGANISER, SHEETS, night_with

NAMES = {1: "Anneke", 2: '=HYPERLINK("http://x")', 3: "Zoë", 4: "-Kees", 5: "Jan"}
TEXTS = PictureTexts("Thursday, night 4", "#", "Player", "Points", "Rounds", "booby prize")


def parse(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # a BOM: Excel reads the names as UTF-8
    assert b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b"")
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))


async def test_a_night_exports_with_its_corrections_marked(reopen: Opener) -> None:
    async with reopen() as service:
        night = await night_with(service, 9)  # two tables and a bye a round
        first = (await service.start_round(night, ORGANISER)).draw
        for table_no in (0, 1):
            await service.record_sheet(night, 1, table_no, SHEETS[1], ORGANISER)
        fixed = SheetEntry(1, (62, 100), (0, 20))
        await service.correct_line(night, 1, 1, 2, fixed, ORGANISER, "roem was missed")
        await service.penalise(night, 5, -30, ORGANISER, "late")
        second = (await service.start_round(night, ORGANISER)).draw
        await service.record_totals(night, 2, 0, (200, 144), 2, ORGANISER)
        data = await service.night_export(night)

    assert data.corrected == {(1, 1)} and data.corrected_lines == {(1, 1, 2)}
    results = parse(export.results_csv(data, NAMES))
    assert tuple(results[0]) == export.RESULT_COLUMNS
    assert [(r[0], r[1], r[10]) for r in results[1:]] == [
        ("1", "1", "counted"),
        ("1", "2", "counted"),
        ("2", "1", "counted"),
        ("2", "2", "missing"),
    ]
    by_table = {(r[0], r[1]): dict(zip(export.RESULT_COLUMNS, r, strict=True)) for r in results[1:]}
    assert by_table["1", "2"]["corrected"] == "1" and by_table["1", "1"]["corrected"] == "0"
    assert (by_table["1", "2"]["total_a"], by_table["1", "2"]["total_b"]) == ("182", "182")
    assert (by_table["2", "1"]["source"], by_table["2", "1"]["total_a"]) == ("totals", "200")
    missing = by_table["2", "2"]
    assert missing["total_a"] == missing["hands"] == "" and missing["corrected"] == "0"
    seats = first.tables[0].seats
    row = by_table["1", "1"]
    assert [row[f"seat_{n}_id"] for n in range(1, 5)] == [str(user) for user in seats]
    names = [row[f"seat_{n}"] for n in range(1, 5)]
    assert names == [expected_name(user) for user in seats]
    assert second.tables[1].seats == tuple(
        int(by_table["2", "2"][f"seat_{n}_id"]) for n in range(1, 5)
    )

    sheet = parse(export.sheet_csv(data, NAMES))
    assert tuple(sheet[0]) == export.SHEET_COLUMNS
    lines = [dict(zip(export.SHEET_COLUMNS, r, strict=True)) for r in sheet[1:]]
    assert [(r["round"], r["table"], r["line"], r["corrected"]) for r in lines] == [
        ("1", "1", "1", "0"),
        ("1", "1", "2", "0"),
        ("1", "2", "1", "0"),
        ("1", "2", "2", "1"),  # a totals result (round 2) has no lines
    ]
    assert (lines[0]["makers"], lines[0]["score_a"], lines[0]["roem_a"]) == ("A", "120", "20")
    assert (lines[3]["makers"], lines[3]["roem_b"], lines[3]["score_b"]) == ("B", "20", "120")
    assert lines[0]["nat"] == "0" and lines[0]["pit"] == ""
    table = data.draws[0].tables[1].seats
    assert lines[2]["pair_a"] == f"{expected_name(table[0])} & {expected_name(table[2])}"

    ranking = parse(export.ranking_csv(data, NAMES))
    assert tuple(ranking[0]) == export.RANKING_COLUMNS
    rows = [dict(zip(export.RANKING_COLUMNS, r, strict=True)) for r in ranking[1:]]
    assert [int(r["user_id"]) for r in rows] == [r.user_id for r in data.ranking]
    assert [int(r["points"]) for r in rows] == [r.points for r in data.ranking]
    five = next(r for r in rows if r["user_id"] == "5")
    assert (five["name"], five["adjustment"]) == ("Jan", "-30")
    assert [r["booby"] for r in rows] == [str(int(r.booby)) for r in data.ranking]
    assert "1" in {r["booby"] for r in rows}
    # Nine players at two tables: one sits out each round, present at both all the same.
    assert {(r["present"], r["drawn"], r["absent"]) for r in rows} == {("2", "2", "0")}


def test_the_ranking_csv_marks_a_player_absent_from_a_round() -> None:
    ranking = [
        NightRow(1, points=3300, rounds=3, place=1, present=3, drawn=3),
        NightRow(3, points=1200, rounds=1, place=2, present=1, drawn=3),
    ]
    data = export.NightExport((), {}, frozenset(), frozenset(), ranking)
    rows = [
        dict(zip(export.RANKING_COLUMNS, r, strict=True))
        for r in parse(export.ranking_csv(data, NAMES))[1:]
    ]
    assert [(r["present"], r["drawn"], r["absent"]) for r in rows] == [
        ("3", "3", "0"),
        ("1", "3", "1"),
    ]


def expected_name(user: int | None) -> str:
    """What a name cell holds: the name, a formula disarmed, or the id without a name."""
    assert user is not None
    name = NAMES.get(user, str(user))
    return "'" + name if name[0] in "=+-@" else name


def test_season_csv_counts_decimals_and_lists_those_below_the_minimum() -> None:
    nights = [{1: 100, 2: 90, 3: 50}, {1: 201, 2: 90}, {2: 91}]
    season = season_table(nights, Counting("average_best", best=2, min_nights=2))
    rows = parse(export.season_csv(season, NAMES))
    assert tuple(rows[0]) == export.SEASON_COLUMNS
    assert rows[1:] == [
        ["1", "1", "Anneke", "2", "150.50", "301", "201 100", "1"],
        ["2", "2", '\'=HYPERLINK("http://x")', "3", "90.50", "271", "91 90", "1"],
        ["1", "3", "Zoë", "1", "50", "50", "50", "0"],
    ]
    assert export.season_picture_rows(season, NAMES)[0] == PictureRow(1, "Anneke", "150.50", 2)
    assert Fraction(301, 2) == season.ranked[0].value


def picture(rows: list[PictureRow], texts: PictureTexts = TEXTS) -> Image.Image:
    data = export.standings_png(rows, texts)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image


def differ(a: Image.Image, b: Image.Image) -> bool:
    return a.size != b.size or ImageChops.difference(a, b).getbbox() is not None


def test_the_standings_picture() -> None:
    ranking = [
        NightRow(1, points=4821, rounds=3, place=1),
        NightRow(3, points=4500, rounds=3, place=2),
        NightRow(4, points=4500, rounds=3, place=2),
        NightRow(9, points=3100, rounds=2, place=4, booby=True),
    ]
    rows = export.night_picture_rows(ranking, NAMES)
    assert rows[3] == PictureRow(4, "9", "3100", 2, True, "0")
    image = picture(rows)
    assert image.mode == "RGB"
    width, height = image.size
    assert 300 < width < 3_000 and 200 < height < 3_000
    assert export.standings_png(rows, TEXTS) == export.standings_png(rows, TEXTS)
    longer = picture([*rows, PictureRow(5, "Jan", "3000", 3)])
    assert longer.size[1] > height  # one line more
    swapped = [PictureRow(1, "Zoë", "4821", 3), *rows[1:]]
    assert differ(picture(swapped), image)
    other_points = [PictureRow(1, "Anneke", "4822", 3), *rows[1:]]
    assert differ(picture(other_points), image)
    no_booby = [*rows[:3], PictureRow(4, "9", "3100", 2, won="0")]
    plain = picture(no_booby)
    assert plain.size[1] < height  # no booby prize: no legend line under the table
    assert differ(plain, image)
    named = picture(rows, PictureTexts("Donderdag", "#", "Speler", "Punten", "Rondes", "poedel"))
    assert differ(named, image)
    very_long = picture([PictureRow(1, "x" * 300, "1", 1)])
    assert very_long.size[0] < 2 * width  # long names are cut, the picture stays readable
    assert picture([]).size[1] > 0  # a night nobody has played yet


def test_a_nights_picture_shows_rounds_won_byes_adjustments_and_its_date() -> None:
    ranking = [
        NightRow(1, points=3300, rounds=2, rounds_won=2, byes=1, bye_points=1450, place=1),
        NightRow(3, points=2970, rounds=3, rounds_won=1, adjustment=-30, place=2),
    ]
    rows = export.night_picture_rows(ranking, NAMES)
    assert rows == [
        PictureRow(1, "Anneke", "3300", 2, False, "2", "1× +1450", ""),
        PictureRow(2, "Zoë", "2970", 3, False, "1", "", "-30"),
    ]
    texts = PictureTexts(
        "Thursday, night 4",
        "#",
        "Player",
        "Points",
        "Rounds",
        "booby prize",
        won="Won",
        bye="Bye",
        adjustment="Adjustment",
    )
    plain = picture([replace(r, bye="", adjustment="") for r in rows], texts)
    full = picture(rows, texts)
    assert full.size[0] > plain.size[0]  # two columns more: byes and adjustments
    dated = picture(rows, replace(texts, date="14 May 2025"))
    assert dated.size[1] > full.size[1]  # the date under the title
    season = picture([PictureRow(1, "Anneke", "150.50", 2)], texts)
    assert season.size[0] < plain.size[0]  # a season has no rounds won


def test_a_nights_picture_marks_a_player_absent_from_a_round() -> None:
    ranking = [
        NightRow(1, points=3300, rounds=3, rounds_won=2, place=1, present=3, drawn=3),
        NightRow(3, points=1200, rounds=1, rounds_won=1, place=2, present=1, drawn=3),
    ]
    rows = export.night_picture_rows(ranking, NAMES)
    assert [row.present for row in rows] == ["", "1/3"]  # only the absence is shown
    texts = replace(TEXTS, won="Won", present="Present")
    everyone = picture([replace(row, present="") for row in rows], texts)
    marked = picture(rows, texts)
    assert marked.size[0] > everyone.size[0]  # a column more, only when someone was absent
