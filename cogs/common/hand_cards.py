"""A hand's cards as buttons, laid out the one way every hand of the bot shows them (the
table's hand, the challenge's deal; docs/table-ux.md 2.3):

- the cards that may be played first, in the primary style; then the others, grey
  (secondary) and disabled. Discord's disabled look alone (half opacity) is not what tells
  them apart: the style does, and no suit gets a colour of its own (red "danger" reads as
  destructive), so the suits are told apart by their symbols and pictures;
- within each part the trump suit first, its cards marked `TRUMP_MARK`, then the other
  suits in the order given (the services sort a hand for display);
- one suit a row, at most `ROW_WIDTH` cards a row (a long suit takes two rows);
- under them one line saying why the grey ones may not be played (`blocked_line`), in the
  engine's words.

A button's look (label, style, picture) depends only on the card, the reader's locale, the
card's emoji, whether the card is trump and whether it may be played, so it is drawn once
(`card_look`) and each hand adds only what changes from click to click: the custom_id,
which carries the state it was drawn for.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from functools import lru_cache

import discord

from bot.engine import Card, IllegalReason, Suit
from bot.texts.formats import mid_sentence
from cogs.common.buttons import button
from cogs.common.components import Component
from cogs.common.text import card_face, reason_text, t, text_width

__all__ = [
    "PHONE_LINE_PX",
    "ROW_WIDTH",
    "button_px",
    "TRUMP_MARK",
    "blocked_line",
    "by_suit",
    "card_look",
    "hand_rows",
    "ordered_cards",
    "phone_rows",
]

ROW_WIDTH = 5  # buttons per action row (Discord's limit)
# A phone 400 px wide, as ../shared/tools/discord-preview draws a message's box: 314 px
# inside it; a button is its label (about 7.5 px a column), 32 px of padding and 22 px
# for a card's picture, 8 px from the next (docs/table-ux.md 2.13).
PHONE_LINE_PX, CHAR_PX, BUTTON_PAD_PX, EMOJI_PX, BUTTON_GAP_PX = 314, 7.5, 32, 22, 8
TRUMP_MARK = "★"  # after a trump card's label, and after the trump suit in a heading
Style = discord.ButtonStyle

# What a hand lays out: a card and whether it may be played, to a button (its custom_id
# is the caller's: the table's and the challenge's say different things).
CardButton = Callable[[Card, bool], Component]


def ordered_cards(cards: Iterable[Card], trump: Suit | None) -> list[Card]:
    """`cards` (sorted for display by the service) with the trump suit's cards first."""
    cards = list(cards)
    return [c for c in cards if c.suit == trump] + [c for c in cards if c.suit != trump]


def by_suit(cards: Iterable[Card]) -> list[list[Card]]:
    """`cards` in runs of one suit, in their order."""
    groups: list[list[Card]] = []
    for card in cards:
        if groups and groups[-1][0].suit == card.suit:
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups


def hand_rows(
    cards: Iterable[Card],
    legal: Collection[Card],
    trump: Suit | None,
    make: CardButton,
    max_rows: int | None = None,
) -> list[list[Component]]:
    """The buttons of a hand: those in `legal` first, then the others, each part trump
    first and one suit a row (at most eight rows, 40 buttons, for eight cards);
    `make(card, playable)` draws each button. A message with room for only `max_rows`
    rows (a classic message holds five action rows) gets each part's cards five a row
    instead when one suit a row would not fit: eight cards always fit in four rows. One
    pass a part: a hand is drawn twice a click."""
    ordered = ordered_cards(cards, trump)
    rows = _rows(ordered, legal, make, suit_rows=True)
    if max_rows is not None and len(rows) > max_rows:
        rows = _rows(ordered, legal, make, suit_rows=False)
    return rows


def phone_rows(groups: Iterable[list[Component]]) -> list[list[Component]]:
    """Groups of buttons (a suit's cards) laid out in rows that each fit one line of a
    phone: a group joins the row before it when it fits there whole, else starts a row of
    its own (one wider than a line is split where the line ends)."""
    rows: list[list[Component]] = []
    for group in groups:
        if rows and _fits([*rows[-1], *group]):
            rows[-1] = [*rows[-1], *group]
            continue
        rows.append([])
        for item in group:
            if rows[-1] and not _fits([*rows[-1], item]):
                rows.append([])
            rows[-1].append(item)
    return rows


def _fits(row: list[Component]) -> bool:
    """Whether a row of buttons fits one line of a phone."""
    width = sum(button_px(item) for item in row) + BUTTON_GAP_PX * (len(row) - 1)
    return len(row) <= ROW_WIDTH and width <= PHONE_LINE_PX


def button_px(item: Component) -> float:
    """The width of a button on a phone, in px (its label, padding and picture)."""
    width = text_width(str(item.get("label") or "")) * CHAR_PX + BUTTON_PAD_PX
    return width + (EMOJI_PX if item.get("emoji") else 0)


def _rows(
    ordered: list[Card], legal: Collection[Card], make: CardButton, suit_rows: bool
) -> list[list[Component]]:
    rows: list[list[Component]] = []
    for playable in (True, False):
        row: list[Component] = []
        suit = None
        for card in ordered:
            if (card in legal) is not playable:
                continue
            if row and ((suit_rows and card.suit != suit) or len(row) == ROW_WIDTH):
                rows.append(row)
                row = []
            row.append(make(card, playable))
            suit = card.suit
        if row:
            rows.append(row)
    return rows


@lru_cache(maxsize=1024)
def card_look(
    card: Card,
    locale: str,
    emoji: discord.PartialEmoji | None,
    trump: bool,
    playable: bool,
) -> Component:
    """A card's button without its custom_id: the card in the reader's letters (and
    `TRUMP_MARK` when `trump`), its picture when `emoji` is given, primary when
    `playable`, else grey and disabled. Cached and shared: copy it, never change it."""
    face = card_face(card, locale, emoji)
    label = f"{face.text}{TRUMP_MARK}" if trump else face.text
    style = Style.primary if playable else Style.secondary
    return button("", label, style, not playable, face.emoji)


def blocked_line(
    reasons: Mapping[Card, IllegalReason], locale: str, key: str = "tables.hand.blocked"
) -> str:
    """Why the grey cards may not be played, in one line ("Grey cards: you must follow
    clubs · you must overtrump"; `key` names the catalogue's lead-in, "Not playable now:"
    where those cards are words); "" when every card may be played."""
    if not reasons:
        return ""
    return _reasons_line(tuple(dict.fromkeys(reasons.values())), locale, key)


@lru_cache(maxsize=1024)
def _reasons_line(reasons: tuple[IllegalReason, ...], locale: str, key: str) -> str:
    # Each reason is a sentence of its own elsewhere; after the colon it goes on in lower
    # case, as every language of the bot writes it ("Carte grigie: devi rispondere ...").
    texts = dict.fromkeys(mid_sentence(reason_text(reason, locale)) for reason in reasons)
    return t(key, locale, reasons=" · ".join(texts))
