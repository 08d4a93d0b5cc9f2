"""The table's buttons, each declared once (cogs/common/buttons.py): its custom_id says
what it acts on, and `TableActions` (cogs/tables/actions.py) answers its click.

A click is routed by its custom_id alone, so buttons keep working after a restart and no
per-message view has to be stored. custom_ids (Discord allows 100 characters):

    kj:{kind}:{table}               a `ButtonKind`: hand, refresh, roem, sheet, last, back, leave,
                                    start, addbot, bump, fill (start with computers)
    kj:sit:{table}:{seat}           seat 0..3
    kj:card:{table}:{seq}:{card}    the card's code, e.g. Th (ten of hearts)
    kj:trump:{table}:{seq}:{choice} a suit letter c/d/h/s, or pass
    kj:kraak:{table}:{seq}:{level}:{answer}  the kraak call offered (1 kraak, 2 rekraak,
                                    3 superkraak), call or pass
    kj:ledig:{table}:{seq}          say ledig instead of naming trump (a house rule)
    kj:leave:{table}:{seq}:{answer} yes or no: the answer to "leave the match?"
    kj:review:{table}:{hand}[:d]    hand number (1-based) of the match, shown once scored;
                                    ":d" for the page of the hands as dealt
    kj:again:{table}:{seq}          Play again: a new table with the finished one's four
    kj:pick:{table}:{seq}:{cards}   three seats, the solo's exchange: the cards chosen to lay
                                    down once this card is clicked (0-2 codes, e.g. 7hTs);
                                    redraws the hand, changes nothing at the table
    kj:lay:{table}:{seq}:{cards}    three seats: lay these two cards down (one call)

`seq` is the table state the button was drawn for; the service refuses the action as
"stale" when the table has moved on since, inside its lock. These formats are a promise to
messages already in Discord: buttons sent before an update must keep working after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Final

import discord

from bot.engine import Card, Suit
from bot.engine.seats import SEAT_COUNT
from cogs.common.buttons import Buttons, Click, choice_style, number, text, words
from cogs.common.components import Component
from cogs.common.text import SEATS_CACHED, t

__all__ = [
    "ALL_ITEMS",
    "TABLES",
    "Again",
    "AgainButton",
    "ButtonKind",
    "CardButton",
    "KraakButton",
    "KraakCall",
    "Ledig",
    "LedigButton",
    "LeaveAnswer",
    "LeaveAnswerButton",
    "PlayCard",
    "Review",
    "ReviewButton",
    "Sit",
    "SitButton",
    "TableAction",
    "TableButton",
    "TrumpButton",
    "TrumpChoice",
    "again_component",
    "card_component",
    "card_prefix",
    "PickCard",
    "PickButton",
    "LayDownCards",
    "LayDownButton",
    "cards_code",
    "cards_of",
    "kind_component",
    "kraak_component",
    "lay_down_component",
    "pick_component",
    "ledig_component",
    "leave_components",
    "review_component",
    "sit_component",
    "trump_component",
]

TABLES: Final = Buttons("Tables")
Style = discord.ButtonStyle


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


@TABLES.button("kj:{action}:{table}", "on_button")
@dataclass(frozen=True, slots=True)
class TableAction(Click):
    """A button that needs no more than the table: what it does is its `ButtonKind`."""

    action: ButtonKind
    table: int


@TABLES.button("kj:sit:{table}:{seat}", "on_sit", seat=number(f"[0-{SEAT_COUNT - 1}]"))
@dataclass(frozen=True, slots=True)
class Sit(Click):
    """Sit down in `seat` (0..3) of the lobby."""

    table: int
    seat: int


@TABLES.button("kj:card:{table}:{seq}:{card}", "on_card")
@dataclass(frozen=True, slots=True)
class PlayCard(Click):
    """Play `card`, on the hand as it was at state `seq`."""

    table: int
    seq: int
    card: Card


@TABLES.button("kj:trump:{table}:{seq}:{choice}", "on_trump")
@dataclass(frozen=True, slots=True)
class TrumpChoice(Click):
    """Name `choice` as trump (None: pass), at state `seq`."""

    table: int
    seq: int
    choice: Suit | None


@TABLES.button(
    "kj:kraak:{table}:{seq}:{level}:{answer}",
    "on_kraak",
    level=number("[1-3]"),
    answer=words("call", "pass"),
)
@dataclass(frozen=True, slots=True)
class KraakCall(Click):
    """A kraak call (`answer` True) or the pass on it as offered on one state of the hand:
    the level and the state travel with the click, so a call the hand moved past is
    refused."""

    table: int
    seq: int
    level: int
    answer: bool


@TABLES.button("kj:ledig:{table}:{seq}", "on_ledig")
@dataclass(frozen=True, slots=True)
class Ledig(Click):
    """Say ledig instead of naming trump or passing (docs/rules.md 2.10), at state `seq`."""

    table: int
    seq: int


@TABLES.button("kj:leave:{table}:{seq}:{answer}", "on_leave_answer", answer=words("yes", "no"))
@dataclass(frozen=True, slots=True)
class LeaveAnswer(Click):
    """Yes or No to "leave the match?": Yes leaves only if the table is still at `seq`."""

    table: int
    seq: int
    answer: bool


@TABLES.button(
    "kj:review:{table}:{hand}{deal}",
    "on_review",
    hand=number("[0-9]{1,6}"),
    deal=words(":d", ""),
)
@dataclass(frozen=True, slots=True)
class Review(Click):
    """A scored hand trick by trick, or (`deal`, ":d") as dealt (ephemeral); the service
    refuses a hand not yet scored, so a forged or stale id reveals nothing of a hand in
    play."""

    table: int
    hand: int
    deal: bool = False


@TABLES.button("kj:again:{table}:{seq}", "on_again")
@dataclass(frozen=True, slots=True)
class Again(Click):
    """Play again, on a finished match's score sheet: the service opens a new table with the
    same four only if the finished table is still at `seq` and not played again yet."""

    table: int
    seq: int


_CODES = "(?:[7-9TJQKA][cdhs]){0,2}"


@TABLES.button("kj:pick:{table}:{seq}:{cards}", "on_pick", cards=text(_CODES))
@dataclass(frozen=True, slots=True)
class PickCard(Click):
    """The solo's exchange (three seats): the hand redrawn with `cards` (the codes of up to
    two cards, in the order chosen) marked to lay down, on the hand as it was at `seq`."""

    table: int
    seq: int
    cards: str


@TABLES.button("kj:lay:{table}:{seq}:{cards}", "on_lay_down", cards=text(_CODES))
@dataclass(frozen=True, slots=True)
class LayDownCards(Click):
    """Lay `cards` (two codes) down, if the table is still at `seq`."""

    table: int
    seq: int
    cards: str


TableButton = TableAction.item
SitButton = Sit.item
CardButton = PlayCard.item
TrumpButton = TrumpChoice.item
KraakButton = KraakCall.item
LedigButton = Ledig.item
LeaveAnswerButton = LeaveAnswer.item
ReviewButton = Review.item
AgainButton = Again.item
PickButton = PickCard.item
LayDownButton = LayDownCards.item
ALL_ITEMS = tuple(TABLES.items)


# ----------------------------------------------------------------------------- components


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
    return TableAction(kind, table_id).component(label, style, disabled)


def sit_component(table_id: int, seat: int, label: str) -> Component:
    """`Sit` as a component."""
    return Sit(table_id, seat).component(label, Style.primary)


def card_prefix(table_id: int, seq: int) -> str:
    """What the custom_ids of one hand's cards share: all but the card's code."""
    return PlayCard.route.head((table_id, seq))


def card_component(prefix: str, card: Card, look: Component) -> Component:
    """`PlayCard` as a component: the card's `look` (`cogs/common/hand_cards.py`'s
    `card_look`: label, style, picture) with its custom_id, `prefix` (`card_prefix`, the
    table and state, the same for every card of a hand) and the card's code."""
    return {**look, "custom_id": prefix + card.code}


