"""The terminal table: a scripted player plays, quits, resumes and finishes a match."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import bot.tables.lobby as lobby_module
from bot.__main__ import main
from bot.engine import RuleSet
from bot.terminal import _play, run_simulation

ILLEGAL = "<a card that may not be played>"


class ScriptedPlayer:
    """Answers prompts from what the terminal showed: a legal card, a trump, or quit."""

    def __init__(self, moves: int, extra: tuple[str, ...] = ()) -> None:
        self.moves = moves
        self.extra = list(extra)
        self.shown: list[str] = []

    def say(self, text: str) -> None:
        self.shown.append(text)

    def ask(self, _prompt: str) -> str:
        if self.extra and self.extra[0] == ILLEGAL:
            shown = self.shown[-1].split("Your hand: ")[-1].splitlines()[0]
            refused = re.findall(r"(?<![\[\w])((?:10|[7-9JQKA])[♣♦♥♠])(?!\])", shown)
            if refused:
                self.extra.pop(0)
                return refused[0]
        elif self.extra and not (self.extra[0] == "pass" and "Name trump" in self.shown[-1]):
            return self.extra.pop(0)  # a "pass" waits for the play, where it is refused
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
    assert re.search(r"Refused: 'Zz' is not a (card|suit) .* or a command; type help\.", text)
    assert "Refused: There is no trick to claim roem for now." in text  # words, not a code
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


def fixed_seed(monkeypatch: pytest.MonkeyPatch, seed: str = "terminal-1") -> None:
    """Deal from `seed` (the service draws a random seed per table), so the match repeats."""
    monkeypatch.setattr(lobby_module, "secrets", SimpleNamespace(token_hex=lambda n: seed))


async def test_the_terminal_speaks_in_sentences(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each hand's result before the next hand's first move, "You take" (not "You takes"),
    refusals in words, and a sheet whose columns line up, roem included."""
    fixed_seed(monkeypatch)
    rules = RuleSet().with_options(match_hands=2)
    player = ScriptedPlayer(10_000, extra=("pass", ILLEGAL))
    await _play(tmp_path / "terminal.sqlite3", rules, "You", player.ask, player.say)
    shown = player.shown
    text = "\n".join(shown)

    for number in (1, 2):
        at = next(i for i, line in enumerate(shown) if line.startswith(f"Hand {number} scored:"))
        before = shown[at - 1]
        assert re.search(r"takes? the trick|claims? roem", before), before  # its last trick
        assert not shown[at + 1].startswith(f"Hand {number}/2 ·")  # no screen of that hand again
    assert "You take the trick" in text and "You takes" not in text
    assert re.search(r"Refused: You may not play \S+: you must \w+", text)
    assert "Refused: That is not possible at this point of the hand." in text  # pass in play
    assert not re.search(r"Refused: \w+_\w+", text)  # no code left untranslated

    sheet = next(line for line in shown if line.startswith("Pair 1: ")).splitlines()
    header, rows = sheet[1], sheet[2:]
    columns = list(re.finditer(r"pair \d(?=  )|roem", header))
    assert [m.group() for m in columns] == ["pair 1", "roem", "pair 2", "roem"], header
    ends = [m.end() for m in columns]
    assert len(rows) == 3 and rows[-1].split()[0] == "total"
    for row in rows:
        for end in ends:
            assert row[end - 1].isdigit() and row[end : end + 1] in ("", " "), (row, end)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["play", "--preset", "nonsense"], "play: unknown --preset 'nonsense'; choose one of"),
        (["simulate", "--matches", "0"], "simulate: --matches must be 1 or more, not 0"),
        (["simulate", "--matches", "-3"], "simulate: --matches must be 1 or more, not -3"),
        (["simulate", "--preset", "x" * 500], "simulate: unknown --preset 'xxxxxxxx"),
        (["simulate", "--preset", "kraken"], "simulate: --preset kraken: the terminal does not"),
        (["play", "--preset", "kraken-rotterdam"], "play: --preset kraken-rotterdam: the"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_code_2(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main([*argv, "--db", str(tmp_path / "t.sqlite3")] if argv[0] == "play" else argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith(said), err
    assert len(err) < 200  # a long value is cut, not echoed in full
    assert not (tmp_path / "t.sqlite3").exists()  # nothing was opened


@pytest.mark.parametrize("name", ["   ", "\x00\n"])
def test_a_blank_name_plays_as_you(
    name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("builtins.input", lambda _prompt: "quit")
    assert main(["play", "--db", str(tmp_path / "t.sqlite3"), "--name", name]) == 0
    out, err = capsys.readouterr()
    assert "New match" in out and "Saved." in out and err == ""
