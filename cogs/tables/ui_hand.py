"""The private hand: an ephemeral message for one seat, with one button per card.

Drawn from the service's `private_hand` (sorted cards, legal cards, a reason per illegal
card, the trump options) and the public view, and only ever sent ephemerally. Every card
and trump button carries the state sequence it was drawn for, so a click on an outdated
hand is refused as stale by the service instead of playing a card the player did not see.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.engine import Card, Phase
from bot.tables import PrivateHand, PublicTable, Status
from cogs.common.components import EMBED_COLOUR, Component, RenderedView, action_rows
from cogs.common.raw_messages import Message
from cogs.common.text import card_text, rank_text, t
from cogs.tables.items import ButtonKind, card_component, kind_component, trump_component
from cogs.tables.ui_text import md, reason_text, seat_name, suit_text

__all__ = ["card_rows", "hand_message", "hand_payload"]

ROW_WIDTH = 5  # buttons per action row (Discord's limit)
Style = discord.ButtonStyle


def hand_message(
    public: PublicTable, mine: PrivateHand, locale: str, note: str | None = None
) -> tuple[discord.Embed, discord.ui.View]:
    """The embed and buttons of `mine` (one seat's hand) at `public`; `note` answers the
    click that asked for it."""
    payload = hand_payload(public, mine, locale, note)
    return discord.Embed.from_dict(payload["embeds"][0]), RenderedView.of(payload["components"])


def hand_payload(
    public: PublicTable, mine: PrivateHand, locale: str, note: str | None = None
) -> Message:
    """`hand_message` as Discord's JSON (embeds and components), for the redraws sent as
    they are (cogs/common/raw_messages.py): the same message without discord.py's objects."""
    lines = [f"> {note}"] if note else []
    lines += _status_lines(public, mine, locale)
    embed = {
        "type": "rich",
        "title": _title(public, mine, locale),
        "description": "\n".join(lines),
        "color": EMBED_COLOUR.value,
        "footer": {"text": _footer(public, locale)},
        "flags": 0,
    }
    return {"embeds": [embed], "components": action_rows(_components(public, mine, locale))}


# ----------------------------------------------------------------------------- text


def _title(public: PublicTable, mine: PrivateHand, locale: str) -> str:
    parts = [t("tables.hand.title", locale)]
    if public.trump is not None:
        parts.append(t("tables.hand.trump", locale, suit=suit_text(public.trump, locale)))
    parts += _distinct(reason_text(reason, locale) for reason in mine.reasons.values())
    return " · ".join(parts)[:256]


def _distinct(texts: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(texts))


def _footer(public: PublicTable, locale: str) -> str:
    footer = t("tables.public.footer", locale, table=public.table_id)
    if public.status == Status.PLAYING and public.planned_hands is not None:
        hand = t("tables.public.hand_of", locale, n=public.hand_number, total=public.planned_hands)
        footer += f" · {hand}"
    return footer


def _status_lines(public: PublicTable, mine: PrivateHand, locale: str) -> list[str]:
    if public.status != Status.PLAYING:
        return [t(f"tables.hand.status.{public.status.value}", locale)]
    lines = [_turn_text(public, mine, locale)]
    if mine.autoplay:
        lines.append(t("tables.hand.away", locale))
    elif mine.away:
        lines.append(t("tables.hand.away_once", locale))
    if mine.can_claim:
        lines.append(t("tables.hand.can_claim", locale))
    lines.append(_trick_text(public, locale))
    if public.phase == Phase.TRUMP:
        lines.append(_cards_text(mine.cards, locale))
    return [line for line in lines if line]


def _turn_text(public: PublicTable, mine: PrivateHand, locale: str) -> str:
    if public.phase == Phase.CLAIM:
        return t("tables.public.claim_last", locale)
    if not mine.my_turn:
        name = md(seat_name(public.seats, public.to_act, locale))
        key = "tables.hand.wait_trump" if public.phase == Phase.TRUMP else "tables.hand.wait_play"
        return t(key, locale, name=name)
    if public.phase == Phase.PLAY:
        return t("tables.hand.your_play", locale)
    options = mine.trump_options
    if (
        options is not None
        and options.proposal is not None
        and options.suits == (options.proposal,)
    ):
        return t("tables.hand.proposal", locale, suit=suit_text(options.proposal, locale))
    if options is not None and not options.can_pass:
        return t("tables.hand.must_choose", locale)
    return t("tables.hand.choose", locale)


def _trick_text(public: PublicTable, locale: str) -> str:
    if not public.trick or public.trick_leader is None:
        return ""
    played = []
    for i, card in enumerate(public.trick):
        name = seat_name(public.seats, (public.trick_leader + i) % 4, locale)
        played.append(f"{md(name)} {card_text(card, locale)}")
    return t("tables.public.trick", locale, cards=" · ".join(played))


def _cards_text(cards: tuple[Card, ...], locale: str) -> str:
    """The hand as text, one suit a line (during the trump choice, when the rows hold suits)."""
    lines = []
    for group in _by_suit(cards):
        ranks = " ".join(rank_text(card.rank, locale) for card in group)
        lines.append(f"{group[0].suit.symbol} {ranks}")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- buttons


def _by_suit(cards: tuple[Card, ...]) -> list[list[Card]]:
    groups: list[list[Card]] = []
    for card in cards:
        if groups and groups[-1][0].suit == card.suit:
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups


def card_rows(cards: tuple[Card, ...]) -> list[list[Card]]:
    """Rows of at most five cards, one suit a row (a long suit takes two rows).

    Eight cards never need more than four rows: a suit of six or more leaves at most two
    other cards, so the control row always fits as the fifth.
    """
    rows: list[list[Card]] = []
    for group in _by_suit(cards):
        rows += [group[i : i + ROW_WIDTH] for i in range(0, len(group), ROW_WIDTH)]
    return rows


def _components(public: PublicTable, mine: PrivateHand, locale: str) -> list[list[Component]]:
    rows: list[list[Component]] = []
    if public.status == Status.PLAYING and public.phase == Phase.TRUMP:
        rows.append(_trump_buttons(mine, locale))
    elif public.status == Status.PLAYING:
        legal = set(mine.legal)
        for cards in card_rows(mine.cards):
            rows.append(
                [
                    card_component(mine.table_id, mine.seq, c, c not in legal, card_text(c, locale))
                    for c in cards
                ]
            )
    return [row for row in rows if row] + [_control_buttons(public, mine, locale)]


def _trump_buttons(mine: PrivateHand, locale: str) -> list[Component]:
    options = mine.trump_options
    if options is None or not mine.my_turn or not options.suits:
        return []
    buttons = [
        trump_component(mine.table_id, mine.seq, suit, suit_text(suit, locale))
        for suit in options.suits
    ]
    pass_label = t("tables.button.pass", locale)
    disabled = not options.can_pass
    buttons.append(trump_component(mine.table_id, mine.seq, None, pass_label, disabled))
    return buttons


def _control_buttons(public: PublicTable, mine: PrivateHand, locale: str) -> list[Component]:
    table = mine.table_id
    buttons = [kind_component(ButtonKind.REFRESH, table, locale)]
    if public.status == Status.PLAYING:
        disabled = not mine.can_claim
        buttons.append(kind_component(ButtonKind.ROEM, table, locale, Style.success, disabled))
    if mine.away or mine.autoplay:
        buttons.append(kind_component(ButtonKind.BACK, table, locale))
    return buttons
