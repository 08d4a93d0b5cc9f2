"""The one mapping from league refusals (`LeagueError` codes) to sentences.

The league service, its entry checks and the engine's score checks refuse with a stable
code and facts (the line, the round and table, the totals); this module makes the facts
readable (tables and pairs counted from 1, players as mentions) and fills the catalogue
sentence `league.err.<code>`. A code without a sentence gets a generic one naming it, so a
new code is visible (tests/cogs/test_refusals.py checks every `LeagueCode` has its own).
`REFUSALS` is what the common guard (cogs/common/replies.py) knows of them.
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from typing import Any

from bot.league.errors import LeagueCode, LeagueError
from bot.texts.catalog import has
from cogs.common.refusals import Refusals
from cogs.common.text import t
from cogs.league.options import setting_name

__all__ = ["REFUSALS", "error_text", "round_end"]


def error_text(error: LeagueError, locale: str) -> str:
    """The sentence for a league refusal in `locale`, its facts made readable."""
    key = REFUSALS.key(error.code)
    if not has(key):
        return t("league.err.unknown", locale, code=error.code)
    values = _values(error.facts, locale)
    wanted = {name for _, name, _, _ in string.Formatter().parse(t(key)) if name}
    return t(key, locale, **{name: values.get(name, "?") for name in wanted})


REFUSALS = Refusals(LeagueError, LeagueCode, "league.err.", error_text)


def _values(facts: dict[str, Any], locale: str) -> dict[str, Any]:
    values: dict[str, Any] = {k: v for k, v in facts.items() if isinstance(v, str | int)}
    if isinstance(facts.get("table"), int):
        values["table"] = facts["table"] + 1  # the draw counts tables from 0
    if isinstance(facts.get("user_id"), int):
        values["user"] = f"<@{facts['user_id']}>"
    if isinstance(facts.get("pair"), int):
        values["pair"] = facts["pair"] + 1
    if "tables" in facts:
        values["tables"] = _tables(facts["tables"])
    if isinstance(facts.get("what"), str):
        values["what"] = t(f"league.what.{facts['what']}", locale)
    if "names" in facts:
        values["names"] = ", ".join(str(n) for n in facts["names"])
    if "players" in facts:
        values["players"] = " ".join(f"<@{p}>" for p in facts["players"])
    for name in ("points", "totals", "roem", "nats", "tricks"):
        if isinstance(facts.get(name), list | tuple):
            values[name] = " / ".join(str(v) for v in facts[name])
    if isinstance(facts.get("setting"), str):
        values["setting"] = setting_name(facts["setting"], locale)
    if facts.get("most") is None:
        values["most"] = "-"
    if "expected" in facts and "target" in facts:  # how a round ends
        values["round"] = round_end(facts["expected"], facts["target"], locale)
    return values


def round_end(hands: Any, target: Any, locale: str) -> str:
    """How a league's round ends, as a phrase: "16 hands", "until a pair reaches 1500
    points", or both, whichever comes first."""
    counted = t("league.round.hands", locale, hands=hands) if isinstance(hands, int) else None
    if not isinstance(target, int):
        return counted or "?"
    if counted is None:
        return t("league.round.target", locale, target=target)
    return t("league.round.both", locale, hands=counted, target=target)


def _tables(tables: Iterable[Any]) -> str:
    """[[round, table], ...] as "2.1, 2.3" (round.table, tables from 1)."""
    return ", ".join(f"{r}.{n + 1}" for r, n in tables)
