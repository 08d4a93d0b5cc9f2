"""The table picture (bot/pictures/table.py), drawn from real states of a table played
through the service: a valid PNG of the promised size, the same bytes for the same state,
the trick in front of whoever played each card, turned for each viewer, and made from
the public read model only."""

from __future__ import annotations

import ast
import io
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from bot.engine import Rank, RuleSet
from bot.pictures import table as picture
from bot.pictures.table import CARD_H, CARD_W, HEIGHT, WIDTH, table_picture, trick_shown
from bot.tables import PublicTable, TableService, public_table
from cogs.common.text import rank_text
from tests.tables.helpers import (
    ALICE,
    BOB,
    CARL,
    DIRK,
    INSTANT,
    OPENED,
    act_once,
    open_service,
    table_with,
)

PEOPLE = {0: ALICE, 1: BOB, 2: CARL, 3: DIRK}


@pytest.fixture
async def states(tmp_path: Path) -> list[PublicTable]:
    """The public states of the first two tricks of a hand (trump chosen first)."""
    service: TableService = await open_service(tmp_path / "pictures.sqlite3")
    try:
        table = await table_with(service, PEOPLE, deal_seed="pictures")
        seen = [public_table(service.registry.get(table.id))]
        while len(seen) < 40 and seen[-1].trick_number <= 2:
            await act_once(service, table.id)
            seen.append(public_table(service.registry.get(table.id)))
        return seen
    finally:
        while OPENED:
            await OPENED.pop().close()


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    image.load()
    return image.convert("RGB")


def first_with(states: list[PublicTable], cards: int) -> PublicTable:
    return next(s for s in states if len(s.trick) == cards)


