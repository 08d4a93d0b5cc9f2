"""The phone budget (docs/table-ux.md 2.13) at a three-seat table (2.16), in every language
and with the longest names: the table message during play keeps to the four-seat table's
lines, the solo's exchange keeps each row of cards to one line of a phone and its text
short, and the lobby's rows are each a line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.engine import DriemansPhase
from bot.tables import PrivateHand, PublicTable, private_hand, public_table
from cogs.tables.ui_hand import hand_payload
from tests.cogs.tables.test_tables_phone import (
    LOCALES,
    TABLE_TEXT_LINES,
    assert_a_phone_line_each,
    assert_message_fits,
    card_rows,
    long_names,
    shown,
    text_lines,
    texts,
)
from tests.tables.helpers import ALICE, BOB, CARL, people_at, service_on

EXCHANGE_TEXT_LINES = 5  # the solo's heading, the turn and the chosen cards


async def three_states(tmp_path: Path) -> tuple[PublicTable, PrivateHand, PublicTable]:
    """Three people at a three-seat table: the solo's exchange (the table and his hand),
    then the table with two cards of the second trick down; every name longer than a name
    may be."""
    async with service_on(tmp_path / "phone3.sqlite3") as service:
        answer = await people_at(service, "driemans", (ALICE, BOB, CARL))
        table_id = answer.public.table_id
        exchange: tuple[PublicTable, PrivateHand] | None = None
        for _ in range(400):
            public = answer.public
            if public.trick_number == 2 and len(public.trick) == 2:
                break
            seat = public.to_act
            assert seat is not None
            user = (ALICE, BOB, CARL)[seat]
            mine = private_hand(service.registry.get(table_id), seat)
            if mine.trump_options is not None:
                answer = await service.choose_trump(table_id, user, mine.trump_options.suits[0])
            elif mine.lay_down:
                exchange = exchange or (public, mine)
                answer = await service.lay_down(table_id, user, mine.cards[:2])
            else:
                answer = await service.play(table_id, user, mine.legal[0])
        assert exchange is not None
        play = public_table(service.registry.get(table_id))
        return (*exchange, play)


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_three_seat_table_fits_the_phone_budget(tmp_path: Path, locale: str) -> None:
    at_exchange, solo, playing = await three_states(tmp_path)
    at_exchange, playing = long_names(at_exchange), long_names(playing)
    assert at_exchange.phase == DriemansPhase.EXCHANGE and solo.lay_down
    taken = replace(playing, trick=(), trick_leader=None, trick_winner=None)
    picture = shown(taken)
    for state in (playing, replace(taken, claimable=True), at_exchange):
        assert_message_fits(state, locale, TABLE_TEXT_LINES, picture)

    picked = solo.cards[:2]
    components = hand_payload(at_exchange, solo, locale, picked=picked)["components"]
    cards = card_rows(components, "kj:pick:")
    assert sum(len(row) for row in cards) == 12
    assert_a_phone_line_each(cards)
    assert sum(text_lines(text) for text in texts(components)) <= EXCHANGE_TEXT_LINES, (
        locale,
        texts(components),
    )
    chosen = [b for row in cards for b in row if b["style"] == 4]
    assert len(chosen) == 2 and all(b["label"].endswith("✓") for b in chosen)
