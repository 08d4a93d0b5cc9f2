"""Draw the README's pictures: a table's public message and a player's hand, at phone width.

    .venv/bin/python docs/pictures/make.py [--out docs/pictures]

The real bot plays a table through the offline harness (tests/harness: real discord.py
objects, a fake Discord, no network): Anna opens it, Bob and Carl sit, a computer takes
the fourth seat, and everyone plays by clicking the buttons Discord would show, until
Anna is to play into the first trick. The two messages the fake Discord then holds
(the public table message, Anna's private hand) are drawn with Pillow as an approximate
Discord dark theme, 400 px wide at twice the resolution: `table.png` and `hand.png`.
The deal is fixed, so the pictures change only when the messages do.

Needs the DejaVu fonts (the `fonts-dejavu` package on Debian and Ubuntu) for the suit
symbols; the emoji the bot uses are drawn as small shapes, as the fonts have none.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # the harness lives in tests/

from bot.engine import Card  # noqa: E402
from bot.pictures.cards import card_face  # noqa: E402
from tests.cogs.tables.tables_kit import ClockedBot, Kit, seed_with_first_dealer  # noqa: E402
from tests.harness.harness import Harness  # noqa: E402

WIDTH, SCALE, PAD = 400, 2, 12  # phone width in points, pixels per point, page margin
FONTS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))
BACKGROUND, EMBED, TEXT, BRIGHT, MUTED = "#313338", "#2b2d31", "#dbdee1", "#f2f3f5", "#949ba4"
BUTTON = {1: "#5865f2", 2: "#4e5058", 3: "#248046", 4: "#da373c", 5: "#4e5058"}
EMOJI = ("🏆", "🤖", "💤", "⏳", "⬆", "⬅", "➡", "⬇")
TOKEN = re.compile(
    r"(\*\*.+?\*\*|<t:\d+(?::\w)?>|<:\w+:\d+>|[🏆🤖💤⏳⬆⬅➡⬇]|\s+|[^\s*<🏆🤖💤⏳⬆⬅➡⬇]+|.)"
)
CARD_EMOJI = re.compile(r"<:kj_(\w\w)_\w+:\d+>")  # a card face: its code in the name


# ---------------------------------------------------------------- the table, played by clicks


async def messages(seed_dealer: int = 0, turns: int = 1) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the public table message, Anna's hand) once Anna is to play her `turns`-th card
    with cards already on the table."""
    seed = seed_with_first_dealer(seed_dealer)
    return await _played(seed, turns)


