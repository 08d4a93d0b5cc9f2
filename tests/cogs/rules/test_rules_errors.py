"""cogs/rules/errors.py: every refusal the calculators can meet has a sentence in every
language, and the sentence names the option and the user's own input.

The engine's codes are sorted into the calculators' and the others (the hand's and match's
rule violations, the rule-set options no calculator reads): a new engine code fails here
until it is given a sentence or placed among the others.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import (
    Card,
    EngineError,
    ErrorCode,
    InvalidInput,
    RuleSet,
    RuleViolation,
    Suit,
    parse_cards,
    play_options,
    roem_of_trick,
    score_hand,
)
from bot.engine.driemans_sheets import THREE_SHEET_CODES
from bot.engine.sheets import check_line
from bot.texts.catalog import LOCALES, t
from cogs.rules.errors import (
    CALCULATOR_CODES,
    RulesError,
    engine_problem,
    legal_problem,
    roem_problem,
    score_problem,
)
from cogs.rules.options import parse_card_list, parse_suit, parse_variant, score_question

NOT_THE_CALCULATORS = {
    # A hand or match refuses an action: the table cogs word these (tables.err.*).
    ErrorCode.WRONG_PHASE,
    ErrorCode.NOT_YOUR_TURN,
    ErrorCode.TRUMP_NOT_ALLOWED,
    ErrorCode.PASS_NOT_ALLOWED,
    ErrorCode.NOT_IN_HAND,
    ErrorCode.ILLEGAL_CARD,
    ErrorCode.CLAIMS_AUTOMATIC,
    ErrorCode.NO_CLAIM_WINDOW,
    ErrorCode.WRONG_PAIR,
    ErrorCode.ALREADY_CLAIMED,
    ErrorCode.NO_ROEM,
    ErrorCode.BAD_ACTION,
    ErrorCode.MATCH_OVER,
    # The kraak calls (docs/rules.md 2.5): no table plays them yet; the tables will word them.
    ErrorCode.NO_CALL_NOW,
    ErrorCode.STALE_CALL,
    ErrorCode.CALLS_OVER,
    ErrorCode.WRONG_PAIR_CALL,
    # Three-player Klaverjas (docs/rules.md 2.8): no front end plays it yet.
    ErrorCode.BAD_DISCARD,
    # Ledig (docs/rules.md 2.10): said at a table only (tables.err.no_ledig), and a claim in
    # a ledig hand (tables.err.ledig_no_roem).
    ErrorCode.NO_LEDIG,
    ErrorCode.LEDIG_NO_ROEM,
    # A table of three's sheet line (docs/rules.md 2.8): the league words these.
    *THREE_SHEET_CODES,
    # Rank.parse alone (Card.parse refuses a whole card as unknown_card).
    ErrorCode.UNKNOWN_RANK,
    # Rule-set options: the calculators only name presets (unknown_preset).
    ErrorCode.UNKNOWN_OPTION,
    ErrorCode.BAD_OPTION_VALUE,
    ErrorCode.OPTION_OUT_OF_RANGE,
    ErrorCode.NO_MATCH_END,
    ErrorCode.DOUBLING_WITHOUT_NAT,
    ErrorCode.OPTION_NOT_IN_GAME,
    # Whole-round sheet checks: league entry words these (league.err.*); /score words
    # the checks of one hand.
    ErrorCode.ROUND_ROEM_IMPOSSIBLE,
    ErrorCode.TOTALS_IMPLAUSIBLE,
    ErrorCode.TOTALS_FOR_NATS,
}
H = Suit.HEARTS


def test_every_engine_code_is_the_calculators_or_placed_elsewhere() -> None:
    assert CALCULATOR_CODES.isdisjoint(NOT_THE_CALCULATORS)
    assert set(ErrorCode) == CALCULATOR_CODES | NOT_THE_CALCULATORS


def engine_refusal(call: Any, *args: Any) -> EngineError:
    with pytest.raises(EngineError) as info:
        call(*args)
    assert isinstance(info.value, InvalidInput)
    return info.value


QUESTION = score_question("them", 100, 0, 0, None)

# One real engine refusal per calculator code, and how the rules cog words it.
CASES: list[tuple[ErrorCode, Any]] = [
    (ErrorCode.UNKNOWN_CARD, lambda: engine_problem(engine_refusal(parse_cards, "Xh 9z"), "o")),
    (ErrorCode.UNKNOWN_SUIT, lambda: engine_problem(engine_refusal(Suit.parse, "x"), "o")),
    (ErrorCode.UNKNOWN_PRESET, lambda: engine_problem(engine_refusal(RuleSet.preset, "x"), "o")),
    (ErrorCode.DUPLICATE_CARD, lambda: engine_problem(engine_refusal(parse_cards, "Jh Jh"), "o")),
    (
        ErrorCode.CARD_IN_HAND_AND_TRICK,
        lambda: legal_problem(
            engine_refusal(play_options, parse_cards("Ac"), parse_cards("Ac"), H, RuleSet())
        ),
    ),
    (
        ErrorCode.TOO_MANY_CARDS,
        lambda: roem_problem(
            engine_refusal(roem_of_trick, parse_cards("7h 8h 9h 10h Jh"), H, RuleSet())
        ),
    ),
    (
        ErrorCode.TOO_FEW_CARDS,
        lambda: legal_problem(engine_refusal(play_options, [], [], H, RuleSet())),
    ),
    (ErrorCode.NOT_A_PAIR, lambda: score_problem(engine_refusal(_score, 2), QUESTION)),
    (
        ErrorCode.NOT_TWO_PAIRS,
        lambda: score_problem(engine_refusal(_score, 0, (162,)), QUESTION),
    ),
    (
        ErrorCode.NEGATIVE_VALUE,
        lambda: score_problem(engine_refusal(_score, 0, (170, -8)), QUESTION),
    ),
    (
        ErrorCode.POINTS_TOTAL,
        lambda: score_problem(engine_refusal(_score, 0, (100, 60)), QUESTION),
    ),
    (
        ErrorCode.ROEM_NOT_TENS,
        lambda: score_problem(engine_refusal(_score, 1, (62, 100), (0, 15)), QUESTION),
    ),
    (
        ErrorCode.TRICKS_TOTAL,
        lambda: score_problem(engine_refusal(_score, 0, (100, 62), (0, 0), (4, 3)), QUESTION),
    ),
    (
        ErrorCode.SCORE_WITHOUT_TRICKS,
        lambda: score_problem(engine_refusal(_score, 0, (100, 62), (0, 0), (8, 0)), QUESTION),
    ),
    (
        ErrorCode.CARD_POINTS_IMPOSSIBLE,
        lambda: score_problem(engine_refusal(_line, 1, (1, 161)), QUESTION),
    ),
    (
        ErrorCode.ROEM_IMPOSSIBLE,
        lambda: score_problem(engine_refusal(_line, 1, (62, 100), (30, 0)), QUESTION),
    ),
    (
        ErrorCode.ROEM_BOTH_PAIRS,
        lambda: score_problem(engine_refusal(_line, 1, (72, 90), (20, 700)), QUESTION),
    ),
    (
        ErrorCode.ROEM_FOR_POINTS,
        lambda: score_problem(engine_refusal(_line, 1, (10, 152), (200, 0)), QUESTION),
    ),
    (
        ErrorCode.NO_CALLS,  # a kraak under rules without kraak (/score calls)
        lambda: score_problem(engine_refusal(_called, RuleSet(), 1), QUESTION),
    ),
    (
        ErrorCode.TOO_MANY_CALLS,  # a rekraak where only kraak is allowed
        lambda: score_problem(
            engine_refusal(_called, RuleSet.preset("kraken").with_options(doubling_levels=1), 2),
            QUESTION,
        ),
    ),
]


def _called(rules: RuleSet, calls: int) -> None:
    score_hand(0, (100, 62), (0, 0), (4, 4), rules, calls)


def _line(makers: int, points: tuple[int, int], roem: tuple[int, int] = (0, 0)) -> None:
    check_line(makers, points, roem, None, RuleSet())


def _score(
    makers: int,
    points: tuple[int, ...] = (100, 62),
    roem: tuple[int, ...] = (0, 0),
    tricks: tuple[int, ...] = (4, 4),
) -> None:
    score_hand(makers, points, roem, tricks, RuleSet())


def test_the_cases_cover_every_calculator_code() -> None:
    assert {code for code, _ in CASES} == set(CALCULATOR_CODES)


@pytest.mark.parametrize(("code", "problem"), CASES, ids=[str(code) for code, _ in CASES])
@pytest.mark.parametrize("locale", LOCALES)
def test_every_calculator_refusal_is_a_full_sentence(
    code: ErrorCode, problem: Any, locale: str
) -> None:
    made = problem()
    assert isinstance(made, RulesError)
    if made.option == "o":  # a parser's refusal: the option is the caller's
        made.option = "rules.cmd.opt.hand.name"
    text = made.render(locale)
    assert "{" not in text and "}" not in text, text
    assert made.key.startswith("rules.err.")
    if made.option is not None:
        assert f"**{t(made.option, locale)}**" in text


def test_the_sentences_carry_the_facts() -> None:
    typos = engine_problem(engine_refusal(parse_cards, "Xh 9z"), "rules.cmd.opt.hand.name")
    assert "`Xh`, `9z`" in typos.render("en")
    both = legal_problem(
        engine_refusal(play_options, parse_cards("Ac Kd"), parse_cards("Kd"), H, RuleSet())
    )
    assert both.render("en").startswith("K♦")
    assert both.render("nl").startswith("H♦")  # heer: the reader's letters
    # /score echoes what the user typed (the makers' 200 points), not the engine's view
    # of the defenders (-38).
    question = score_question("us", 200, 0, 0, None)
    too_many = score_problem(engine_refusal(_score, 0, question.points), question)
    assert too_many.option == "rules.cmd.opt.points.name"
    assert "200" in too_many.render("en") and "-38" not in too_many.render("en")


def test_a_rule_violation_is_not_worded_as_bad_input() -> None:
    violation = RuleViolation(ErrorCode.NOT_YOUR_TURN, "not your turn")
    with pytest.raises(RuleViolation):
        engine_problem(violation, "rules.cmd.opt.hand.name")


def test_the_option_readers_refuse_with_the_engines_codes() -> None:
    for call, args, key in [
        (parse_card_list, ("Jh Qx", "rules.cmd.opt.hand.name", "en"), "rules.err.unknown_card"),
        (parse_card_list, ("Jh;J♥", "rules.cmd.opt.hand.name", "en"), "rules.err.duplicate_card"),
        (parse_card_list, ("Bh;J♥", "rules.cmd.opt.hand.name", "nl"), "rules.err.duplicate_card"),
        (parse_suit, ("purple", "rules.cmd.opt.trump.name", "en"), "rules.err.bad_suit"),
        (parse_suit, ("k", "rules.cmd.opt.trump.name", "en"), "rules.err.bad_suit"),
        (parse_variant, ("berlin", "rules.cmd.opt.variant.name"), "rules.err.unknown_variant"),
    ]:
        with pytest.raises(RulesError) as info:
            call(*args)
        assert info.value.key == key
        assert info.value.option == args[1]
    assert parse_card_list("J\ufe0f♥; 10h", "o", "en") == [Card.parse("Jh"), Card.parse("10h")]
    assert parse_card_list("Bk Vr 10h", "o", "nl") == parse_cards("Jc Qd 10h")
    assert parse_suit("k", "o", "nl") == Suit.CLUBS
