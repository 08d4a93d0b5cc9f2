"""What the terminal's tests share: a scripted player answering from what the terminal
showed, one that tries refused moves and notes that they change nothing, how many actions
a kept match holds."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.engine import Card

CARD = r"(?:10|[7-9JQKA])[♣♦♥♠]"
CODES = [rank + suit for suit in "cdhs" for rank in "789TJQKA"]
Play = Callable[..., Awaitable[int]]  # `play_driemans`, `play_tweemans`


class Scripted:
    """Answers the terminal's prompts: the lines of ``extra`` first, 'quit' after
    ``moves`` answers, else `answer` to what it showed."""

    def __init__(self, moves: int = 10_000, extra: tuple[str, ...] = ()) -> None:
        self.moves = moves
        self.extra = list(extra)
        self.shown: list[str] = []

    def say(self, text: str) -> None:
        self.shown.append(text)

    def ask(self, _prompt: str) -> str:
        if self.extra:
            return self.extra.pop(0)
        return self.play_on()

    def play_on(self) -> str:
        """'quit' once ``moves`` answers are given, else `answer`."""
        if self.moves <= 0:
            return "quit"
        self.moves -= 1
        return self.answer()

    def answer(self) -> str:
        """What to type for what the terminal showed."""
        raise NotImplementedError


def bracketed(screen: str) -> str:
    """The first card in [brackets] (one that may be played)."""
    card = re.search(r"\[([^\]]+)\]", screen)
    assert card, screen
    return card.group(1)


def kept(path: Path) -> int:
    """How many actions the file keeps."""
    return len(json.loads(path.read_text(encoding="utf-8"))["actions"])


class Trying(Scripted):
    """Plays on (as the scripted player it is mixed with) until its turn shows a held card
    that may not be played; then types it, a card it does not hold and 'pass', noting
    each time how many actions the file at ``path`` keeps; then quits."""

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
            missing = next(c for c in CODES if str(Card.parse(c)) not in screen)
            if refused and "[" in hand:
                self.tries = [refused[0], missing, "pass"]
        if self.tries or len(self.counts) == 3:
            self.counts.append(kept(self.path))
            return self.tries.pop(0) if self.tries else "quit"
        return super().ask(prompt)


class Once(Scripted):
    """Plays on (as the scripted player it is mixed with); the first time the screen shows
    ``marker``, types ``wrong`` instead, a move the game refuses."""

    marker = ""
    wrong = ""
    tried = False

    def ask(self, prompt: str) -> str:
        if self.marker in self.shown[-1] and not self.tried:
            self.tried = True
            return self.wrong
        return super().ask(prompt)


async def refused_once(
    play: Play, rules: Any, seed: str, player: type[Scripted], tmp_path: Path, wrong: str
) -> list[str]:
    """What a ``player`` was shown who played a match as 'You' and once typed ``wrong``
    ("marker -> typed": on the first screen showing the marker, as `Once` does)."""
    marker, typed = wrong.split(" -> ")
    once = type("Once" + player.__name__, (Once, player), {"marker": marker, "wrong": typed})()
    await play(tmp_path / "m.json", rules, "You", once.ask, once.say, seed=seed)
    return once.shown


def assert_sheet_ends_in_totals(shown: list[str], header: str) -> None:
    """The last sheet shown (its header line starting ``header``): two hands and totals."""
    sheet = [text for text in shown if text.startswith(header)][-1].splitlines()
    assert len(sheet) == 4 and sheet[-1].split()[0] == "total"


async def assert_refused_moves_change_nothing(
    play: Play, rules: Any, seed: str, player: type[Scripted], tmp_path: Path
) -> None:
    """``player`` made `Trying`: its refused moves are told in words and the file keeps no
    more actions."""
    path = tmp_path / "m.json"
    trier = type("Trier", (Trying, player), {})(path)
    await play(path, rules, "You", trier.ask, trier.say, seed=seed)
    text = "\n".join(trier.shown)
    assert len(trier.counts) == 4 and len(set(trier.counts)) == 1, trier.counts
    assert re.search(rf"Refused: You may not play {CARD}: you must \w+", text)
    assert re.search(rf"Refused: You do not hold {CARD}\.", text)
    assert "Refused: 'pass' is not a card (e.g. Jh) or a command; type help." in text


async def quit_resume_and_finish(
    play: Play,
    game: tuple[str, str],
    rules: Any,
    seed: str,
    player: Callable[..., Scripted],
    moves: int,
    path: Path,
) -> tuple[Scripted, Scripted]:
    """A match of ``game`` (its preset and its name in words) started at ``path`` by a
    ``player`` who first types help, sheet, a word that is no move and roem, and quits
    after ``moves`` answers; resumed from the file and finished by another; then a new
    match starts, as a finished one is not resumed. The first two players."""
    preset, words = game
    first = player(moves, extra=("help", "sheet", "Zz", "roem"))
    assert await play(path, rules, "Anna", first.ask, first.say, seed=seed) == 0
    text = "\n".join(first.shown)
    assert f"New {words} match ({preset})" in text and "Commands:" in text
    assert "Refused: There is no trick to claim roem for now." in text
    assert text.endswith(f"Saved. Run `python -m bot play --preset {preset}` again to go on.")
    before = kept(path)

    second = player()
    assert await play(path, rules, "Anna", second.ask, second.say) == 0
    assert re.match(rf"Resuming your {words} match at hand \d\.", "\n".join(second.shown))
    assert kept(path) > before

    third = player()
    await play(path, rules, "Anna", third.ask, third.say, seed="other")
    assert third.shown[0].startswith(f"New {words} match")
    return first, second