async def _played(seed: str, turns: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The table deals from `seed` (the bot's seed source, random otherwise)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bot.sqlite3"
        async with Harness(path, bot_class=ClockedBot, seeds=lambda: seed) as harness:
            kit = Kit(harness)
            kit.cog.publisher.interval = 0
            anna, table = await _seated(kit)
            seen = 0
            while (found := kit.to_act(table)) is not None:
                if found[1] == anna and _on_table(kit, table) and (seen := seen + 1) == turns:
                    hand = await kit.hand(table, anna)
                    assert hand.message is not None
                    return kit.public(table), hand.message
                await kit.act(table)
                await kit.run_computers(table)
    raise RuntimeError("the hand ended before Anna was to play with cards on the table")


async def _seated(kit: Kit) -> tuple[int, int]:
    """Anna opens a table, Bob and Carl sit, a computer fills the fourth seat, Anna starts."""
    world = kit.world
    anna, bob, carl = (world.add_user(name) for name in ("Anna", "Bob", "Carl"))
    table = await kit.open(anna)
    await kit.click(f"kj:sit:{table}:1", bob)
    await kit.click(f"kj:sit:{table}:2", carl)
    await kit.click(f"kj:addbot:{table}", anna)
    await kit.click(f"kj:start:{table}", anna)
    await kit.run_computers(table)
    return anna, table


def _on_table(kit: Kit, table: int) -> bool:
    """Whether the trick in progress has at least two cards (a picture worth showing)."""
    match = kit.table(table).match
    return match is not None and match.hand is not None and len(match.hand.current) >= 2


# ---------------------------------------------------------------- drawing


class Fonts:
    def __init__(self) -> None:
        folder = next((f for f in FONTS if (f / "DejaVuSans.ttf").is_file()), None)
        if folder is None:
            raise SystemExit("the DejaVu fonts are missing: apt-get install fonts-dejavu")
        self.folder = folder

    def get(self, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
        name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
        return ImageFont.truetype(str(self.folder / name), size * SCALE)


class Page:
    """A growing canvas in points; `y` is where the next block goes."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.image = Image.new("RGB", (WIDTH * SCALE, 2000 * SCALE), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image, "RGBA")
        self.y = PAD
        self.dry = False  # lay out without drawing (to measure a block first)

    def box(self, x: float, y: float, w: float, h: float, fill: str, radius: float = 4) -> None:
        corners = [v * SCALE for v in (x, y, x + w, y + h)]
        self.draw.rounded_rectangle(corners, radius * SCALE, fill=fill)

    def text(self, x: float, y: float, s: str, size: int, fill: str, bold: bool = False) -> float:
        """Draw `s`; its width in points."""
        font = self.fonts.get(size, bold)
        if not self.dry:
            self.draw.text((x * SCALE, y * SCALE), s, font=font, fill=fill)
        return font.getlength(s) / SCALE

    def width(self, s: str, size: int, bold: bool = False) -> float:
        return self.fonts.get(size, bold).getlength(s) / SCALE

    def emoji(self, x: float, y: float, char: str, size: int) -> float:
        """The bot's emoji as small shapes (the fonts have none); its width in points."""
        if self.dry:
            return size * 1.15
        s, d = size * SCALE, self.draw
        left, top = x * SCALE, (y + size * 0.1) * SCALE
        if char == "🏆":
            d.pieslice([left, top - s * 0.45, left + s, top + s * 0.55], 0, 180, fill="#f0b232")
            d.rectangle(
                [left + s * 0.42, top + s * 0.5, left + s * 0.58, top + s * 0.75], "#f0b232"
            )
            d.rectangle(
                [left + s * 0.22, top + s * 0.75, left + s * 0.78, top + s * 0.9], "#c27c0e"
            )
        elif char == "🤖":
            d.rounded_rectangle(
                [left, top + s * 0.15, left + s, top + s * 0.9], s * 0.15, "#99aab5"
            )
            for eye in (0.3, 0.7):
                cx = left + s * eye
                d.ellipse([cx - s * 0.1, top + s * 0.4, cx + s * 0.1, top + s * 0.6], "#23272a")
            d.line([left + s * 0.5, top, left + s * 0.5, top + s * 0.15], "#99aab5", SCALE)
        elif char == "⏳":
            d.polygon(
                [(left + s * 0.15, top), (left + s * 0.85, top), (left + s * 0.5, top + s * 0.45)],
                "#f0b232",
            )
            d.polygon(
                [
                    (left + s * 0.5, top + s * 0.45),
                    (left + s * 0.15, top + s * 0.9),
                    (left + s * 0.85, top + s * 0.9),
                ],
                "#c27c0e",
            )
        elif char in "⬆⬅➡⬇":
            d.rounded_rectangle([left, top, left + s * 0.9, top + s * 0.9], s * 0.15, "#4e5058")
            font = self.fonts.get(int(size * 0.7), True)
            arrow = {"⬆": "↑", "⬅": "←", "➡": "→", "⬇": "↓"}[char]
            d.text((left + s * 0.18, top + s * 0.02), arrow, font=font, fill="#ffffff")
        else:  # 💤
            font = self.fonts.get(int(size * 0.8), True)
            d.text((left, top - s * 0.1), "z", font=font, fill="#5865f2")
        return size * 1.15

    def card(self, x: float, y: float, code: str, size: int) -> float:
        """A card face as Discord shows the bot's card emoji; its width in points."""
        height = size * 1.35
        width = height * 0.72
        if not self.dry:
            face = card_face(Card.parse(code), int(width * SCALE), int(height * SCALE))
            self.image.paste(face, (int(x * SCALE), int((y - size * 0.15) * SCALE)), face)
        return width + 3

    def crop(self) -> Image.Image:
        return self.image.crop((0, 0, WIDTH * SCALE, int((self.y + PAD) * SCALE)))


def runs(line: str) -> Iterator[tuple[str, bool]]:
    """A line of Discord markdown as (text, bold) pieces; a timestamp as Discord shows it."""
    for token in TOKEN.findall(line):
        if token.startswith("**") and token.endswith("**") and len(token) > 4:
            for word in re.findall(r"\s+|\S+", token[2:-2]):
                yield word, True
        elif CARD_EMOJI.fullmatch(token):
            yield token, False
        elif token.startswith("<t:"):
            yield from (("in", False), (" ", False), ("2", False), (" ", False), ("minutes", False))
        else:
            yield token, False


def paragraph(page: Page, x: float, width: float, text: str, size: int, fill: str) -> None:
    """Wrapped markdown text at (x, page.y); moves page.y below it. A line may start as
    Discord's headings (`### `), small print (`-# `) or a quote (`> `) do."""
    for line in text.split("\n"):
        _line(page, x, width, line, size, fill)


def _line(page: Page, x: float, width: float, line: str, size: int, fill: str) -> None:
    if line.startswith("### "):
        line, size, fill = f"**{line[4:]}**", size + 3, BRIGHT
    elif line.startswith("-# "):
        line, size, fill = line[3:], size - 2, MUTED
    elif line.startswith("> "):
        page.box(x, page.y, 3, size * 1.35, MUTED, 1)
        x, width, line = x + 10, width - 10, line[2:]
    line_height = size * 1.35
    indent = len(line) - len(line.lstrip("\u2003"))  # em spaces: one font size each
    cursor = start = x + indent * size
    for piece, bold in runs(line.lstrip("\u2003").replace("\u2003", "  ")):
        card = CARD_EMOJI.fullmatch(piece)
        if card:
            grow = size * 1.35 * 0.72 + 3
        else:
            grow = size * 1.15 if piece in EMOJI else page.width(piece, size, bold)
        if cursor + grow > x + width and not piece.isspace() and cursor > start:
            cursor = start = x
            page.y += line_height
        if cursor == start and piece.isspace():
            continue
        if card:
            cursor += page.card(cursor, page.y, card.group(1), size)
        elif piece in EMOJI:
            cursor += page.emoji(cursor, page.y, piece, size)
        else:
            cursor += page.text(cursor, page.y, piece, size, BRIGHT if bold else fill, bold)
    page.y += line_height


def header(page: Page, ephemeral: bool) -> float:
    """The avatar, the bot's name and its BOT tag; the x where the message body starts."""
    page.draw.ellipse(
        [PAD * SCALE, page.y * SCALE, (PAD + 36) * SCALE, (page.y + 36) * SCALE], fill="#248046"
    )
    page.text(PAD + 11, page.y + 7, "♣", 17, "#ffffff")
    x = PAD + 48
    x += page.text(x, page.y, "Klaverjas", 15, BRIGHT, True) + 6
    page.box(x, page.y + 2, 30, 16, "#5865f2", 3)
    page.text(x + 4, page.y + 3.5, "BOT", 10, "#ffffff", True)
    page.text(x + 38, page.y + 2, "Today at 20:41", 11, MUTED)
    page.y += 22
    return PAD + 48


def embed(page: Page, x: float, data: dict[str, Any]) -> None:
    """The embed: its box and colour bar, title, description, fields and footer. Laid out
    once without drawing to learn its height, then drawn over the box."""
    width, top = WIDTH - x - PAD, page.y
    page.dry = True
    _embed_text(page, x + 14, width - 26, data)
    height, page.y, page.dry = page.y - top + 8, top, False
    page.box(x, top, width, height, EMBED)
    page.box(x, top, 4, height, "#%06x" % (data.get("color") or 0x1E1F22), 2)
    _embed_text(page, x + 14, width - 26, data)
    page.y = top + height + 8


def _embed_text(page: Page, x: float, width: float, data: dict[str, Any]) -> None:
    page.y += 10
    if data.get("title"):
        paragraph(page, x, width, f"**{data['title']}**", 14, BRIGHT)
        page.y += 4
    if data.get("description"):
        paragraph(page, x, width, data["description"], 13, TEXT)
    for field in data.get("fields", []):
        page.y += 6
        paragraph(page, x, width, f"**{field['name']}**", 13, BRIGHT)
        paragraph(page, x, width, field["value"], 13, TEXT)
    footer = (data.get("footer") or {}).get("text")
    if footer:
        page.y += 6
        paragraph(page, x, width, footer, 11, MUTED)


def buttons(
    page: Page, x: float, components: list[dict[str, Any]], right: float = WIDTH - PAD
) -> None:
    """Each row of buttons, wrapped at the page's width as a phone wraps them."""
    for row in components:
        cursor = x
        for button in row.get("components", []):
            label = button.get("label") or ""
            code = CARD_EMOJI.fullmatch(f"<:{(button.get('emoji') or {}).get('name')}:0>")
            face = 13 * 1.35 * 0.72 + 5 if code else 0  # the card's face before its label
            w = page.width(label, 13, True) + 28 + face
            if cursor + w > right and cursor > x:
                cursor, page.y = x, page.y + 38
            fill = BUTTON.get(button.get("style", 2), BUTTON[2])
            if button.get("disabled"):
                fill = _dim(fill)
            page.box(cursor, page.y, w, 32, fill, 6)
            if code:
                page.card(cursor + 12, page.y + 8.5, code.group(1), 13)
            color = "#ffffff" if not button.get("disabled") else "#a0a3a8"
            page.text(cursor + 14 + face, page.y + 7.5, label, 13, color, True)
            cursor += w + 8
        page.y += 38


def _dim(color: str) -> str:
    """A disabled button: half its colour over the page."""
    mix = [(int(color[i : i + 2], 16) + int(BACKGROUND[i : i + 2], 16)) // 2 for i in (1, 3, 5)]
    return "#" + "".join(f"{v:02x}" for v in mix)


def container(page: Page, x: float, data: dict[str, Any]) -> None:
    """A Components V2 box: its colour bar, text displays and rows of buttons. Laid out
    once without drawing to learn its height, then drawn over the box."""
    width, top = WIDTH - x - PAD, page.y
    page.dry = True
    _children(page, x + 14, width - 26, data.get("components", []))
    height, page.y, page.dry = page.y - top + 6, top, False
    page.box(x, top, width, height, EMBED)
    page.box(x, top, 4, height, "#%06x" % (data.get("accent_color") or 0x1E1F22), 2)
    _children(page, x + 14, width - 26, data.get("components", []))
    page.y = top + height + 8


def _children(page: Page, x: float, width: float, children: list[dict[str, Any]]) -> None:
    page.y += 10
    for child in children:
        if child.get("type") == 10:
            paragraph(page, x, width, child["content"], 13, TEXT)
            page.y += 4
        elif child.get("type") == 1:
            buttons(page, x, [child], x + width)
        elif child.get("type") == 12:  # a picture: its frame (the file is not drawn here)
            page.box(x, page.y, width, width * 0.6, "#1e1f22", 6)
            page.y += width * 0.6 + 6


def draw(message: dict[str, Any], fonts: Fonts, ephemeral: bool = False) -> Image.Image:
    """One message as a phone shows it in the dark theme."""
    page = Page(fonts)
    x = header(page, ephemeral)
    if message.get("content"):
        paragraph(page, x, WIDTH - x - PAD, message["content"], 14, TEXT)
    for data in message.get("embeds", []):
        embed(page, x, data)
    for data in message.get("components", []):
        if data.get("type") == 17:
            container(page, x, data)
        else:
            buttons(page, x, [data])
    if ephemeral:
        page.text(x, page.y, "Only you can see this · Dismiss message", 11, MUTED)
        page.y += 16
    return page.crop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args()
    fonts = Fonts()
    public, hand = asyncio.run(messages())
    args.out.mkdir(parents=True, exist_ok=True)
    for name, message, ephemeral in (("table", public, False), ("hand", hand, True)):
        path = args.out / f"{name}.png"
        draw(message, fonts, ephemeral).quantize(colors=96).save(path, optimize=True)
        print(f"{path}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
