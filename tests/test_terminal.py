"""The terminal table: a scripted player plays, quits, resumes and finishes a match."""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import bot.terminal.tables as terminal
from bot.__main__ import main
from bot.engine import DeclareLedig, Match, PlayCard, RuleSet
from bot.services import Services
from bot.startup import run_on_store
from bot.terminal.tables import INTERRUPTED, _play, run_simulation
from tests.terminal_kit import Scripted, bracketed

ROOT = Path(__file__).resolve().parents[1]

ILLEGAL = "<a card that may not be played>"


class ScriptedPlayer(Scripted):
    """Answers prompts from what the terminal showed: a legal card, a trump, or quit."""

    def ask(self, _prompt: str) -> str:
        if self.extra and self.extra[0] == ILLEGAL:
            shown = self.shown[-1].split("Your hand: ")[-1].splitlines()[0]
            refused = re.findall(r"(?<![\[\w])((?:10|[7-9JQKA])[♣♦♥♠])(?!\])", shown)
            if refused:
                self.extra.pop(0)
                return refused[0]
        elif self.extra and not (self.extra[0] == "pass" and "Name trump" in self.shown[-1]):
            return self.extra.pop(0)  # a "pass" waits for the play, where it is refused
        return self.play_on()

    def answer(self) -> str:
        screen = self.shown[-1]
        call = re.search(r"Your call: type '(\w+)'", screen)
        if call:
            return call.group(1)
        trump = re.search(r"Name trump \(([cdhs ]+)\)", screen)
        if trump:
            return trump.group(1).split()[0]
        return bracketed(screen.split("Your hand: ")[-1])


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


@pytest.mark.parametrize("preset", ["kraken", "kraken-rotterdam"])
def test_a_kraken_simulation_counts_the_calls_and_the_hand_roem(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_simulation(argparse.Namespace(matches=1, preset=preset)) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("1 matches:")
    counts = re.fullmatch(
        r"hands called: kraak (\d+), rekraak (\d+), superkraak (\d+), none (\d+); "
        r"hand roem scored (\d+)\.",
        out[2],
    )
    assert counts is not None and sum(int(n) for n in counts.groups()[:4]) == 16


async def test_the_terminal_player_calls_kraak_and_sees_the_multiplier(tmp_path: Path) -> None:
    rules = RuleSet.preset("kraken").with_options(match_hands=4)
    player = ScriptedPlayer(10_000)
    await _play(tmp_path / "terminal.sqlite3", rules, "You", player.ask, player.say)
    text = "\n".join(player.shown)
    assert "Your call: type 'kraak' to call it, or 'pass'." in text
    assert "You call kraak: x2." in text
    assert re.search(r"Calls: kraak by You[^·]* · x\d+ · .+ must get more than half", text)
    assert re.search(r"Hand \d scored: .*; x\d+\)\.", text)


def fixed_seed(monkeypatch: pytest.MonkeyPatch, seed: str = "terminal-1") -> None:
    """Deal from `seed`, so the match repeats: the terminal opens services of its own, so
    they are opened with a seed source that gives `seed` (a random seed per table else)."""
    real_open = Services.open

    async def open_dealing(*args: Any, **kwargs: Any) -> Services:
        return await real_open(*args, seeds=lambda: seed, **kwargs)

    monkeypatch.setattr(terminal.Services, "open", open_dealing)


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


class RoemTrier(ScriptedPlayer):
    """Plays on, but first types 'roem' at every new screen, prompted or not, and marks
    each try in `shown` so the screen before it and the answer after it can be read."""

    TRY = "<typed roem>"

    def ask(self, prompt: str) -> str:
        before = self.shown[-2] if len(self.shown) > 1 else ""
        if not before.startswith(("Refused:", "You claim roem", self.TRY)):
            self.shown.append(self.TRY)
            return "roem"
        return super().ask(prompt)


async def test_the_roem_prompt_shows_only_when_a_claim_would_succeed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch)
    player = RoemTrier(10_000)
    rules = RuleSet().with_options(match_hands=4)
    await _play(tmp_path / "terminal.sqlite3", rules, "You", player.ask, player.say)
    shown, prompt = player.shown, "holds roem: type 'roem'"

    tries = [i for i, line in enumerate(shown) if line == RoemTrier.TRY]
    credited = [i for i in tries if shown[i + 1].startswith("You claim roem: ")]
    no_roem = [i for i in tries if "That trick holds no roem" in shown[i + 1]]
    assert credited and no_roem  # the seed deals both kinds of trick to the player's pair
    for i in tries:  # the prompt stands exactly where a claim is credited
        assert (prompt in shown[i - 1]) == (i in credited), shown[i - 1 : i + 2]
    for i in no_roem:  # and the screen after "holds no roem" shows none
        assert shown[i + 2].startswith("Hand ") and prompt not in shown[i + 2]


