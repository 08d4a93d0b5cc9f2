"""The Analyse button (issue 27, point 4), declared once: the table's review of a hand and
the challenge's scored deal both carry it; `cogs/analysis` answers its clicks.

    kj:an:{kind}:{source}:{hand}:{check}

``kind`` is ``t`` (a table: ``source`` its id, ``hand`` the hand of its match) or ``c``
(a challenge: its id and the deal); ``check`` the result the button was drawn for
(`bot.analysis.line_check`, `deal_check`), so the service refuses a stale or forged one.
This format is a promise to messages already in Discord.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cogs.common.buttons import Buttons, Click, named, number, text
from cogs.common.components import Component
from cogs.common.text import t

__all__ = ["ANALYSIS", "Analyse", "analyse_component"]

ANALYSIS: Final = Buttons("Analysis")


@ANALYSIS.button(
    "kj:an:{kind}:{source}:{hand}:{check}",
    "analyse",
    kind=named({"t": "table", "c": "challenge"}),
    hand=number("[0-9]{1,6}"),
    check=text("[0-9a-f]{8}"),
)
@dataclass(frozen=True, slots=True)
class Analyse(Click):
    """Analyse a scored hand: what it acts on is all in its custom id."""

    kind: str  # "table" or "challenge"
    source: int
    hand: int
    check: str


def analyse_component(kind: str, source: int, hand: int, check: str, locale: str) -> Component:
    """The Analyse button as a component, labelled in ``locale``."""
    label = t("analysis.button", locale)
    return Analyse(kind, source, hand, check).component(label, emoji={"name": "🔍"})
