"""`python -m bot simulate --preset driemans`: computers play three-player matches.

Three-player Klaverjas (docs/rules.md 2.8) has no table service yet, so the matches are
played on the engine directly: one normal and two easy computers, seats turning each match.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import DriemansMatch, RuleSet
from bot.players.driemans import DriemansPlayer, EasyDriemans, NormalDriemans, play_match


def simulate_driemans(matches: int, rules: RuleSet, say: Callable[[str], None]) -> int:
    """Play `matches` three-player matches between computers, telling each result and a
    summary; the exit code."""
    seats = rules.seating.seats
    wins, shared, solos, nats, pits, hands = [0 for _ in seats], 0, 0, 0, 0, 0
    for number in range(matches):
        normal = rules.seating.seat(number)
        players: list[DriemansPlayer] = [
            NormalDriemans(f"{number}/{seat}")
            if seat == normal
            else EasyDriemans(f"{number}/{seat}")
            for seat in seats
        ]
        match = play_match(DriemansMatch(rules, f"simulate/{number}"), players)
        result = match.result
        assert result is not None
        totals = " - ".join(str(total) for total in result.totals)
        say(f"match {number + 1}: {totals} (normal computer at seat {normal})")
        if result.winner is None:
            shared += 1
        else:
            wins[result.winner] += 1
        solos += sum(line.scores[line.solo] > 0 for line in match.sheet)
        nats += sum(line.nat for line in match.sheet)
        pits += sum(line.pit is not None for line in match.sheet)
        hands += len(match.sheet)
    won = ", ".join(f"seat {seat} won {wins[seat]}" for seat in seats)
    made = f"solo made {solos}/{hands}, nat {nats}, pit {pits}"
    say(f"{matches} matches: {won}, shared {shared}; {made}.")
    return 0
