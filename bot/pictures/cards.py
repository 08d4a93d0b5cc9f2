"""The card faces: the project's own art, drawn with Pillow from shapes (no font, no image
file), so the same Pillow draws the same pixels on any machine and a hash of a face's
pixels names it (the application emojis carry that hash, cogs/common/card_faces.py).

A face is the rank, large, above the suit, large: at emoji size (Discord shows custom emoji
at 22 to 48 px) both stay readable. The four suits differ by shape, not only by colour:
a diamond, a heart (point down), a spade (point up, on a stem) and a club (three round
lobes with deep notches, on a thin stem).
Ranks are strokes too (7 8 9 10 J Q K A, and the Dutch B V H that a picture drawn for a
Dutch reader prints), bold enough for 22 px.

`card_png(card)` is the 128x128 emoji; `card_face(card, width, height)` the same art at
another size (the table picture pastes it at card shape).
"""

from __future__ import annotations

import hashlib
import io
import math
from collections.abc import Callable
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from bot.engine import Card, Suit

__all__ = [
    "EMOJI_SIZE",
    "RANK_LETTERS",
    "card_face",
    "card_hash",
    "card_png",
    "suit_shape",
]

EMOJI_SIZE: Final = 128  # Discord's recommended size for an emoji upload
_SUPERSAMPLE: Final = 4  # drawn this much larger, then reduced: smooth edges, no font
PAPER: Final = (252, 252, 247, 255)
EDGE: Final = (96, 96, 100, 255)
RED: Final = (200, 28, 44, 255)
BLACK: Final = (26, 26, 30, 255)

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom

# ------------------------------------------------------------------------- rank glyphs
# Each glyph is a set of strokes in a box one unit high and `width` wide; a stroke is a
# polyline of centre points. `_T` keeps a stroke's ink inside the box.
_STROKE: Final = 0.17
_T: Final = _STROKE / 2


def _arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float) -> list[Point]:
    """Points along an ellipse from angle `start` to `end` (degrees; 90 points down)."""
    steps = max(8, int(abs(end - start) / 6))
    return [
        (
            cx + rx * math.cos(math.radians(start + (end - start) * i / steps)),
            cy + ry * math.sin(math.radians(start + (end - start) * i / steps)),
        )
        for i in range(steps + 1)
    ]


def _glyphs() -> dict[str, tuple[float, list[list[Point]]]]:
    t = _T
    nine_tail = [(0.515, 0.33), *_arc(0.3, 0.62, 0.215, 0.295, 0, 125)]
    jay = [(0.2, t), (0.43, t), *_arc(0.255, 0.68, 0.175, 0.235, 0, 175)]
    return {
        "7": (0.6, [[(t, t), (0.6 - t, t), (0.21, 1 - t)]]),
        "8": (
            0.6,
            [_arc(0.3, 0.27, 0.185, 0.185, 0, 360), _arc(0.3, 0.665, 0.215, 0.25, 0, 360)],
        ),
        "9": (0.6, [_arc(0.3, 0.33, 0.215, 0.245, 0, 360), nine_tail]),
        "1": (0.36, [[(t, 0.24), (0.26, t), (0.26, 1 - t)]]),
        "0": (0.56, [_arc(0.28, 0.5, 0.195, 0.415, 0, 360)]),
        "J": (0.52, [jay]),
        "Q": (
            0.66,
            [_arc(0.33, 0.47, 0.245, 0.385, 0, 360), [(0.4, 0.7), (0.6 - t / 2, 1 - t)]],
        ),
        "K": (
            0.6,
            [
                [(t, t), (t, 1 - t)],
                [(0.6 - t, t), (t + 0.02, 0.58)],
                [(0.24, 0.44), (0.6 - t, 1 - t)],
            ],
        ),
        "A": (0.68, [[(t, 1 - t), (0.34, t), (0.68 - t, 1 - t)], [(0.2, 0.68), (0.48, 0.68)]]),
        # The Dutch letters: boer, vrouw, heer (B V H for J Q K).
        "B": (
            0.62,
            [
                [(t, 0.47), (t, t), (0.33, t), *_arc(0.33, 0.2775, 0.18, 0.1925, -90, 90)],
                [(t, 0.47), (t, 1 - t), (0.34, 1 - t), *_arc(0.34, 0.6925, 0.195, 0.2225, 90, -90)],
                [(t, 0.47), (0.34, 0.47)],
            ],
        ),
        "V": (0.64, [[(t, t), (0.32, 1 - t), (0.64 - t, t)]]),
        "H": (
            0.6,
            [[(t, t), (t, 1 - t)], [(0.6 - t, t), (0.6 - t, 1 - t)], [(t, 0.5), (0.6 - t, 0.5)]],
        ),
    }


