"""Every catalogue key the code names exists in every locale of its domain.

The code names keys as string literals (`t("tables.done.seated")`,
`command_text("rules.cmd.opt.hand.name")`) or as f-strings with a literal start
(`t(f"tables.err.{code}")`), or as a command's prefix (`command_named("tables.cmd.open")`:
its `.name` and `.desc`). This test reads `bot/` (but the store's SQL) and `cogs/`
(AST), takes every literal that starts with a catalogue domain, and checks it against each
locale that domain has a file for; an f-string must match at least one key in each of
them. A domain's locales must also hold the same keys, and every key starts with its
file's domain (the key scheme of cogs/common/text.py).

Every domain has all five locales (`LOCALES`); a missing file is a missing key in each.
"""

from __future__ import annotations

import ast
import json
import re
from collections import defaultdict
from functools import cache
from importlib import resources
from pathlib import Path

import pytest

from bot.texts.catalog import LOCALES

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot", "cogs")
NOT_TEXT = ("bot/store",)  # SQL: "tables.channel_id" there is a column, not a key
KEY = re.compile(r"[a-z][a-z0-9_]*(\.[A-Za-z0-9_-]+)+")


@cache
def catalogues() -> dict[str, dict[str, set[str]]]:
    """domain -> locale -> its keys, one entry per file `<domain>.<locale>.json`."""
    found: dict[str, dict[str, set[str]]] = defaultdict(dict)
    for entry in (resources.files("bot.texts") / "messages").iterdir():
        if entry.name.endswith(".json"):
            domain, locale = entry.name.removesuffix(".json").split(".", 1)
            found[domain][locale] = set(json.loads(entry.read_text(encoding="utf-8")))
    return dict(found)


def _prefixes(tree: ast.AST, keys: set[str]) -> set[int]:
    """The literals that are key prefixes, not keys (by `id` of their nodes): a command's
    `command_named("<prefix>")` names `<prefix>.name` and `<prefix>.desc` (added to `keys`);
    the option prefixes of `options_from` name keys by the command's parameters, which
    tests/cogs/test_command_keys.py pins and checks in every locale."""
    seen: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id == "command_named":
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    keys.update((f"{arg.value}.name", f"{arg.value}.desc"))
                    seen.add(id(arg))
        elif node.func.id == "options_from":
            seen.update(id(n) for n in ast.walk(node) if isinstance(n, ast.Constant))
    return seen


def literals_in_code() -> tuple[set[str], set[str]]:
    """Key-like string literals and f-string patterns (as regexes) that start with a domain."""
    domains = tuple(f"{d}." for d in catalogues())
    keys: set[str] = set()
    patterns: set[str] = set()
    for package in SOURCES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.relative_to(ROOT).as_posix().startswith(NOT_TEXT):
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            prefixes = _prefixes(tree, keys)
            for node in ast.walk(tree):
                if id(node) in prefixes:
                    continue
                if isinstance(node, ast.JoinedStr):
                    first = node.values[0] if node.values else None
                    start = first.value if isinstance(first, ast.Constant) else None
                    if isinstance(start, str) and start.startswith(domains):
                        patterns.add(_pattern(node))
                elif (
                    isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and node.value.startswith(domains)
                    and KEY.fullmatch(node.value)
                ):
                    keys.add(node.value)
    return keys, patterns


def _pattern(node: ast.JoinedStr) -> str:
    """`f"tables.err.{code}"` -> `tables\\.err\\..+`: any text where a value goes."""
    regex = ""
    for part in node.values:
        if isinstance(part, ast.Constant):
            regex += re.escape(str(part.value))
        else:
            regex += ".+"
    return regex


def test_the_scan_finds_keys_of_every_kind() -> None:
    keys, patterns = literals_in_code()
    assert {"tables.done.seated", "rules.cmd.opt.hand.name", "standings.title"} <= keys
    assert "meta.cmd.about.name" in keys and "common.error.unexpected" in keys
    assert re.escape("tables.err.") + ".+" in patterns
    assert len(keys) > 200


@pytest.mark.parametrize("domain", sorted(catalogues()))
def test_every_locale_of_a_domain_has_the_same_keys(domain: str) -> None:
    by_locale = catalogues()[domain]
    assert sorted(by_locale) == sorted(LOCALES), (domain, sorted(by_locale))
    english = by_locale["en"]
    for locale, keys in by_locale.items():
        assert keys == english, (domain, locale, sorted(keys ^ english))
        assert all(key.startswith(f"{domain}.") for key in keys), (domain, locale)


def test_every_key_named_in_code_exists_in_every_locale_of_its_domain() -> None:
    keys, patterns = literals_in_code()
    missing = []
    for key in sorted(keys):
        for locale, known in catalogues()[key.split(".")[0]].items():
            if key not in known:
                missing.append((locale, key))
    for pattern in sorted(patterns):
        domain = pattern.split("\\.")[0]
        for locale, known in catalogues()[domain].items():
            if not any(re.fullmatch(pattern, key) for key in known):
                missing.append((locale, pattern))
    assert not missing, missing
