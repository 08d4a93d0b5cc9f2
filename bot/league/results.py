"""What a table of a round produced: its score-sheet lines or round totals.

A result is a value: corrections make a new one (bot/league/corrections.py) and the store
keeps every version, so "the result" is always the latest effective version.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from bot.engine.driemans_sheets import ThreeLine
from bot.engine.seats import SIDES, THREE_SEATS, pair_of

from .errors import LeagueCode, LeagueError

__all__ = [
    "HandLine",
    "Source",
    "TableResult",
    "of_three",
    "refuse_three",
    "require_three",
    "three_result",
]

Source = Literal["bot", "hands", "totals"]
Seats = tuple[int | None, ...]  # four seats (None: a computer seat), or a table of three


@dataclass(frozen=True, slots=True)
class HandLine:
    """One score-sheet line; `scores`, `nat`, `pit`, `multiplier` and `loser` are the
    engine's verdict on it. A kraken hand (docs/rules.md 2.5 to 2.7) adds its calls (0-3),
    whether spades were trump, and each pair's roem from the hand (part of `roem`)."""

    makers: int
    points: tuple[int, int]  # card points incl. the last trick
    roem: tuple[int, int]
    scores: tuple[int, int]
    nat: bool
    pit: int | None
    calls: int = 0
    spades: bool = False
    hand_roem: tuple[int, int] = (0, 0)
    multiplier: int = 1
    loser: int | None = None  # after a call: the pair marked nat, makers or defenders

    @property
    def nat_pair(self) -> int | None:
        """The pair marked nat: the failed makers, or after a call the loser."""
        if self.calls:
            return self.loser
        return self.makers if self.nat else None

    def to_dict(self) -> dict[str, Any]:
        """The line as the store keeps it (the kraken fields only when the hand had any,
        so other lines are stored as they always were)."""
        data: dict[str, Any] = {
            "makers": self.makers,
            "points": list(self.points),
            "roem": list(self.roem),
            "scores": list(self.scores),
            "nat": self.nat,
            "pit": self.pit,
        }
        if self.calls or self.spades or self.hand_roem != (0, 0) or self.multiplier != 1:
            data["kraken"] = {
                "calls": self.calls,
                "spades": self.spades,
                "hand_roem": list(self.hand_roem),
                "multiplier": self.multiplier,
                "loser": self.loser,
            }
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandLine:
        """The line from what the store kept."""
        return cls(
            data["makers"],
            _two(data["points"]),
            _two(data["roem"]),
            _two(data["scores"]),
            bool(data["nat"]),
            data["pit"],
            **_kraken(data.get("kraken") or {}),
        )


def _kraken(data: Mapping[str, Any]) -> dict[str, Any]:
    """A stored line's kraken fields (none: the defaults)."""
    return {
        "calls": int(data.get("calls", 0)),
        "spades": bool(data.get("spades", False)),
        "hand_roem": _two(data.get("hand_roem", (0, 0))),
        "multiplier": int(data.get("multiplier", 1)),
        "loser": data.get("loser"),
    }


def _two(values: Sequence[int]) -> tuple[int, int]:
    return int(values[0]), int(values[1])


