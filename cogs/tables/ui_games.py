"""What the table message words alike whatever the game: the seats with each player's
total, the turn line with its deadline, a name in a line of play, a hand's points, and the
scoreboard between two names (two pairs at four seats, two players at two).

Pure functions of the public read model (`PublicTable`) and a locale, for the four-seat
message (`ui.py`), the three-seat (`ui_three.py`) and the two-seat one (`ui_two.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum

from bot.tables import PublicTable, SeatKind
from cogs.common.text import t
from cogs.tables.ui_text import PLAY_NAME_MAX, TURN_MARK, marked_name, md, seat_name

__all__ = [
    "phase_turn_line",
    "play_name",
    "plain_points",
    "player_seat_lines",
    "scoreboard",
    "turn_line",
]


def player_seat_lines(
    public: PublicTable, seats: Iterable[int], totals: Sequence[int] | None, locale: str
) -> str:
    """The seats, one a line ("2. Bob 🤖"), an empty one in italics, with each player's
    total when ``totals`` are given (once a hand is scored)."""
    lines = []
    for seat in seats:
        name = marked_name(public.seats, seat, locale)
        if public.seats[seat].kind == SeatKind.EMPTY:
            name = f"*{name}*"
        total = f" · **{totals[seat]}**" if totals is not None else ""
        lines.append(f"{seat + 1}. {name}{total}")
    return "\n".join(lines)


def turn_line(public: PublicTable, text: str) -> str:
    """``text`` marked as the turn, with the turn's deadline when there is one."""
    line = f"{TURN_MARK} {text}"
    if public.turn_deadline is not None:
        line += f" · <t:{int(public.turn_deadline)}:R>"
    return line


def phase_turn_line(
    public: PublicTable, claim: StrEnum, keys: Mapping[StrEnum, str], locale: str
) -> str:
    """The turn in a game whose phases are ``claim``'s kind: the claim window's line in
    ``claim``, else the sentence ``keys`` gives the phase naming who is to act; nothing
    when no one is."""
    if public.phase == claim:
        return t("tables.public.claim_last", locale)
    key = keys.get(public.phase) if isinstance(public.phase, type(claim)) else None
    if key is None or public.to_act is None:
        return ""
    return turn_line(public, t(key, locale, name=play_name(public, public.to_act, locale)))


def play_name(public: PublicTable, seat: int | None, locale: str) -> str:
    """A seat's name in a line of play, clipped and escaped."""
    return md(seat_name(public.seats, seat, locale, PLAY_NAME_MAX))


def plain_points(points: int, roem: int) -> str:
    """Points with the roem added when there is any: "62 + 20", "62"."""
    return f"{points} + {roem}" if roem else str(points)


def scoreboard(
    names: Sequence[str],
    hand: Sequence[str] | None,
    totals: Sequence[int],
    scored: bool,
    locale: str,
) -> str:
    """Two sides' scores on one line between their ``names`` ("Anna **48 – 30** Bob 🤖"):
    the ``hand``'s points while cards are played, with the match's ``totals`` below in
    small print once a hand is ``scored``; else the totals once a hand is scored, or the
    names alone."""
    one, other = totals
    if hand is not None:
        line = t(
            "tables.public.scores",
            locale,
            names1=names[0],
            score1=hand[0],
            score2=hand[1],
            names2=names[1],
        )
        below = t("tables.public.match_small", locale, total1=one, total2=other)
        return f"{line}\n-# {below}" if scored else line
    if not scored:
        return t("tables.public.pairs", locale, names1=names[0], names2=names[1])
    return t(
        "tables.public.match_scores",
        locale,
        names1=names[0],
        total1=one,
        total2=other,
        names2=names[1],
    )
