"""`python -m bot simulate --preset tweemans`: computers play two-player matches.

Two-player Klaverjas (docs/rules.md 2.9) has no table service yet, so the matches are played
on the engine directly: a normal computer against an easy one, changing places each match.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import TWO_PLAYERS, RuleSet, TweemansMatch
from bot.players.tweemans import EasyTweemans, NormalTweemans, TweemansPlayer, play_match


def simulate_tweemans(matches: int, rules: RuleSet, say: Callable[[str], None]) -> int:
    """Play `matches` two-player matches between computers, telling each result and a
    summary; the exit code."""
    players = TWO_PLAYERS.players
    normal_wins, easy_wins, shared, made, nats, pits, hands = 0, 0, 0, 0, 0, 0, 0
    for number in range(matches):
        normal = players[number % len(players)]
        computers: list[TweemansPlayer] = [
            NormalTweemans(f"{number}/{p}") if p == normal else EasyTweemans(f"{number}/{p}")
            for p in players
        ]
        match = play_match(TweemansMatch(rules, f"simulate/{number}"), computers)
        result = match.result
        assert result is not None
        totals = " - ".join(str(total) for total in result.totals)
        say(f"match {number + 1}: {totals} in {len(match.sheet)} hands (normal is player {normal})")
        if result.winner is None:
            shared += 1
        elif result.winner == normal:
            normal_wins += 1
        else:
            easy_wins += 1
        made += sum(not line.nat for line in match.sheet)
        nats += sum(line.nat for line in match.sheet)
        pits += sum(line.pit is not None for line in match.sheet)
        hands += len(match.sheet)
    won = f"normal won {normal_wins}, easy won {easy_wins}, shared {shared}"
    say(f"{matches} matches: {won}; maker made {made}/{hands}, nat {nats}, pit {pits}.")
    return 0
