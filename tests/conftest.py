"""Settings every test shares."""

from __future__ import annotations

import pytest

import bot.tables.computers as computers


@pytest.fixture(autouse=True)
def one_sample_per_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """Strong computers at tables search one sampled deal per decision in tests: their
    budget is wall-clock time, so a real budget would make play depend on the machine's
    speed and load (tests of the budget itself pass a fake clock to the player)."""
    monkeypatch.setattr(computers, "DEFAULT_BUDGET_MS", 0.0)
