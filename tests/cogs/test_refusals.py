"""One refusal shape for every feature: each refuses with a `Refusal` subclass and a StrEnum
of its own, and every code of every feature has a sentence in every language.

The features' `Refusals` (cogs/<feature>/errors.py) are the one mapping from a code to
its catalogue key; a new code fails here until each of the five catalogues has its
sentence. The engine's codes reach a user only through a feature (the tables and the
challenge pass a hand's refusals on with the engine's code, the league a score line's, the
calculators parse and score): each is passed on by one of them, or is never shown
(`NEVER_SHOWN`).
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.challenge.errors import PASSED_ON as CHALLENGE_PASSED_ON
from bot.engine.errors import EngineError, ErrorCode, Refusal
from bot.texts.catalog import LOCALES, catalogue
from cogs.common.refusals import Refusals
from cogs.league.errors import REFUSALS as LEAGUE
from cogs.rules.errors import CALCULATOR_CODES
from cogs.rules.errors import REFUSALS as RULES
from cogs.standings.errors import REFUSALS as STANDINGS
from cogs.tables.errors import REFUSALS as TABLES
from tests.cogs.league.test_league_refusals import LINE_CODES
from tests.tables.test_refusals import raised_engine_codes

FEATURES: dict[str, Refusals[Any]] = {
    "tables": TABLES,
    "league": LEAGUE,
    "rules": RULES,
    "standings": STANDINGS,
}
# Rank.parse alone refuses with it; Card.parse refuses a whole card as unknown_card.
NEVER_SHOWN = {ErrorCode.UNKNOWN_RANK}


@pytest.mark.parametrize("feature", FEATURES)
def test_every_feature_refuses_in_the_one_shape(feature: str) -> None:
    refusals = FEATURES[feature]
    assert issubclass(refusals.kind, Refusal)
    code = next(iter(refusals.codes))
    error = refusals.kind(code)
    assert error.code is code and error.facts == {}
    assert refusals.key(code) == f"{feature}.err.{code}"


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("feature", FEATURES)
def test_every_code_has_a_sentence_in_every_language(feature: str, locale: str) -> None:
    refusals = FEATURES[feature]
    missing = [code for code in refusals.codes if refusals.key(code) not in catalogue(locale)]
    assert missing == []


def test_the_engine_is_one_of_the_shapes() -> None:
    assert issubclass(EngineError, Refusal)
    error = EngineError(ErrorCode.NOT_YOUR_TURN, "not your turn", to_act=2)
    assert repr(error) == "EngineError('not_your_turn', {'to_act': 2})"
    assert str(error) == "not your turn"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_challenge_has_a_sentence_for_each_engine_code_it_passes_on(locale: str) -> None:
    assert {ErrorCode(code) for code in raised_engine_codes()} >= CHALLENGE_PASSED_ON
    missing = [
        code for code in CHALLENGE_PASSED_ON if f"challenge.err.{code}" not in catalogue(locale)
    ]
    assert missing == []


def test_every_engine_code_reaches_a_feature_or_is_never_shown() -> None:
    passed_on = raised_engine_codes() | {str(code) for code in LINE_CODES}
    passed_on |= {str(code) for code in CALCULATOR_CODES}
    assert {code for code in ErrorCode if str(code) not in passed_on} == NEVER_SHOWN
