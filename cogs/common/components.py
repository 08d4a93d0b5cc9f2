"""What every feature's messages share: the embed colour, and views of dynamic items."""

from __future__ import annotations

from typing import Any

import discord

__all__ = ["BUTTON_PREFIX", "EMBED_COLOUR", "frozen_view"]

EMBED_COLOUR = discord.Colour.dark_green()  # the green of a card table
BUTTON_PREFIX = "kj:"  # every button of ours: a click with it is ours to answer


def frozen_view(items: list[discord.ui.Item[Any]]) -> discord.ui.View:
    """A view to carry components only: stopped, so discord.py never stores it.

    Every click is dispatched by custom_id to the registered dynamic items, so a stored
    view would serve nothing; yet discord.py would keep each sent view and give every
    ephemeral one a 15-minute timeout task (thousands of idle tasks on a busy night). A
    stopped view is sent as components and then forgotten.
    """
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view
