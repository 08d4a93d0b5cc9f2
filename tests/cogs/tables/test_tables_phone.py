"""The phone budget (docs/table-ux.md 2.13) where a test can see it, in every language and
with the longest names: the table message during play keeps to one row of buttons that a
phone wraps onto two lines at most, its text to a set number of lines at phone width and
its picture to a set height; the hand keeps its text to a set number of lines, its cards to
rows that each fit one line of a phone and its last row (Refresh, Bump, Leave) to one line;
with Roem! and I'm back as well (someone away during a claim window), three lines at most.
The scores are one scoreboard line with short names, and the Roem! note one line.
A kraken table's message (the calls in the trump line, the hand roem in the first trick)
keeps to the same budget."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Card, RuleSet
from bot.engine.handroem import Combination, ComboKind
from bot.pictures.table import HEIGHT, WIDTH
from bot.tables import PrivateHand, PublicTable, private_hand, public_table
from cogs.common.hand_cards import PHONE_LINE_PX, button_px
from cogs.common.text import t, text_width
from cogs.tables.ui import public_parts, public_rows
from cogs.tables.ui_hand import hand_payload
from cogs.tables.ui_picture import ShownPicture, taken_trick_shown
from tests.harness.limits import iter_components
from tests.tables.helpers import ALICE, BOB, CARL, DIRK, act_once, service_on, table_with

LOCALES = ("en", "nl", "pt-BR", "es-ES", "it")
# Measured with ../shared/tools/discord-preview at 400 px: the inside of the table's box
# is 314 px wide; a button is its label (about 7.5 px a character) and 32 px of padding,
# 8 px from the next; a line of text holds about 40 columns.
BOX_WIDTH, CHAR_PX, BUTTON_PAD, BUTTON_GAP, TEXT_COLUMNS = 314, 7.5, 32, 8, 40
TABLE_TEXT_LINES = 12  # the table message's text during play, at phone width (was 13)
HAND_TEXT_LINES = 7  # a hand's text during play; 12 when away in a claim window (both notes)
PICTURE_HEIGHT = 140  # px of the picture at the box's width (was 185)
LONGEST = "Anna-Catharina van Oldenbarnevelt"  # longer than the 24 columns a name may take


def button_lines(labels: list[str]) -> int:
    """How many lines a phone needs for one row of buttons with these labels."""
    lines, used = 1, 0.0
    for label in labels:
        width = text_width(label) * CHAR_PX + BUTTON_PAD
        if used and used + BUTTON_GAP + width > BOX_WIDTH:
            lines, used = lines + 1, 0.0
        used += (BUTTON_GAP if used else 0) + width
    return lines


def text_lines(content: str) -> int:
    """The lines a phone shows for a text display: each line wrapped at `TEXT_COLUMNS`."""
    shown = content.replace("**", "").replace("~~", "").replace("### ", "").replace("-# ", "")
    return sum(max(1, math.ceil(text_width(line) / TEXT_COLUMNS)) for line in shown.split("\n"))


@pytest.fixture
async def mid_trick(tmp_path: Path) -> tuple[PublicTable, PrivateHand]:
    """A table in its second trick, two cards down, and the hand of the seat to play; every
    seat's name longer than a name may be."""
    public, mine = await two_cards_down(tmp_path, RuleSet.preset("amsterdam"), trick=2)
    return long_names(public), mine


def long_names(public: PublicTable) -> PublicTable:
    """``public`` with every seat's name longer than a name may be."""
    seats = tuple(replace(seat, name=f"{LONGEST} {i}") for i, seat in enumerate(public.seats))
    return replace(public, seats=seats)


async def two_cards_down(
    tmp_path: Path, rules: RuleSet, trick: int
) -> tuple[PublicTable, PrivateHand]:
    """A table of four people on `rules` in trick `trick`, two cards down (every kraak
    call passed), and the hand of the seat to play."""
    async with service_on(tmp_path / "phone.sqlite3") as service:
        table = await table_with(service, {0: ALICE, 1: BOB, 2: CARL, 3: DIRK}, rules=rules)
        for _ in range(40):
            public = public_table(service.registry.get(table.id))
            if public.trick_number == trick and len(public.trick) == 2:
                break
            await act_once(service, table.id)
        assert public.to_act is not None and (trick == 1 or public.last_trick is not None)
        return public, private_hand(service.registry.get(table.id), public.to_act)