def trump_component(
    table_id: int, seq: int, suit: Suit | None, label: str, disabled: bool = False
) -> Component:
    """A suit to name as trump (primary, the suits told apart by their symbols), or Pass."""
    return TrumpChoice(table_id, seq, suit).component(label, choice_style(suit), disabled)


def kraak_component(table_id: int, seq: int, level: int, call: bool, label: str) -> Component:
    """`KraakCall` as a component: the call in red, the pass grey."""
    style = Style.danger if call else Style.secondary
    return KraakCall(table_id, seq, level, call).component(label, style)


def ledig_component(table_id: int, seq: int, label: str) -> Component:
    """`Ledig` as a component (grey: a house rule, not one of the suits)."""
    return Ledig(table_id, seq).component(label, Style.secondary)


def leave_components(table_id: int, seq: int, locale: str) -> list[Component]:
    """Yes (red) and No to "leave the match?", for the table at state `seq`."""
    return [
        LeaveAnswer(table_id, seq, True).component(
            t("tables.button.leave_yes", locale), Style.danger
        ),
        LeaveAnswer(table_id, seq, False).component(t("tables.button.leave_no", locale)),
    ]


def review_component(table_id: int, hand: int, label: str, deal: bool = False) -> Component:
    """`Review` as a component."""
    return Review(table_id, hand, deal).component(label)


def again_component(table_id: int, seq: int, label: str) -> Component:
    """`Again` as a component."""
    return Again(table_id, seq).component(label, Style.success)


def cards_code(cards: tuple[Card, ...]) -> str:
    """Cards as a custom id writes them: their codes one after the other."""
    return "".join(card.code for card in cards)


def cards_of(code: str) -> tuple[Card, ...]:
    """The cards `cards_code` wrote (a custom id's pattern has checked the codes)."""
    return tuple(Card.parse(code[i : i + 2]) for i in range(0, len(code), 2))


def pick_component(table_id: int, seq: int, picked: tuple[Card, ...], look: Component) -> Component:
    """A card of the solo's exchange: its `look` (label, style, picture), its click the
    choice `picked` it makes."""
    return {**look, "custom_id": PickCard(table_id, seq, cards_code(picked)).custom_id}


def lay_down_component(table_id: int, seq: int, cards: tuple[Card, ...], label: str) -> Component:
    """Lay down: enabled once two cards are chosen."""
    click = LayDownCards(table_id, seq, cards_code(cards))
    return click.component(label, Style.danger, len(cards) != 2)
