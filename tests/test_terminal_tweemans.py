"""`python -m bot play --preset tweemans`: a scripted player names trump as the maker, plays
from hand and table by typing the card, claims roem when offered, quits, resumes from the
file the match is kept in and finishes; what is shown is the player's view; refusals in
words change nothing (the command line: tests/test_terminal_games.py)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.engine import TWO_PLAYERS, RuleSet, TweemansMatch
from bot.terminal.tweemans_play import play_tweemans
from tests.terminal_kit import (
    CARD,
    Scripted,
    assert_refused_moves_change_nothing,
    assert_sheet_ends_in_totals,
    bracketed,
    quit_resume_and_finish,
    refused_once,
)

SEED = "t6"  # two hands: the player is the maker once, claims, and is offered the last trick's
RULES = RuleSet.game_preset("tweemans").with_options(match_hands=2)


class Player(Scripted):
    """Answers from what the terminal showed: a suit as the maker, a claim when offered,
    the first card in [brackets]; first the lines of `extra`; quits after `moves`."""

    def answer(self) -> str:
        screen = self.shown[-1]
        if "name trump" in screen:
            return "h"
        if "holds roem" in screen or "'roem' to claim" in screen:
            return "roem"
        return bracketed(screen)


def screens(shown: list[str]) -> list[str]:
    return [text for text in shown if "\nYour hand: " in text]


async def test_quit_resume_and_finish_a_two_player_match(tmp_path: Path) -> None:
    path = tmp_path / "terminal-tweemans.json"
    game = ("tweemans", "two-player")
    first, second = await quit_resume_and_finish(play_tweemans, game, RULES, SEED, Player, 6, path)
    text = "\n".join(second.shown)
    both = "\n".join(first.shown + second.shown)
    assert "You name ♥ trump." in both and re.search(r"Computer names [♣♦♥♠] trump\.", both)
    assert re.search(r"You claim roem: (20|40|50|100)\.", both)
    assert re.search(rf"Computer plays {CARD} from its (hand|table)\.", both)
    assert re.search(rf"takes? the trick \((your|Computer's) (hand|table) {CARD}, ", both)
    assert re.search(r"Hand 1 scored: Anna \d+, Computer \d+ \(maker ", both)
    assert re.search(r"Match over: Anna \d+, Computer \d+ \(", text)
    assert_sheet_ends_in_totals(second.shown, " #  maker")


async def test_each_turn_shows_the_players_view(tmp_path: Path) -> None:
    player = Player(40)
    await play_tweemans(tmp_path / "m.json", RULES, "Anna", player.ask, player.say, seed=SEED)
    match = TweemansMatch(RULES, SEED)
    hand = match.hand
    assert hand is not None
    hidden = {p.down for table in hand.piles for p in table} | set(hand.hands[1])
    for screen in screens(player.shown):
        lines = screen.splitlines()
        assert re.match(r"Hand \d+ · dealer \w+ · Anna \d+ · Computer \d+ \(to 1500\)", lines[0])
        assert re.match(r"Trump ([♣♦♥♠]|to name) · maker (Anna|Computer)", lines[1])
        tables = [line for line in lines if line.endswith("'s table: ") or "table: " in line]
        assert len(tables) == 2
        for line in tables:  # four piles: a face-up card or '--', the face-down count under it
            piles = line.split(": ", 1)[1].split("  ")
            assert len(piles) == TWO_PLAYERS.piles
            assert all(re.fullmatch(rf"(\[?{CARD}\]?|--)/[01]", pile) for pile in piles)
        assert re.search(r"Computer's hand: \d cards?", screen)
        trick = [line for line in lines if line.startswith("Trick: ")]
        if trick:
            assert re.fullmatch(rf"Trick: ((your|Computer's) (hand|table) {CARD}(, )?)+", trick[0])
    first = screens(player.shown)[0]  # no face-down card nor the computer's hand, but its lead
    shown = [line for line in first.splitlines() if not line.startswith("Trick: ")]
    assert not any(str(card) in "\n".join(shown) for card in hidden if card is not None)


async def test_a_refused_move_is_told_in_words_and_changes_nothing(tmp_path: Path) -> None:
    await assert_refused_moves_change_nothing(play_tweemans, RULES, SEED, Player, tmp_path)


async def test_the_maker_may_not_pass(tmp_path: Path) -> None:
    """As the maker the player first passes, which is refused."""
    shown = await refused_once(play_tweemans, RULES, SEED, Player, tmp_path, "name trump -> pass")
    refused = shown.index("Refused: You may not pass: you must name trump.")
    assert "you may not pass" in shown[refused - 1]
    assert shown[refused + 1] == shown[refused - 1]  # asked again
    assert shown[refused + 2] == "You name ♥ trump."


class WrongUnit(Player):
    """Once, when its table is to play a card, types a card of its hand instead."""

    tried = False

    def ask(self, prompt: str) -> str:
        screen = self.shown[-1]
        if not self.tried and "Your turn: play" in screen and "Your hand: [" not in screen:
            hand = screen.split("Your hand: ")[-1].splitlines()[0].split()
            if hand and "Trick: " in screen:
                self.tried = True
                return hand[0]
        return super().ask(prompt)


async def test_a_card_of_the_unit_not_to_play_is_refused(tmp_path: Path) -> None:
    player = WrongUnit(60)
    await play_tweemans(tmp_path / "m.json", RULES, "You", player.ask, player.say, seed=SEED)
    said = [s for s in player.shown if s.startswith("Refused: ")]
    assert len(said) == 1 and re.fullmatch(
        rf"Refused: {CARD} is in your hand; your table plays now\.", said[0]
    ), said
