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
    assert_refused_moves_change_nothing,
    bracketed,
    quit_resume_and_finish,
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
    game = ("driemans", "three-player")
    first, second = await quit_resume_and_finish(play_driemans, game, RULES, SEED, Player, 12, path)
    text = "\n".join(first.shown)
    assert re.search(r"Refused: 'Zz' is not a suit to play in \(c d h s\), or pass", text)
    text = "\n".join(second.shown)
    both = "\n".join(first.shown + second.shown)
    assert "You play in ♥ and take the blind." in both and "You lay two cards down." in both
    assert re.search(r"You claim roem: (20|40)\.", both)
    assert re.search(r"Hand 1 scored: Anna \d+, Computer 1 \d+, Computer 2 \d+ \(solo ", both)
    assert re.search(r"Match over: Anna \d+, Computer 1 \d+, Computer 2 \d+ \(", text)
    sheet = [line for line in second.shown if line.startswith(" #  solo")][-1].splitlines()
    assert len(sheet) == 4 and sheet[-1].split()[0] == "total"


class Trier(Trying, Player):
    """Plays on until a held card may not be played; then tries refused moves."""


async def test_a_refused_move_is_told_in_words_and_changes_nothing(tmp_path: Path) -> None:
    await assert_refused_moves_change_nothing(play_driemans, RULES, SEED, Trier, tmp_path)


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