def card_at(image: Image.Image, position: int) -> bool:
    """Whether a card lies at `position` (0 bottom, 1 left, 2 top, 3 right): a corner of
    where it would lie is card paper, not felt."""
    x, y = picture._CARD_AT[position]
    r, g, b = image.getpixel((x - CARD_W // 2 + 8, y + CARD_H // 2 - 6))  # type: ignore[misc]
    return min(r, g, b) > 220


async def test_a_picture_is_a_small_png_of_the_promised_size(states: list[PublicTable]) -> None:
    for state in states[::5]:
        png = table_picture(state, None)
        assert decode(png).size == (WIDTH, HEIGHT)
        assert len(png) < 40_000


async def test_the_same_state_gives_the_same_bytes(states: list[PublicTable]) -> None:
    state = first_with(states, 2)
    assert table_picture(state, 1) == table_picture(state, 1)


async def test_each_card_lies_in_front_of_whoever_played_it(states: list[PublicTable]) -> None:
    one = first_with(states, 1)
    leader = one.trick_leader
    assert leader is not None
    for viewer in range(4):
        image = decode(table_picture(one, viewer))
        where = (leader - viewer) % 4
        assert [card_at(image, p) for p in range(4)] == [p == where for p in range(4)]
    public = decode(table_picture(one, None))  # the public view: seat 0 at the bottom
    assert card_at(public, leader % 4) and sum(card_at(public, p) for p in range(4)) == 1


async def test_the_picture_changes_with_the_trick_and_the_viewer(
    states: list[PublicTable],
) -> None:
    two, three = first_with(states, 2), first_with(states, 3)
    assert table_picture(two, 0) != table_picture(three, 0)
    assert len({table_picture(two, viewer) for viewer in (0, 1, 2, 3)}) == 4
    assert table_picture(two, None) == table_picture(two, 0)


async def test_a_taken_trick_stays_in_the_middle_until_the_next_card(
    states: list[PublicTable],
) -> None:
    taken = next(s for s in states if not s.trick and s.last_trick is not None)
    leader, cards, winner = trick_shown(taken)
    assert len(cards) == 4 and winner is not None and leader is not None
    image = decode(table_picture(taken, None))
    assert all(card_at(image, p) for p in range(4))
    # the winner's card has the gold frame around it
    x, y = picture._CARD_AT[winner % 4]
    assert image.getpixel((x, y - CARD_H // 2 - 2)) == picture._GOLD


def plate_framed(image: Image.Image, position: int) -> bool:
    """Whether the name plate at `position` has the gold frame of the seat to act."""
    x, y = picture._PLATE_AT[position]
    return image.getpixel((x, y - picture._PLATE_H // 2 + 1)) == picture._GOLD


async def test_the_seat_to_act_is_framed_only_while_the_trick_shown_is_in_progress(
    states: list[PublicTable],
) -> None:
    playing = first_with(states, 2)
    assert playing.to_act is not None
    image = decode(table_picture(playing, None))
    assert [plate_framed(image, p) for p in range(4)] == [p == playing.to_act for p in range(4)]
    # A picture between tricks, or while trump is chosen, is kept while the table moves
    # on: it marks no turn that would be gone by then.
    taken = next(s for s in states if not s.trick and s.last_trick is not None)
    choosing = states[0]
    for kept in (taken, choosing):
        assert kept.to_act is not None
        image = decode(table_picture(kept, None))
        assert not any(plate_framed(image, p) for p in range(4))


async def test_the_cards_on_the_table_carry_the_readers_letters(
    states: list[PublicTable],
) -> None:
    dutch = {rank: rank_text(rank, "nl") for rank in Rank}
    faces = {Rank.JACK, Rank.QUEEN, Rank.KING}
    with_face = next(s for s in states if any(c.rank in faces for c in trick_shown(s)[1]))
    assert table_picture(with_face, None, ranks=dutch) != table_picture(with_face, None)
    plain = next(
        s
        for s in states
        if trick_shown(s)[1] and not any(c.rank in faces for c in trick_shown(s)[1])
    )
    assert table_picture(plain, None, ranks=dutch) == table_picture(plain, None)


async def test_before_any_card_the_middle_is_empty(states: list[PublicTable]) -> None:
    image = decode(table_picture(states[0], None))
    assert states[0].trump is None and not any(card_at(image, p) for p in range(4))


def test_a_seat_outside_the_table_is_refused(states: list[PublicTable]) -> None:
    with pytest.raises(ValueError, match="0..3"):
        table_picture(states[0], 4)


async def test_a_three_seat_table_is_drawn_from_each_seat(tmp_path: Path) -> None:
    """Three seats: the picture of a trick in play from every seat, and seat 3 refused."""
    service: TableService = await open_service(tmp_path / "three.sqlite3")
    try:
        rules = RuleSet.game_preset("driemans")
        opened = await service.open(1, 555, ALICE, "Alice", rules, INSTANT)
        answer = await service.start(opened.id, ALICE, fill=True)
        while not answer.public.trick:  # Alice plays, lays down or plays a card
            mine = answer.hand()
            if mine.trump_options is not None:
                answer = await service.choose_trump(opened.id, ALICE, mine.trump_options.suits[0])
            elif mine.lay_down:
                answer = await service.lay_down(opened.id, ALICE, mine.cards[:2])
            else:
                answer = await service.play(opened.id, ALICE, mine.legal[0])
        public = answer.public
        assert public.three is not None
    finally:
        while OPENED:
            await OPENED.pop().close()
    for viewer in (None, 0, 1, 2):
        assert decode(table_picture(public, viewer)).size == (WIDTH, HEIGHT)
    with pytest.raises(ValueError, match="0..2"):
        table_picture(public, 3)


def test_the_picture_reads_the_public_read_model_only() -> None:
    """Nothing in the picture's module can reach a hand: it imports neither the table
    model's hands nor the private read model, only `PublicTable` and what it holds."""
    source = Path(picture.__file__).read_text(encoding="utf-8")
    names = {
        alias.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert not names & {"PrivateHand", "private_hand", "Table", "Hand", "DealtHands"}
    assert "holdings" not in source and "PublicTable" in names


async def test_names_given_for_the_plates_are_drawn_in_place_of_the_stored_ones(
    states: list[PublicTable],
) -> None:
    """The publisher passes the names in the table's language ("Ordenador 2" for a
    computer stored as "Computer 2"): the plates show those, as if the seats held them."""
    state = states[0]
    names = ("Ana", "Ordenador 2", "Carl", "Ordenador 4")
    renamed = replace(
        state, seats=tuple(replace(s, name=n) for s, n in zip(state.seats, names, strict=True))
    )
    assert table_picture(state, None, names) == table_picture(renamed, None)
    assert table_picture(state, None, names) != table_picture(state, None)
    assert table_picture(state, None, [s.name for s in state.seats]) == table_picture(state, None)
