"""Which game a rule set plays, for the features built for four-player Klaverjas.

The engine plays more than one game (``RuleSet.game``: four-player Klaverjas, three-player
driemans, and any game added later). The challenge, the leagues, analysis, par, ratings and
the standings are built on the four-player game's two pairs, so each asks here which game
it is given, by the rule set's game and never by a preset's name: every preset of another
game, now or later, is caught (docs/decisions.md, "Games across the features").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from bot.engine import RuleError, RuleSet

__all__ = ["FOUR_PLAYER_GAME", "four_player_presets", "other_game", "preset_game"]

FOUR_PLAYER_GAME: Final = RuleSet().game
"""The game every feature plays: four-player Klaverjas (``RuleSet``'s default game)."""


def other_game(rules: RuleSet) -> str | None:
    """The game ``rules`` play when it is not four-player Klaverjas (``"driemans"``), else
    None."""
    return None if rules.game == FOUR_PLAYER_GAME else rules.game


def preset_game(name: object) -> str | None:
    """The game of the engine's preset ``name`` when it is not four-player Klaverjas; None
    for a four-player preset and for a name the engine does not know (which each feature
    refuses as it always did)."""
    if not isinstance(name, str):
        return None
    try:
        return other_game(RuleSet.game_preset(name))
    except RuleError:
        return None


def four_player_presets(names: Iterable[str]) -> list[str]:
    """``names`` without the presets of another game: what a four-player feature offers."""
    return [name for name in names if preset_game(name) is None]
