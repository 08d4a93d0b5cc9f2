"""`python -m bot play --preset driemans`: a scripted player bids, lays two cards down as the
solo, plays, claims roem when offered, quits, resumes from the file the match is kept in and
finishes; refusals in words change nothing; the command line's own refusals are one line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.engine import Card, RuleSet
from bot.terminal.driemans_play import play_driemans

SEED = "t7"  # two hands in which the player is the solo once and is offered a claim
RULES = RuleSet.game_preset("driemans").with_options(match_hands=2)
CARD = r"(?:10|[7-9JQKA])[♣♦♥♠]"
CODES = [rank + suit for suit in "cdhs" for rank in "789TJQKA"]


class Player:
    """Answers from what the terminal showed: a suit to play in, two cards to lay down, a
    claim when offered, a legal card; first the lines of `extra`; quits after `moves`."""

    def __init__(self, moves: int = 10_000, extra: tuple[str, ...] = ()) -> None:
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
        hand = screen.split("Your hand: ")[-1].splitlines()[0]
        if "Play in a suit" in screen:
            return "h"
        if "lay two cards down" in screen:
            return " ".join(re.findall(rf"(?:\[| )({CARD})", hand)[:2])
        if "holds roem" in screen or "'roem' to claim" in screen:
            return "roem"
        card = re.search(r"\[([^\]]+)\]", hand)
        assert card, screen
        return card.group(1)


def kept(path: Path) -> int:
    """How many actions the file keeps."""
    return len(json.loads(path.read_text(encoding="utf-8"))["actions"])


async def test_quit_resume_and_finish_a_three_player_match(tmp_path: Path) -> None:
    path = tmp_path / "terminal-driemans.json"
    first = Player(12, extra=("help", "sheet", "Zz", "roem"))
    assert await play_driemans(path, RULES, "Anna", first.ask, first.say, seed=SEED) == 0
    text = "\n".join(first.shown)
    assert "New three-player match (driemans)" in text and "Commands:" in text
    assert re.search(r"Refused: 'Zz' is not a suit to play in \(c d h s\), or pass", text)
    assert "Refused: There is no trick to claim roem for now." in text
    assert text.endswith("Saved. Run `python -m bot play --preset driemans` again to go on.")
    before = kept(path)

    second = Player()
    assert await play_driemans(path, RULES, "Anna", second.ask, second.say) == 0
    text = "\n".join(second.shown)
    assert re.match(r"Resuming your three-player match at hand \d\.", text)
    both = "\n".join(first.shown + second.shown)
    assert "You play in ♥ and take the blind." in both and "You lay two cards down." in both
    assert re.search(r"You claim roem: (20|40)\.", both)
    assert re.search(r"Hand 1 scored: Anna \d+, Computer 1 \d+, Computer 2 \d+ \(solo ", both)
    assert re.search(r"Match over: Anna \d+, Computer 1 \d+, Computer 2 \d+ \(", text)
    sheet = [line for line in second.shown if line.startswith(" #  solo")][-1].splitlines()
    assert len(sheet) == 4 and sheet[-1].split()[0] == "total"
    assert kept(path) > before

    third = Player()  # the finished match is not resumed: a new one starts
    await play_driemans(path, RULES, "Anna", third.ask, third.say, seed="other")
    assert third.shown[0].startswith("New three-player match")


class Trier(Player):
    """Plays on until its turn shows a held card that may not be played; then types it, a
    card it does not hold and 'pass', noting each time how many actions the file keeps."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.tries: list[str] = []
        self.counts: list[int] = []

    def ask(self, prompt: str) -> str:
        screen = self.shown[-1]
        if "Your turn: play" in screen and not self.counts:
            hand = screen.split("Your hand: ")[-1].splitlines()[0]
            refused = re.findall(rf"(?<![\[\w])({CARD})(?!\])", hand)
            missing = next(c for c in CODES if str(Card.parse(c)) not in hand)
            if refused:
                self.tries = [refused[0], missing, "pass"]
        if self.tries or len(self.counts) == 3:
            self.counts.append(kept(self.path))
            return self.tries.pop(0) if self.tries else "quit"
        return super().ask(prompt)


async def test_a_refused_move_is_told_in_words_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    player = Trier(path)
    await play_driemans(path, RULES, "You", player.ask, player.say, seed=SEED)
    text = "\n".join(player.shown)
    assert len(player.counts) == 4 and len(set(player.counts)) == 1, player.counts
    assert re.search(rf"Refused: You may not play {CARD}: you must \w+", text)
    assert re.search(rf"Refused: You do not hold {CARD}\.", text)
    assert "Refused: 'pass' is not a card (e.g. Jh) or a command; type help." in text


class Discarder(Player):
    """Plays on; as the solo it first lays one card down, which is refused."""

    tried = False

    def ask(self, prompt: str) -> str:
        if "lay two cards down" in self.shown[-1] and not self.tried:
            self.tried = True
            return "7c"
        return super().ask(prompt)


async def test_the_solo_lays_down_exactly_two_cards(tmp_path: Path) -> None:
    player = Discarder()
    await play_driemans(tmp_path / "m.json", RULES, "You", player.ask, player.say, seed=SEED)
    refused = player.shown.index("Refused: Lay down exactly two different cards.")
    assert "lay two cards down" in player.shown[refused - 1]
    assert "You lay two cards down." in player.shown[refused + 1 :]


def test_play_driemans_from_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("builtins.input", lambda _prompt: "quit")
    db = tmp_path / "t.sqlite3"
    assert main(["play", "--preset", "driemans", "--db", str(db)]) == 0
    out, err = capsys.readouterr()
    assert "New three-player match (driemans)" in out and "Saved." in out and err == ""
    assert (tmp_path / "t-driemans.json").exists() and not db.exists()


@pytest.mark.parametrize(
    ("db", "said"),
    [
        ("postgresql://u@h/d", "play: a three-player match is kept in a file: give --db a file"),
        ("<corrupt>", "play: "),
    ],
)
def test_a_three_player_match_that_cannot_be_kept_is_one_line(
    db: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if db == "<corrupt>":
        db = str(tmp_path / "t.sqlite3")
        (tmp_path / "t-driemans.json").write_text("{not json", encoding="utf-8")
    assert main(["play", "--preset", "driemans", "--db", db]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith(said), err
