"""The engine's refusals: one stable code and the facts behind it, for every entry point.

Front ends (the table cogs, the rules calculators, the terminal) turn ``code`` and ``facts``
into a sentence in the user's language, so they never re-derive why the engine said no.
The codes are a StrEnum whose values are the strings the engine refused with before the
enum existed (front ends compare them, catalogue keys and tests name them), so
``error.code == "not_your_turn"`` still holds.

``Refusal`` is the one shape of a refusal in the whole project: the engine's, the table
service's (``bot.tables.TableError``), the league's (``bot.league.errors.LeagueError``) and
the front ends' own all subclass it, each with a StrEnum of its own for ``code``, so one
guard (cogs/common/replies.py) answers every one of them. It lives here because the engine
imports nothing outside itself and the standard library, and every other layer may import
the engine.

Two kinds share the engine's class ``EngineError``:
- ``RuleViolation``: an action the rules refuse in a hand or match (wrong turn, a card that
  may not be played). Not a ``ValueError``: the input was well formed, the game says no.
- ``InvalidInput``: input no game can produce (an unknown card, a card twice, points that
  do not add up to 162). A ``ValueError``, so callers that catch ``ValueError`` keep working;
  ``RuleError`` (an unknown preset or option) is one of them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Generic, TypeVar

CodeT = TypeVar("CodeT", bound=StrEnum)


class ErrorCode(StrEnum):
    """Every code the engine refuses with; a value, once published, never changes."""

    # A hand or match refuses an action (RuleViolation).
    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    TRUMP_NOT_ALLOWED = "trump_not_allowed"
    PASS_NOT_ALLOWED = "pass_not_allowed"
    NOT_IN_HAND = "not_in_hand"
    ILLEGAL_CARD = "illegal_card"
    CLAIMS_AUTOMATIC = "claims_automatic"
    NO_CLAIM_WINDOW = "no_claim_window"
    WRONG_PAIR = "wrong_pair"
    ALREADY_CLAIMED = "already_claimed"
    NO_ROEM = "no_roem"
    NO_CALL_NOW = "no_call_now"
    STALE_CALL = "stale_call"
    CALLS_OVER = "calls_over"  # facts: calls (how many were made), level None
    WRONG_PAIR_CALL = "wrong_pair_call"
    BAD_ACTION = "bad_action"
    MATCH_OVER = "match_over"
    BAD_DISCARD = "bad_discard"  # three-player Klaverjas: the solo lays down two cards
    NO_LEDIG = "no_ledig"  # ledig said at a table that does not play it (facts: seat)
    LEDIG_NO_ROEM = "ledig_no_roem"  # a claim in a ledig hand, which counts no roem

    # Cards and suits that cannot be read (InvalidInput).
    UNKNOWN_CARD = "unknown_card"
    UNKNOWN_SUIT = "unknown_suit"
    UNKNOWN_RANK = "unknown_rank"

    # Card positions no game can reach (InvalidInput): facts name the ``field``.
    DUPLICATE_CARD = "duplicate_card"
    CARD_IN_HAND_AND_TRICK = "card_in_hand_and_trick"
    TOO_MANY_CARDS = "too_many_cards"
    TOO_FEW_CARDS = "too_few_cards"

    # Hand results no hand can produce (InvalidInput, from score_hand).
    NOT_A_PAIR = "not_a_pair"
    NOT_TWO_PAIRS = "not_two_pairs"
    NEGATIVE_VALUE = "negative_value"
    POINTS_TOTAL = "points_total"
    ROEM_NOT_TENS = "roem_not_tens"
    TRICKS_TOTAL = "tricks_total"
    SCORE_WITHOUT_TRICKS = "score_without_tricks"
    TOO_MANY_CALLS = "too_many_calls"
    NO_CALLS = "no_calls"  # calls on a hand under rules without doubling

    # Score-sheet lines and round totals no cards can produce (InvalidInput, bot/engine/sheets.py).
    CARD_POINTS_IMPOSSIBLE = "card_points_impossible"
    ROEM_IMPOSSIBLE = "roem_impossible"
    ROUND_ROEM_IMPOSSIBLE = "round_roem_impossible"
    ROEM_BOTH_PAIRS = "roem_both_pairs"
    ROEM_FOR_POINTS = "roem_for_points"
    TOTALS_IMPLAUSIBLE = "totals_implausible"
    TOTALS_FOR_NATS = "totals_for_nats"

    # Score-sheet lines of a table of three (InvalidInput, bot/engine/driemans_sheets.py).
    THREE_SCORES = "three_scores"
    THREE_LINE_NEGATIVE = "three_line_negative"
    THREE_LINE_NO_SOLO = "three_line_no_solo"
    THREE_LINE_SUM = "three_line_sum"
    THREE_LINE_NAT = "three_line_nat"
    THREE_LINE_SOLO_LOW = "three_line_solo_low"

    # Rule sets (RuleError).
    UNKNOWN_PRESET = "unknown_preset"
    UNKNOWN_OPTION = "unknown_option"
    BAD_OPTION_VALUE = "bad_option_value"
    OPTION_OUT_OF_RANGE = "option_out_of_range"
    NO_MATCH_END = "no_match_end"
    DOUBLING_WITHOUT_NAT = "doubling_without_nat"
    OPTION_NOT_IN_GAME = "option_not_in_game"


class Refusal(Exception, Generic[CodeT]):
    """A refusal: ``code`` is stable (a member of the raiser's StrEnum), ``facts`` say what
    was wrong (values, not sentences); the message is English for logs and tracebacks
    only (the code when none is given). A refusal changes nothing."""

    def __init__(self, code: CodeT, message: str = "", **facts: Any) -> None:
        """``code`` and ``facts`` as the front ends read them; ``message`` for the logs."""
        super().__init__(message or str(code))
        self.code: CodeT = code
        self.facts = facts

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self.code)!r}, {self.facts!r})"


class EngineError(Refusal[ErrorCode]):
    """The engine's refusal: always with an English message for the logs."""

    def __init__(self, code: ErrorCode, message: str, **facts: Any) -> None:
        """``code``, the English ``message`` and the ``facts`` behind it."""
        super().__init__(code, message, **facts)


class RuleViolation(EngineError):
    """An action the rules refuse; the hand or match is left exactly as it was."""


class InvalidInput(EngineError, ValueError):
    """Input no game can produce: an unreadable card, a card twice, impossible numbers."""


class RuleError(InvalidInput):
    """An unknown preset or option, or an impossible combination of options."""