def labels(rows: list[list[Any]]) -> list[list[str]]:
    return [[button["label"] for button in row] for row in rows]


def shown(picture_of: PublicTable) -> ShownPicture:
    """The picture a table message carries: drawn when `picture_of` was the table."""
    caption = "In the picture: trick 1 · taken by Dirk"
    return ShownPicture("table.png", "alt", caption, -1, taken_trick_shown(picture_of))


def texts(components: list[Any]) -> list[str]:
    return [c["content"] for c in iter_components(components) if c.get("type") == 10]


def button_rows(components: list[Any]) -> list[list[dict[str, Any]]]:
    """The buttons of each action row."""
    return [c["components"] for c in iter_components(components) if c.get("type") == 1]


def card_rows(components: list[Any], prefix: str) -> list[list[dict[str, Any]]]:
    """The rows of card buttons (custom ids starting with ``prefix``)."""
    return [row for row in button_rows(components) if row[0]["custom_id"].startswith(prefix)]


def assert_a_phone_line_each(rows: list[list[dict[str, Any]]]) -> None:
    """Each row of buttons fits one line of a phone."""
    for row in rows:
        assert sum(button_px(b) for b in row) + BUTTON_GAP * (len(row) - 1) <= PHONE_LINE_PX


def assert_message_fits(
    state: PublicTable, locale: str, most: int, picture: ShownPicture | None = None
) -> None:
    """The table message's text within ``most`` lines of a phone, its one row of buttons
    within two."""
    parts = public_parts(state, locale, picture=picture)
    assert sum(text_lines(text) for text in texts(parts)) <= most, (locale, texts(parts))
    [row] = labels(public_rows(state, locale, picture))
    assert button_lines(row) <= 2, (locale, row)


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_table_message_fits_its_phone_budget(
    mid_trick: tuple[PublicTable, PrivateHand], locale: str
) -> None:
    public, _ = mid_trick
    taken = replace(public, trick=(), trick_leader=None, trick_winner=None)
    picture = shown(taken)  # the picture of the trick before, kept while this one is played
    usual = replace(public, claimable=True)  # Roem! open, nobody away
    [row] = labels(public_rows(usual, locale, picture))
    assert len(row) == 3 and button_lines(row) <= 2, (locale, row)  # Previous trick: pictured
    every = replace(public, claimable=True, back_open=True)  # and without its picture
    [row] = labels(public_rows(every, locale))
    assert len(row) == 5 and button_lines(row) <= 3, (locale, row)

    for state in (public, replace(taken, claimable=True)):  # mid-trick, and a claim window
        parts = public_parts(state, locale, picture=picture)
        lines = sum(text_lines(text) for text in texts(parts))
        assert lines <= TABLE_TEXT_LINES, (locale, texts(parts))
    assert BOX_WIDTH * HEIGHT / WIDTH <= PICTURE_HEIGHT


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_hand_fits_its_phone_budget(
    mid_trick: tuple[PublicTable, PrivateHand], locale: str
) -> None:
    public, mine = mid_trick
    noted = replace(mine, can_claim=True, away=True)  # "press Roem!" and "your time ran out"
    for seat, buttons, most, lines in ((mine, 3, 1, HAND_TEXT_LINES), (noted, 5, 3, 11)):
        components = hand_payload(public, seat, locale)["components"]
        rows = button_rows(components)
        last = [button["label"] for button in rows[-1]]
        assert len(last) == buttons and button_lines(last) <= most, (locale, last)
        assert_a_phone_line_each(rows[:-1])  # the cards
        assert sum(text_lines(text) for text in texts(components)) <= lines, (
            locale,
            texts(components),
        )


