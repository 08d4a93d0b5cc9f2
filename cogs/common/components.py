"""What every feature's messages share: the embed colour, views of dynamic items, and the
pieces of a Components V2 message as Discord's JSON (a container with text displays,
pictures and rows of buttons; flag `IS_COMPONENTS_V2`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

import discord

__all__ = [
    "BUTTON_PREFIX",
    "EMBED_COLOUR",
    "IS_COMPONENTS_V2",
    "NO_MENTIONS",
    "Component",
    "RenderedLayout",
    "RenderedView",
    "action_rows",
    "container",
    "embed_layout",
    "media_gallery",
    "rendered_view",
    "text_display",
    "v2_message",
]

EMBED_COLOUR = discord.Colour.dark_green()  # the green of a card table
BUTTON_PREFIX = "kj:"  # every button of ours: a click with it is ours to answer
IS_COMPONENTS_V2 = 1 << 15  # the message flag of a Components V2 message
NO_MENTIONS = discord.AllowedMentions.none()


Component = dict[str, Any]  # one component as Discord's JSON (a button)


class RenderedView(discord.ui.View):
    """Components already in Discord's JSON, sent as they are: a frozen view without the
    `Item` objects (building a button as an item costs more than the rest of a hand
    message). Stopped, so discord.py never stores it: every click is dispatched by custom_id
    to the routed items (routing.py), so a stored view would serve nothing, yet discord.py
    would keep each sent view and give every ephemeral one a 15-minute timeout task."""

    def __init__(self, rows: Sequence[Sequence[Component]]) -> None:
        super().__init__(timeout=None)
        self._rows = action_rows(rows)
        self.stop()

    @classmethod
    def of(cls, wrapped: list[Component]) -> Self:
        """A view of rows already wrapped as action rows (`action_rows`)."""
        view = cls(())
        view._rows = wrapped
        return view

    def to_components(self) -> list[dict[str, Any]]:
        """The rows as Discord's JSON, as they were given."""
        return self._rows


def action_rows(rows: Sequence[Sequence[Component]]) -> list[Component]:
    """Rows of ready components as Discord's action rows (empty rows left out)."""
    return [{"type": 1, "components": list(row)} for row in rows if row]


def rendered_view(rows: Sequence[Sequence[Component]]) -> discord.ui.View:
    """Action rows of ready components (at most five a row, at most five rows)."""
    return RenderedView(rows)


# ----------------------------------------------------------------------------- V2 messages
# Discord's component types: 1 action row, 10 text display, 12 media gallery, 17 container.


def text_display(content: str) -> Component:
    """Markdown text inside a V2 message (headings, lists, custom emojis)."""
    return {"type": 10, "content": content}


def media_gallery(url: str, description: str) -> Component:
    """One picture (`attachment://name` for a file sent with the message); `description`
    is its alt text, what a screen reader says instead (Discord allows 1,024 characters)."""
    item = {"media": {"url": url}, "description": description[:1024]}
    return {"type": 12, "items": [item]}


def container(children: Sequence[Component], colour: discord.Colour = EMBED_COLOUR) -> Component:
    """A box with a coloured edge around text, pictures and rows, as an embed has."""
    return {"type": 17, "accent_color": colour.value, "components": list(children)}


def v2_message(
    components: Sequence[Component], *, replace: bool = False, quiet: bool = False
) -> dict[str, Any]:
    """A Components V2 message body. `replace`: an edit that may turn an older message
    (content and embeds) into this one, which Discord allows once those are emptied.
    `quiet`: a mention in its text notifies nobody (text displays notify as content does,
    where an embed never did)."""
    body: dict[str, Any] = {"flags": IS_COMPONENTS_V2, "components": list(components)}
    if replace:
        body.update(content=None, embeds=[])
    if quiet:
        body["allowed_mentions"] = NO_MENTIONS.to_dict()
    return body


class RenderedLayout(RenderedView):
    """A V2 message's ready components, for discord.py's sending paths (`send`,
    `send_message`): like `RenderedView`, but discord.py sets the V2 flag for it."""

    def has_components_v2(self) -> bool:
        """Always: discord.py sets the Components V2 flag for it."""
        return True


def embed_layout(embed: discord.Embed, view: discord.ui.View | None) -> RenderedLayout:
    """An embed and its buttons as a V2 message (one box in the embed's colour), for an
    edit of a V2 message, which can hold no embed: the title as a heading, the
    description, each field's name in bold over its value, the footer in small print."""
    parts = [text_display(f"## {embed.title}")] if embed.title else []
    if embed.description:
        parts.append(text_display(embed.description))
    parts += [text_display(f"**{field.name}**\n{field.value}") for field in embed.fields]
    if embed.footer.text:
        parts.append(text_display(f"-# {embed.footer.text}"))
    rows = view.to_components() if view is not None else []
    return RenderedLayout.of([container([*parts, *rows], embed.colour or EMBED_COLOUR)])
