"""docs/rules.md and docs/table-ux.md stay true to the code that cites them.

Code and tests cite these documents by section number, and docs/rules.md lists every
option and preset of the engine's ``RuleSet``. These tests fail when a citation names a
section that does not exist, or when an option or preset changes without the document.
The facts documents outside the repository (the shared rules and UX notes) are never cited:
a maintainer could not follow such a citation from a checkout.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from bot.engine import PRESET_NAMES, RuleError, RuleSet

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CITED = {"rules.md": DOCS / "rules.md", "table-ux.md": DOCS / "table-ux.md"}
# "docs/rules.md 1.5", "rules.md section 2", "table-ux.md 2.3", "[rules.md](rules.md) 1.7"
CITATION = re.compile(r"\b(rules\.md|table-ux\.md)(?:\]\([^)]*\))?,? (?:section )?(\d+(?:\.\d+)?)")
HEADING = re.compile(r"^#{2,4} (\d+(?:\.\d+)?)\.? ", re.MULTILINE)
SOURCES = ("bot", "cogs", "tests", "benchmarks", "docs")
# The shared facts documents, spelled so that this file does not match itself.
OUTSIDE = re.compile(r"\b(?:RULES|DESIGN)\.md\b")


def sections(path: Path) -> set[str]:
    return set(HEADING.findall(path.read_text(encoding="utf-8")))


def cited_files() -> list[Path]:
    """README.md and every Python and Markdown file of the code, tests and docs."""
    files = [ROOT / "README.md"]
    for folder in SOURCES:
        files += sorted((ROOT / folder).rglob("*.py")) + sorted((ROOT / folder).rglob("*.md"))
    return files


def citations() -> list[tuple[str, str, str]]:
    """(file, document, section) for every numbered citation in code, tests and docs."""
    found = []
    for path in cited_files():
        for document, section in CITATION.findall(path.read_text(encoding="utf-8")):
            found.append((str(path.relative_to(ROOT)), document, section))
    return found


def test_every_cited_section_exists() -> None:
    known = {name: sections(path) for name, path in CITED.items()}
    missing = [c for c in citations() if c[2] not in known[c[1]]]
    assert not missing, f"citations of sections that do not exist: {missing}"


def outside_citations(text: str) -> list[str]:
    return [match.group(0) for match in OUTSIDE.finditer(text)]


def test_nothing_cites_the_documents_outside_the_repository() -> None:
    found = [
        (str(path.relative_to(ROOT)), line_no)
        for path in cited_files()
        for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if outside_citations(line)
    ]
    assert not found, f"cite docs/rules.md or docs/table-ux.md instead: {found}"


def test_the_outside_citation_check_finds_one() -> None:
    rules, design = "RULES" + ".md", "DESIGN" + ".md"
    assert outside_citations(f"# {rules} 1.5 and {design} section 2") == [rules, design]
    assert outside_citations("docs/rules.md 1.5, docs/table-ux.md 2.3") == []


def test_the_section_numbers_the_code_relies_on() -> None:
    rules = {"1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "2", "3"}
    assert rules <= sections(CITED["rules.md"])
    assert {"2", "2.3", "2.4", "2.5", "2.6", "3", "4"} <= sections(CITED["table-ux.md"])


# --------------------------------------------------------------------------- rules.md tables


def table_rows(heading: str) -> list[list[str]]:
    """The body rows of the first table under ``heading`` in docs/rules.md, as cells."""
    text = CITED["rules.md"].read_text(encoding="utf-8")
    start = text.index(f"\n{heading}\n")
    rows: list[list[str]] = []
    for line in text[start:].splitlines()[1:]:
        if rows and not line.startswith("|"):
            break
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows[1:]  # without the header row


def literals(cell: str) -> list[Any]:
    """The Python values written in backticks in a cell: `"free"`, `False`, `16`."""
    values = []
    for token in re.findall(r"`([^`]+)`", cell):
        try:
            values.append(ast.literal_eval(token))
        except (ValueError, SyntaxError):
            continue
    return values


OPTIONS = {row[1].strip("`"): row for row in table_rows("### 2.1 The options")}
# Rows marked "(driemans only)": their values are accepted in the three-player game.
THREE_PLAYER_ONLY = {field for field, row in OPTIONS.items() if "(driemans only)" in row[0]}


def test_every_rule_set_field_is_an_option_in_2_1() -> None:
    fields = {f.name for f in dataclasses.fields(RuleSet)} - {"name"}
    assert set(OPTIONS) == fields
    assert {"all_pass", "discard_to", "three_player_scoring"} == THREE_PLAYER_ONLY


@pytest.mark.parametrize("field", sorted(OPTIONS))
def test_option_default_is_listed_first_and_every_listed_value_is_accepted(field: str) -> None:
    values = literals(OPTIONS[field][2])
    assert values, f"{field}: no values in backticks"
    assert values[0] == getattr(RuleSet(), field)
    for value in values:
        if field in ("match_hands", "target_score") and value is None:
            continue  # unset only together with the other end; checked in 2.3
        base = RuleSet(game="driemans") if field in THREE_PLAYER_ONLY else RuleSet()
        assert getattr(base.with_options(**{field: value}), field) == value


@pytest.mark.parametrize("field", ["four_jacks", "four_nines", "zero_bonus", "tie_break"])
def test_option_values_are_all_the_engine_accepts(field: str) -> None:
    listed = literals(OPTIONS[field][2])
    for wrong in (1, 150, "other"):
        if wrong not in listed:
            with pytest.raises(RuleError):
                RuleSet().with_options(**{field: wrong})


PRESETS = {row[0].strip("`"): row for row in table_rows("### 2.3 Presets")}


def preset_options(name: str) -> dict[str, Any]:
    """The options a row of 2.3 sets, following "as `other-preset`"."""
    cells = " ".join(PRESETS[name][1:])
    options: dict[str, Any] = {}
    based_on = re.search(r"as `([a-z0-9-]+)`", cells)
    if based_on:
        options.update(preset_options(based_on.group(1)))
    for field, value in re.findall(r"`(\w+)=([^`]+)`", cells):
        options[field] = ast.literal_eval(value)
    return options


def test_every_preset_has_a_row() -> None:
    assert set(PRESET_NAMES) <= set(PRESETS)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_preset_row_matches_the_engine(name: str) -> None:
    preset = RuleSet.game_preset(name)
    stated = preset_options(name)
    for field, value in stated.items():
        assert getattr(preset, field) == value, field
    default = RuleSet()
    differs = {
        f.name
        for f in dataclasses.fields(RuleSet)
        if f.name != "name" and getattr(preset, f.name) != getattr(default, f.name)
    }
    assert differs <= set(stated), f"{name}: options not in docs/rules.md 2.3"
