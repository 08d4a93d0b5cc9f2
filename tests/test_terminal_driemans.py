"""`python -m bot play --preset driemans`: a scripted player bids, lays two cards down as the
solo, plays, claims roem when offered, quits, resumes from the file the match is kept in and
finishes; refusals in words change nothing (the command line: tests/test_terminal_games.py)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.engine import RuleSet
from bot.terminal.driemans_play import play_driemans
from tests.terminal_kit import (
    CARD,
    Scripted,
    Trying,
    assert_refusals_changed_nothing,
    bracketed,
    kept,
)

SEED = "t7"  # two hands in which the player is the solo once and is offered a claim
RULES = RuleSet.game_preset("driemans").with_options(match_hands=2)


class Player(Scripted):
    """Answers from what the terminal showed: a suit to play in, two cards to lay down, a
    claim when offered, a legal card; first the lines of `extra`; quits after `moves`."""

    def answer(self) -> str:
        screen = self.shown[-1]
        hand = screen.split("Your hand: ")[-1].splitlines()[0]
        if "Play in a suit" in screen:
            return "h"
        if "lay two cards down" in screen:
            return " ".join(re.findall(rf"(?:\[| )({CARD})", hand)[:2])
        if "holds roem" in screen or "'roem' to claim" in screen:
            return "roem"
        return bracketed(hand)


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


class Trier(Trying, Player):
    """Plays on until a held card may not be played; then tries refused moves."""


async def test_a_refused_move_is_told_in_words_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    player = Trier(path)
    await play_driemans(path, RULES, "You", player.ask, player.say, seed=SEED)
    assert_refusals_changed_nothing(player)


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
