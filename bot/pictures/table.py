"""The table as a picture, seen from one seat: the felt, the four players around it (the
viewer at the bottom, the partner at the top, the opponents left and right, as on Board
Game Arena's table), the trick in the middle in front of whoever played each card, a trump
badge and a score pad.

Drawn from `PublicTable` only, the read model that holds no unplayed card, so the picture
can show nothing of anyone's hand, whoever it is drawn for. The picture has no words: names,
numbers and drawn marks, so it needs no locale (the message beside it carries the words and
is what screen readers read). What it shows:

- **Seats.** `viewer` is the seat drawn at the bottom; None (the public picture) puts seat 0
  there, so onlookers see the same orientation all match long while the dealer moves round.
  Seats follow clockwise: the next seat (left of the bottom one) on the left, its partner
  opposite at the top. Each name plate has its pair's colour on its edge; while a trick is
  in progress the seat to act has a gold frame (not between tricks nor while trump is
  chosen: the picture is kept while the table moves on, and a frame would name a turn long
  gone); the dealer has a white "D" button, the player who chose trump a small trump sign.
- **Trick.** The trick being played; once it is taken and until the next card, the trick
  just taken. Each card lies in front of its player with a small number for the order it
  was played in (1 = the leader); a gold frame marks the card that wins (or won) it.
- **Trump badge** (top right): the trump suit; before trump is chosen a "?" (over the
  proposed suit, when there is one); a kraken hand's multiplier ("×4") in its corner once
  a call or spades made it more than 1; a "0" in a ledig hand (no trump), whose idle
  partner's name is greyed and who plays no card to its three-card tricks.
- **Score pad** (top left): the hand number (of the planned hands), then one row per pair
  (the viewer's pair first), marked by four dots for the four places with the pair's two
  in its colour: this hand's points so far (+ roem) under a small card, and the match
  total under a sum sign; once the match is over the winner's total is on gold.
- **Three seats** (three-player Klaverjas): the viewer at the bottom, the next seat on the
  left, the last on the right, none at the top. The solo's plate has the first pair colour
  on its edge, the defenders' the second, and no colour before someone plays; the pad has
  a row per player (the viewer first), a dot in its side's colour, its side's points in
  this hand and its own match total.
- **Two seats** (two-player Klaverjas, `TWO_HEIGHT` tall): a player's side a row, the
  viewer's at the bottom and the opponent's across at the top, turned round as a player
  sitting across sees it: the name plate and the hand, a fan of card backs (as many as
  the hand holds, the count on the top one: never a face), and the four piles, each a
  face-up card on a face-down one (a card back peeking out), a face-up card alone once
  turned, a card back alone while its face-up card is in the trick, an outline once
  empty. The trick lies in the middle, each card in front of the unit (hand or piles)
  that played it. Trump and the score pad (a row per player, the viewer first) stand in
  a column on the left. Drawn from `PublicTable.two`, which holds the piles' face-up
  cards, which piles hide a card and how many cards each hand holds: nothing more.

Rendering pastes pre-drawn parts (felt, plates, card faces) and writes a few strings, then
encodes the PNG at a low compression level: `benchmarks/pictures.py` measures time and size.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Final

from PIL import Image, ImageDraw

from bot.engine import CARDS, TWO_PLAYERS, Card, Rank, Suit, pair_of
from bot.engine.ledig import trick_seats
from bot.tables.readmodels import PublicTable
from bot.tables.table import SeatKind

from .cards import BLACK, EDGE, PAPER, RED, card_face, suit_shape
from .fonts import font as _font

__all__ = [
    "CARD_H",
    "CARD_W",
    "HEIGHT",
    "TWO_HEIGHT",
    "WIDTH",
    "prepare",
    "table_picture",
    "trick_shown",
]

WIDTH: Final = 520
HEIGHT: Final = 224  # short: the table message and a hand fit one phone screen
CARD_W: Final = 58
CARD_H: Final = 80
_SS: Final = 3  # supersampling of the pre-drawn parts

Colour = tuple[int, int, int]
Box = tuple[int, int, int, int]  # left, top, right, bottom
Point = tuple[int, int]
_WOOD: Final = (74, 48, 30)
_FELT: Final = (28, 104, 60)
_FELT_CENTRE: Final = (34, 118, 68)
_PLATE: Final = (18, 40, 28)
_PLATE_ACTIVE: Final = (60, 52, 16)
_GOLD: Final = (240, 196, 60)
_WHITE: Final = (248, 248, 242)
_MUTED_INK: Final = (150, 150, 150)
_PAD: Final = (246, 242, 226)
_PAD_INK: Final = (34, 34, 38)
_PAIR_COLOURS: Final = ((74, 144, 226), (232, 128, 48))  # pair 0 (seats 0, 2), pair 1
_BACK: Final = (150, 34, 46)  # a card's back (two seats: face-down cards, hands)
_BACK_LINE: Final = (196, 84, 92)
_SLOT: Final = (64, 138, 92)  # the outline of an empty pile
_PAPER, _EDGE, _RED, _BLACK = PAPER[:3], EDGE[:3], RED[:3], BLACK[:3]  # the card faces'

_CENTRE: Final = (WIDTH // 2, 112)
# Per position (0 bottom, 1 left, 2 top, 3 right): the centre of the played card and of
# the name plate. The plates at the top and the bottom sit beside their player's card (the
# top one to its right, the bottom one to its left), not above and below it: a picture
# three quarters as tall (docs/table-ux.md 2.13).
_CARD_AT: Final = (
    (_CENTRE[0], _CENTRE[1] + 44),
    (_CENTRE[0] - 66, _CENTRE[1]),
    (_CENTRE[0], _CENTRE[1] - 44),
    (_CENTRE[0] + 66, _CENTRE[1]),
)
_PLATE_W: Final = 140
_PLATE_H: Final = 34
_PLATE_BESIDE: Final = CARD_W // 2 + 10 + _PLATE_W // 2  # a plate's centre from its card's
_PLATE_AT: Final = (
    (_CENTRE[0] - _PLATE_BESIDE, HEIGHT - 30),
    (84, _CENTRE[1]),
    (_CENTRE[0] + _PLATE_BESIDE, 30),
    (WIDTH - 84, _CENTRE[1]),
)
# Where each seat sits, by how many turns it comes after the bottom one: four seats go
# round bottom, left, top, right; three leave the top free.
_PLACES: Final = {4: (0, 1, 2, 3), 3: (0, 1, 3)}
_PAD_BOX: Final = (12, 12, 160, 92)
_HAND_X: Final = _PAD_BOX[0] + 92  # right edge of the pad's "this hand" column
_TOTAL_X: Final = _PAD_BOX[2] - 10  # and of its "match" column
_BADGE_BOX: Final = (WIDTH - 74, 12, WIDTH - 12, 74)
# Texts kept drawn (names, fitted to their plates, and numbers): every seat's name at the
# ~1,000 busy tables one process carries, so that tables do not evict each other's; a
# name's letters are a small mask (2-4 KB).
NAMES_CACHED: Final = 8192

# Two seats: a column on the left for the trump badge and the score pad, the table to its
# right. The viewer's side is a row at the bottom: the name plate under the hand's fan of
# card backs, then the four piles; the opponent's row is the same turned round the
# table's centre (`_turned`), as a player across the table sees it.
TWO_HEIGHT: Final = 278
_TWO_CARD: Final = (50, 70)  # a pile's card and a card in the trick
_FAN_CARD: Final = (30, 42)  # a card in a hand's fan
_FAN_STEP: Final = 8
_PEEK: Final = (-5, -10)  # where a pile's face-down card lies from its face-up card
_TWO_BADGE_BOX: Final = (41, 12, 103, 74)
_TWO_PAD_BOX: Final = (12, TWO_HEIGHT - 94, 132, TWO_HEIGHT - 12)
_TWO_COLUMNS: Final = (_TWO_PAD_BOX[0] + 70, _TWO_PAD_BOX[2] - 10)  # as _HAND_X, _TOTAL_X
_TWO_CENTRE: Final = (326, TWO_HEIGHT // 2)  # the table's centre, right of the column
_TWO_PLATE: Final = (124, 30)  # its name in 14 px: "Computer 2" and "Ordenador 2" whole
_TWO_PLATE_AT: Final = (209, TWO_HEIGHT - 27)
_TWO_FAN_AT: Final = (153 + _FAN_CARD[0] // 2, TWO_HEIGHT - 69)  # the first back's centre
_TWO_MARK_AT: Final = (257, TWO_HEIGHT - 69)  # the dealer's "D", the maker's trump sign
_TWO_PILE_Y: Final = TWO_HEIGHT - 47
_TWO_PILES_X: Final = (306, 362, 418, 474)
# The trick's cards in front of the unit that played them: (hand, piles).
_TWO_TRICK_AT: Final = ((196, _TWO_CENTRE[1] + 12), (386, _TWO_CENTRE[1] + 12))


def table_picture(
    public: PublicTable,
    viewer: int | None,
    names: Sequence[str] | None = None,
    ranks: Mapping[Rank, str] | None = None,
) -> bytes:
    """The table seen from seat `viewer` (at the bottom), or the public picture (None:
    seat 0 at the bottom), as PNG bytes (`WIDTH` x `HEIGHT`; at two seats `TWO_HEIGHT`
    tall, `viewer` a player). Uses only `public`, `names` for the seats' plates when given
    (as the reader's language names computers) and `ranks` for the cards' letters (the
    reader's: B, V, H for a Dutch reader)."""
    two = public.rules.two_players
    if two:
        image = _two_seats(public, viewer, names, ranks or {})
    else:
        image = _round_the_table(public, viewer, names, ranks or {})
    # A palette of the picture's own colours and the blends between them: a third of the
    # bytes to encode, so about a third of the time and of the size of an RGB PNG.
    indexed = image.quantize(palette=_palette(two), dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    indexed.save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()


def _round_the_table(
    public: PublicTable,
    viewer: int | None,
    names: Sequence[str] | None,
    ranks: Mapping[Rank, str],
) -> Image.Image:
    """Four or three seats: the players round the table, the viewer at the bottom."""
    seating = public.rules.seating
    if viewer is not None and not seating.is_seat(viewer):
        raise ValueError(f"a seat is 0..{seating.count - 1}, not {viewer!r}")
    bottom = 0 if viewer is None else viewer
    image = _base().copy()
    for seat in seating.seats:
        _draw_seat(image, public, seat, _place(public, bottom, seat), names)
    _draw_trick(image, public, bottom, ranks)
    _draw_badge(image, public, _BADGE_BOX)
    if public.three is not None:
        _draw_three_pad(image, public, bottom)
    else:
        _draw_pad(image, public, bottom)
    return image


def _two_seats(
    public: PublicTable,
    viewer: int | None,
    names: Sequence[str] | None,
    ranks: Mapping[Rank, str],
) -> Image.Image:
    """Two seats: each player's side a row, the viewer's at the bottom (seat 0 for the
    public picture), the trick between them, trump and the pad in the left column."""
    players = TWO_PLAYERS.players
    if viewer is not None and viewer not in players:
        raise ValueError(f"a seat is 0..{len(players) - 1}, not {viewer!r}")
    bottom = 0 if viewer is None else viewer
    image = _two_base().copy()
    for player in players:
        _draw_side(image, public, player, player != bottom, names, ranks)
    _draw_two_trick(image, public, bottom, ranks)
    _draw_badge(image, public, _TWO_BADGE_BOX)
    _draw_two_pad(image, public, bottom)
    return image


def trick_shown(public: PublicTable) -> tuple[int | None, tuple[Card, ...], int | None]:
    """The trick the picture shows, as (leader, cards in play order, winner): the trick in
    play, or once it is taken (and until the next card) the trick just taken."""
    if public.trick:
        return public.trick_leader, public.trick, public.trick_winner
    last = public.last_trick
    if last is not None:
        return last.leader, last.cards, last.winner
    return None, (), None


# ------------------------------------------------------------------------- pre-drawn parts

Paint = Callable[[ImageDraw.ImageDraw, int], None]


def _smooth(size: tuple[int, int], paint: Paint) -> Image.Image:
    """An RGBA image of `size`, drawn `_SS` times larger by `paint(draw, scale)` and
    reduced, for edges without steps."""
    width, height = size
    big = Image.new("RGBA", (width * _SS, height * _SS), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), _SS)
    return big.resize(size, Image.Resampling.BOX)


@cache
def _base() -> Image.Image:
    """What every picture has: the felt, the score pad's card with its column marks
    (a card: this hand; a sum sign: the match) and the trump badge's card."""
    return _felt(HEIGHT, _CENTRE, (150, 96), _PAD_BOX, _BADGE_BOX, (_HAND_X, _TOTAL_X))


@cache
def _two_base() -> Image.Image:
    """What every two-seat picture has: the felt, the pad and the badge in the column on
    the left, and the pad's column marks."""
    return _felt(TWO_HEIGHT, _TWO_CENTRE, (176, 58), _TWO_PAD_BOX, _TWO_BADGE_BOX, _TWO_COLUMNS)


def _felt(
    height: int,
    centre: Point,
    radii: tuple[int, int],
    pad: Box,
    badge: Box,
    columns: tuple[int, int],
) -> Image.Image:
    """A table `height` tall: wood, the felt, a lighter ellipse of `radii` round the
    `centre` (where the trick lies), the score pad's card in `pad` with the marks over its
    `columns` (the x where each column's numbers end) and the trump badge's card in
    `badge`."""
    image = Image.new("RGB", (WIDTH, height), _WOOD)
    (cx, cy), (rx, ry) = centre, radii

    def felt(draw: ImageDraw.ImageDraw, s: int) -> None:
        draw.rounded_rectangle((6 * s, 6 * s, (WIDTH - 6) * s, (height - 6) * s), 40 * s, 255)

    def middle(draw: ImageDraw.ImageDraw, s: int) -> None:
        draw.ellipse(((cx - rx) * s, (cy - ry) * s, (cx + rx) * s, (cy + ry) * s), 255)

    image.paste(_FELT, (0, 0, WIDTH, height), _coverage((WIDTH, height), felt))
    image.paste(_FELT_CENTRE, (0, 0, WIDTH, height), _coverage((WIDTH, height), middle))
    for box in (pad, badge):
        part = _rounded(box[2] - box[0], box[3] - box[1])
        image.paste(part, box[:2], part)
    marks = _column_marks(columns[1] - columns[0])
    image.paste(marks, (columns[0] - 14, pad[1] + 7), marks)
    return image


def _coverage(size: tuple[int, int], paint: Paint) -> Image.Image:
    """Like `_smooth`, for one colour: a mask, one channel, much cheaper to reduce."""
    width, height = size
    big = Image.new("L", (width * _SS, height * _SS), 0)
    paint(ImageDraw.Draw(big), _SS)
    return big.resize(size, Image.Resampling.BOX)


def prepare() -> None:
    """Draw now what every picture pastes (felt, palette, the 32 played-card faces; three
    seats paste the same as four, two seats their own felt and palette, the card backs,
    the empty pile and the faces at the piles' size), so that the first picture costs no
    more than the others: once per process, best spent off the event loop
    (`asyncio.to_thread(prepare)`)."""
    for two in (False, True):
        _palette(two)
    _base()
    _two_base()
    for size in (_FAN_CARD, _TWO_CARD):
        _card_back(size)
    _empty_pile(_TWO_CARD)
    for card in CARDS:
        card_face(card, CARD_W, CARD_H)
        card_face(card, *_TWO_CARD)


@cache
def _rounded(width: int, height: int) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        draw.rounded_rectangle((0, 0, width * s - 1, height * s - 1), 10 * s, _PAD)

    return _smooth((width, height), paint)


@cache
def _column_marks(gap: int) -> Image.Image:
    """A small card over the hand's column and a sum sign over the match's, each ending
    where its column's numbers end (14 px right of the image's left edge, and `gap` on)."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        draw.rounded_rectangle((3 * s, 2 * s, 13 * s, 16 * s), 2 * s, None, _PAD_INK, 2 * s)
        x = gap + 3
        sigma = [(x + 10, 3), (x, 3), (x + 6, 9), (x, 15), (x + 10, 15)]
        draw.line([(px * s, py * s) for px, py in sigma], _PAD_INK, 2 * s, joint="curve")

    return _smooth((gap + 16, 18), paint)


@cache
def _plate(
    pair: int | None, active: bool, size: tuple[int, int] = (_PLATE_W, _PLATE_H)
) -> Image.Image:
    """A name plate of `size`: dark, its pair's colour on the left edge (None: no colour),
    gold frame when to act."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        w, h = size[0] * s, size[1] * s
        fill = _PLATE_ACTIVE if active else _PLATE
        edge = fill if pair is None else _PAIR_COLOURS[pair]
        draw.rounded_rectangle((0, 0, w - 1, h - 1), 9 * s, edge)
        draw.rounded_rectangle((6 * s, 0, w - 1, h - 1), 9 * s, fill)
        draw.rectangle((6 * s, 0, 14 * s, h - 1), fill)
        if active:
            draw.rounded_rectangle((0, 0, w - 1, h - 1), 9 * s, None, _GOLD, 3 * s)

    return _smooth(size, paint)


@cache
def _disc(size: int, fill: Colour, outline: Colour) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        draw.ellipse((0, 0, size * s - 1, size * s - 1), fill, outline, max(1, s))

    return _smooth((size, size), paint)


@cache
def _winner_frame(size: tuple[int, int]) -> Image.Image:
    width, height = size[0] + 8, size[1] + 8

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        draw.rounded_rectangle((0, 0, width * s - 1, height * s - 1), 11 * s, None, _GOLD, 4 * s)

    return _smooth((width, height), paint)


@cache
def _card_back(size: tuple[int, int]) -> Image.Image:
    """The back of a card of `size`: a paper edge round a red field with a lattice, the
    same for every card (a face-down card, a card in a hand)."""
    width, height = size

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        w, h = width * s, height * s
        radius = max(3, width // 8) * s
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, _PAPER, _EDGE, s)
        inset = max(3, width // 12) * s
        draw.rounded_rectangle((inset, inset, w - inset, h - inset), radius // 2, _BACK)
        step = max(6, width // 5) * s
        for x in range(-h, w, step):  # a lattice of lines both ways, inside the field
            draw.line((x, inset, x + h, inset + h), _BACK_LINE, s)
            draw.line((x + h, inset, x, inset + h), _BACK_LINE, s)
        draw.rectangle((0, 0, w - 1, inset - 1), _PAPER)
        draw.rectangle((0, h - inset, w - 1, h - 1), _PAPER)
        draw.rectangle((0, 0, inset - 1, h - 1), _PAPER)
        draw.rectangle((w - inset, 0, w - 1, h - 1), _PAPER)
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, None, _EDGE, s)

    return _smooth(size, paint)


@cache
def _empty_pile(size: tuple[int, int]) -> Image.Image:
    """Where a pile lay once both its cards are played: an outline on the felt."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        box = (s, s, size[0] * s - s - 1, size[1] * s - s - 1)
        draw.rounded_rectangle(box, 6 * s, None, _SLOT, 2 * s)

    return _smooth(size, paint)


@cache
def _pair_mark(pair: int, across: bool) -> Image.Image:
    """Four dots for the four places at the table, the pair's two in its colour: top and
    bottom, or (`across`) left and right."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        places = ((9, 3), (15, 9), (9, 15), (3, 9))  # top, right, bottom, left
        for n, (x, y) in enumerate(places):
            ours = (n % 2 == 1) == across
            fill = _PAIR_COLOURS[pair] if ours else _PAD
            outline = _PAIR_COLOURS[pair] if ours else _MUTED_INK
            draw.ellipse(((x - 3) * s, (y - 3) * s, (x + 3) * s, (y + 3) * s), fill, outline, s)

    return _smooth((18, 18), paint)


@cache
def _won() -> Image.Image:
    """The match winner's mark behind its total: a gold bar."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        draw.rounded_rectangle((0, 0, 46 * s - 1, 20 * s - 1), 6 * s, _GOLD)

    return _smooth((46, 20), paint)


@cache
def _dimmed_suit(suit: Suit, size: int) -> Image.Image:
    shape = suit_shape(suit, size).copy()
    shape.putalpha(shape.getchannel("A").point(lambda a: a * 3 // 10))
    return shape


@cache
def _palette(two: bool) -> Image.Image:
    """Every colour the picture draws and the blends between any two that meet (edges,
    letters), so mapping to it loses nothing visible; the same palette every time. A
    two-seat picture's (`two`) has the card backs' and the empty piles' colours too, with
    fewer blends each (256 colours at most)."""
    colours = [_WOOD, _FELT, _FELT_CENTRE, _PLATE, _PLATE_ACTIVE, _GOLD, _WHITE, _PAD]
    colours += [_PAD_INK, _MUTED_INK, *_PAIR_COLOURS, _PAPER, _EDGE, _RED, _BLACK]
    meeting = [
        (_FELT, _WOOD), (_FELT_CENTRE, _FELT), (_PAD, _FELT), (_PAD, _WOOD),
        (_WHITE, _PLATE), (_WHITE, _PLATE_ACTIVE), (_PLATE, _FELT), (_PLATE, _FELT_CENTRE),
        (_GOLD, _PLATE_ACTIVE), (_GOLD, _FELT), (_GOLD, _FELT_CENTRE), (_PAD_INK, _PAD),
        (_GOLD, _PAD), (_PAD_INK, _GOLD),
        (_PAD_INK, _WHITE), (_RED, _PAPER), (_BLACK, _PAPER), (_EDGE, _PAPER),
        (_EDGE, _FELT_CENTRE), (_EDGE, _FELT), (_RED, _PAD), (_BLACK, _PAD),
        (_PLATE, _PAPER), (_WHITE, _PAPER), (_PAIR_COLOURS[0], _PLATE),
        (_PAIR_COLOURS[1], _PLATE), (_PAIR_COLOURS[0], _PAD), (_PAIR_COLOURS[1], _PAD),
        (_MUTED_INK, _PAD), (_PAIR_COLOURS[0], _FELT), (_PAIR_COLOURS[1], _FELT),
    ]  # fmt: skip
    for a, b in meeting:
        colours += [_blend(a, b, step / 8) for step in range(1, 8)]
    if two:
        colours += [_BACK, _BACK_LINE, _SLOT]
        backs = [(_BACK, _PAPER), (_BACK_LINE, _BACK), (_WHITE, _BACK), (_SLOT, _FELT_CENTRE)]
        for a, b in [*backs, (_SLOT, _FELT)]:
            colours += [_blend(a, b, step / 4) for step in range(1, 4)]
    unique = list(dict.fromkeys(colours))[:256]
    flat = [channel for colour in unique for channel in colour]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (256 - len(unique)))
    return palette


def _blend(a: Colour, b: Colour, part: float) -> Colour:
    return (
        round(a[0] * part + b[0] * (1 - part)),
        round(a[1] * part + b[1] * (1 - part)),
        round(a[2] * part + b[2] * (1 - part)),
    )


# ------------------------------------------------------------------------- drawing a state


def _paste(image: Image.Image, part: Image.Image, centre: tuple[int, int]) -> None:
    """Lay the RGBA `part` centred on `centre` (composited onto a picture with alpha)."""
    x, y = centre[0] - part.width // 2, centre[1] - part.height // 2
    if image.mode == "RGBA":
        image.alpha_composite(part, (x, y))
    else:
        image.paste(part, (x, y), part)


@lru_cache(maxsize=NAMES_CACHED)
def _stamp(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """`text` drawn once as a mask, with its offset from the anchor point: names and
    numbers repeat from picture to picture, and pasting a mask is much cheaper than
    drawing text again."""
    font = _font(size, bold)
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    left, top, right, bottom = (int(v) for v in probe.textbbox((0, 0), text, font, anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, 255, font, anchor)
    return mask, left, top


def _write(
    image: Image.Image,
    at: tuple[int, int],
    text: str,
    colour: Colour,
    size: int,
    bold: bool = False,
    anchor: str = "mm",
) -> None:
    """Write `text` at `at` (Pillow's `anchor`: "lm" left middle, "rm", "mm")."""
    mask, left, top = _stamp(text, size, bold, anchor)
    image.paste(
        colour,
        (at[0] + left, at[1] + top, at[0] + left + mask.width, at[1] + top + mask.height),
        mask,
    )


@lru_cache(maxsize=NAMES_CACHED)
def _fitted(text: str, width: int, size: int, bold: bool) -> str:
    """`text` cut with an ellipsis to fit `width` pixels (names can be long)."""
    font = _font(size, bold)
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _draw_seat(
    image: Image.Image,
    public: PublicTable,
    seat: int,
    position: int,
    names: Sequence[str] | None = None,
) -> None:
    """The seat's name plate: to act (gold), chose trump (trump sign), dealt ("D"). Drawn
    straight onto the picture from parts drawn once (the plate of its pair, the marks, the
    name's letters), so that nothing per seat but the name's letters is kept: a cache of
    whole plates, one per seat and state, would hold thousands at a hundred busy tables."""
    cx, cy = _PLATE_AT[position]
    left, right = cx - _PLATE_W // 2 + 16, cx + _PLATE_W // 2 - 8
    span = (left + 25 * _chose(public, seat), right - 25 * (public.dealer == seat))
    _draw_plate(image, public, seat, (cx, cy), (_PLATE_W, _PLATE_H), names, span)
    _draw_marks(image, public, seat, (left + 10, cy), (right - 11, cy))


def _draw_plate(
    image: Image.Image,
    public: PublicTable,
    seat: int,
    centre: tuple[int, int],
    size: tuple[int, int],
    names: Sequence[str] | None,
    span: tuple[int, int] | None = None,
    letters: int = 15,
) -> None:
    """`seat`'s name plate of `size` at `centre`, gold while to act, the name written in
    `span` (from, to x; None: the whole plate) `letters` px high, muted while away or
    sitting out."""
    state = public.seats[seat]
    active = public.to_act == seat and public.is_open and bool(public.trick)
    name = "—" if state.kind == SeatKind.EMPTY else names[seat] if names else state.name
    _paste(image, _plate(_side(public, seat), active, size), centre)
    x0 = centre[0] - size[0] // 2
    left, right = span or (x0 + 16, x0 + size[0] - 8)
    shown = _fitted(name, right - left, letters, True)
    muted = state.away or public.idle == seat  # away, or sitting out a ledig hand
    _write(image, (left, centre[1]), shown, _MUTED_INK if muted else _WHITE, letters, True, "lm")


def _chose(public: PublicTable, seat: int) -> bool:
    """Whether `seat` chose the trump of the hand in play."""
    return public.chooser == seat and public.trump is not None


def _draw_marks(
    image: Image.Image, public: PublicTable, seat: int, trump_at: Point, dealer_at: Point
) -> None:
    """A small trump sign at `trump_at` if `seat` chose trump, a "D" at `dealer_at` if it
    dealt."""
    if public.trump is not None and public.chooser == seat:
        _paste(image, _disc(22, _WHITE, _PLATE), trump_at)
        _paste(image, suit_shape(public.trump, 14), trump_at)
    if public.dealer == seat:
        _paste(image, _disc(22, _WHITE, _PLATE), dealer_at)
        _write(image, (dealer_at[0], dealer_at[1] + 1), "D", _PAD_INK, 13, bold=True)


def _draw_trick(
    image: Image.Image, public: PublicTable, bottom: int, ranks: Mapping[Rank, str]
) -> None:
    """Each card in front of its player, numbered in play order, the winner framed."""
    leader, cards, winner = trick_shown(public)
    if leader is None:
        return
    # A ledig hand's partner sits out (docs/rules.md 2.10): the trick skips that seat.
    seats = trick_seats(leader, public.idle, public.rules.seating)
    for order, (seat, card) in enumerate(zip(seats, cards, strict=False)):
        face = _played(card, order + 1, seat == winner, _letters(card, ranks))
        _paste(image, face, _CARD_AT[_place(public, bottom, seat)])


def _letters(card: Card, ranks: Mapping[Rank, str]) -> str | None:
    """The rank's letters in the reader's alphabet, when they differ from the card's own."""
    label = ranks.get(card.rank)
    return None if label == card.rank.label else label


def _place(public: PublicTable, bottom: int, seat: int) -> int:
    """Where `seat` sits in the picture (0 bottom, 1 left, 2 top, 3 right) seen from
    `bottom`."""
    seating = public.rules.seating
    return _PLACES[seating.count][seating.steps(bottom, seat)]


def _side(public: PublicTable, seat: int) -> int | None:
    """The colour of `seat`'s side: its pair; three seats: the solo's or the defenders'
    (None before anyone plays)."""
    three = public.three
    if three is None:
        return pair_of(seat)
    if three.solo is None:
        return None
    return 0 if seat == three.solo else 1


@lru_cache(maxsize=1024)
def _played(
    card: Card,
    order: int,
    wins: bool,
    rank: str | None = None,
    size: tuple[int, int] = (CARD_W, CARD_H),
) -> Image.Image:
    """A card on the table: its face (its rank in `rank`'s letters, when given), its place
    in the play order at its corner, the gold frame if it wins the trick (32 cards x 4
    places x 2, per alphabet and card size: drawn once each)."""
    margin = 10
    width, height = size
    canvas = Image.new("RGBA", (width + 2 * margin, height + 2 * margin), (0, 0, 0, 0))
    centre = (canvas.width // 2, canvas.height // 2)
    if wins:
        _paste(canvas, _winner_frame(size), centre)
    _paste(canvas, card_face(card, width, height, rank), centre)
    corner = (margin + 2, margin + 2)
    _paste(canvas, _disc(18, _PLATE, _WHITE), corner)
    _write(canvas, (corner[0], corner[1] + 1), str(order), _WHITE, 11, bold=True)
    return canvas


def _draw_badge(image: Image.Image, public: PublicTable, box: Box) -> None:
    """Trump in `box`; before it is chosen a question mark (over the proposed suit, if
    any); in a ledig hand, which has none, a 0."""
    left, top, right, bottom = box
    centre = ((left + right) // 2, (top + bottom) // 2)
    if public.trump is not None:
        _paste(image, suit_shape(public.trump, 42), centre)
    elif public.ledig is not None:
        _write(image, centre, "0", _PAD_INK, 34, bold=True)
    elif public.phase is not None:
        if public.proposal is not None:
            _paste(image, _dimmed_suit(public.proposal, 42), centre)
        _write(image, centre, "?", _PAD_INK, 34, bold=True)
    if public.kraak is not None and public.kraak.multiplier > 1:
        times = f"×{public.kraak.multiplier}"
        _write(image, (right - 4, bottom - 2), times, _PAD_INK, 14, bold=True, anchor="rd")


def _write_hand_number(image: Image.Image, public: PublicTable, corner: tuple[int, int]) -> None:
    """The hand number (of the planned hands) at the top of the pad whose corner is given."""
    hand = str(public.hand_number) if public.hand_number else "–"
    if public.planned_hands:
        hand += f"/{public.planned_hands}"
    _write(image, (corner[0] + 10, corner[1] + 16), hand, _PAD_INK, 14, bold=True, anchor="lm")


def _draw_pad(image: Image.Image, public: PublicTable, bottom: int) -> None:
    """The hand number, then per pair (the viewer's first) this hand's points (+ roem)
    and the match total."""
    left, top = _PAD_BOX[0], _PAD_BOX[1]
    _write_hand_number(image, public, (left, top))
    first = pair_of(bottom)
    for row, pair in enumerate((first, 1 - first)):
        y = top + 42 + row * 24
        _paste(image, _pair_mark(pair, across=row == 1), (left + 18, y))
        hand = (public.hand_points[pair], public.hand_roem[pair])
        won = public.result is not None and public.result.winner == pair
        _write_pad_row(image, y, (_HAND_X, _TOTAL_X), hand, won, public.totals[pair])


def _write_pad_row(
    image: Image.Image,
    y: int,
    columns: tuple[int, int],
    hand: tuple[int, int] | None,
    won: bool,
    total: int,
) -> None:
    """One row of a score pad at `y`: this hand's (points, roem) ending at the first of
    `columns` (None: nothing), the gold mark if the row won the match, and the match
    `total` ending at the second."""
    hand_x, total_x = columns
    if hand is not None:
        points, roem = hand
        score = f"{points}+{roem}" if roem else str(points)
        _write(image, (hand_x, y), score, _PAD_INK, 13, anchor="rm")
    if won:
        _paste(image, _won(), (total_x - 20, y))
    _write(image, (total_x, y), str(total), _PAD_INK, 14, bold=True, anchor="rm")


def _draw_three_pad(image: Image.Image, public: PublicTable, bottom: int) -> None:
    """Three seats: the hand number, then per player (the viewer first, clockwise) a dot
    in its side's colour, its side's points in this hand (+ roem) and its match total."""
    three = public.three
    assert three is not None
    left, top = _PAD_BOX[0], _PAD_BOX[1]
    _write_hand_number(image, public, (left, top))
    winner = three.result.winner if three.result is not None else None
    for row, seat in enumerate(public.rules.seating.order_from(bottom)):
        y = top + 34 + row * 18
        side = _side(public, seat)
        hand = None
        if side is not None:
            colour = _PAIR_COLOURS[side]
            _paste(image, _disc(10, colour, colour), (left + 18, y))
            hand = (three.hand_points[side], three.hand_roem[side])
        _write_pad_row(image, y, (_HAND_X, _TOTAL_X), hand, winner == seat, three.totals[seat])


# ------------------------------------------------------------------------- two seats


def _turned(at: Point, turned: bool) -> Point:
    """Where a point of the viewer's side lies on the opponent's (`turned`): the same
    place turned round the table's centre."""
    if not turned:
        return at
    cx, cy = _TWO_CENTRE
    return 2 * cx - at[0], 2 * cy - at[1]


def _draw_side(
    image: Image.Image,
    public: PublicTable,
    player: int,
    turned: bool,
    names: Sequence[str] | None,
    ranks: Mapping[Rank, str],
) -> None:
    """`player`'s side: the name plate, the hand as card backs with their count, the
    dealer's or the maker's mark, and the four piles; turned round for the opponent."""
    centre = _turned(_TWO_PLATE_AT, turned)
    _draw_plate(image, public, player, centre, _TWO_PLATE, names, letters=14)
    mark = _turned(_TWO_MARK_AT, turned)
    _draw_marks(image, public, player, mark, mark)  # the maker never deals
    two = public.two
    if two is None or not two.tables:  # between matches: no hand dealt
        return
    _draw_fan(image, two.hand_sizes[player], turned)
    piles = zip(_TWO_PILES_X, two.tables[player], two.hidden[player], strict=True)
    for x, up, hidden in piles:
        _draw_pile(image, _turned((x, _TWO_PILE_Y), turned), up, hidden, turned, ranks)


def _draw_fan(image: Image.Image, count: int, turned: bool) -> None:
    """A hand of `count` cards as that many backs side by side, overlapping, the count on
    the top one (none once the hand is played out)."""
    back = _card_back(_FAN_CARD)
    at = _TWO_FAN_AT
    for n in range(count):
        at = _turned((_TWO_FAN_AT[0] + n * _FAN_STEP, _TWO_FAN_AT[1]), turned)
        _paste(image, back, at)
    if count:
        _write(image, at, str(count), _WHITE, 18, bold=True)


def _draw_pile(
    image: Image.Image,
    at: Point,
    up: Card | None,
    hidden: bool,
    turned: bool,
    ranks: Mapping[Rank, str],
) -> None:
    """A pile at `at`: its face-down card as a back peeking out from under the face-up
    one (alone while the face-up card is in the trick), or an outline once empty."""
    if hidden:
        dx, dy = (-_PEEK[0], -_PEEK[1]) if turned else _PEEK
        _paste(image, _card_back(_TWO_CARD), (at[0] + dx, at[1] + dy))
    if up is not None:
        _paste(image, card_face(up, *_TWO_CARD, _letters(up, ranks)), at)
    elif not hidden:
        _paste(image, _empty_pile(_TWO_CARD), at)


def _draw_two_trick(
    image: Image.Image, public: PublicTable, bottom: int, ranks: Mapping[Rank, str]
) -> None:
    """Each card of the trick in front of the unit that played it (its player's hand or
    piles), numbered in play order, the winner framed."""
    leader, cards, winner = trick_shown(public)
    if leader is None:
        return
    for order, (unit, card) in enumerate(zip(TWO_PLAYERS.order_from(leader), cards, strict=False)):
        face = _played(card, order + 1, unit == winner, _letters(card, ranks), _TWO_CARD)
        at = _TWO_TRICK_AT[TWO_PLAYERS.is_table(unit)]
        _paste(image, face, _turned(at, TWO_PLAYERS.player_of(unit) != bottom))


def _draw_two_pad(image: Image.Image, public: PublicTable, bottom: int) -> None:
    """The hand number, then per player (the viewer first) a dot in its colour, its
    points in this hand (+ roem) and its match total, the winner's on gold."""
    two = public.two
    left, top = _TWO_PAD_BOX[0], _TWO_PAD_BOX[1]
    _write_hand_number(image, public, (left, top))
    if two is None:
        return
    winner = two.result.winner if two.result is not None else None
    for row, player in enumerate((bottom, TWO_PLAYERS.other_player(bottom))):
        y = top + 42 + row * 24
        colour = _PAIR_COLOURS[player]
        _paste(image, _disc(10, colour, colour), (left + 12, y))
        hand = (two.hand_points[player], two.hand_roem[player]) if two.tables else None
        _write_pad_row(image, y, _TWO_COLUMNS, hand, winner == player, two.totals[player])
