"""The terminal table: a scripted player plays, quits, resumes and finishes a match."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from bot.engine import RuleSet
from bot.terminal import _play, run_simulation


class ScriptedPlayer:
    """Answers prompts from what the terminal showed: a legal card, a trump, or quit."""

    def __init__(self, moves: int, extra: tuple[str, ...] = ()) -> None:
        self.moves = moves
        self.extra = list(extra)
        self.shown: list[str] = []

    def say(self, text: str) -> None:
        self.shown.append(text)

    def ask(self, _prompt: str) -> str:
        if self.extra:
            return self.extra.pop(0)
        if self.moves <= 0:
            return "quit"
        self.moves -= 1
        screen = self.shown[-1]
        trump = re.search(r"Name trump \(([cdhs ]+)\)", screen)
        if trump:
            return trump.group(1).split()[0]
        card = re.search(r"\[([^\]]+)\]", screen.split("Your hand: ")[-1])
        assert card, screen
        return card.group(1)


async def test_quit_and_resume_then_finish(tmp_path: Path) -> None:
    db = tmp_path / "terminal.sqlite3"
    rules = RuleSet().with_options(match_hands=2)
    first = ScriptedPlayer(5, extra=("help", "sheet", "Zz", "roem"))
    assert await _play(db, rules, "Anna", first.ask, first.say) == 0
    text = "\n".join(first.shown)
    assert "New match" in text and "Commands:" in text
    assert "Refused: bad input" in text  # "Zz" is no card
    assert "Refused:" in text.split("Zz")[-1]  # a claim without a window is refused too
    assert "Saved." in text

    second = ScriptedPlayer(10_000)
    await _play(db, rules, "Anna", second.ask, second.say)
    text = "\n".join(second.shown)
    assert "Resuming your match" in text
    assert "Match over:" in text
    assert text.count("scored:") == 2


def test_simulation_prints_results(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_simulation(argparse.Namespace(matches=2, preset="rotterdam")) == 0
    out = capsys.readouterr().out
    assert "match 1:" in out and "match 2:" in out
    assert "2 matches:" in out
