"""Score-sheet text as an organiser types it into `/night enter` and `/night correct`.

Only the shape is read here; what a line may hold (162 card points, roem in tens, nat and
pit) is the engine's to check, through the league's entry module. One line per hand:

    <makers> <points pair 1> <points pair 2> [<roem pair 1> <roem pair 2>] [pit]

with makers 1 or 2 (pair 1 sits in seats 1 and 3), lines separated by ";" or new lines.
"""

from __future__ import annotations

import re
from typing import Final

from bot.league.entry import SheetEntry
from bot.league.errors import LeagueCode, LeagueError

__all__ = ["parse_line", "parse_lines", "parse_pair", "parse_reminders"]

SEPARATORS: Final = re.compile(r"[;\n]+")
PIT_WORDS: Final = frozenset({"pit", "p"})


def parse_lines(text: str) -> list[SheetEntry]:
    """Every line of a sheet; the first unreadable one is refused with its number."""
    lines = [part.strip() for part in SEPARATORS.split(text) if part.strip()]
    if not lines:
        raise LeagueError(LeagueCode.BAD_LINE_FORMAT, line=1, text=text.strip())
    return [parse_line(line, number) for number, line in enumerate(lines, 1)]


def parse_line(text: str, number: int = 1) -> SheetEntry:
    """One score-sheet line as typed (`makers points points [roem roem] [pit]`); refused
    (`bad_line_format`) naming line `number`."""
    words = text.replace(",", " ").split()
    pit = bool(words) and words[-1].lower() in PIT_WORDS
    if pit:
        words = words[:-1]
    if len(words) not in (3, 5) or not all(_is_int(w) for w in words) or words[0] not in ("1", "2"):
        raise LeagueError(LeagueCode.BAD_LINE_FORMAT, line=number, text=text)
    makers, *values = (int(w) for w in words)
    roem = (values[2], values[3]) if len(values) == 4 else (0, 0)
    return SheetEntry(makers - 1, (values[0], values[1]), roem, True if pit else None)


def parse_pair(text: str, what: str) -> tuple[int, int]:
    """Two whole numbers, pair 1 first ("1812 1430")."""
    words = text.replace(",", " ").replace("-", " ").split()
    if len(words) != 2 or not all(_is_int(w) for w in words):
        raise LeagueError(LeagueCode.BAD_PAIR_FORMAT, what=what, text=text)
    return int(words[0]), int(words[1])


def _is_int(word: str) -> bool:
    return word.isdigit() and len(word) <= 6


def parse_reminders(text: str) -> tuple[int, ...]:
    """/league settings reminders: minutes before the start, e.g. "30 10"; "0" (or
    nothing) for none. Which minutes are allowed is the schedule's to check."""
    parts = [part for part in re.split(r"[\s,;]+", text.strip()) if part]
    if not all(part.isdigit() for part in parts):
        raise LeagueError(LeagueCode.BAD_SETTING, setting="reminders", value=text.strip())
    return tuple(int(part) for part in parts if int(part) != 0)
