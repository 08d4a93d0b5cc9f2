"""The one mapping from table refusals (`TableError` codes) to sentences in the user's language.

The service and the engine refuse with stable codes and facts (the seat taken, the reason a
card may not be played, who is to act); this module turns them into the specific answer
the player gets. Codes without a sentence of their own get a generic one naming the code,
so a new code is visible (and testable) rather than silently vague. `REFUSALS` is what
the common guard (cogs/common/replies.py) and the catalogue test know of them: the sentence
of a code is `tables.err.<code>`, for every member of `RefusalCode` and every engine
code the table passes on.
"""

from __future__ import annotations

import math
from typing import Any

from bot.engine import Card, IllegalReason, Suit
from bot.engine.seats import SEAT_COUNT
from bot.tables import PublicTable, RefusalCode, Status, TableError
from bot.texts.catalog import has
from bot.texts.formats import mid_sentence
from cogs.common.refusals import Refusals
from cogs.common.text import CLIP, card_text, clip, t
from cogs.tables.ui_text import reason_text, seat_name

__all__ = ["REFUSALS", "error_text"]

_PLAIN = (
    "setting",
    "value",
    "high",
    "kind",
    "kinds",
    "locale",
    "locales",
    "field",
    "hand",
    "table",
)
NAME_CLIP = 24  # characters of a typed name (preset, language) a refusal repeats
# What the engine calls a rule option -> the /table open option the user typed it in.
OPTION_NAMES = {
    "match_hands": "tables.cmd.opt.hands.name",
    "target_score": "tables.cmd.opt.target.name",
    "ledig_enabled": "tables.cmd.opt.ledig.name",
}


def error_text(
    error: TableError, locale: str, table: PublicTable | None = None, user_id: int | None = None
) -> str:
    """The sentence for a refusal; `table` (when known) lets it name the players, and
    `user_id` (who is refused) lets "not seated" tell a spectator how to play."""
    code = error.code
    key = REFUSALS.key(code)
    if not has(key):
        return t("tables.err.unknown", locale, code=code)
    values = _values(error.facts, locale, table)
    if code == RefusalCode.NOT_SEATED and table is not None:
        return _not_seated(table, user_id, locale, values)
    return t(key, locale, **values)


REFUSALS = Refusals(TableError, RefusalCode, "tables.err.", error_text)


def _not_seated(
    table: PublicTable, user_id: int | None, locale: str, values: dict[str, Any]
) -> str:
    """Someone who is not playing clicked what only players may: say how to play."""
    left = table.retake_seat(user_id) if user_id is not None else None
    if left is not None:
        return t("tables.err.not_seated.left", locale, seat=left + 1)
    if table.status == Status.LOBBY:
        return t("tables.err.not_seated.lobby", locale)
    if table.status == Status.PLAYING:
        return t("tables.err.not_seated.watching", locale)
    if table.status == Status.FINISHED:  # Play again: only its four may
        return t("tables.err.not_seated.finished", locale)
    return t("tables.err.not_seated", locale, **values)


def _values(facts: dict[str, Any], locale: str, table: PublicTable | None) -> dict[str, Any]:
    """Every fact a sentence may use, made readable (seats 1-based, names, suits, cards)."""
    values: dict[str, Any] = {"seat": "?", "free": "?", "card": "?", "suit": "?", "why": ""}
    values["seats"] = len(table.seats) if table is not None else SEAT_COUNT
    if isinstance(facts.get("seat"), int):
        values["seat"] = clip(facts["seat"] + 1)
    values.update({key: facts[key] for key in _PLAIN if key in facts})
    if isinstance(facts.get("until"), int | float):
        values["when"] = f"<t:{math.ceil(facts['until'])}:R>"  # Discord shows "in 40 seconds"
    values.update(_rule_values(facts, locale))
    if isinstance(facts.get("free"), int):
        values["free"] = facts["free"]
    for passed in ("wait", "level"):  # numbers and names shown as they are
        if passed in facts:
            values[passed] = facts[passed]
    if isinstance(facts.get("card"), Card):
        values["card"] = card_text(facts["card"], locale)
    if isinstance(facts.get("suit"), Suit):
        values["suit"] = t(f"common.suit.{facts['suit'].letter}", locale)
    if isinstance(facts.get("reason"), IllegalReason):
        why = reason_text(facts["reason"], locale)  # a header of its own, mid-sentence here
        values["why"] = mid_sentence(why)
    to_act = facts.get("to_act")
    values["name"] = (
        seat_name(table.seats, to_act, locale)
        if table is not None and isinstance(to_act, int)
        else t("tables.err.someone", locale)
    )
    return values


def _rule_values(facts: dict[str, Any], locale: str) -> dict[str, Any]:
    """The values a user typed, as a refusal repeats them: numbers cut at `CLIP`
    characters, names at `NAME_CLIP`; rule options named as /table open names them."""
    option, value = str(facts.get("option", "?")), facts.get("value", "?")
    values = {
        "preset": clip(facts.get("name", "?"), NAME_CLIP),
        "choices": ", ".join(str(choice) for choice in facts.get("choices", ())),
        "option": t(OPTION_NAMES[option], locale) if option in OPTION_NAMES else option,
        "value": clip(value, CLIP if isinstance(value, int) else NAME_CLIP),
        "min": facts.get("min", "?"),
        "max": "∞" if facts.get("max") is None else facts["max"],
        "channel": f"<#{facts['channel_id']}>" if "channel_id" in facts else "?",
    }
    if "locale" in facts:
        values["locale"] = clip(facts["locale"], NAME_CLIP)
    return values
