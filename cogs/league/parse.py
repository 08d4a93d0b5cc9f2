"""Score-sheet text as an organiser types it into `/night enter` and `/night correct`.

Only the shape is read here; what a line may hold (162 card points, roem in tens, nat and
pit) is the engine's to check, through the league's entry module. One line per hand:

    <makers> <points pair 1> <points pair 2> [<roem pair 1> <roem pair 2>] [pit]

with makers 1 or 2 (pair 1 sits in seats 1 and 3), lines separated by ";" or new lines;
"nopit" (or "np") instead of "pit" marks a 162-0 line whose other pair took a trick worth
nothing. A kraken line (docs/rules.md 2.5 to 2.7) may end with, in any order: its last
call, "k" (kraak), "rk" (rekraak) or "sk" (superkraak), the words written out too, and
optionally the pair that made it ("k2": pair 2 said kraak); "sp" (or "spades",
"schoppen") when spades were trump; "h" and each pair's roem from the hand, part of its
roem ("h 100 0"). Numbers (docs/decisions.md): digits of any script (full-width,
Arabic-Indic, ...) are read as 0-9; other number signs (superscripts, fractions) are
refused (`bad_number`), and so is a minus sign (`negative_number`); a dash between two
numbers separates them.
Within a score line both name the line (`line_bad_number`, `line_negative_number`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Final, TypeVar

from bot.engine.errors import ErrorCode
from bot.engine.seats import THREE_SEATS
from bot.league.entry import SheetEntry
from bot.league.errors import LeagueCode, LeagueError

__all__ = [
    "parse_line",
    "parse_lines",
    "parse_pair",
    "parse_reminders",
    "parse_three_line",
    "parse_three_lines",
]

SEPARATORS: Final = re.compile(r"[;\n]+")
PIT_WORDS: Final = frozenset({"pit", "p"})
NO_PIT_WORDS: Final = frozenset({"nopit", "np"})
CALL_WORDS: Final = {"k": 1, "kraak": 1, "rk": 2, "rekraak": 2, "sk": 3, "superkraak": 3}
CALL: Final = re.compile(r"(k|kraak|rk|rekraak|sk|superkraak)([12]?)")
SPADES_WORDS: Final = frozenset({"sp", "spades", "schoppen"})
HAND_WORDS: Final = frozenset({"h", "hand"})
DASHES: Final = "-\u2010\u2011\u2012\u2013\u2014\u2212"  # hyphens, dashes, the minus sign
MINUS: Final = re.compile(rf"(?:^|[\s,;/])([{DASHES}]\d+)")
BETWEEN: Final = re.compile(rf"(?<=\d)\s*[{DASHES}/]\s*(?=\d)")
MAX_DIGITS: Final = 18
T = TypeVar("T")
IN_A_LINE: Final[dict[LeagueCode | ErrorCode, LeagueCode]] = {
    LeagueCode.NEGATIVE_NUMBER: LeagueCode.LINE_NEGATIVE_NUMBER,
    LeagueCode.BAD_NUMBER: LeagueCode.LINE_BAD_NUMBER,
}


def parse_lines(text: str) -> list[SheetEntry]:
    """Every line of a sheet; the first unreadable one is refused with its number."""
    return _each_line(text, parse_line, LeagueCode.BAD_LINE_FORMAT)


def parse_three_lines(text: str) -> list[list[int]]:
    """A table of three's sheet: three whole numbers a line, each player's score in seat
    order; the first unreadable line is refused with its number (`bad_three_line_format`,
    whose sentence gives a three-score example)."""
    return _each_line(text, parse_three_line, LeagueCode.BAD_THREE_LINE_FORMAT)


def parse_three_line(text: str, number: int = 1) -> list[int]:
    """One line of a table of three's sheet: three whole numbers
    (`bad_three_line_format` naming line `number` otherwise)."""
    words = _line_words(text, number)
    if len(words) != THREE_SEATS.count or not all(_is_int(w) for w in words):
        raise LeagueError(LeagueCode.BAD_THREE_LINE_FORMAT, line=number, text=text)
    return [int(w) for w in words]


def _each_line(text: str, parse: Callable[[str, int], T], empty: LeagueCode) -> list[T]:
    """Each line of `text` read by `parse` with its number from 1; text without a line
    is refused `empty` as an unreadable line 1."""
    lines = [part.strip() for part in SEPARATORS.split(text) if part.strip()]
    if not lines:
        raise LeagueError(empty, line=1, text=text.strip())
    return [parse(line, number) for number, line in enumerate(lines, 1)]


def parse_line(text: str, number: int = 1) -> SheetEntry:
    """One score-sheet line as typed (`makers points points [roem roem] [pit|nopit]` and
    a kraken line's marks); refused (`bad_line_format`, or a number sign's code) naming
    line `number`."""
    words = [word.lower() for word in _line_words(text, number)]
    marks = _Marks()
    while words and marks.take(words):
        pass
    if len(words) not in (3, 5) or not all(_is_int(w) for w in words) or words[0] not in ("1", "2"):
        raise LeagueError(LeagueCode.BAD_LINE_FORMAT, line=number, text=text)
    makers, *values = (int(w) for w in words)
    roem = (values[2], values[3]) if len(values) == 4 else (0, 0)
    return SheetEntry(
        makers - 1,
        (values[0], values[1]),
        roem,
        marks.pit,
        marks.calls,
        marks.caller,
        marks.spades,
        marks.hand_roem,
    )


class _Marks:
    """The marks at the end of a line, read last word first; each at most once."""

    def __init__(self) -> None:
        self.pit: bool | None = None
        self.calls = 0
        self.caller: int | None = None
        self.spades = False
        self.hand_roem = (0, 0)
        self._seen: set[str] = set()

    def take(self, words: list[str]) -> bool:
        """Take the mark that ends `words` (removing it); False when none does."""
        last, kind = words[-1], self._kind(words)
        if kind is None or kind in self._seen:
            return False
        self._seen.add(kind)
        if kind == "hand":
            self.hand_roem = (int(words[-2]), int(words[-1]))
            del words[-3:]
            return True
        if kind == "pit":
            self.pit = last in PIT_WORDS
        elif kind == "spades":
            self.spades = True
        else:
            found = CALL.fullmatch(last)
            assert found is not None
            self.calls = CALL_WORDS[found[1]]
            self.caller = int(found[2]) - 1 if found[2] else None
        del words[-1]
        return True

    @staticmethod
    def _kind(words: list[str]) -> str | None:
        """Which mark ends `words`: pit, spades, a call, hand roem (three words); None."""
        last = words[-1]
        if last in PIT_WORDS | NO_PIT_WORDS:
            return "pit"
        if last in SPADES_WORDS:
            return "spades"
        if CALL.fullmatch(last):
            return "call"
        hand = len(words) >= 3 and words[-3] in HAND_WORDS
        return "hand" if hand and _is_int(words[-2]) and _is_int(last) else None


def parse_pair(text: str, what: str) -> tuple[int, int]:
    """Two whole numbers, pair 1 first ("1812 1430", "1812-1430")."""
    words = _words(text)
    if len(words) != 2 or not all(_is_int(w) for w in words):
        raise LeagueError(LeagueCode.BAD_PAIR_FORMAT, what=what, text=text)
    return int(words[0]), int(words[1])


def _line_words(text: str, number: int) -> list[str]:
    """The words of score line `number`; a minus or number sign refused naming the line."""
    try:
        return _words(text)
    except LeagueError as error:
        code = IN_A_LINE.get(error.code)
        if code is None:
            raise
        raise LeagueError(code, line=number, text=text, word=error.facts["text"]) from None


def _words(text: str) -> list[str]:
    """The words of a line or pair, digits made 0-9, a dash between numbers a separator;
    a minus sign or a number sign that is no plain digit refused."""
    plain = "".join(_digit(char, text) for char in text)
    sign = MINUS.search(plain)
    if sign:
        raise LeagueError(LeagueCode.NEGATIVE_NUMBER, text=sign[1])
    return BETWEEN.sub(" ", plain).replace(",", " ").split()


def _digit(char: str, text: str) -> str:
    """A decimal digit of any script as 0-9; other numeric signs (², ½, Ⅻ) refused with
    the word that holds them."""
    if not char.isnumeric() or "0" <= char <= "9":
        return char
    if unicodedata.category(char) == "Nd":
        return str(unicodedata.decimal(char))
    word = next((w for w in text.split() if char in w), char)
    raise LeagueError(LeagueCode.BAD_NUMBER, text=word)


def _is_int(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) <= MAX_DIGITS


def parse_reminders(text: str) -> tuple[int, ...]:
    """/league settings reminders: minutes before the start, e.g. "30 10"; "0" (or
    nothing) for none. Which minutes are allowed is the schedule's to check."""
    parts = [part for part in re.split(r"[\s,;]+", text.strip()) if part]
    if not all(part.isdigit() for part in parts):
        raise LeagueError(LeagueCode.BAD_SETTING, setting="reminders", value=text.strip())
    return tuple(int(part) for part in parts if int(part) != 0)