async def test_a_hand_that_may_play_every_card_keeps_them_to_three_lines(
    mid_trick: tuple[PublicTable, PrivateHand],
) -> None:
    public, mine = mid_trick
    leading = replace(mine, legal=mine.cards, reasons={})
    components = hand_payload(public, leading, "en")["components"]
    cards = card_rows(components, "kj:card:")
    assert sum(len(row) for row in cards) == len(mine.cards) == 7  # the second trick
    assert len(cards) <= 3  # suits share a row where they fit: not one row a suit


def _cards(*names: str) -> tuple[Card, ...]:
    return tuple(Card.parse(name) for name in names)


# The most a kraken hand usually shows (docs/rules.md 2.5, 2.6): a superkraak, and three
# combinations announced: each pair's best and the scoring pair's second one.
SUPERKRAAK = {"callers": (1, 0, 1), "multiplier": 8, "bearing_pair": 1, "hand_roem": (0, 70)}
ANNOUNCED = (
    Combination(1, ComboKind.RUN, 50, _cards("9H", "10H", "JH", "QH")),
    Combination(3, ComboKind.STUK, 20, _cards("QC", "KC")),
    Combination(0, ComboKind.RUN, 20, _cards("7S", "8S", "9S")),
)


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_kraken_table_message_fits_the_same_budget(tmp_path: Path, locale: str) -> None:
    """A superkraak in the trump line; in the first trick the hand roem shown too."""
    for trick in (1, 2):
        public, _ = await two_cards_down(tmp_path / str(trick), RuleSet.preset("kraken"), trick)
        assert public.kraak is not None and public.kraak.level is None  # the calls are over
        kraak = replace(public.kraak, announced=ANNOUNCED, **SUPERKRAAK)
        roem = kraak.hand_roem if trick == 1 else public.hand_roem  # all the roem so far
        caption = "In the picture: trick 1 · taken by Dirk" if trick > 1 else ""
        picture = ShownPicture("table.png", "alt", caption, -1)
        parts = public_parts(replace(public, kraak=kraak, hand_roem=roem), locale, picture=picture)
        texts = [c["content"] for c in iter_components(parts) if c.get("type") == 10]
        shown = "\n".join(texts)
        assert "superkraak" in shown and "×8" in shown and ("~~" in shown) == (trick == 1), shown
        assert sum(text_lines(text) for text in texts) <= TABLE_TEXT_LINES, (locale, texts)


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_scores_take_one_line_with_short_names_and_two_with_the_longest(
    mid_trick: tuple[PublicTable, PrivateHand], locale: str
) -> None:
    """A scoreboard between the pairs' names (was a line a pair, each two with long names;
    three lines only when both pairs have roem), with the match's totals in small print
    once a hand is scored."""
    public, _ = mid_trick
    names = ("Anna", "Bob", "Carl", "Dirk")
    short = replace(
        public, seats=tuple(replace(s, name=n) for s, n in zip(public.seats, names, strict=True))
    )
    roem = replace(public, hand_points=(162, 0), hand_roem=(100, 0))
    both = replace(roem, hand_roem=(100, 20))  # were four lines
    cases = ((short, 1), (replace(short, hand_roem=(20, 0)), 1), (public, 2), (roem, 2), (both, 3))
    for state, most in cases:
        scores = texts(public_parts(state, locale))[-1]
        assert text_lines(scores) == most, (locale, scores)
    with_match = replace(short, sheet=public.sheet or (object(),), totals=(1234, 987))  # type: ignore[arg-type]
    scores = texts(public_parts(with_match, locale))[-1].splitlines()
    assert len(scores) == 2 and scores[1].startswith("-# ") and "1234 – 987" in scores[1]


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_roem_note_and_the_hands_last_row_take_a_line_each(
    mid_trick: tuple[PublicTable, PrivateHand], locale: str
) -> None:
    public, mine = mid_trick
    note = t("tables.hand.can_claim", locale)
    assert text_lines(note) == 1, (locale, note)
    last = [t(f"tables.button.{key}", locale) for key in ("refresh", "bump", "leave")]
    assert button_lines(last) == 1, (locale, last)
