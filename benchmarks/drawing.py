"""What drawing the hand and the table message costs (cogs/tables/ui_hand.py, ui.py), on
real states, apart from everything else a click does.

Plays matches through the table service (four seats picking random legal cards, fixed
deals: `benchmarks/pictures.py`), keeps every state's public view and the four seats'
hands, then draws every hand (as JSON, with card faces as a live bot has them once its
emojis are synced) and every table message, ``--rounds`` times, and prints the thread's CPU
time per drawing: the first round (the caches of names, labels and buttons empty, as for
states a process has not seen) and the best of the others (warm). A click draws about two
hands and, at busy tables, most of a table message. Run: ``.venv/bin/python
benchmarks/drawing.py [--matches 1] [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import discord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.pictures import real_states  # noqa: E402
from bot.engine import CARDS  # noqa: E402
from bot.tables import PrivateHand, PublicTable, Table, private_hand, public_table  # noqa: E402
from cogs.common.card_faces import CardFaces, emoji_name  # noqa: E402
from cogs.common.components import action_rows, container, v2_message  # noqa: E402
from cogs.tables.ui import public_parts, public_rows  # noqa: E402
from cogs.tables.ui_hand import hand_payload  # noqa: E402

State = tuple[PublicTable, tuple[PrivateHand, ...]]


def state_of(table: Table) -> State:
    """A state as the drawings see it: the public view and each seat's hand."""
    return public_table(table), tuple(
        private_hand(table, seat) for seat in table.rules.seating.seats
    )


def synced_faces() -> CardFaces:
    """Card faces as after a successful sync (made-up emoji ids)."""
    faces = CardFaces()
    faces._emojis = {  # noqa: SLF001 -- what sync sets
        card: discord.PartialEmoji(name=emoji_name(card), id=10**18 + n)
        for n, card in enumerate(CARDS)
    }
    return faces


def timed(draw: Callable[[], object], count: int, rounds: int) -> tuple[float, float]:
    """Microseconds a drawing in the first round, and in the best of the others."""
    spent = []
    for _ in range(rounds):
        began = time.thread_time()
        draw()
        spent.append((time.thread_time() - began) / count * 1e6)
    return spent[0], min(spent[1:] or spent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    states: Sequence[State] = asyncio.run(real_states(args.matches, keep=state_of))
    faces = synced_faces()

    def hands() -> None:
        for public, mine in states:
            for seat in mine:
                hand_payload(public, seat, "en", None, faces)

    def messages() -> None:
        for public, _ in states:
            parts = public_parts(public, "en", faces) + action_rows(public_rows(public, "en"))
            v2_message([container(parts)], replace=True, quiet=True)

    count = len(states)
    first, warm = timed(hands, 4 * count, args.rounds)
    print(f"{count} states of {args.matches} match(es), {args.rounds} rounds")
    print(f"  a hand: {first:.0f} us the first round, {warm:.0f} us warm ({4 * count} hands)")
    first, warm = timed(messages, count, args.rounds)
    print(f"  the table message: {first:.0f} us the first round, {warm:.0f} us warm")


if __name__ == "__main__":
    main()
