"""The deals of a challenge: every one a function of the challenge's secret seed.

The seed is drawn when the challenge opens and kept secret until it closes; its SHA-256 is
published at once (the challenge message), so anyone can check afterwards that the deals
were fixed before anybody played (`python -m bot challenge --check SEED`, docs/challenge.md).
Deal *n* is hand *n* of an engine `Match` on that seed (`Match.hand_of`): its cards, its
dealer (the deal goes round the table from a first dealer the seed draws) and, under the
proposed or drawn trump rules, its turned-up suit. The player always sits at seat 0.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Final

from bot.engine import Hand, Match, RuleSet
from bot.games import other_game, preset_game

from .errors import refuse_other_game

__all__ = ["PLAYER_SEAT", "challenge_rules", "commitment", "deal", "dealt_hands", "new_seed"]

PLAYER_SEAT: Final = 0  # the member's seat; seat 2 is their computer partner


def new_seed() -> str:
    """A fresh secret seed: 128 random bits as hex."""
    return secrets.token_hex(16)


def commitment(seed: str) -> str:
    """The SHA-256 of the seed (hex): published at the start, checked at the close."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def challenge_rules(preset: str, deals: int) -> RuleSet:
    """The rules a challenge is played by: the preset, roem counted automatically (nobody
    sits at the table to claim it against), and a match of exactly ``deals`` hands; a
    preset of another game than four-player Klaverjas is refused (`game_not_offered`)."""
    refuse_other_game(preset_game(preset))
    rules = RuleSet.preset(preset).with_options(
        roem_claiming="automatic", match_hands=deals, target_score=None, tie_break="shared"
    )
    refuse_other_game(other_game(rules))
    return rules


def deal(rules: RuleSet, seed: str, number: int) -> Hand:
    """Deal ``number`` (1-based) of the challenge on ``seed``, nothing played yet."""
    return Match(rules, seed).hand_of(number)


def dealt_hands(rules: RuleSet, seed: str) -> list[Hand]:
    """Every deal of the challenge, in order (for checking a revealed seed)."""
    match = Match(rules, seed)
    planned = rules.match_hands or 0
    return [match.hand_of(number) for number in range(1, planned + 1)]
