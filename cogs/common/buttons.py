"""One declaration per button: its custom id's template with typed fields, the component it
draws and the handler its click goes to, in one place.

    TABLES = Buttons("Tables")

    @TABLES.button("kj:sit:{table}:{seat}", "on_sit", seat=number(f"[0-{SEAT_COUNT - 1}]"))
    @dataclass(frozen=True, slots=True)
    class Sit(Click):
        table: int
        seat: int

A field's type says how it is written in the custom id (`int` as up to 20 digits, `Card` by
its code, `Suit | None` as a suit letter or `pass`, a `StrEnum` or `Literal` by its values);
a keyword gives the codec of a field whose type does not say enough (a bool's two words, a
str's pattern, a shorter number). The declaration gives:

- `Sit(42, 3).custom_id` and `.component(label, style)`: the button as Discord's JSON;
- `Sit.item` (named `SitButton`): the `DynamicItem` the click router (routing.py) reads
  the custom id with; it makes the click again from the custom id and awaits
  `cog.actions.on_sit(interaction, click)` on the loaded cog (looked up per click: the cog
  may have reloaded);
- `TABLES.items`: every item of the feature, for `bot.add_routed_items`.

A custom id is a promise to messages already in Discord (tests/cogs/test_custom_ids.py
pins them): a click carries the state it was drawn for, and the service refuses it as stale
once that moved on.
"""

from __future__ import annotations

import re
import string
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

import discord

from bot.engine import Card, Suit

if TYPE_CHECKING:
    from cogs.common.components import Component

__all__ = [
    "CARD",
    "NUMBER",
    "SUIT_OR_PASS",
    "Buttons",
    "Click",
    "Codec",
    "Route",
    "button",
    "choice_style",
    "named",
    "number",
    "text",
    "words",
]

T = TypeVar("T")
C = TypeVar("C", bound="Click")


def button(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle,
    disabled: bool = False,
    emoji: dict[str, Any] | None = None,
) -> Component:
    """A button as Discord's JSON (type 2), the label cut to Discord's 80 characters;
    `emoji` is its picture (`{"name", "id"}`), or None."""
    component: Component = {
        "type": 2,
        "style": style.value,
        "disabled": disabled,
        "label": label[:80],
        "custom_id": custom_id,
    }
    if emoji is not None:
        component["emoji"] = emoji
    return component


def choice_style(suit: Suit | None) -> discord.ButtonStyle:
    """A suit to name as trump is primary (the suits told apart by their symbols, not by
    colour, as on every hand: cogs/common/hand_cards.py); passing (None) is grey."""
    return discord.ButtonStyle.secondary if suit is None else discord.ButtonStyle.primary


@dataclass(frozen=True, slots=True)
class Codec(Generic[T]):
    """How one field is written in a custom id: the regex it matches, and both ways."""

    pattern: str
    read: Callable[[str], T]
    write: Callable[[T], str]


def number(pattern: str = "[0-9]{1,20}") -> Codec[int]:
    """A whole number of the digits `pattern` allows."""
    return Codec(pattern, int, str)


def text(pattern: str) -> Codec[str]:
    """Text as it is, of the characters `pattern` allows."""
    return Codec(pattern, str, str)


def words(yes: str, no: str) -> Codec[bool]:
    """A bool written as one of two words (`no` may be empty: an optional suffix)."""
    return Codec(f"{re.escape(yes)}|{re.escape(no)}", yes.__eq__, lambda on: yes if on else no)


def named(values: Mapping[str, T]) -> Codec[T]:
    """One of a few values, each written as its key."""
    keys = {value: key for key, value in values.items()}
    return Codec("|".join(map(re.escape, values)), values.__getitem__, keys.__getitem__)


def _suit_or_pass(choice: str) -> Suit | None:
    return None if choice == "pass" else Suit.parse(choice)


NUMBER: Codec[int] = number()
CARD: Codec[Card] = Codec("[7-9TJQKA][cdhs]", Card.parse, lambda card: card.code)
SUIT_OR_PASS: Codec[Suit | None] = Codec(
    "[cdhs]|pass", _suit_or_pass, lambda suit: "pass" if suit is None else suit.letter
)


def _codec_of(kind: Any) -> Codec[Any] | None:
    """The codec a field's type implies, if it implies one."""
    if kind is int:
        return NUMBER
    if kind is Card:
        return CARD
    if kind == Suit | None:
        return SUIT_OR_PASS
    if isinstance(kind, type) and issubclass(kind, StrEnum):
        return named({member.value: member for member in kind})
    if typing.get_origin(kind) is typing.Literal:
        return named({value: value for value in typing.get_args(kind)})
    return None


class Click:
    """A button's fields, as a frozen dataclass declared with `Buttons.button`."""

    __slots__ = ()
    route: ClassVar[Route]
    item: ClassVar[type[discord.ui.DynamicItem[Any]]]

    @classmethod
    def parse(cls, custom_id: str) -> Self | None:
        """The click a custom id names; None when it is none of this button's."""
        click = cls.route.parse(custom_id)
        return click if isinstance(click, cls) else None

    @property
    def custom_id(self) -> str:
        """The custom id this click's button carries."""
        return self.route.write(self)

    def component(
        self,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        emoji: dict[str, Any] | None = None,
    ) -> Component:
        """The button as Discord's JSON, labelled `label`."""
        return button(self.custom_id, label, style, disabled, emoji)


