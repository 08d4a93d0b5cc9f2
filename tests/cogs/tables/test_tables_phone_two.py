"""The phone budget (docs/table-ux.md 2.13) at a two-seat table (2.17), in every language
and with the longest names: the table message during play, with its picture (which shows
both tables) about as tall as the four-seat message with its own, and without a picture
at most four lines more than the four-seat table's text, both tables in words; the hand
keeps each row of cards to one line of a phone and shows which unit each card is in."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.engine import RuleSet, TweemansPhase
from bot.pictures.table import TWO_HEIGHT, WIDTH
from bot.tables import PrivateHand, PublicTable, TableService, private_hand
from cogs.common.hand_cards import PHONE_LINE_PX, button_px
from cogs.tables.ui import public_parts, public_rows
from cogs.tables.ui_hand import hand_payload
from cogs.tables.ui_picture import ShownPicture, taken_trick_shown
from tests.cogs.tables.test_tables_phone import (
    BOX_WIDTH,
    BUTTON_GAP,
    LOCALES,
    LONGEST,
    PICTURE_HEIGHT,
    TABLE_TEXT_LINES,
    button_lines,
    labels,
    text_lines,
    texts,
)
from tests.harness.limits import iter_components
from tests.tables.helpers import ALICE, BOB, INSTANT, OPENED, open_service

# The heading (two lines), the trick (one), both tables (wrapped with the longest names),
# the two units' labels and the cards not playable now with why: about 60 % of a phone's
# height with the buttons; the hand message carries both tables at two seats.
HAND_TEXT_LINES = 14
# Without a picture (none drawn yet, or the picture budget spent: 140 px are about six
# lines of text) the words hold both tables (a line each, two with the longest names) in
# at most four more lines than the four-seat table's text: still less than the four-seat
# message with its picture.
TWO_TABLE_TEXT_LINES = TABLE_TEXT_LINES + 4
# With its picture (taller than the four-seat one by about a line of text: a row of piles
# per player) the words leave both tables to it and keep to a line less than the
# four-seat table's text.
TWO_PICTURED_TEXT_LINES = TABLE_TEXT_LINES - 1
LINE_PX = PICTURE_HEIGHT / 6


async def two_states(tmp_path: Path) -> tuple[PublicTable, PrivateHand]:
    """Two people at a two-seat table, the second trick with three cards down and the
    person to play next holding cards in both units."""
    service: TableService = await open_service(tmp_path / "phone2.sqlite3")
    try:
        rules = RuleSet.game_preset("tweemans")
        table = await service.open(1, 555, ALICE, "a", rules, INSTANT)
        await service.sit(table.id, BOB, "b", 1)
        answer = await service.start(table.id, ALICE)
        for _ in range(400):
            public = answer.public
            if public.trick_number == 2 and len(public.trick) == 3:
                break
            seat = public.to_act
            assert seat is not None
            user = (ALICE, BOB)[seat]
            mine = private_hand(service.registry.get(table.id), seat)
            if mine.trump_options is not None:
                answer = await service.choose_trump(table.id, user, mine.trump_options.suits[0])
            else:
                answer = await service.play(table.id, user, mine.legal[-1])
        public = answer.public
        assert public.to_act is not None
        return public, private_hand(service.registry.get(table.id), public.to_act)
    finally:
        while OPENED:
            await OPENED.pop().close()


def long_names(public: PublicTable) -> PublicTable:
    seats = tuple(replace(seat, name=f"{LONGEST} {i}") for i, seat in enumerate(public.seats))
    return replace(public, seats=seats)


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_two_seat_table_fits_the_phone_budget(tmp_path: Path, locale: str) -> None:
    playing, mine = await two_states(tmp_path)
    playing = long_names(playing)
    assert playing.phase == TweemansPhase.PLAY and playing.two is not None
    taken = replace(playing, trick=(), trick_leader=None, trick_winner=None)
    for state in (playing, replace(taken, claimable=True)):
        parts = public_parts(state, locale)
        assert sum(text_lines(text) for text in texts(parts)) <= TWO_TABLE_TEXT_LINES, (
            locale,
            texts(parts),
        )
        [row] = labels(public_rows(state, locale))
        assert button_lines(row) <= 2, (locale, row)
    # with the picture of the trick taken last (mid-trick, its caption under it; and in
    # the claim window, where it shows the trick the words name)
    picture = ShownPicture("table.png", "", "In the picture", taken.seq, taken_trick_shown(taken))
    for state in (playing, replace(taken, claimable=True)):
        parts = public_parts(state, locale, picture=picture)
        shown = texts(parts)
        assert sum(text_lines(text) for text in shown) <= TWO_PICTURED_TEXT_LINES, (locale, shown)
        assert not any("piles:" in text for text in shown)  # in the picture, not twice
    two_picture = BOX_WIDTH * TWO_HEIGHT / WIDTH
    assert two_picture + TWO_PICTURED_TEXT_LINES * LINE_PX <= (
        PICTURE_HEIGHT + TABLE_TEXT_LINES * LINE_PX + LINE_PX / 4
    )

    components = hand_payload(playing, mine, locale)["components"]
    rows = [c["components"] for c in iter_components(components) if c.get("type") == 1]
    cards = [row for row in rows if row[0]["custom_id"].startswith("kj:card:")]
    assert cards and sum(len(row) for row in cards) == len(mine.legal)
    for row in cards:  # each row of cards one line of a phone
        assert sum(button_px(b) for b in row) + BUTTON_GAP * (len(row) - 1) <= PHONE_LINE_PX
    shown = texts(components)
    assert sum(text_lines(text) for text in shown) <= HAND_TEXT_LINES, (locale, shown)
