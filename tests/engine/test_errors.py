"""The engine's refusals: one code enum, one base class, and the ValueError contract."""

from __future__ import annotations

import pytest

from bot.engine import (
    EngineError,
    ErrorCode,
    InvalidInput,
    RuleError,
    RuleSet,
    RuleViolation,
    action_from_dict,
    score_hand,
)

# The codes Hand and Match refused with before ErrorCode existed. Front ends compare them
# and the catalogues key sentences on them, so their values never change.
ACTION_CODES = {
    "wrong_phase",
    "not_your_turn",
    "trump_not_allowed",
    "pass_not_allowed",
    "not_in_hand",
    "illegal_card",
    "claims_automatic",
    "no_claim_window",
    "wrong_pair",
    "already_claimed",
    "no_roem",
    "bad_action",
    "match_over",
}


def test_action_codes_keep_their_strings() -> None:
    assert {code.value for code in ErrorCode} >= ACTION_CODES


def test_every_refusal_shares_the_base() -> None:
    for kind in (RuleViolation, InvalidInput, RuleError):
        assert issubclass(kind, EngineError)


def test_bad_input_is_a_value_error_and_an_action_refusal_is_not() -> None:
    assert issubclass(InvalidInput, ValueError)
    assert issubclass(RuleError, InvalidInput)
    assert not issubclass(RuleViolation, ValueError)


def test_code_compares_as_its_string() -> None:
    with pytest.raises(RuleViolation) as info:
        action_from_dict({"type": "dance", "seat": 0})
    assert info.value.code == "bad_action"
    assert info.value.code is ErrorCode.BAD_ACTION
    assert repr(info.value) == "RuleViolation('bad_action', {})"


def test_catching_value_error_still_catches_calculator_refusals() -> None:
    with pytest.raises(ValueError, match="add up to 162") as info:
        score_hand(0, [100, 61], [0, 0], [4, 4], RuleSet())
    assert isinstance(info.value, EngineError)
    assert info.value.facts == {"points": (100, 61), "total": 162}