def test_ctrl_c_ends_play_at_once_in_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    args = [sys.executable, "-m", "bot", "play", "--db", str(tmp_path / "t.sqlite3")]
    play = subprocess.Popen(
        args,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert play.stdout is not None
    while "Your hand" not in (line := play.stdout.readline()):  # then it waits for input
        assert line, "play ended before asking"
    play.send_signal(signal.SIGINT)  # no Enter follows: stdin stays open and silent
    out, err = play.communicate(timeout=30)

    assert play.returncode == 130
    assert err.splitlines() == [INTERRUPTED] and "Traceback" not in out


class Recorder(ScriptedPlayer):
    """Plays on and marks each line it types in `shown`, so what followed it can be read."""

    def ask(self, prompt: str) -> str:
        line = super().ask(prompt)
        self.shown.append(f"<typed {line}>")
        return line


def acknowledged_plays(shown: list[str]) -> dict[int, set[str]]:
    """Per hand number, the cards typed that the terminal answered without a refusal."""
    plays: dict[int, set[str]] = {}
    for i, line in enumerate(shown[:-1]):
        typed = re.fullmatch(r"<typed (.+)>", line)
        hand = re.match(r"Hand (\d+)/", shown[i - 1])
        if typed and hand and not shown[i + 1].startswith("Refused"):
            plays.setdefault(int(hand.group(1)), set()).add(typed.group(1))
    return plays


def test_a_full_disk_ends_play_in_one_line_and_loses_nothing_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fixed_seed(monkeypatch)
    db, rules = tmp_path / "terminal.sqlite3", RuleSet().with_options(match_hands=4)
    real_open = Services.open

    async def open_then_fill_the_disk(*args: Any, **kwargs: Any) -> Services:
        services = await real_open(*args, **kwargs)
        connection = services.store.db  # type: ignore[attr-defined]
        pages = (await (await connection.execute("PRAGMA page_count")).fetchone())[0]
        await connection.execute(f"PRAGMA max_page_count = {pages}")  # no page more
        return services

    monkeypatch.setattr(terminal.Services, "open", open_then_fill_the_disk)
    player = Recorder(10_000)
    code = run_on_store(db, lambda: asyncio.run(_play(db, rules, "You", player.ask, player.say)))

    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith(f"database error: the disk holding the database {db} is full")
    monkeypatch.setattr(terminal.Services, "open", real_open)
    again = ScriptedPlayer(0)
    asyncio.run(_play(db, rules, "You", again.ask, again.say))
    screen = next(line for line in again.shown if line.startswith("Hand "))
    number = int(screen.split("/")[0].removeprefix("Hand "))
    told = acknowledged_plays(player.shown)
    assert number >= max(told)  # the match went no step back
    hand = screen.split("Your hand: ")[1].split("\n")[0]
    assert not any(card in hand for card in told.get(number, ()))  # no card told came back


def test_the_sheet_and_the_hand_result_read_a_ledig_line() -> None:
    """A ledig line (docs/rules.md 2.10) has no trump: a dash and the mark ledig, never a
    suit read from its empty trump."""
    match = Match(RuleSet(ledig_enabled=True, match_hands=2), "terminal-ledig", first_dealer=3)
    hand = match.hand
    assert hand is not None
    match.apply(DeclareLedig(0))
    rng = random.Random(1)
    while match.hand is hand:
        seat = hand.to_act
        assert seat is not None
        match.apply(PlayCard(seat, rng.choice(hand.legal(seat))))
    [line] = match.sheet
    assert line.ledig and line.trump == ""
    seats = [SimpleNamespace(name=name) for name in ("Anna", "Bob", "Carl", "Dirk")]
    public = SimpleNamespace(sheet=[line], totals=tuple(line.scores), seats=seats)
    table: Any = SimpleNamespace(public=public)
    row = terminal.render_sheet(table).splitlines()[2]
    assert row.split()[:4] == ["1", "Dirk", "-", "pair"] and row.endswith("ledig"), row
    result = terminal._hand_result(table, line)
    assert "Anna & Carl said ledig" in result and "roem 0/0" in result
