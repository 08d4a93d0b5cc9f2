"""The challenge's buttons: `DynamicItem`s whose custom_id says what they act on.

A click is routed by its custom_id alone (named once with `bot.add_routed_items`), so the
buttons keep working after a restart and no view is stored. The items only parse; the
loaded cog's `ChallengeActions` (actions.py) asks the service and answers. custom_ids:

    kj:chl:{kind}:{challenge}                    a `ChallengeKind`: start, look, board, open
    kj:chl:card:{challenge}:{deal}:{seq}:{card}  the card's code, e.g. Th
    kj:chl:bid:{challenge}:{deal}:{seq}:{suit}   a suit letter c/d/h/s, or pass

`deal` and `seq` are the member's deal and move count the button was drawn for: the
service refuses a click drawn for a deal already played (`deal_played`) or an earlier
moment (`stale`). The clicker is always the member acted for: a copied button acts on the
clicker's own entry, never on another's. These formats are a promise to messages already
in Discord.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any, Protocol

import discord

from bot.engine import Card, Suit
from cogs.common.buttons import button, choice_style
from cogs.common.components import Component

__all__ = [
    "ALL_ITEMS",
    "BidButton",
    "CardButton",
    "ChallengeButton",
    "ChallengeKind",
    "bid_component",
    "card_component",
    "kind_component",
]

_ID = r"[0-9]{1,20}"
_SMALL = r"[0-9]{1,9}"
Style = discord.ButtonStyle


class ChallengeKind(StrEnum):
    """The buttons that need no more than the challenge's id."""

    START = "start"  # start playing (the intro)
    LOOK = "look"  # redraw the member's deal as it is now
    BOARD = "board"  # the standings (once the member finished, or the challenge closed)
    OPEN = "open"  # the announcement's Play: the member's place, privately


class Actions(Protocol):
    """What a click asks for; implemented by `cogs.challenge.actions.ChallengeActions`."""

    async def on_kind(
        self, interaction: discord.Interaction[Any], kind: ChallengeKind, challenge_id: int
    ) -> None: ...

    async def on_card(
        self,
        interaction: discord.Interaction[Any],
        challenge_id: int,
        deal: int,
        seq: int,
        card: Card,
    ) -> None: ...

    async def on_bid(
        self,
        interaction: discord.Interaction[Any],
        challenge_id: int,
        deal: int,
        seq: int,
        suit: Suit | None,
    ) -> None: ...


def actions_of(interaction: discord.Interaction[Any]) -> Actions:
    """The loaded challenge cog's actions (looked up per click: the cog may have reloaded)."""
    cog = interaction.client.get_cog("Challenge")
    if cog is None:
        raise RuntimeError("the Challenge cog is not loaded")
    actions: Actions = cog.actions
    return actions


def _button(custom_id: str, label: str, style: Style = Style.secondary) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label[:80] or "…", style=style, custom_id=custom_id)


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kj:chl:(?P<kind>{'|'.join(ChallengeKind)}):(?P<challenge>{_ID})",
):
    def __init__(self, kind: ChallengeKind, challenge_id: int, label: str = "") -> None:
        super().__init__(_button(self.custom_id_of(kind, challenge_id), label or kind.value))
        self.kind = kind
        self.challenge_id = challenge_id

    @staticmethod
    def custom_id_of(kind: ChallengeKind, challenge_id: int) -> str:
        return f"kj:chl:{kind.value}:{challenge_id}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(ChallengeKind(match["kind"]), int(match["challenge"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await actions_of(interaction).on_kind(interaction, self.kind, self.challenge_id)


class CardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        rf"kj:chl:card:(?P<challenge>{_ID}):(?P<deal>{_SMALL}):(?P<seq>{_SMALL}):"
        r"(?P<card>[7-9TJQKA][cdhs])"
    ),
):
    def __init__(self, challenge_id: int, deal: int, seq: int, card: Card) -> None:
        custom_id = self.custom_id_of(challenge_id, deal, seq, card)
        super().__init__(_button(custom_id, card.code))
        self.challenge_id, self.deal, self.seq, self.card = challenge_id, deal, seq, card

    @staticmethod
    def custom_id_of(challenge_id: int, deal: int, seq: int, card: Card) -> str:
        return f"kj:chl:card:{challenge_id}:{deal}:{seq}:{card.code}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CardButton:
        card = Card.parse(match["card"])
        return cls(int(match["challenge"]), int(match["deal"]), int(match["seq"]), card)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await actions_of(interaction).on_card(
            interaction, self.challenge_id, self.deal, self.seq, self.card
        )


class BidButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        rf"kj:chl:bid:(?P<challenge>{_ID}):(?P<deal>{_SMALL}):(?P<seq>{_SMALL}):"
        r"(?P<suit>[cdhs]|pass)"
    ),
):
    def __init__(self, challenge_id: int, deal: int, seq: int, suit: Suit | None) -> None:
        custom_id = self.custom_id_of(challenge_id, deal, seq, suit)
        super().__init__(_button(custom_id, "pass" if suit is None else suit.letter))
        self.challenge_id, self.deal, self.seq, self.suit = challenge_id, deal, seq, suit

    @staticmethod
    def custom_id_of(challenge_id: int, deal: int, seq: int, suit: Suit | None) -> str:
        choice = "pass" if suit is None else suit.letter
        return f"kj:chl:bid:{challenge_id}:{deal}:{seq}:{choice}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BidButton:
        suit = None if match["suit"] == "pass" else Suit.parse(match["suit"])
        return cls(int(match["challenge"]), int(match["deal"]), int(match["seq"]), suit)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await actions_of(interaction).on_bid(
            interaction, self.challenge_id, self.deal, self.seq, self.suit
        )


def kind_component(
    kind: ChallengeKind, challenge_id: int, label: str, style: Style = Style.secondary
) -> Component:
    """`ChallengeButton` as a component."""
    return button(ChallengeButton.custom_id_of(kind, challenge_id), label, style)


def card_component(
    challenge_id: int, deal: int, seq: int, card: Card, look: Component
) -> Component:
    """`CardButton` as a component: the card's `look` (`cogs/common/hand_cards.py`'s
    `card_look`: label, style, picture, as on the table's hand) with its custom_id."""
    return {**look, "custom_id": CardButton.custom_id_of(challenge_id, deal, seq, card)}


def bid_component(
    challenge_id: int, deal: int, seq: int, suit: Suit | None, label: str, disabled: bool = False
) -> Component:
    """`BidButton` as a component (None: pass), styled as the table's trump choice."""
    custom_id = BidButton.custom_id_of(challenge_id, deal, seq, suit)
    return button(custom_id, label, choice_style(suit), disabled)


ALL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ChallengeButton,
    CardButton,
    BidButton,
)
