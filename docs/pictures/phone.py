"""Record the table message and a hand at the moments of the phone budget (docs/table-ux.md
2.13), in every language and with the longest names, and measure them at phone width.

    .venv/bin/python docs/pictures/phone.py [--out /tmp/phone] [--preview PATH] [--locales en nl]
        [--seats 2]

Four players whose names fill the 24 columns a name may take (`--names short`: Anna,
Bob, Carl and Dirk; `--seats 2`: the first two at a two-seat table, preset tweemans) sit
at a table in the
language asked (the offline harness: real discord.py objects, a fake Discord, no network)
and play by clicking the buttons Discord would show them, each in that language. Three
moments are kept, each as the public table message, its picture and the hand of the seat
to act, saved as the JSON the fake Discord holds:

- `play`: a trick in progress with cards on the table after the first trick (the picture
  shows the trick before it, with its caption);
- `claim`: a trick just taken, in its claim window (Roem! on the message and the hand);
- `trump`: the second hand's trump choice (the picture shows the first hand's score).

With `--preview` (the path of `../shared/tools/discord-preview/preview.py`, which needs
Chromium) each pair is drawn at 400 px, the two messages one below the other as a phone
shows them, and the heights of each and of both are printed: the figures of the budget.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # the harness lives in tests/

from bot.texts.catalog import LOCALES  # noqa: E402
from tests.cogs.tables.tables_kit import (  # noqa: E402
    ClockedBot,
    Kit,
    enabled,
    seed_with_first_dealer,
)
from tests.harness.harness import Harness  # noqa: E402

NAMES = {
    # each longer than a name's 24 columns: every line shows the longest name there is
    "longest": (
        "Anna-Catharina van Oldenbarnevelt",
        "Bartholomeus Wijnandszoon",
        "Cornelia Maria Vredenburgh",
        "Dirk-Jan Hooftman van Zuylen",
    ),
    "short": ("Anna", "Bob", "Carl", "Dirk"),
}
MOMENTS = ("play", "claim", "trump")
CARD_STANDIN = "🃏"  # a colour emoji: the size Discord draws a custom emoji in text and buttons
CUSTOM_EMOJI = re.compile(r"<a?:\w+:\d+>")
HEADING = re.compile(r"^### ", re.MULTILINE)
Recorded = dict[str, tuple[dict[str, Any], bytes, dict[str, Any]]]


async def record(locale: str, names: tuple[str, ...], seats: int = 4) -> Recorded:
    """The three moments at a table of `seats` in `locale`: (table message, its picture,
    hand)."""
    seed = seed_with_first_dealer(3) if seats == 4 else "kj-phone-two"  # seat 1 names trump
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bot.sqlite3"
        async with Harness(path, bot_class=ClockedBot, seeds=lambda: seed) as harness:
            return await _played(Kit(harness), locale, names[:seats])


async def _played(kit: Kit, locale: str, names: tuple[str, ...]) -> Recorded:
    kit.cog.publisher.interval = 0
    users = [kit.world.add_user(name) for name in names]
    preset = {"preset": "tweemans"} if len(names) == 2 else {}
    table = await kit.open(users[0], language=locale, **preset)
    for user in users[1:]:
        sit = enabled(kit.public(table)["components"], "kj:sit:")[0]
        await kit.click(sit, user, message=kit.public(table), locale=locale)
    await kit.click(f"kj:start:{table}", users[0], locale=locale)
    found: Recorded = {}
    while len(found) < len(MOMENTS) and kit.table(table).is_open:
        waiting = kit.to_act(table)
        if waiting is None:  # the last trick's claim window: the clock runs it out
            await kit.run_computers(table)
            continue
        moment = _moment(kit, table)
        user = waiting[1]
        hand = await kit.click(f"kj:hand:{table}", user, message=kit.public(table), locale=locale)
        assert hand.response.message is not None
        if moment is not None and moment not in found:
            shown = (kit.public(table), hand.response.message)
            public, mine = (json.loads(json.dumps(message)) for message in shown)
            found[moment] = (public, _picture(kit), mine)
        components = hand.response.message["components"]
        options = [*enabled(components, "kj:card:"), *enabled(components, "kj:trump:")]
        options += enabled(components, "kj:kraak:")
        await kit.click(options[0], user, message=hand.response.message_id, locale=locale)
    return found


def _moment(kit: Kit, table: int) -> str | None:
    """Which moment of the budget the table is at now, if any."""
    match = kit.table(table).match
    if match is None or match.hand is None:
        return None
    hand = match.hand
    if match.hand_number >= 2 and hand.trump is None:
        return "trump"
    tricks = len(hand.tricks)
    if tricks >= 1 and not hand.current and hand.trump is not None:
        return "claim"
    if tricks >= 1 and len(hand.current) >= 2:
        return "play"
    return None


def _picture(kit: Kit) -> bytes:
    """The last picture of the table the bot sent."""
    for call in reversed(kit.harness.calls):
        for name, data in zip(call.files, call.file_data, strict=False):
            if name.endswith(".png") and data:
                return data
    return b""


def save(found: Recorded, out: Path, locale: str) -> list[tuple[str, Path, Path]]:
    """Write each moment's messages and picture under `out/locale/moment/`."""
    saved = []
    for moment, (public, picture, hand) in found.items():
        folder = out / locale / moment
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "table.png").write_bytes(picture)
        table_json, hand_json = folder / "table.json", folder / "hand.json"
        table_json.write_text(json.dumps(public, ensure_ascii=False, indent=1))
        hand_json.write_text(json.dumps({"message": hand, "ephemeral": True}, ensure_ascii=False))
        saved.append((moment, table_json, hand_json))
    return saved


