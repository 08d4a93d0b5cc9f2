"""The kraak calls of the computer players (docs/rules.md 2.5).

No level decides its calls yet: every computer passes, which the rules always allow, so
tables, the terminal and simulations play kraken hands through. The levels' own call
decisions replace `wants_call`.
"""

from __future__ import annotations

from .base import Player, SeatView


def wants_call(player: Player, view: SeatView) -> bool:
    """Whether ``player`` makes the call ``view.call_level`` asks of its seat (False: it
    passes)."""
    del player, view
    return False
