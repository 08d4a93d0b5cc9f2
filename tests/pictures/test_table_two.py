"""The table picture at two seats (two-player Klaverjas, bot/pictures/table.py), drawn from
real states of a hand played through the service: each player's side a row (the viewer's
at the bottom), the piles' face-up cards with card backs for the face-down ones, the hands
as backs only, the trick in front of the unit that played it; and the data it is drawn
from holds no card that is face down or in a hand."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.engine import TWO_PLAYERS, Card, RuleSet, TweemansHand
from bot.pictures import table as picture
from bot.pictures.table import TWO_HEIGHT, WIDTH, table_picture, trick_shown
from bot.tables import PublicTable, TableService, private_hand, public_table
from tests.pictures.test_table import decode
from tests.tables.helpers import ALICE, BOB, INSTANT, OPENED, open_service


@dataclasses.dataclass(frozen=True)
class Seen:
    """A public state and the cards nobody may see in it: the hands and the face-down
    cards of the piles."""

    public: PublicTable
    hidden: frozenset[Card]


@pytest.fixture
async def seen(tmp_path: Path) -> list[Seen]:
    """Every state of the first hand of a two-seat match, two people playing legal cards
    picked at random (the same each run)."""
    service: TableService = await open_service(tmp_path / "two.sqlite3")
    rng = random.Random(5)
    try:
        rules = RuleSet.game_preset("tweemans")
        table = await service.open(1, 555, ALICE, "Anna", rules, INSTANT, deal_seed="two")
        await service.sit(table.id, BOB, "Bob", 1)
        await service.start(table.id, ALICE)
        states: list[Seen] = []
        while True:
            current = service.registry.get(table.id)
            hand = current.match.hand if current.match is not None else None
            if not isinstance(hand, TweemansHand) or current.match.hand_number > 1:
                return states  # the first hand is scored
            downs = (p.down for piles in hand.piles for p in piles if p.down is not None)
            hidden = frozenset([*(c for cards in hand.hands for c in cards), *downs])
            states.append(Seen(public_table(current), hidden))
            seat = hand.to_act
            if seat is None or hand.phase not in ("trump", "play"):
                return states
            mine = private_hand(current, seat)
            user = (ALICE, BOB)[seat]
            if mine.trump_options is not None:
                await service.choose_trump(table.id, user, mine.trump_options.suits[0])
            else:
                await service.play(table.id, user, rng.choice(mine.legal))
    finally:
        while OPENED:
            await OPENED.pop().close()


def cards_in(value: Any) -> Iterator[Card]:
    """Every card anywhere in `value`: its fields, items, keys and values, all the way
    down."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from cards_in(key)
            yield from cards_in(item)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from cards_in(item)


async def test_the_data_the_picture_gets_holds_no_hidden_card(seen: list[Seen]) -> None:
    """`table_picture` gets a `PublicTable` (and names, letters): in none of a hand's
    states does it hold a card of a hand or a face-down card, so no picture can show one."""
    assert len(seen) > 30
    for state in seen:
        assert state.hidden, "a hand in play hides cards"
        assert not set(cards_in(state.public)) & state.hidden
    piles = [s.public.two for s in seen if s.public.two is not None and s.public.two.tables]
    assert any(True in hidden for two in piles for hidden in two.hidden)  # counted only


async def test_a_two_seat_picture_is_a_small_png_from_either_seat(seen: list[Seen]) -> None:
    playing = next(s.public for s in seen if len(s.public.trick) == 2)
    for viewer in (None, 0, 1):
        png = table_picture(playing, viewer)
        assert decode(png).size == (WIDTH, TWO_HEIGHT) and len(png) < 40_000
    assert table_picture(playing, None) == table_picture(playing, 0)  # seat 0 at the bottom
    assert table_picture(playing, 0) != table_picture(playing, 1)
    with pytest.raises(ValueError, match="0..1"):
        table_picture(playing, 2)  # a unit, not a seat


def felt(colour: tuple[int, int, int]) -> bool:
    r, g, b = colour
    return g > r + 30 and g > b


def paper(colour: tuple[int, int, int]) -> bool:
    return min(colour) > 220


def back(colour: tuple[int, int, int]) -> bool:
    r, g, b = colour
    return r > g + 60 and r > b + 60


def pixel(image: Image.Image, at: tuple[int, int]) -> tuple[int, int, int]:
    colour = image.getpixel(at)
    assert isinstance(colour, tuple)
    return colour[0], colour[1], colour[2]


