"""What every feature's messages share: the embed colour, and views of dynamic items."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

__all__ = [
    "BUTTON_PREFIX",
    "EMBED_COLOUR",
    "Component",
    "RenderedView",
    "action_rows",
    "frozen_view",
    "rendered_view",
]

EMBED_COLOUR = discord.Colour.dark_green()  # the green of a card table
BUTTON_PREFIX = "kj:"  # every button of ours: a click with it is ours to answer


def frozen_view(items: list[discord.ui.Item[Any]]) -> discord.ui.View:
    """A view to carry components only: stopped, so discord.py never stores it.

    Every click is dispatched by custom_id to the routed items (routing.py), so a stored
    view would serve nothing; yet discord.py would keep each sent view and give every
    ephemeral one a 15-minute timeout task (thousands of idle tasks on a busy night). A
    stopped view is sent as components and then forgotten.
    """
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


Component = dict[str, Any]  # one component as Discord's JSON (a button)


class RenderedView(discord.ui.View):
    """Components already in Discord's JSON, sent as they are: a frozen view without the
    `Item` objects (building a button as an item costs more than the rest of a hand
    message). Stopped, like `frozen_view`, so discord.py never stores it."""

    def __init__(self, rows: Sequence[Sequence[Component]]) -> None:
        super().__init__(timeout=None)
        self._rows = action_rows(rows)
        self.stop()

    @classmethod
    def of(cls, wrapped: list[Component]) -> RenderedView:
        """A view of rows already wrapped as action rows (`action_rows`)."""
        view = cls(())
        view._rows = wrapped
        return view

    def to_components(self) -> list[dict[str, Any]]:
        return self._rows


def action_rows(rows: Sequence[Sequence[Component]]) -> list[Component]:
    """Rows of ready components as Discord's action rows (empty rows left out)."""
    return [{"type": 1, "components": list(row)} for row in rows if row]


def rendered_view(rows: Sequence[Sequence[Component]]) -> discord.ui.View:
    """Action rows of ready components (at most five a row, at most five rows)."""
    return RenderedView(rows)
