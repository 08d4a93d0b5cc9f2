"""Kraken sheets (docs/rules.md 2.5 to 2.7) in a league: a line carries its calls, double
spades and roem from the hand, is scored by the engine and refused when no kraken hand
gives it; a called hand's loser is the pair marked nat."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine import RuleSet, SheetLine
from bot.league.entry import SheetEntry, entry_line, sheet_result
from bot.league.errors import LeagueError
from bot.league.recording import _line
from bot.league.results import HandLine, TableResult
from bot.league.settings import LeagueSettings, RoundLength
from bot.texts.catalog import t

LEAGUE = LeagueSettings("Kraakavond", preset="kraken", round_length=RoundLength(hands=2))
RULES = LEAGUE.scoring_rules
SPADES = LeagueSettings(
    "Schoppen", preset="kraken", overrides={"spades_double": "multiply"}
).scoring_rules


def refused(entry: SheetEntry, rules: RuleSet = RULES) -> LeagueError:
    """The refusal of `entry` as line 3 of a sheet."""
    with pytest.raises(LeagueError) as raised:
        entry_line(entry, rules, 3)
    return raised.value


def test_a_league_runs_on_either_kraken_preset() -> None:
    for preset in ("kraken", "kraken-rotterdam"):
        rules = LeagueSettings("x", preset=preset).rules
        assert rules.kraken and rules.match_hands == 16


def test_a_failed_kraak_marks_the_defenders_nat_and_doubles() -> None:
    # rules.md 2.5: 96 + 20 roem against 66 after a kraak: (162 + 20) x 2 for the makers
    line = entry_line(SheetEntry(0, (96, 66), (20, 0), calls=1), RULES)
    assert (line.scores, line.calls, line.multiplier, line.loser) == ((364, 0), 1, 2, 1)
    assert (line.nat, line.nat_pair) == (False, 1)
    rekraak = entry_line(SheetEntry(0, (70, 92), (0, 50), calls=2, caller=0), RULES)
    assert (rekraak.scores, rekraak.multiplier, rekraak.nat_pair) == ((0, 848), 4, 0)
    spades = entry_line(SheetEntry(0, (100, 62), calls=1, spades=True), SPADES)
    assert (spades.scores, spades.multiplier) == ((648, 0), 4)


def test_hand_roem_is_part_of_the_roem_and_can_sink_a_kraak() -> None:
    # rules.md 2.6, deal A: 130 + 20 against 32 + 160 from the hand, after a kraak
    line = entry_line(SheetEntry(0, (130, 32), (20, 160), calls=1, hand_roem=(20, 160)), RULES)
    assert (line.scores, line.hand_roem, line.nat_pair) == ((0, 684), (20, 160), 0)


def test_what_no_kraken_hand_gives_is_refused_naming_the_line() -> None:
    assert entry_line(SheetEntry(0, (96, 66), calls=3), RULES).multiplier == 8  # superkraak
    four = refused(SheetEntry(0, (96, 66), calls=4))
    assert (four.code, four.facts) == ("too_many_calls", {"line": 3, "calls": 4, "most": 3})
    one_level = LeagueSettings("Alleen kraak", preset="kraken", overrides={"doubling_levels": 1})
    rekraak = refused(SheetEntry(0, (96, 66), calls=2), one_level.scoring_rules)
    assert (rekraak.code, rekraak.facts["most"]) == ("too_many_calls", 1)
    roem = refused(SheetEntry(0, (96, 66), (0, 5000), calls=1))
    assert (roem.code, roem.facts["line"], roem.facts["pair"]) == ("roem_impossible", 3, 1)
    points = refused(SheetEntry(0, (161, 1), calls=1))
    assert (points.code, points.facts["line"]) == ("card_points_impossible", 3)


def test_the_marks_a_hand_cannot_have_are_refused() -> None:
    wrong = refused(SheetEntry(0, (96, 66), calls=1, caller=0))  # the makers never kraak
    assert (wrong.code, wrong.facts) == ("wrong_caller", {"line": 3, "pair": 0, "calls": 1})
    over = refused(SheetEntry(0, (96, 66), (20, 0), hand_roem=(40, 0)))
    assert (over.code, over.facts["pair"], over.facts["hand"]) == ("hand_roem_over_roem", 0, 40)
    plain = LeagueSettings("Gewoon").scoring_rules
    with pytest.raises(LeagueError) as raised:
        entry_line(SheetEntry(0, (96, 66), (20, 0), hand_roem=(20, 0)), plain, 2)
    assert (raised.value.code, raised.value.facts) == ("no_hand_roem", {"line": 2})
    with pytest.raises(LeagueError) as raised:
        entry_line(SheetEntry(0, (96, 66), calls=1), plain, 4)
    # A league without kraak calls says so, not "1 calls, at most 0" (the engine's no_calls).
    assert (raised.value.code, raised.value.facts) == ("no_calls", {"line": 4, "calls": 1})
    said = t("league.err.no_calls", "nl", **raised.value.facts)
    assert said == 'Regel 4: in deze competitie wordt niet gekraakt. Laat "k", "rk" en "sk" weg.'


def test_a_kraken_sheet_counts_the_loser_nat_and_survives_the_store() -> None:
    lines = [
        entry_line(SheetEntry(0, (96, 66), (20, 0), calls=1), RULES),  # defenders nat
        entry_line(SheetEntry(1, (70, 92)), RULES),  # no call: pair 2 makes it
    ]
    result = sheet_result((1, 2, 3, 4), lines, LEAGUE.round_length, RULES)
    assert (result.totals, result.nats) == ((434, 92), (0, 1))
    assert TableResult.from_dict(result.to_dict()) == result
    assert "kraken" not in lines[1].to_dict()  # a plain line is stored as it always was
    assert HandLine.from_dict(lines[0].to_dict()) == lines[0]


def test_a_bot_tables_called_hand_keeps_its_calls_spades_and_hand_roem() -> None:
    # seat 1 said kraak with spades trump: x 4 (docs/rules.md 2.7's example), pair 1 nat
    sheet = SheetLine(1, 3, "s", 0, 0, (100, 62), (20, 0), (728, 0), False, None, (1,), 4, 1)
    line = _line(replace(sheet, hand_roem=(20, 0)))
    assert (line.calls, line.spades, line.multiplier, line.nat_pair) == (1, True, 4, 1)
    assert (line.scores, line.hand_roem) == ((728, 0), (20, 0))
    assert not _line(replace(sheet, multiplier=2)).spades  # a kraak alone doubles


def test_a_league_with_spades_worth_double_counts_224_on_a_spades_line() -> None:
    """rules.md 2.7 (trump_values): a line marked spades adds up to 224, and a refusal
    says so; a line without the mark adds up to 162."""
    rules = LeagueSettings(
        "Schoppen", preset="kraken", overrides={"spades_double": "trump_values"}
    ).scoring_rules
    made = entry_line(SheetEntry(0, (150, 74), (20, 0), calls=1, spades=True), rules)
    assert (made.scores, made.multiplier) == (((224 + 20) * 2, 0), 2)
    impossible = refused(SheetEntry(0, (223, 1), spades=True), rules)
    assert (impossible.code, impossible.facts["total"]) == ("card_points_impossible", 224)
    assert refused(SheetEntry(0, (150, 74)), rules).code == "points_total"
