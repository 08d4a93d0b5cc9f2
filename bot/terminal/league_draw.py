"""`python -m bot draw`: a night's draw printed for an organiser to preview, and its
repeat figures (it is the draw's benchmark too).

Players are numbered 1..N; on a fixed-pairs night 1 and 2 are a pair, 3 and 4, and so on.
"""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Callable, Iterable

from bot.league.draw import Meetings, RoundDraw, draw_round, round_seed
from bot.league.errors import LeagueError
from bot.league.settings import Format

__all__ = ["UsageError", "fixed_pairs", "night_draws", "plan_lines", "run_draw", "whole_number"]

FORMATS: tuple[Format, ...] = ("individual", "pairs")


class UsageError(ValueError):
    """Bad command-line arguments, said in one line."""


def whole_number(name: str, text: object, least: int, most: int) -> int:
    """`text` as a whole number within [least, most], or a UsageError naming the option."""
    if text is None:
        raise UsageError(f"{name} is required")
    try:
        value = int(str(text))
    except ValueError:
        raise UsageError(f"{name} must be a whole number, not {text!r}") from None
    if not least <= value <= most:
        raise UsageError(f"{name} must be between {least} and {most}, not {value}")
    return value


def fixed_pairs(players: int, format: Format) -> list[tuple[int, int]]:
    """Players 1 and 2, 3 and 4, ... as fixed pairs on a pairs night; none otherwise."""
    return [(p, p + 1) for p in range(1, players + 1, 2)] if format == "pairs" else []


def night_draws(players: int, rounds: int, seed: str, format: Format) -> list[RoundDraw]:
    """Every round's draw of a night of `players` who all stay, from `seed`."""
    ids = list(range(1, players + 1))
    pairs = fixed_pairs(players, format)
    drawn: list[RoundDraw] = []
    for number in range(1, rounds + 1):
        drawn.append(draw_round(ids, drawn, round_seed(seed, number), number, format, pairs))
    return drawn


def plan_lines(draws: list[RoundDraw], fixed: Iterable[tuple[int, int]] = ()) -> list[str]:
    """Each round's tables as "a & c vs b & d", its byes, then the one-line summary (a
    fixed pair playing together again is no repeated partner)."""
    lines: list[str] = []
    for draw in draws:
        lines.append(f"round {draw.number}")
        for number, table in enumerate(draw.tables, 1):
            (a, c), (b, d) = table.pairs
            lines.append(f"  table {number}: {a} & {c} vs {b} & {d}")
        if draw.byes:
            lines.append("  bye: " + ", ".join(str(user) for user in draw.byes))
    meetings = Meetings.of(draws)
    partners, opponents = meetings.repeats(fixed)
    most_byes = max(meetings.byes.values(), default=0)
    lines.append(
        f"repeated partners: {partners}, repeated opponents: {opponents}, "
        f"most byes for one player: {most_byes}"
    )
    return lines


def run_draw(args: argparse.Namespace, say: Callable[[str], None] = print) -> None:
    """Print the plan; UsageError for arguments no night can have."""
    players = whole_number("--players", args.players, 4, 10_000)
    rounds = whole_number("--rounds", args.rounds, 1, 100)
    format = args.format or "individual"
    if format not in FORMATS:
        raise UsageError(f"--format must be individual or pairs, not {format!r}")
    if format == "pairs" and players % 2:
        raise UsageError("--format pairs needs an even number of --players")
    seed = args.seed or secrets.token_hex(4)
    try:
        draws = night_draws(players, rounds, seed, format)
    except LeagueError as error:
        raise UsageError(str(error)) from error
    say(f"seed: {seed} ({format}, {players} players, {rounds} rounds)")
    for line in plan_lines(draws, fixed_pairs(players, format)):
        say(line)
