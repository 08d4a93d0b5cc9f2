"""The challenge's buttons, declared once: custom ids saying what they act on, and the
handlers of the loaded cog's `ChallengeActions` (actions.py) that answer them.

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

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from bot.engine import Card, Suit
from cogs.common.buttons import Buttons, Click, choice_style, number
from cogs.common.components import Component

__all__ = [
    "ALL_ITEMS",
    "CHALLENGE",
    "Bid",
    "BidButton",
    "CardButton",
    "ChallengeButton",
    "ChallengeKind",
    "ChallengeStep",
    "Play",
]

CHALLENGE: Final = Buttons("Challenge")
SMALL = number("[0-9]{1,9}")


class ChallengeKind(StrEnum):
    """The buttons that need no more than the challenge's id."""

    START = "start"  # start playing (the intro)
    LOOK = "look"  # redraw the member's deal as it is now
    BOARD = "board"  # the standings (once the member finished, or the challenge closed)
    OPEN = "open"  # the announcement's Play: the member's place, privately


@CHALLENGE.button("kj:chl:{kind}:{challenge}", "on_kind")
@dataclass(frozen=True, slots=True)
class ChallengeStep(Click):
    """Start, Refresh, Standings, or the announcement's Play."""

    kind: ChallengeKind
    challenge: int


@CHALLENGE.button("kj:chl:card:{challenge}:{deal}:{seq}:{card}", "on_card", deal=SMALL, seq=SMALL)
@dataclass(frozen=True, slots=True)
class Play(Click):
    """A card of the member's hand, drawn for deal `deal` at move `seq`."""

    challenge: int
    deal: int
    seq: int
    card: Card

    def with_look(self, look: Component) -> Component:
        """The card's `look` (`cogs/common/hand_cards.py`'s `card_look`: label, style,
        picture, as on the table's hand) with this custom id."""
        return {**look, "custom_id": self.custom_id}


@CHALLENGE.button("kj:chl:bid:{challenge}:{deal}:{seq}:{suit}", "on_bid", deal=SMALL, seq=SMALL)
@dataclass(frozen=True, slots=True)
class Bid(Click):
    """A trump choice (None: pass), styled as the table's."""

    challenge: int
    deal: int
    seq: int
    suit: Suit | None

    def choice(self, label: str, disabled: bool = False) -> Component:
        """The choice as a component."""
        return self.component(label, choice_style(self.suit), disabled)


ChallengeButton = ChallengeStep.item
CardButton = Play.item
BidButton = Bid.item
ALL_ITEMS = tuple(CHALLENGE.items)
