"""What the terminal's tests share: a scripted player answering from what the terminal
showed, one that tries refused moves and notes that they change nothing, how many actions
a kept match holds."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bot.engine import Card

CARD = r"(?:10|[7-9JQKA])[♣♦♥♠]"
CODES = [rank + suit for suit in "cdhs" for rank in "789TJQKA"]


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


def assert_refusals_changed_nothing(player: Trying) -> None:
    """The three refused moves were told in words and the file kept no more actions."""
    text = "\n".join(player.shown)
    assert len(player.counts) == 4 and len(set(player.counts)) == 1, player.counts
    assert re.search(rf"Refused: You may not play {CARD}: you must \w+", text)
    assert re.search(rf"Refused: You do not hold {CARD}\.", text)
    assert "Refused: 'pass' is not a card (e.g. Jh) or a command; type help." in text
