"""The table's buttons: every one a `DynamicItem` whose custom_id says what it acts on.

A click is routed by its custom_id alone (a regex template, named once with
`bot.add_routed_items`), so buttons keep working after a restart and no per-message view
has to be stored. The items only parse; `TableActions` (cogs/tables/actions.py) decides,
calls the table service and answers. custom_ids (Discord allows 100 characters):

    kj:{kind}:{table}               a `ButtonKind`: hand, refresh, roem, sheet, last, back, leave,
                                    start, addbot, bump, fill (start with computers)
    kj:sit:{table}:{seat}           seat 0..3
    kj:card:{table}:{seq}:{card}    the card's code, e.g. Th (ten of hearts)
    kj:trump:{table}:{seq}:{choice} a suit letter c/d/h/s, or pass
    kj:kraak:{table}:{seq}:{level}:{answer}  the kraak call offered (1 kraak, 2 rekraak,
                                    3 superkraak), call or pass
    kj:leave:{table}:{seq}:{answer} yes or no: the answer to "leave the match?"
    kj:review:{table}:{hand}[:d]    hand number (1-based) of the match, shown once scored;
                                    ":d" for the page of the hands as dealt
    kj:again:{table}:{seq}          Play again: a new table with the finished one's four

`seq` is the table state the button was drawn for; the service refuses the action as
"stale" when the table has moved on since, inside its lock. These formats are a promise to
messages already in Discord: buttons sent before an update must keep working after it.
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import lru_cache
from typing import Any, Protocol

import discord

from bot.engine import Card, Suit
from bot.engine.seats import SEAT_COUNT
from cogs.common.components import Component, button, choice_style
from cogs.common.text import SEATS_CACHED, t

__all__ = [
    "ALL_ITEMS",
    "AgainButton",
    "again_component",
    "card_component",
    "kind_component",
    "sit_component",
    "trump_component",
    "kraak_component",
    "ButtonKind",
    "CardButton",
    "LeaveAnswerButton",
    "SitButton",
    "TableButton",
    "TrumpButton",
    "KraakButton",
    "ReviewButton",
    "review_component",
]


class ButtonKind(StrEnum):
    """The buttons that need no more than the table id; the value is the custom_id's kind."""

    HAND = "hand"
    REFRESH = "refresh"
    ROEM = "roem"
    SHEET = "sheet"
    LAST = "last"
    BACK = "back"
    LEAVE = "leave"
    START = "start"
    ADDBOT = "addbot"
    BUMP = "bump"
    FILL = "fill"  # start with computers in the free seats


_ID = r"[0-9]{1,20}"
Style = discord.ButtonStyle


class Actions(Protocol):
    """What a click asks for; implemented by `cogs.tables.actions.TableActions`."""

    async def on_button(
        self, interaction: discord.Interaction[Any], kind: ButtonKind, table_id: int
    ) -> None: ...

    async def on_sit(
        self, interaction: discord.Interaction[Any], table_id: int, seat: int
    ) -> None: ...

    async def on_card(
        self, interaction: discord.Interaction[Any], table_id: int, seq: int, card: Card
    ) -> None: ...

    async def on_trump(
        self, interaction: discord.Interaction[Any], table_id: int, seq: int, suit: Suit | None
    ) -> None: ...

    async def on_kraak(
        self, interaction: discord.Interaction[Any], table_id: int, seq: int, level: int, call: bool
    ) -> None: ...

    async def on_review(
        self, interaction: discord.Interaction[Any], table_id: int, hand: int, deal: bool
    ) -> None: ...

    async def on_leave_answer(
        self, interaction: discord.Interaction[Any], table_id: int, seq: int, leave: bool
    ) -> None: ...

    async def on_again(
        self, interaction: discord.Interaction[Any], table_id: int, seq: int
    ) -> None: ...


def actions_of(interaction: discord.Interaction[Any]) -> Actions:
    """The loaded tables cog's actions (looked up per click: the cog may have reloaded)."""
    cog = interaction.client.get_cog("Tables")
    if cog is None:
        raise RuntimeError("the Tables cog is not loaded")
    actions: Actions = cog.actions
    return actions