def corner(at: tuple[int, int], size: tuple[int, int] = picture._TWO_CARD) -> tuple[int, int]:
    """A point inside the bottom-left corner of a card centred on `at` (paper on a face,
    the red field on a back)."""
    return at[0] - size[0] // 2 + 8, at[1] + size[1] // 2 - 9


async def test_each_card_of_the_trick_lies_in_front_of_its_unit(seen: list[Seen]) -> None:
    playing = next(s.public for s in seen if len(s.public.trick) == 3)
    leader = playing.trick_leader
    assert leader is not None
    played = TWO_PLAYERS.order_from(leader)[:3]
    for bottom in TWO_PLAYERS.players:
        image = decode(table_picture(playing, bottom))
        for unit in TWO_PLAYERS.seats:
            at = picture._TWO_TRICK_AT[TWO_PLAYERS.is_table(unit)]
            at = picture._turned(at, TWO_PLAYERS.player_of(unit) != bottom)
            assert paper(pixel(image, corner(at))) == (unit in played), (bottom, unit)


async def test_piles_show_face_up_cards_backs_for_face_down_ones_and_outlines_when_empty(
    seen: list[Seen],
) -> None:
    """Every pile of every state, from both seats: a face-up card shows its face; a
    face-down card alone (its face-up card played this trick) a card back; an empty pile
    the felt inside its outline; and a back peeks out under a face-up card that covers
    one."""
    kinds: set[str] = set()
    for state in seen[::3]:
        two = state.public.two
        assert two is not None
        for bottom in TWO_PLAYERS.players:
            image = decode(table_picture(state.public, bottom))
            for player in TWO_PLAYERS.players:
                turned = player != bottom
                for x, up, hidden in zip(
                    picture._TWO_PILES_X, two.tables[player], two.hidden[player], strict=True
                ):
                    at = picture._turned((x, picture._TWO_PILE_Y), turned)
                    if up is None:
                        dx, dy = picture._PEEK
                        at = picture._turned((x + dx, picture._TWO_PILE_Y + dy), turned)
                    look = pixel(image, corner(at))
                    kind = "up" if up is not None else "down" if hidden else "empty"
                    kinds.add(kind + (" on down" if up is not None and hidden else ""))
                    assert {"up": paper, "down": back, "empty": felt}[kind](look), (kind, at)
    assert kinds == {"up", "up on down", "down", "empty"}


def fan_width(image: Image.Image, turned: bool) -> int:
    """How wide the hand's fan of backs is: the columns across its lower edge that are
    not felt."""
    first_x, y = picture._TWO_FAN_AT
    left = first_x - picture._FAN_CARD[0] // 2
    span = range(left, left + 8 * picture._FAN_STEP + picture._FAN_CARD[0] + 4)
    points = [picture._turned((x, y + picture._FAN_CARD[1] // 2 - 4), turned) for x in span]
    return sum(not felt(pixel(image, p)) for p in points)


async def test_a_hand_is_as_many_backs_as_it_holds_cards(seen: list[Seen]) -> None:
    sizes = set()
    for state in seen[::4]:
        two = state.public.two
        assert two is not None
        image = decode(table_picture(state.public, None))
        for player in TWO_PLAYERS.players:
            count = two.hand_sizes[player]
            sizes.add(count)
            width = 0 if not count else picture._FAN_CARD[0] + (count - 1) * picture._FAN_STEP
            assert abs(fan_width(image, player != 0) - width) <= 1, (player, count)
    assert len(sizes) >= 4


async def test_the_winner_is_framed_and_the_player_to_act_while_the_trick_is_on(
    seen: list[Seen],
) -> None:
    taken = next(s.public for s in seen if not s.public.trick and s.public.last_trick)
    leader, cards, winner = trick_shown(taken)
    assert winner is not None and len(cards) == 4
    image = decode(table_picture(taken, None))
    x, y = picture._TWO_TRICK_AT[TWO_PLAYERS.is_table(winner)]
    x, y = picture._turned((x, y), TWO_PLAYERS.player_of(winner) != 0)
    assert pixel(image, (x, y - picture._TWO_CARD[1] // 2 - 2)) == picture._GOLD

    playing = next(s.public for s in seen if len(s.public.trick) == 1)
    image = decode(table_picture(playing, None))
    for player in TWO_PLAYERS.players:
        px, py = picture._turned(picture._TWO_PLATE_AT, player != 0)
        top = (px, py - picture._TWO_PLATE[1] // 2 + 1)
        assert (pixel(image, top) == picture._GOLD) == (player == playing.to_act)