_GLYPHS: Final = _glyphs()
RANK_LETTERS: Final = frozenset(_GLYPHS)  # a rank label drawn from these (and "10")
_GAP: Final = 0.06  # between the two digits of 10


def _rank_width(label: str) -> float:
    return sum(_GLYPHS[ch][0] for ch in label) + _GAP * (len(label) - 1)


def _draw_rank(draw: ImageDraw.ImageDraw, label: str, box: Box, fill: int) -> None:
    """The rank `label` as large as fits in `box`, centred."""
    left, top, right, bottom = box
    size = min(bottom - top, (right - left) / _rank_width(label))
    x = left + ((right - left) - _rank_width(label) * size) / 2
    y = top + ((bottom - top) - size) / 2
    width = max(1, round(_STROKE * size))
    for ch in label:
        glyph_width, strokes = _GLYPHS[ch]
        for stroke in strokes:
            points = [(x + px * size, y + py * size) for px, py in stroke]
            draw.line(points, fill=fill, width=width, joint="curve")
            ends = points if len(points) < 8 else (points[0], points[-1])
            for cx, cy in ends:  # round ends and corners
                r = width / 2
                draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
        x += (glyph_width + _GAP) * size


# ------------------------------------------------------------------------- suit shapes
# Each suit is circles and polygons in a unit square.


def _tangent(centre: Point, radius: float, point: Point, side: int) -> Point:
    """Where a line from `point` touches the circle; `side` +1/-1 picks which of the two."""
    dx, dy = centre[0] - point[0], centre[1] - point[1]
    distance = math.hypot(dx, dy)
    angle = math.atan2(dy, dx) + side * math.asin(radius / distance)
    length = math.sqrt(distance**2 - radius**2)
    return (point[0] + length * math.cos(angle), point[1] + length * math.sin(angle))


Shape = tuple[list[tuple[Point, float]], list[list[Point]]]  # circles (centre, r), polygons


def _heart(flip: bool) -> Shape:
    """A heart in the unit square (point down); `flip` turns it point up (a spade's body)."""
    r, tip = 0.255, (0.5, 0.97)
    left, right = (0.255, 0.31), (0.745, 0.31)
    body = [
        _tangent(left, r, tip, -1),
        tip,
        _tangent(right, r, tip, 1),
        (right[0], right[1]),
        (0.5, 0.26),  # where the two lobes meet: no gap below it
        (left[0], left[1]),
    ]
    circles = [(left, r), (right, r)]
    if flip:
        circles = [((c[0], 1 - c[1]), cr) for c, cr in circles]
        body = [(x, 1 - y) for x, y in body]
    return circles, [body]


def _shapes() -> dict[Suit, Shape]:
    diamond = [(0.5, 0.0), (0.87, 0.5), (0.5, 1.0), (0.13, 0.5)]
    spade_circles, spade_body = _heart(flip=True)
    spade_circles = [((c[0], c[1] * 0.82), cr * 0.9) for c, cr in spade_circles]
    spade_body = [[(0.5 + (x - 0.5) * 0.9, y * 0.82) for x, y in spade_body[0]]]
    stem = [(0.5, 0.55), (0.67, 1.0), (0.33, 1.0)]
    spade_notch = [(0.3, 0.55), (0.7, 0.55), (0.5, 0.8)]
    # Three round lobes with deep notches between them, on a thin stem: round where the
    # spade is pointed, and cut in where the spade is full.
    club_circles = [((0.5, 0.22), 0.215), ((0.215, 0.6), 0.215), ((0.785, 0.6), 0.215)]
    club_centre = [(0.5, 0.4), (0.36, 0.64), (0.64, 0.64)]
    club_stem = [(0.5, 0.5), (0.62, 1.0), (0.38, 1.0)]
    return {
        Suit.DIAMONDS: ([], [diamond]),
        Suit.HEARTS: _heart(flip=False),
        Suit.SPADES: (spade_circles, [*spade_body, spade_notch, stem]),
        Suit.CLUBS: (club_circles, [club_centre, club_stem]),
    }


_SHAPES: Final = _shapes()


