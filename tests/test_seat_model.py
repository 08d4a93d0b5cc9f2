"""Seat arithmetic lives in bot/engine/seats.py and nowhere else (docs/architecture.md),
the benchmarks included.

Every layer asks the seat model (``RuleSet.seating``, ``FOUR_SEATS``, the module's
constants) who sits left, who partners whom, which seat plays a trick's n-th card, where a
seat sits as a viewer sees the table; none writes that out as ``% 4``, ``seat % 2``,
``range(4)``, ``[None] * 4``, a ``(0, 1)`` loop over the pairs, a ``[0-3]`` seat pattern or
a pair's seat mask. The scan reads the sources (AST), so a comment or a docstring that
mentions the arithmetic is not refused, and it is checked against snippets it must refuse.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.engine import FOUR_SEATS, RuleSet, left_of, pair_of, seats_around
from bot.store.layout import STORED_SEATS, stored_pair

ROOT = Path(__file__).resolve().parent.parent
SEAT_MODULE = ROOT / "bot" / "engine" / "seats.py"
# The store may not import the engine: its one copy of the layout is held to the model below.
STORE_LAYOUT = ROOT / "bot" / "store" / "layout.py"
MIGRATIONS = ROOT / "bot" / "store" / "migrations"
SEAT_PATTERN = re.compile(r"(?<![0-9])\[0-3\]")  # a seat digit, not the hours 2[0-3]
SEATLIKE = re.compile(r"seat|pair|side|index\(|partner|leader|dealer", re.IGNORECASE)


def _constant(node: ast.AST, value: int) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == value


def _iterables(tree: ast.AST) -> Iterator[ast.expr]:
    for node in ast.walk(tree):
        if isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            yield node.iter


def _pair_loop(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Tuple)
        and len(node.elts) == 2
        and _constant(node.elts[0], 0)
        and _constant(node.elts[1], 1)
    )


def _refused_operation(node: ast.BinOp) -> str | None:
    left, right = ast.unparse(node.left), node.right
    if isinstance(node.op, ast.Mod) and _constant(right, 4):
        return f"{left} % 4"
    if isinstance(node.op, ast.Mod) and _constant(right, 2) and SEATLIKE.search(left):
        return f"{left} % 2"
    if isinstance(node.op, ast.Mult) and isinstance(node.left, ast.List) and _constant(right, 4):
        return f"{left} * 4"
    if isinstance(node.op, ast.LShift) and _constant(node.left, 5):
        shift = ast.unparse(right)
        return f"5 << {shift}" if SEATLIKE.search(shift) else None
    return None


def _refused(node: ast.AST) -> str | None:
    """The seat arithmetic `node` writes out, if it does."""
    if isinstance(node, ast.BinOp):
        return _refused_operation(node)
    if isinstance(node, ast.List) and len(node.elts) == 4:
        items = {ast.unparse(item) for item in node.elts}
        return f"a list of four {items.pop()}" if len(items) == 1 else None
    if isinstance(node, ast.Call) and ast.unparse(node.func) == "range":
        return "range(4)" if len(node.args) == 1 and _constant(node.args[0], 4) else None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return "a [0-3] seat pattern" if SEAT_PATTERN.search(node.value) else None
    return None


def seat_arithmetic(source: str) -> list[str]:
    """The seat arithmetic written out in `source`, one line each: 'line: what'."""
    tree = ast.parse(source)
    found = [
        (node.lineno, what)
        for node in ast.walk(tree)
        if isinstance(node, ast.expr) and (what := _refused(node)) is not None
    ]
    found += [(node.lineno, "a loop over (0, 1)") for node in _iterables(tree) if _pair_loop(node)]
    return [f"{line}: {what}" for line, what in sorted(found)]


def _sources() -> Iterator[Path]:
    for package in ("bot", "cogs", "benchmarks"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path not in (SEAT_MODULE, STORE_LAYOUT):
                yield path


@pytest.mark.parametrize(
    "snippet",
    [
        "left = (seat + 1) % 4",
        "pair = seat % 2",
        "ours = seats.index(user) % 2 == 0",
        "x = [None] * 4",
        "played = [0, 0, 0, 0]",
        "allowed = [unseen, unseen, unseen, unseen]",
        "for seat in range(4):\n    pass",
        "totals = [sum(points[p]) for p in (0, 1)]",
        "for pair in (0, 1):\n    pass",
        "pattern = r'kj:sit:(?P<seat>[0-3])'",
        "theirs = 15 & ~(5 << pair)",
    ],
)
def test_the_scan_refuses_seat_arithmetic(snippet: str) -> None:
    assert seat_arithmetic(snippet)


@pytest.mark.parametrize(
    "snippet",
    [
        "stripe = index % 2",
        "ranks = [7, 8, 9, 10]",
        "odd = len(players) % 2",
        "# seat % 4 in a comment",
        "'''(seat + 1) % 4 in a docstring'''",
        "for seat in FOUR_SEATS.seats:\n    pass",
        "left = FOUR_SEATS.left_of(seat)",
        "rgba: tuple[int, int, int, int] = (0, 0, 0, 255)",
        "hours = r'([01]?\\d|2[0-3])'",
    ],
)
def test_the_scan_lets_other_code_pass(snippet: str) -> None:
    assert seat_arithmetic(snippet) == []


def test_no_module_but_the_seat_model_writes_seat_arithmetic() -> None:
    scanned = list(_sources())
    assert len(scanned) > 200  # the scan reads the whole of bot/, cogs/ and benchmarks/
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in scanned
        for line in seat_arithmetic(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_four_seat_table() -> None:
    seating = RuleSet().seating
    assert seating is FOUR_SEATS
    assert seating.seats == (0, 1, 2, 3)
    assert seating.side_numbers == (0, 1)
    assert [seating.seats_of(side) for side in seating.side_numbers] == [(0, 2), (1, 3)]
    assert [seating.partner_of(seat) for seat in seating.seats] == [2, 3, 0, 1]
    assert [left_of(seat) for seat in seating.seats] == [1, 2, 3, 0]
    assert [seating.right_of(seat) for seat in seating.seats] == [3, 0, 1, 2]
    assert [pair_of(seat) for seat in seating.seats] == [0, 1, 0, 1]
    assert seats_around(3) == (0, 1, 2)
    assert seating.opponents_of(1) == (2, 0)
    assert seating.order_from(2) == (2, 3, 0, 1)
    assert seating.deal_order(3) == (0, 1, 2, 3)
    assert [seating.dealer_of(2, number) for number in (1, 2, 3, 4, 5)] == [2, 3, 0, 1, 2]
    assert seating.after(3, 2) == 1 and seating.steps(3, 1) == 2
    assert seating.packets == (3, 2, 3) and seating.cards_per_seat == 8
    assert seating.tricks_per_hand == 8 and seating.cards_per_trick == 4


def test_the_store_layout_is_the_seat_model() -> None:
    seats = FOUR_SEATS.seats
    assert FOUR_SEATS.count == STORED_SEATS
    assert [stored_pair(seat) for seat in seats] == [FOUR_SEATS.side_of(seat) for seat in seats]
    checks = [
        match.groups()
        for path in sorted(MIGRATIONS.glob("*.sql"))
        for match in re.finditer(r"seat\s+BETWEEN (\d+) AND (\d+)", path.read_text("utf-8"))
    ]
    assert checks and set(checks) == {("0", str(STORED_SEATS - 1))}
