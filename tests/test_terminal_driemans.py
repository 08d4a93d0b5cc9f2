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
    assert_refused_moves_change_nothing,
    assert_sheet_ends_in_totals,
    bracketed,
    quit_resume_and_finish,
    refused_once,
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
    assert_sheet_ends_in_totals(second.shown, " #  solo")


async def test_a_refused_move_is_told_in_words_and_changes_nothing(tmp_path: Path) -> None:
    await assert_refused_moves_change_nothing(play_driemans, RULES, SEED, Player, tmp_path)


async def test_the_solo_lays_down_exactly_two_cards(tmp_path: Path) -> None:
    """As the solo the player first lays one card down, which is refused."""
    shown = await refused_once(
        play_driemans, RULES, SEED, Player, tmp_path, "lay two cards down -> 7c"
    )
    refused = shown.index("Refused: Lay down exactly two different cards.")
    assert "lay two cards down" in shown[refused - 1]
    assert "You lay two cards down." in shown[refused + 1 :]