def as_phone_shows(message: Any) -> Any:
    """`message` for discord-preview, as a phone draws it: a card's emoji (which the
    preview writes as its name) as an emoji of its size, and `###` as a heading."""
    if isinstance(message, dict):
        emoji = message.get("emoji")
        if isinstance(emoji, dict) and emoji.get("id"):
            message = {**message, "emoji": {"name": CARD_STANDIN}}
        return {key: as_phone_shows(value) for key, value in message.items()}
    if isinstance(message, list):
        return [as_phone_shows(value) for value in message]
    if isinstance(message, str):
        text = CUSTOM_EMOJI.sub(CARD_STANDIN, message)
        return HEADING.sub("## ", text)
    return message


def height(preview: Path, out: Path, *messages: Path) -> int:
    """The height in px of `messages` drawn by discord-preview at 400 px."""
    shown = []
    for path in messages:
        standin = path.with_suffix(".shown.json")
        standin.write_text(json.dumps(as_phone_shows(json.loads(path.read_text()))))
        shown.append(standin)
    command = [sys.executable, str(preview), *map(str, shown), "--out", str(out)]
    subprocess.run(command, check=True, capture_output=True)
    with Image.open(out) as image:
        return image.height


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "phone")
    parser.add_argument("--preview", type=Path, help="discord-preview's preview.py")
    parser.add_argument("--locales", nargs="*", default=list(LOCALES))
    parser.add_argument("--names", choices=sorted(NAMES), default="longest")
    parser.add_argument("--seats", type=int, choices=(4, 2), default=4)
    args = parser.parse_args()
    for locale in args.locales:
        found = asyncio.run(record(locale, NAMES[args.names], args.seats))
        for moment, table_json, hand_json in save(found, args.out, locale):
            if args.preview is None:
                print(f"{locale:6} {moment:6} {table_json.parent}")
                continue
            folder = table_json.parent
            heights = (
                height(args.preview, folder / "table-shown.png", table_json),
                height(args.preview, folder / "hand-shown.png", hand_json),
                height(args.preview, folder / "both.png", table_json, hand_json),
            )
            table, hand, both = heights
            print(f"{locale:6} {moment:6} table {table} · hand {hand} · both {both}")


if __name__ == "__main__":
    main()
