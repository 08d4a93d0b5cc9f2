"""`python -m bot simulate --preset driemans`: computers play three-player matches.

Three-player Klaverjas (docs/rules.md 2.8) has no table service yet, so the matches are
played on the engine directly: one normal and two easy computers, seats turning each match.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import DriemansLine, DriemansMatch, RuleSet
from bot.players.driemans import DriemansPlayer, EasyDriemans, NormalDriemans, play_match
from bot.terminal.engine_play import simulate_engine, simulation_summary, winner_of


def simulate_driemans(matches: int, rules: RuleSet, say: Callable[[str], None]) -> int:
    """Play `matches` three-player matches between computers, telling each result and a
    summary; the exit code."""

    def play(number: int) -> tuple[DriemansMatch, str]:
        normal = rules.seating.seat(number)
        players: list[DriemansPlayer] = [
            NormalDriemans(f"{number}/{seat}")
            if seat == normal
            else EasyDriemans(f"{number}/{seat}")
            for seat in rules.seating.seats
        ]
        match = play_match(DriemansMatch(rules, f"simulate/{number}"), players)
        return match, f"(normal computer at seat {normal})"

    played = simulate_engine(matches, play, say)
    winners = [winner_of(match) for match in played]
    won = ", ".join(f"seat {seat} won {winners.count(seat)}" for seat in rules.seating.seats)
    say(simulation_summary(played, won, "solo", _solo_made))
    return 0


def _solo_made(line: DriemansLine) -> bool:
    return line.scores[line.solo] > 0
