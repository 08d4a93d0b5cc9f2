"""/rules under a table that plays ledig (docs/rules.md 2.10): the rules in effect name it a
house rule in the reader's words, never as the option the code writes."""

from __future__ import annotations

import pytest

from bot.engine import RuleSet
from bot.texts.rulebook import topic
from cogs.rules.ui import RulesInEffect, rules_field_value, rules_line

LEDIG = RuleSet(ledig_enabled=True)


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("en", "ledig (house rule)"),
        ("nl", "ledig (huisregel)"),
        ("pt-BR", "ledig (regra da casa)"),
        ("es-ES", "ledig (regla de la casa)"),
        ("it", "ledig (regola della casa)"),
    ],
)
def test_a_ledig_table_is_named_a_house_rule(locale: str, words: str) -> None:
    line = rules_line(locale, RulesInEffect(LEDIG, "table"))
    assert f"amsterdam + {words}" in line and "ledig_enabled" not in line
    field = rules_field_value(locale, RulesInEffect(LEDIG, "table"))
    assert words in field and "ledig_enabled" not in field
    assert words.split(" ", 1)[1].strip("()") in topic("ledig", locale).body


def test_rules_without_ledig_read_as_before() -> None:
    assert rules_line("en", RulesInEffect(RuleSet(), "table")).startswith("Rules: amsterdam (")
