"""The presets of games other than four-player Klaverjas the engine plays: what the tests of
each feature's refusal of another game run over (tweemans joins as soon as the engine has
its preset)."""

from __future__ import annotations

from bot.engine import RuleError, RuleSet
from bot.games import preset_game

CANDIDATES = ("driemans", "tweemans")


def _known(name: str) -> bool:
    try:
        RuleSet.game_preset(name)
    except RuleError:
        return False
    return True


OTHER_GAME_PRESETS = tuple(name for name in CANDIDATES if _known(name) and preset_game(name))
"""The engine's presets of another game (driemans; tweemans once the engine plays it)."""