class Route:
    """A declared click's template, compiled: reading and writing its custom id, and the
    handler a click goes to."""

    def __init__(
        self,
        click: type[Click],
        template: str,
        codecs: Mapping[str, Codec[Any]],
        handler: tuple[str, str | None, str],
    ) -> None:
        hints = typing.get_type_hints(click)
        declared = [field.name for field in fields(click)]  # type: ignore[arg-type]
        self.click = click
        self.cog, self.via, self.method = handler
        self.parts: list[tuple[str, str, Codec[Any]]] = []
        self.tail = ""
        pattern = []
        for literal, name, _, _ in string.Formatter().parse(template):
            pattern.append(re.escape(literal))
            if name is None:
                self.tail = literal
                continue
            codec = codecs.get(name) or _codec_of(hints.get(name))
            if codec is None:
                raise TypeError(f"{click.__name__}.{name}: give its codec")
            self.parts.append((literal, name, codec))
            pattern.append(f"(?P<{name}>{codec.pattern})")
        if sorted(name for _, name, _ in self.parts) != sorted(declared):
            raise TypeError(f"{click.__name__}: the template names other fields than declared")
        # Both ways as plain tuples (a click is read and a hand drawn many times a second):
        codec_of = {name: codec for _, name, codec in self.parts}
        self._readers = [(name, codec_of[name].read) for name in declared]
        self._writers = [(literal, name, codec.write) for literal, name, codec in self.parts]
        self.pattern = "".join(pattern)
        self.compiled = re.compile(self.pattern)

    def write(self, click: Click) -> str:
        """The custom id of `click`."""
        written = [literal + write(getattr(click, name)) for literal, name, write in self._writers]
        return "".join(written) + self.tail

    def head(self, values: Sequence[Any]) -> str:
        """What the custom ids whose first fields are `values` share: those fields written
        and the text up to the next field (a hand's card buttons differ only by the card)."""
        parts = self.parts[: len(values)]
        written = "".join(
            lit + codec.write(v) for (lit, _, codec), v in zip(parts, values, strict=True)
        )
        return written + self.parts[len(values)][0]

    def read(self, match: re.Match[str]) -> Click:
        """The click a custom id matched by `pattern` was drawn for."""
        return self.click(*[read(match[name]) for name, read in self._readers])

    def parse(self, custom_id: str) -> Click | None:
        """The click of a custom id, or None when the id is none of this button's."""
        match = self.compiled.fullmatch(custom_id)
        return None if match is None else self.read(match)

    async def handle(self, interaction: discord.Interaction[Any], click: Click) -> None:
        """Await the handler of the loaded cog with the click."""
        cog = interaction.client.get_cog(self.cog)
        if cog is None:
            raise RuntimeError(f"the {self.cog} cog is not loaded")
        owner = cog if self.via is None else getattr(cog, self.via)
        await getattr(owner, self.method)(interaction, click)


def _item(route: Route, select: bool) -> type[discord.ui.DynamicItem[Any]]:
    """The `DynamicItem` reading a declared click's custom ids, for the click router."""

    class Item(discord.ui.DynamicItem[discord.ui.Item[Any]], template=route.pattern):
        def __init__(self, click: Click, custom_id: str = "") -> None:
            custom_id = custom_id or click.custom_id
            base: discord.ui.Item[Any] = (
                discord.ui.Select(custom_id=custom_id)
                if select
                else discord.ui.Button(custom_id=custom_id)
            )
            super().__init__(base)
            self.click = click

        @classmethod
        async def from_custom_id(
            cls,
            interaction: discord.Interaction[Any],
            item: discord.ui.Item[Any],
            match: re.Match[str],
        ) -> Item:
            return cls(route.read(match), match.string)

        async def callback(self, interaction: discord.Interaction[Any]) -> None:
            await route.handle(interaction, self.click)

    Item.__name__ = Item.__qualname__ = f"{route.click.__name__}Button"
    Item.__module__ = route.click.__module__
    return Item


class Buttons:
    """The buttons of one feature: each declared once, its clicks answered by the cog named
    `cog` (by its attribute `via`, the cog's actions, or by the cog itself when None)."""

    def __init__(self, cog: str, via: str | None = "actions") -> None:
        self.cog = cog
        self.via = via
        self.items: list[type[discord.ui.DynamicItem[Any]]] = []

    def button(
        self, template: str, handler: str, *, select: bool = False, **codecs: Codec[Any]
    ) -> Callable[[type[C]], type[C]]:
        """Declare a click (a frozen dataclass of `Click`): its custom id `template` with
        `{field}` places, the handler method's name, and codecs of fields whose type does
        not say how they are written. `select`: a select menu, not a button."""

        def declare(click: type[C]) -> type[C]:
            route = Route(click, template, codecs, (self.cog, self.via, handler))
            click.route = route
            click.item = _item(route, select)
            self.items.append(click.item)
            return click

        return declare
