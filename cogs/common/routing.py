"""Clicks routed to `DynamicItem` classes by custom_id, without discord.py's view store.

discord.py dispatches a click on a registered dynamic item by first rebuilding a whole
`View` from the clicked message (every button of it as an `Item`), then looking the
clicked button up in it, then swapping in the item `from_custom_id` made. For a hand
message of up to 16 buttons that was the largest single cost of a click the bot controls
(benchmarks/discord_load.py, docs/benchmarks.md). A `ClickRouter` does what that path
decides with the same items: match the custom_id against the items' templates, check that
the clicked message really carries a button with that custom_id (a click Discord would not
send is ignored, as discord.py ignores it), build the item with `from_custom_id` and run
its `interaction_check` and `callback`. Refusing stale clicks stays where it was: in the
items' custom ids (the table state they were drawn for), checked by the service.

This is the one way buttons (and select menus, such as /rules' topics) are registered:
every feature names its items with `bot.add_routed_items` (none uses discord.py's
`add_dynamic_items`; an item given to both would run twice per click), and the error
cog's one click listener routes them (and answers a `kj:` click none of them matches as
out of date).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import discord

__all__ = ["ClickRouter"]

log = logging.getLogger(__name__)

Item = type[discord.ui.DynamicItem[Any]]


class ClickRouter:
    """The dynamic items of one feature, dispatched from `on_interaction`."""

    def __init__(self, items: Sequence[Item], prefix: str) -> None:
        """`prefix` is what every routed custom_id starts with (a quick no for others)."""
        self.prefix = prefix
        self.item_types = tuple(items)
        self.items: list[tuple[re.Pattern[str], Item]] = [
            (item.__discord_ui_compiled_template__, item) for item in items
        ]

    def match(self, custom_id: str) -> tuple[Item, re.Match[str]] | None:
        """The item class whose template the whole custom_id matches, if any."""
        if not custom_id.startswith(self.prefix):
            return None
        for pattern, item in self.items:
            found = pattern.fullmatch(custom_id)
            if found is not None:
                return item, found
        return None

    async def route(self, interaction: discord.Interaction[Any]) -> bool:
        """Handle a click on one of the items; False if it is none of them (or not a
        click on a message that carries it, which is then ignored)."""
        if interaction.type is not discord.InteractionType.component:
            return False
        data: Any = interaction.data or {}
        custom_id = data.get("custom_id")
        if not isinstance(custom_id, str):
            return False
        matched = self.match(custom_id)
        if matched is None:
            return False
        message = interaction.message
        if message is None:
            return True
        base = _find(message.components, custom_id, data.get("component_type"))
        if base is None:
            return True
        factory, found = matched
        try:
            item = await factory.from_custom_id(interaction, base, found)
        except Exception:
            log.exception("ignoring a click %r that %s could not read", custom_id, factory)
            return True
        try:
            allowed = await item.interaction_check(interaction)
        except Exception:
            allowed = False
        if allowed:
            await item.callback(interaction)
        return True


def _find(
    components: Iterable[discord.Component], custom_id: str, kind: Any
) -> discord.ui.Item[Any] | None:
    """The clicked button or select menu as an item, if the message carries it (rows
    searched in order). The item a select gives carries no choice: its callback reads
    the values from the interaction."""
    for component in _walk(components):
        if component.type.value != kind or getattr(component, "custom_id", None) != custom_id:
            continue
        if isinstance(component, discord.Button):
            return discord.ui.Button.from_component(component)
        if isinstance(component, discord.SelectMenu):
            return discord.ui.Select.from_component(component)
    return None


def _walk(components: Iterable[discord.Component]) -> Iterator[discord.Component]:
    for component in components:
        yield component
        children = getattr(component, "children", None)
        if children:
            yield from _walk(children)
