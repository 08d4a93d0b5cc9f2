"""The phone budget (docs/table-ux.md 2.13) at a two-seat table (2.17), in every language
and with the longest names: the table message during play, with its picture (which shows
both tables) about as tall as the four-seat message with its own, and without a picture
at most four lines more than the four-seat table's text, both tables in words; the hand
keeps each row of cards to one line of a phone and shows which unit each card is in."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.engine import TweemansPhase
from bot.pictures.table import TWO_HEIGHT, WIDTH
from bot.tables import PrivateHand, PublicTable, private_hand
from cogs.tables.ui import public_parts
from cogs.tables.ui_hand import hand_payload
from cogs.tables.ui_picture import ShownPicture, taken_trick_shown
from tests.cogs.tables.test_tables_phone import (
    BOX_WIDTH,
    LOCALES,
    PICTURE_HEIGHT,
    TABLE_TEXT_LINES,
    assert_a_phone_line_each,
    assert_message_fits,
    card_rows,
    long_names,
    text_lines,
    texts,
)
from tests.tables.helpers import ALICE, BOB, people_at, service_on

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
    async with service_on(tmp_path / "phone2.sqlite3") as service:
        answer = await people_at(service, "tweemans", (ALICE, BOB))
        table_id = answer.public.table_id
        for _ in range(400):
            public = answer.public
            if public.trick_number == 2 and len(public.trick) == 3:
                break
            seat = public.to_act
            assert seat is not None
            user = (ALICE, BOB)[seat]
            mine = private_hand(service.registry.get(table_id), seat)
            if mine.trump_options is not None:
                answer = await service.choose_trump(table_id, user, mine.trump_options.suits[0])
            else:
                answer = await service.play(table_id, user, mine.legal[-1])
        public = answer.public
        assert public.to_act is not None
        return public, private_hand(service.registry.get(table_id), public.to_act)


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_two_seat_table_fits_the_phone_budget(tmp_path: Path, locale: str) -> None:
    playing, mine = await two_states(tmp_path)
    playing = long_names(playing)
    assert playing.phase == TweemansPhase.PLAY and playing.two is not None
    taken = replace(playing, trick=(), trick_leader=None, trick_winner=None)
    for state in (playing, replace(taken, claimable=True)):
        assert_message_fits(state, locale, TWO_TABLE_TEXT_LINES)
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
    cards = card_rows(components, "kj:card:")
    assert cards and sum(len(row) for row in cards) == len(mine.legal)
    assert_a_phone_line_each(cards)
    shown = texts(components)
    assert sum(text_lines(text) for text in shown) <= HAND_TEXT_LINES, (locale, shown)
