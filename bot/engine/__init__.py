"""The rules engine: pure functions and state machines, no I/O, no asyncio, no discord.

This module's names are the engine's public API; tests outside the project call them.
"""

from .actions import (
    Action,
    ActionResult,
    ActionType,
    ChooseTrump,
    ClaimResult,
    ClaimRoem,
    FinishHand,
    FinishResult,
    PassResult,
    PassTrump,
    PlayCard,
    PlayResult,
    TrumpResult,
    action_from_dict,
)
from .cards import CARDS, Card, Rank, Suit, parse_cards
from .errors import EngineError, ErrorCode, InvalidInput, RuleError, RuleViolation
from .hand import Hand, Phase, Trick, TrumpOptions, left_of, pair_of, seats_around
from .match import Match, MatchResult, SheetLine
from .obligations import (
    IllegalReason,
    PlayOptions,
    Reason,
    explain_illegal,
    legal_cards,
    partner_is_winning,
    play_options,
)
from .roem import NO_ROEM, Roem, RoemKind, RoemPart, roem_of_trick
from .rules import PRESET_NAMES, RuleSet
from .scoring import HandScore, assumed_tricks, score_hand
from .sheets import (
    check_hand,
    check_line,
    check_totals,
    line_tricks,
    match_over,
    most_roem,
    round_length,
)
from .tricks import card_points, sort_key, trick_points, trick_winner

__all__ = [
    "CARDS",
    "Action",
    "ActionResult",
    "ActionType",
    "Card",
    "ChooseTrump",
    "ClaimResult",
    "ClaimRoem",
    "FinishHand",
    "FinishResult",
    "EngineError",
    "ErrorCode",
    "Hand",
    "HandScore",
    "IllegalReason",
    "InvalidInput",
    "Match",
    "MatchResult",
    "PRESET_NAMES",
    "PassResult",
    "PassTrump",
    "PlayCard",
    "PlayResult",
    "Phase",
    "PlayOptions",
    "Rank",
    "Reason",
    "NO_ROEM",
    "Roem",
    "RoemKind",
    "RoemPart",
    "RuleError",
    "RuleSet",
    "RuleViolation",
    "SheetLine",
    "Suit",
    "Trick",
    "TrumpOptions",
    "TrumpResult",
    "action_from_dict",
    "assumed_tricks",
    "card_points",
    "explain_illegal",
    "left_of",
    "legal_cards",
    "pair_of",
    "seats_around",
    "parse_cards",
    "partner_is_winning",
    "play_options",
    "roem_of_trick",
    "score_hand",
    "check_hand",
    "check_line",
    "check_totals",
    "line_tricks",
    "match_over",
    "most_roem",
    "round_length",
    "sort_key",
    "trick_points",
    "trick_winner",
]
