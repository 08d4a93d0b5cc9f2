"""The card faces (bot/pictures/cards.py): 32 different emoji images, the same bytes and
the same hash on every run, and names Discord accepts."""

from __future__ import annotations

import hashlib
import io

from PIL import Image

from bot.engine import CARDS, Card, Suit
from bot.pictures import cards
from cogs.common.card_faces import emoji_name
from tests.harness.world import EMOJI_MAX_BYTES, EMOJI_NAME

# The hashes of the 32 faces, hashed once more. It changes only when the art does (or a
# Pillow release draws the same shapes differently): then every server's bot uploads 32
# new emojis at its next start, which is what this line makes a deliberate change.
ART_DIGEST = "95d4510902835fb5"


def test_the_32_faces_are_128_px_pngs_all_different() -> None:
    pictures = [cards.card_png(card) for card in CARDS]
    assert len(set(pictures)) == 32
    for png in pictures:
        with Image.open(io.BytesIO(png)) as image:
            assert image.format == "PNG" and image.size == (128, 128) and image.mode == "RGBA"
            assert image.getpixel((0, 0))[3] == 0  # rounded corners are transparent
        assert len(png) < EMOJI_MAX_BYTES // 8


def test_the_faces_and_their_hashes_are_the_same_on_every_run() -> None:
    first = [cards.card_png(card) for card in CARDS]
    hashes = [cards.card_hash(card) for card in CARDS]
    cards.card_png.cache_clear()
    cards._face.cache_clear()
    cards._emoji.cache_clear()
    assert [cards.card_png(card) for card in CARDS] == first
    assert [cards.card_hash(card) for card in CARDS] == hashes
    assert len(set(hashes)) == 32
    assert hashlib.sha256(" ".join(hashes).encode()).hexdigest()[:16] == ART_DIGEST


def test_emoji_names_are_valid_and_name_the_card() -> None:
    names = [emoji_name(card) for card in CARDS]
    assert len(set(names)) == 32
    assert all(EMOJI_NAME.fullmatch(name) for name in names)
    assert emoji_name(Card.parse("10h")).startswith("kj_th_")


def ink_pixels(image: Image.Image) -> set[tuple[int, int]]:
    """Where the face is printed in a suit's colour (opaque, not paper, not edge grey)."""
    rgba = image.convert("RGBA")
    found = set()
    for y in range(rgba.height):
        for x in range(rgba.width):
            r, g, b, a = rgba.getpixel((x, y))  # type: ignore[misc]
            if a > 200 and (r < 80 and g < 80 or r > 150 and g < 80):
                found.add((x, y))
    return found


def test_suits_differ_by_shape_not_only_by_colour() -> None:
    """The suit shapes, as masks without colour, differ from each other everywhere
    enough to tell apart (more than a fifth of their ink)."""
    masks = {suit: ink_pixels(cards.suit_shape(suit, 40)) for suit in Suit}
    for a in Suit:
        for b in Suit:
            if a < b:
                differing = len(masks[a] ^ masks[b])
                assert differing > 0.2 * max(len(masks[a]), len(masks[b])), (a, b)


def test_a_face_shows_its_rank_large() -> None:
    """Rank on the upper half, suit on the lower half, each covering real ink."""
    face = cards.card_face(Card.parse("Qs"), 58, 80)
    ink = ink_pixels(face)
    upper = [p for p in ink if p[1] < 40]
    lower = [p for p in ink if p[1] >= 40]
    assert len(upper) > 150 and len(lower) > 300
    assert max(y for _, y in upper) - min(y for _, y in upper) > 25  # tall, not a corner index


def test_a_face_prints_the_readers_letters() -> None:
    """A Dutch reader's boer, vrouw and heer read B, V and H (docs/table-ux.md 2.3): each
    letter its own ink in the rank's half, the suit's half as the English face's; a label
    with a letter the faces cannot draw falls back to the engine's."""
    for code, letter in (("Jh", "B"), ("Qs", "V"), ("Kd", "H")):
        card = Card.parse(code)
        english, dutch = cards.card_face(card, 58, 80), cards.card_face(card, 58, 80, letter)
        rank_ink = [{p for p in ink_pixels(face) if p[1] < 40} for face in (english, dutch)]
        assert len(rank_ink[0] ^ rank_ink[1]) > 0.3 * len(rank_ink[0]), code
        suit_ink = [{p for p in ink_pixels(face) if p[1] >= 42} for face in (english, dutch)]
        assert suit_ink[0] == suit_ink[1]
        assert len(rank_ink[1]) > 100
    seven = Card.parse("7c")
    assert cards.card_face(seven, 58, 80, "7") is cards.card_face(seven, 58, 80)
    unknown = cards.card_face(Card.parse("Jc"), 58, 80, "Ж")
    assert unknown.tobytes() == cards.card_face(Card.parse("Jc"), 58, 80).tobytes()
