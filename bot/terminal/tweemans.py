"""`python -m bot simulate --preset tweemans`: computers play two-player matches.

Two-player Klaverjas (docs/rules.md 2.9) has no table service yet, so the matches are played
on the engine directly: a normal computer against an easy one, changing places each match.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import TWO_PLAYERS, RuleSet, TweemansLine, TweemansMatch
from bot.players.tweemans import EasyTweemans, NormalTweemans, TweemansPlayer, play_match
from bot.terminal.engine_play import simulate_engine, simulation_summary, winner_of


def simulate_tweemans(matches: int, rules: RuleSet, say: Callable[[str], None]) -> int:
    """Play `matches` two-player matches between computers, telling each result and a
    summary; the exit code."""
    players = TWO_PLAYERS.players

    def normal_of(number: int) -> int:
        return players[number % len(players)]

    def play(number: int) -> tuple[TweemansMatch, str]:
        normal = normal_of(number)
        computers: list[TweemansPlayer] = [
            NormalTweemans(f"{number}/{p}") if p == normal else EasyTweemans(f"{number}/{p}")
            for p in players
        ]
        match = play_match(TweemansMatch(rules, f"simulate/{number}"), computers)
        return match, f"in {len(match.sheet)} hands (normal is player {normal})"

    played = simulate_engine(matches, play, say)
    winners = [winner_of(match) for match in played]
    normal = sum(winner == normal_of(number) for number, winner in enumerate(winners))
    easy = len(winners) - normal - winners.count(None)
    won = f"normal won {normal}, easy won {easy}"
    say(simulation_summary(played, won, "maker", _maker_made))
    return 0


def _maker_made(line: TweemansLine) -> bool:
    return not line.nat
