"""The Analyse button (issue 27, point 4): its custom id and component, which the table's
review of a hand and the challenge's scored deal both carry; `cogs/analysis` routes it.

    kj:an:{kind}:{source}:{hand}:{check}

``kind`` is ``t`` (a table: ``source`` its id, ``hand`` the hand of its match) or ``c``
(a challenge: its id and the deal); ``check`` the result the button was drawn for
(`bot.analysis.line_check`, `deal_check`), so the service refuses a stale or forged one.
This format is a promise to messages already in Discord.
"""

from __future__ import annotations

from typing import Final

import discord

from cogs.common.components import Component
from cogs.common.text import t

__all__ = ["KINDS", "TEMPLATE", "analyse_component", "analyse_id"]

KINDS: Final = {"t": "table", "c": "challenge"}
TEMPLATE: Final = (
    r"kj:an:(?P<kind>[tc]):(?P<source>[0-9]{1,20}):(?P<hand>[0-9]{1,6}):(?P<check>[0-9a-f]{8})"
)


def analyse_id(kind: str, source: int, hand: int, check: str) -> str:
    """The button's custom id (``kind``: "table" or "challenge")."""
    letter = "t" if kind == "table" else "c"
    return f"kj:an:{letter}:{source}:{hand}:{check}"


def analyse_component(kind: str, source: int, hand: int, check: str, locale: str) -> Component:
    """The Analyse button as a component, labelled in ``locale``."""
    return {
        "type": 2,
        "style": discord.ButtonStyle.secondary.value,
        "label": t("analysis.button", locale),
        "custom_id": analyse_id(kind, source, hand, check),
        "emoji": {"name": "🔍"},
    }
