"""`python -m bot challenge`: a scripted member plays the running challenge in the
terminal, quits, resumes and finishes; `--check` prints a seed's hash and deals."""

from __future__ import annotations

import contextlib
import hashlib
import re
import sqlite3
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.terminal.challenge import play
from tests import terminal_kit


class Scripted(terminal_kit.Scripted):
    """Answers from what the terminal showed: the first suit to name, or the first card it
    may play; ``extra`` lines first; 'quit' after ``moves`` answers."""

    def answer(self) -> str:
        screen = "\n".join(self.shown[-4:])
        trump = re.search(r"Name trump \(([cdhs ]+)\)", screen)
        if trump:
            return trump.group(1).split()[0]
        return terminal_kit.bracketed(screen.split("Your hand: ")[-1])


async def test_play_quit_resume_and_finish(tmp_path: Path) -> None:
    db = tmp_path / "terminal.sqlite3"
    first = Scripted(5, extra=("Zz",))
    assert await play(db, 0, 1, "Ann", first.ask, first.say) == 0
    text = "\n".join(first.shown)
    assert "Challenge #1: 8 deals, rules amsterdam" in text and "SHA-256 of its seed" in text
    assert "'Zz' is not a card, a suit or a command" in text
    assert "Saved. Run `python -m bot challenge` again to go on." in text
    second = Scripted(500)
    assert await play(db, 0, 1, "Ann", second.ask, second.say) == 0
    done = "\n".join(second.shown)
    deal_lines = [line for line in first.shown if line.startswith("Deal 1/8")]
    resumed = next(line for line in second.shown if line.startswith("Deal "))
    assert resumed == deal_lines[-1]  # the same deal, trump and dealer: it went on
    assert "You have played every deal." in done
    assert re.search(r"  1\* Ann +50\.0 %", done)  # alone: half of every deal
    assert "Par by deal: 1: " in done


def test_check_prints_the_seeds_hash_and_its_deals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["challenge", "--check", "abc", "--deals", "3"]) == 0
    out = capsys.readouterr().out
    assert hashlib.sha256(b"abc").hexdigest() in out
    assert [line.split(":")[0] for line in out.splitlines() if line.startswith("Deal")] == [
        "Deal 1",
        "Deal 2",
        "Deal 3",
    ]
    assert main(["challenge", "--check", "abc", "--deals", "40"]) == 2
    assert "--deals must be 1-16" in capsys.readouterr().err
    assert main(["challenge", "--check", "abc", "--preset", "nowhere"]) == 2


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--guild", "-5"], "challenge: That guild_id (-5) is not a Discord id."),
        (["--user", "-1"], "challenge: That user_id (-1) is not a Discord id."),
        (["--user", str(2**64)], f"challenge: That user_id ({2**64}) is not a Discord id."),
    ],
)
def test_a_bad_server_or_member_is_one_line_before_the_store_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    db = tmp_path / "terminal.sqlite3"
    assert main(["challenge", "--db", str(db), *argv]) == 2
    assert capsys.readouterr().err.splitlines() == [said]
    assert not db.exists()


def test_a_blank_name_plays_as_you(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def end_of_input(_prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", end_of_input)
    db = tmp_path / "terminal.sqlite3"
    assert main(["challenge", "--db", str(db), "--name", " \x00\ud800 "]) == 0
    with contextlib.closing(sqlite3.connect(db)) as stored:
        assert stored.execute("SELECT name FROM challenge_entries").fetchall() == [("You",)]