@dataclass(frozen=True, slots=True)
class TableResult:
    """A table's round: per side its total, roem and nat hands. A side is a pair at a
    table of four (0 = seats 0 and 2), a player at a table of three (its seat), whose
    sheet is `three_lines` (docs/decisions.md, "Leagues": its roem is not split)."""

    seats: Seats
    totals: tuple[int, ...]
    roem: tuple[int, ...] = (0, 0)
    nats: tuple[int, ...] = (0, 0)
    hands: int = 0
    lines: tuple[HandLine, ...] = ()
    source: Source = "hands"
    void: bool = False
    three_lines: tuple[ThreeLine, ...] = ()

    @classmethod
    def nothing(cls, seats: Seats) -> TableResult:
        """A result of no hands for a table drawn with `seats` (what a void of a table
        without a result stores)."""
        sides = len(seats) if of_three(seats) else len(SIDES)
        return cls(seats, (0,) * sides, (0,) * sides, (0,) * sides)

    @property
    def three(self) -> bool:
        """Whether this is a table of three's result: each player for himself."""
        return of_three(self.seats)

    def side_of(self, seat: int) -> int:
        """The side of `seat`: its pair, or at a table of three the seat itself."""
        return seat if self.three else pair_of(seat)

    def won(self, side: int) -> bool:
        """Whether `side` won the round: a total above every other side's."""
        return all(self.totals[side] > t for s, t in enumerate(self.totals) if s != side)

    @classmethod
    def of_lines(
        cls, seats: Seats, lines: Sequence[HandLine], source: Source = "hands"
    ) -> TableResult:
        """The round totals a sheet adds up to."""
        totals, roem, nats = [0, 0], [0, 0], [0, 0]
        for line in lines:
            for pair in SIDES:
                totals[pair] += line.scores[pair]
                roem[pair] += line.roem[pair]
            if line.nat_pair is not None:
                nats[line.nat_pair] += 1
        return cls(seats, _two(totals), _two(roem), _two(nats), len(lines), tuple(lines), source)

    def with_three_line(self, index: int, line: ThreeLine) -> TableResult:
        """A table of three's result with sheet line `index` (from 0) replaced."""
        lines = list(self.three_lines)
        lines[index] = line
        return three_result(self.seats, lines, self.source)

    def with_line(self, index: int, line: HandLine) -> TableResult:
        """The result with sheet line `index` (from 0) replaced, totals recounted."""
        lines = list(self.lines)
        lines[index] = line
        return TableResult.of_lines(self.seats, lines, self.source)

    def voided(self) -> TableResult:
        """The result marked void: it credits no one."""
        return replace(self, void=True)

    def pair_of(self, user_id: int) -> int:
        """The player's side at this table: a pair 0 or 1, or at a table of three a seat."""
        return self.side_of(self.seats.index(user_id))

    def to_dict(self) -> dict[str, Any]:
        """The result as the store keeps it (a table of three's lines apart, so results of
        four are stored as they always were)."""
        data = {
            "seats": list(self.seats),
            "totals": list(self.totals),
            "roem": list(self.roem),
            "nats": list(self.nats),
            "hands": self.hands,
            "lines": [line.to_dict() for line in self.lines],
            "source": self.source,
            "void": self.void,
        }
        if self.three_lines:
            data["three_lines"] = [_three_line_dict(line) for line in self.three_lines]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableResult:
        """The result from what the store kept."""
        return cls(
            tuple(data["seats"]),
            tuple(int(v) for v in data["totals"]),
            tuple(int(v) for v in data["roem"]),
            tuple(int(v) for v in data["nats"]),
            data["hands"],
            tuple(HandLine.from_dict(line) for line in data["lines"]),
            data["source"],
            data["void"],
            tuple(_three_line(line) for line in data.get("three_lines", ())),
        )


def three_result(seats: Seats, lines: Sequence[ThreeLine], source: Source = "hands") -> TableResult:
    """A table of three's round from its checked lines: each player's total and the hands
    he went nat as the solo (roem is not split between the players: 0)."""
    totals = [0] * len(seats)
    nats = [0] * len(seats)
    for line in lines:
        for seat, score in enumerate(line.scores):
            totals[seat] += score
        if line.nat and line.solo is not None:
            nats[line.solo] += 1
    return TableResult(
        seats,
        tuple(totals),
        (0,) * len(seats),
        tuple(nats),
        len(lines),
        (),
        source,
        three_lines=tuple(lines),
    )


def _three_line_dict(line: ThreeLine) -> dict[str, Any]:
    return {
        "scores": list(line.scores),
        "solo": line.solo,
        "nat": line.nat,
        "pit": line.pit,
        "roem": line.roem,
    }


def _three_line(data: Mapping[str, Any]) -> ThreeLine:
    s = data["scores"]
    return ThreeLine(
        (int(s[0]), int(s[1]), int(s[2])),
        data["solo"],
        bool(data["nat"]),
        data["pit"],
        data["roem"],
    )


def of_three(seats: Seats) -> bool:
    """Whether `seats` seat a table of three (each player for himself)."""
    return len(seats) == THREE_SEATS.count


def refuse_three(seats: Seats, round_no: int, table_no: int) -> None:
    """Refuse a four-player sheet, line or totals for a table of three (`table_of_three`)."""
    if of_three(seats):
        raise LeagueError(LeagueCode.TABLE_OF_THREE, round=round_no, table=table_no)


def require_three(seats: Seats, round_no: int, table_no: int) -> None:
    """Refuse three scores a line for a table of four (`not_a_table_of_three`)."""
    if not of_three(seats):
        raise LeagueError(LeagueCode.NOT_A_TABLE_OF_THREE, round=round_no, table=table_no)
