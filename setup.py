"""Build hook: compile the rules engine's hot modules to C with mypyc.

Computer players run thousands of playouts per decision through legal_cards, trick_winner and
roem_of_trick; compiled, those calls cost a third of what they cost interpreted. The sources
stay the only definition of the rules: mypyc compiles the same mypy-strict Python, and
KLAVERJAS_PURE=1 installs (and runs, see bot/compiled.py) them uncompiled.
"""

from __future__ import annotations

import os

from setuptools import Extension, setup

# The modules a playout passes through; hand.py, match.py and rules.py stay interpreted
# (they are not on the hot path, and dataclasses/enum machinery gains little from compiling).
HOT_MODULES = [
    "bot/engine/cards.py",
    "bot/engine/tricks.py",
    "bot/engine/obligations.py",
    "bot/engine/roem.py",
    "bot/engine/scoring.py",
    # The seat model: constants and turn order every playout asks.
    "bot/engine/seats.py",
    # The search player's inner loop (alpha-beta and playouts on bit masks).
    "bot/players/solver.py",
    # The heuristic's card play on masks, asked on every sampled deal (likelihood weights).
    "bot/players/opponent_model.py",
    # The fitted lead of our pair's playouts.
    "bot/players/leads.py",
]


def compiled_modules() -> list[Extension]:
    # The same reading of the switch as bot/compiled.py's pure_requested (the build cannot
    # import the package it is building).
    if os.environ.get("KLAVERJAS_PURE", "").strip().lower() in {"1", "true", "yes", "on"}:
        return []
    from mypyc.build import mypycify

    return mypycify(HOT_MODULES, opt_level="3")


setup(ext_modules=compiled_modules())