def _button(
    custom_id: str, label: str, style: Style, disabled: bool, row: int | None
) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=label[:80], style=style, disabled=disabled, custom_id=custom_id, row=row
    )


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kj:(?P<action>{'|'.join(ButtonKind)}):(?P<table>{_ID})",
):
    def __init__(
        self,
        kind: ButtonKind,
        table_id: int,
        label: str = "",
        style: Style = Style.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        custom_id = self.custom_id_of(kind, table_id)
        super().__init__(_button(custom_id, label or kind.value, style, disabled, row))
        self.kind = kind
        self.table_id = table_id

    @staticmethod
    def custom_id_of(kind: ButtonKind, table_id: int) -> str:
        return f"kj:{kind.value}:{table_id}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TableButton:
        return cls(ButtonKind(match["action"]), int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await actions_of(interaction).on_button(interaction, self.kind, self.table_id)


class SitButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kj:sit:(?P<table>{_ID}):(?P<seat>[0-{SEAT_COUNT - 1}])",
):
    def __init__(self, table_id: int, seat: int, label: str = "", row: int | None = None) -> None:
        custom_id = self.custom_id_of(table_id, seat)
        super().__init__(_button(custom_id, label or str(seat + 1), Style.primary, False, row))
        self.table_id = table_id
        self.seat = seat

    @staticmethod
    def custom_id_of(table_id: int, seat: int) -> str:
        return f"kj:sit:{table_id}:{seat}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SitButton:
        return cls(int(match["table"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await actions_of(interaction).on_sit(interaction, self.table_id, self.seat)


class CardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kj:card:(?P<table>{_ID}):(?P<seq>{_ID}):(?P<card>[7-9TJQKA][cdhs])",
):
    def __init__(
        self,
        table_id: int,
        seq: int,
        card: Card,
        disabled: bool = False,
        row: int | None = None,
        label: str = "",
    ) -> None:
        """`label` is the card in the player's letters (`cogs/common/text.py`); a button
        rebuilt from a click needs none."""
        style = Style.primary
        custom_id = self.custom_id_of(table_id, seq, card)
        super().__init__(_button(custom_id, label or card.code, style, disabled, row))
        self.table_id = table_id
        self.seq = seq
        self.card = card

    @staticmethod
    def custom_id_of(table_id: int, seq: int, card: Card) -> str:
        return f"{CardButton.prefix_of(table_id, seq)}{card.code}"

    @staticmethod
    def prefix_of(table_id: int, seq: int) -> str:
        """What the custom_ids of one hand's cards share: all but the card's code."""
        return f"kj:card:{table_id}:{seq}:"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CardButton:
        return cls(int(match["table"]), int(match["seq"]), Card.parse(match["card"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await actions_of(interaction).on_card(interaction, self.table_id, self.seq, self.card)


class TrumpButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kj:trump:(?P<table>{_ID}):(?P<seq>{_ID}):(?P<choice>[cdhs]|pass)",
):
    def __init__(
        self,
        table_id: int,
        seq: int,
        suit: Suit | None,
        label: str = "",
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        choice = "pass" if suit is None else suit.letter
        style = choice_style(suit)
        custom_id = self.custom_id_of(table_id, seq, suit)
        super().__init__(_button(custom_id, label or choice, style, disabled, row))
        self.table_id = table_id
        self.seq = seq
        self.suit = suit

    @staticmethod
    def custom_id_of(table_id: int, seq: int, suit: Suit | None) -> str:
        return f"kj:trump:{table_id}:{seq}:{'pass' if suit is None else suit.letter}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TrumpButton:
        choice = match["choice"]
        suit = None if choice == "pass" else Suit.parse(choice)
        return cls(int(match["table"]), int(match["seq"]), suit)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await actions_of(interaction).on_trump(interaction, self.table_id, self.seq, self.suit)


class KraakButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kj:kraak:(?P<table>{_ID}):(?P<seq>{_ID}):(?P<level>[1-3]):(?P<answer>call|pass)",
):
    """A kraak call (or the pass on it) as offered on one state of the hand: the level
    and the state travel with the click, so a call the hand moved past is refused."""

    def __init__(self, table_id: int, seq: int, level: int, call: bool, label: str = "") -> None:
        custom_id = self.custom_id_of(table_id, seq, level, call)
        style = Style.danger if call else Style.secondary
        super().__init__(_button(custom_id, label or custom_id, style, False, None))
        self.table_id, self.seq, self.level, self.call = table_id, seq, level, call

    @staticmethod
    def custom_id_of(table_id: int, seq: int, level: int, call: bool) -> str:
        return f"kj:kraak:{table_id}:{seq}:{level}:{'call' if call else 'pass'}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> KraakButton:
        table, seq, level = int(match["table"]), int(match["seq"]), int(match["level"])
        return cls(table, seq, level, match["answer"] == "call")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await actions_of(interaction).on_kraak(
            interaction, self.table_id, self.seq, self.level, self.call
        )


class LeaveAnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kj:leave:(?P<table>{_ID}):(?P<seq>{_ID}):(?P<answer>yes|no)",
):
    """Yes or No to "leave the match?": Yes leaves only if the table is still at `seq`."""

    def __init__(self, table_id: int, seq: int, leave: bool, label: str = "") -> None:
        answer = "yes" if leave else "no"
        style = Style.danger if leave else Style.secondary
        custom_id = f"kj:leave:{table_id}:{seq}:{answer}"
        super().__init__(_button(custom_id, label or answer, style, False, 0))
        self.table_id = table_id
        self.seq = seq
        self.leave = leave

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LeaveAnswerButton:
        return cls(int(match["table"]), int(match["seq"]), match["answer"] == "yes")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await actions_of(interaction).on_leave_answer(
            interaction, self.table_id, self.seq, self.leave
        )


class ReviewButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kj:review:(?P<table>{_ID}):(?P<hand>[0-9]{{1,6}})(?P<deal>:d)?",
):
    """A scored hand trick by trick, or (`deal`, ":d") as dealt (ephemeral); the service
    refuses a hand not yet scored, so a forged or stale id reveals nothing of a hand in
    play."""

    def __init__(
        self, table_id: int, hand: int, label: str = "", row: int | None = None, deal: bool = False
    ) -> None:
        custom_id = self.custom_id_of(table_id, hand, deal)
        super().__init__(_button(custom_id, label or str(hand), Style.secondary, False, row))
        self.table_id = table_id
        self.hand = hand
        self.deal = deal

    @staticmethod
    def custom_id_of(table_id: int, hand: int, deal: bool = False) -> str:
        return f"kj:review:{table_id}:{hand}" + (":d" if deal else "")

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReviewButton:
        return cls(int(match["table"]), int(match["hand"]), deal=match["deal"] is not None)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await actions_of(interaction).on_review(interaction, self.table_id, self.hand, self.deal)


class AgainButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kj:again:(?P<table>{_ID}):(?P<seq>{_ID})",
):
    """Play again, on a finished match's score sheet: the service opens a new table with the
    same four only if the finished table is still at `seq` and not played again yet."""

    def __init__(self, table_id: int, seq: int, label: str = "") -> None:
        custom_id = self.custom_id_of(table_id, seq)
        super().__init__(_button(custom_id, label or "again", Style.success, False, None))
        self.table_id = table_id
        self.seq = seq

    @staticmethod
    def custom_id_of(table_id: int, seq: int) -> str:
        return f"kj:again:{table_id}:{seq}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AgainButton:
        return cls(int(match["table"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await actions_of(interaction).on_again(interaction, self.table_id, self.seq)


# ----------------------------------------------------------------------------- as JSON
# The same buttons as ready components (`cogs.common.components.RenderedView`): what
# the items above send, with the custom ids they parse, at a fraction of the cost.


@lru_cache(maxsize=SEATS_CACHED)
def kind_component(
    kind: ButtonKind,
    table_id: int,
    locale: str,
    style: Style = Style.secondary,
    disabled: bool = False,
) -> Component:
    """A table button labelled from the catalogue (`tables.button.<kind>`); cached (the
    same few buttons in every message of a table), so the dict is shared: never change it."""
    label = t(f"tables.button.{kind.value}", locale) or kind.value
    return button(TableButton.custom_id_of(kind, table_id), label, style, disabled)


def sit_component(table_id: int, seat: int, label: str) -> Component:
    return button(SitButton.custom_id_of(table_id, seat), label, Style.primary)


def card_component(prefix: str, card: Card, look: Component) -> Component:
    """`CardButton` as a component: the card's `look` (`cogs/common/hand_cards.py`'s
    `card_look`: label, style, picture) with its custom_id, `prefix` (`CardButton.prefix_of`,
    the table and state, the same for every card of a hand) and the card's code."""
    return {**look, "custom_id": prefix + card.code}


def trump_component(
    table_id: int, seq: int, suit: Suit | None, label: str, disabled: bool = False
) -> Component:
    """A suit to name as trump (primary, the suits told apart by their symbols), or Pass."""
    custom_id = TrumpButton.custom_id_of(table_id, seq, suit)
    return button(custom_id, label, choice_style(suit), disabled)


def kraak_component(table_id: int, seq: int, level: int, call: bool, label: str) -> Component:
    """`KraakButton` as a component: the call in red, the pass grey."""
    custom_id = KraakButton.custom_id_of(table_id, seq, level, call)
    return button(custom_id, label, Style.danger if call else Style.secondary, False)


def review_component(table_id: int, hand: int, label: str, deal: bool = False) -> Component:
    """`ReviewButton` as a component."""
    return button(ReviewButton.custom_id_of(table_id, hand, deal), label, Style.secondary)


def again_component(table_id: int, seq: int, label: str) -> Component:
    """`AgainButton` as a component."""
    return button(AgainButton.custom_id_of(table_id, seq), label, Style.success)


ALL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    TableButton,
    SitButton,
    CardButton,
    TrumpButton,
    KraakButton,
    LeaveAnswerButton,
    ReviewButton,
    AgainButton,
)