def _draw_suit(draw: ImageDraw.ImageDraw, suit: Suit, box: Box, fill: int) -> None:
    """The suit's shape as large as fits in `box` (kept square), centred."""
    left, top, right, bottom = box
    size = min(right - left, bottom - top)
    x = left + ((right - left) - size) / 2
    y = top + ((bottom - top) - size) / 2
    circles, polygons = _SHAPES[suit]
    for (cx, cy), r in circles:
        draw.ellipse(
            (x + (cx - r) * size, y + (cy - r) * size, x + (cx + r) * size, y + (cy + r) * size),
            fill=fill,
        )
    for polygon in polygons:
        draw.polygon([(x + px * size, y + py * size) for px, py in polygon], fill=fill)


def ink(suit: Suit) -> tuple[int, int, int, int]:
    """The colour a suit is printed in (red or black; the shape tells them apart too)."""
    return RED if suit.is_red else BLACK


# ------------------------------------------------------------------------- faces


def _mask(
    size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, int, int], None]
) -> Image.Image:
    """A coverage mask of `size`: `paint(draw, w, h)` draws it `_SUPERSAMPLE` times larger
    in white, and each pixel becomes the share of its block that was drawn (smooth edges;
    one channel, so cheap to reduce)."""
    w, h = size[0] * _SUPERSAMPLE, size[1] * _SUPERSAMPLE
    big = Image.new("L", (w, h), 0)
    paint(ImageDraw.Draw(big), w, h)
    return big.resize(size, Image.Resampling.BOX)


def card_face(card: Card, width: int, height: int, rank: str | None = None) -> Image.Image:
    """The face of `card` as an RGBA image of `width` x `height` (transparent corners), its
    rank printed as `rank` (the reader's letters: "B" for the Dutch boer; by default the
    engine's "J"; a label with a letter not in `RANK_LETTERS` falls back to that). Cached,
    one face per card, size and letters: callers paste it and must not draw on it."""
    drawable = rank is not None and all(ch in _GLYPHS for ch in rank)
    label = rank if drawable and rank != card.rank.label else None
    return _face(card, width, height, label)


@cache
def _face(card: Card, width: int, height: int, rank: str | None) -> Image.Image:
    size = (width, height)

    def card_shape(draw: ImageDraw.ImageDraw, w: int, h: int) -> None:
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=round(w * 0.13), fill=255)

    def edge(draw: ImageDraw.ImageDraw, w: int, h: int) -> None:
        line = max(_SUPERSAMPLE, round(w * 0.025))
        draw.rounded_rectangle((0, 0, w - 1, h - 1), round(w * 0.13), None, 255, line)

    def print_(draw: ImageDraw.ImageDraw, w: int, h: int) -> None:
        pad_x, pad_y, middle = w * 0.08, h * 0.065, h * 0.5
        label = rank or card.rank.label
        _draw_rank(draw, label, (pad_x, pad_y, w - pad_x, middle - h * 0.025), 255)
        _draw_suit(draw, card.suit, (pad_x, middle + h * 0.015, w - pad_x, h - pad_y), 255)

    face = Image.new("RGB", size, PAPER[:3])
    face.paste(EDGE[:3], (0, 0, width, height), _mask(size, edge))
    face.paste(ink(card.suit)[:3], (0, 0, width, height), _mask(size, print_))
    face.putalpha(_mask(size, card_shape))
    return face


@cache
def suit_shape(suit: Suit, size: int) -> Image.Image:
    """The suit's shape alone, `size` pixels square on a transparent ground (for badges)."""

    def shape(draw: ImageDraw.ImageDraw, w: int, h: int) -> None:
        _draw_suit(draw, suit, (0, 0, w, h), 255)

    image = Image.new("RGBA", (size, size), ink(suit))
    image.putalpha(_mask((size, size), shape))
    return image


@cache
def _emoji(card: Card) -> Image.Image:
    canvas = Image.new("RGBA", (EMOJI_SIZE, EMOJI_SIZE), (0, 0, 0, 0))
    face = card_face(card, EMOJI_SIZE - 4, EMOJI_SIZE - 4)
    canvas.paste(face, (2, 2))
    return canvas


@cache
def card_png(card: Card) -> bytes:
    """The card's emoji: a 128x128 PNG, the same bytes on every run."""
    buffer = io.BytesIO()
    _emoji(card).save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def card_hash(card: Card) -> str:
    """Six hex digits of the SHA-256 of the emoji's pixels: they change when the art does,
    and not with the PNG encoder (another zlib may pack the same pixels in other bytes)."""
    image = _emoji(card)
    header = f"{image.mode} {image.width}x{image.height}\n".encode()
    return hashlib.sha256(header + image.tobytes()).hexdigest()[:6]
