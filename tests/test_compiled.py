"""The engine build: compiled where it should be, never stale, and switchable to its sources."""

from __future__ import annotations

import os
import subprocess
import sys

import bot.engine  # noqa: F401  (loads every engine module)
import bot.players.leads  # noqa: F401  (the fitted playout lead)
import bot.players.opponent_model  # noqa: F401  (the search player's model of the other seats)
import bot.players.solver  # noqa: F401  (the search player's compiled loop)
from bot.compiled import compiled_modules, describe, pure_requested, stale_modules

# setup.py's HOT_MODULES
HOT = {
    "cards",
    "tricks",
    "obligations",
    "roem",
    "scoring",
    "seats",
    "solver",
    "opponent_model",
    "leads",
}


def test_the_build_is_the_one_asked_for() -> None:
    leaves = {name.rsplit(".", 1)[1] for name in compiled_modules()}
    if pure_requested():
        assert leaves == set(), describe()
    else:
        assert leaves == HOT, f"{describe()}; reinstall (make test) to compile the engine"


def test_no_compiled_module_is_older_than_its_source() -> None:
    assert stale_modules() == [], "engine sources changed since the build: run make test"


def test_pure_switch_loads_the_sources_and_plays_the_same() -> None:
    script = (
        "from bot.compiled import describe; from bot.engine import *;"
        "c = Card.parse; print(describe());"
        "print(legal_cards([c('Jh'), c('7c'), c('9h')], [c('8h'), c('Qh')], 2, RuleSet()))"
    )
    env = {**os.environ, "KLAVERJAS_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == ["engine: pure Python", "[Card('9h'), Card('Jh')]"]
