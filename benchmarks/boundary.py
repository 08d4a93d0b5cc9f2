"""What the service boundary's argument checks cost per call (bot/checks.py).

Times a method of `play`'s shape (table, user, card, seq, channel) plain and wrapped by
the table service's `@checked`, called positionally and by keyword, and a name cleaned
and cut; prints microseconds per call, and the same for a bare loop, so a figure can be
read against how busy the machine was.

    .venv/bin/python benchmarks/boundary.py
"""

from __future__ import annotations

import sys
import timeit
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine import CARDS  # noqa: E402
from bot.tables.arguments import ARGUMENTS  # noqa: E402

CALLS = 200_000


def play(
    self: Any, table_id: int, user_id: int, card: Any, seq: int | None, channel_id: int | None
) -> int:
    """The shape of `TableService.play`, doing nothing."""
    return 1


def micros(call: Any, number: int = CALLS) -> float:
    """Microseconds a call, the best of five runs."""
    return min(timeit.repeat(call, number=number, repeat=5)) / number * 1e6


def main() -> None:
    checked = ARGUMENTS.checked(play)
    card = CARDS[3]
    name = "Anna van der Berg-Janssen " * 4
    rows = [
        ("bare loop (sum of range(10))", micros(lambda: sum(range(10)))),
        ("play-shaped call, plain", micros(lambda: play(None, 5, 101, card, 7, 555))),
        ("... checked, positional", micros(lambda: checked(None, 5, 101, card, 7, 555))),
        (
            "... checked, by keyword",
            micros(lambda: checked(None, 5, 101, card, seq=7, channel_id=555)),
        ),
        ("a 104-character name cleaned and cut", micros(lambda: ARGUMENTS.check("name", name))),
    ]
    for label, value in rows:
        print(f"{label:<40} {value:8.2f} us")


if __name__ == "__main__":
    main()
