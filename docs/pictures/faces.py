"""Draw the card faces and the table picture for the README, with the bot's own drawing code.

    .venv/bin/python docs/pictures/faces.py [--out docs/pictures]

`faces.png`: the 32 card faces (bot/pictures/cards.py) as Discord shows custom emoji, on
its dark theme: a row per suit at 48 px, and the same faces at 22 px, the size of an
emoji in a line of text. `table-picture.png`: the table picture (bot/pictures/table.py)
of a table played through the table service with a fixed deal (Anna, Bob, Carl and Dirk
pick the first card they may), seen from Anna's seat while the third trick is played.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.engine import CARDS, Phase  # noqa: E402
from bot.pictures.cards import card_png  # noqa: E402
from bot.pictures.table import table_picture  # noqa: E402
from bot.services import Services  # noqa: E402
from bot.tables import PublicTable, TableSettings, private_hand, public_table  # noqa: E402

DISCORD_DARK = (49, 51, 56, 255)
INSTANT = TableSettings(turn_timer=0, claim_grace=0, trick_pause=0, bot_delay=0)
NAMES = ("Anna", "Bob", "Carl", "Dirk")


def faces_sheet() -> Image.Image:
    """The 32 faces at 48 px (a row per suit), then all of them at 22 px."""
    big, small, gap = 48, 22, 6
    width = 8 * (big + gap) + gap
    sheet = Image.new("RGBA", (width, 4 * (big + gap) + 2 * gap + 2 * (small + gap)), DISCORD_DARK)
    for card in CARDS:
        face = Image.open(io.BytesIO(card_png(card))).convert("RGBA")
        x, y = gap + card.rank * (big + gap), gap + card.suit * (big + gap)
        shown = face.resize((big, big), Image.Resampling.LANCZOS)
        sheet.alpha_composite(shown, (x, y))
        row, column = divmod(int(card), 16)
        tiny = face.resize((small, small), Image.Resampling.LANCZOS)
        sheet.alpha_composite(
            tiny, (gap + column * (small + 4), 4 * (big + gap) + gap + row * (small + gap))
        )
    return sheet


async def table_state() -> PublicTable:
    """A fixed deal played until the third trick has three cards."""
    with tempfile.TemporaryDirectory() as folder:
        services = await Services.open(Path(folder) / "faces.sqlite3")
        try:
            service = services.tables
            answer = await service.open(1, 1, 1, NAMES[0], None, INSTANT, deal_seed="readme")
            table_id = answer.id
            for seat in (1, 2, 3):
                await service.sit(table_id, 1 + seat, NAMES[seat], seat)
            await service.start(table_id, 1)
            while True:
                table = service.registry.get(table_id)
                state = public_table(table)
                if state.trick_number == 3 and len(state.trick) == 3:
                    return state
                hand = table.match.hand if table.match is not None else None
                assert hand is not None and hand.to_act is not None
                seat = hand.to_act
                view = private_hand(table, seat)
                if hand.phase == Phase.TRUMP:
                    assert view.trump_options is not None
                    suit = view.trump_options.suits[0]
                    await service.choose_trump(table_id, 1 + seat, suit)
                else:
                    await service.play(table_id, 1 + seat, view.legal[0], seq=view.seq)
        finally:
            await services.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "pictures")
    args = parser.parse_args()
    faces_sheet().save(args.out / "faces.png", optimize=True)
    state = asyncio.run(table_state())
    (args.out / "table-picture.png").write_bytes(table_picture(state, 0))
    print(f"wrote {args.out / 'faces.png'} and {args.out / 'table-picture.png'}")


if __name__ == "__main__":
    main()
