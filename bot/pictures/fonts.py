"""The font the bot's pictures write names in: one with every accented Latin letter, Greek
and Cyrillic (Zoë, Ürgüp, pontuação, Владимир) where the system has one (Pillow searches
the usual folders on Linux, macOS and Windows; the Docker image installs
fonts-dejavu-core), else Pillow's own scalable font, which draws unaccented letters and
boxes for the rest."""

from __future__ import annotations

from functools import cache
from typing import Final

from PIL import ImageFont

__all__ = ["Font", "font"]

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

_FILES: Final = {
    False: ("DejaVuSans.ttf", "LiberationSans-Regular.ttf", "NotoSans-Regular.ttf", "arial.ttf"),
    True: ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "NotoSans-Bold.ttf", "arialbd.ttf"),
}


@cache
def font(size: int, bold: bool = False) -> Font:
    """The first font found of the list above at `size` pixels (bold if asked)."""
    for name in _FILES[bold]:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size)
