"""The /help menu's buttons, declared once: `kj:help:{page}` shows that page in the message
clicked (`Help.show_page`).

A page is drawn afresh on every click (the command tree and the reader's language as they
are now), so no button can be out of date; an unknown page shows the quick start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import discord

from cogs.common.buttons import Buttons, Click, text
from cogs.common.components import Component

__all__ = ["HELP", "HelpPage", "HelpPageButton", "page_component"]

HELP: Final = Buttons("Help", via=None)


@HELP.button("kj:help:{page}", "show_page", page=text("[a-z]{1,20}"))
@dataclass(frozen=True, slots=True)
class HelpPage(Click):
    """A page of the menu."""

    page: str


HelpPageButton = HelpPage.item


def page_component(page: str, label: str, current: bool) -> Component:
    """A menu button: the page shown is primary and disabled."""
    style = discord.ButtonStyle.primary if current else discord.ButtonStyle.secondary
    return HelpPage(page).component(label, style, disabled=current)
