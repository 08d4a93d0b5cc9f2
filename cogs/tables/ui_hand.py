"""The private hand: an ephemeral Components V2 message for one seat, one button per card.

Drawn from the service's `private_hand` (sorted cards, legal cards, a reason per card that
may not be played, the trump options, whether a claim applies to this seat) and the public
view, and only ever sent ephemerally. In one box (docs/table-ux.md 2.3):

- a heading with trump, the turn and any note;
- the trick being played on one line, each card after an arrow for its seat as the player
  sees it (`ui_text.trick_around`; a trick just taken is on the table message);
- the cards that may be played now as buttons in the primary style, the trump suit first
  (its cards marked ★), one suit a row; the others in words on one line, and why they may
  not be played now (docs/table-ux.md 2.13: the hand and the table message on one phone
  screen). Suits are told apart by their symbols (and pictures), never by colour;
- Refresh, **Roem!** only while a claim applies to this player, **I'm back** when away.

In a ledig hand (docs/rules.md 2.10, a house rule) the declarer's partner sits out: its
hand shows its cards in words and no card buttons; the trump round offers **Ledig** on a
row of its own to the seat that may say it.

Every card and trump button carries the state sequence it was drawn for, so a click on an
outdated hand is refused as stale by the service instead of playing a card the player did
not see.
"""

from __future__ import annotations

from functools import lru_cache

import discord

from bot.engine import Card, DriemansPhase, Phase, Suit, TweemansPhase
from bot.tables import LeaguePlace, PrivateHand, PublicTable, Status
from cogs.common.components import (
    Component,
    RenderedLayout,
    action_rows,
    container,
    text_display,
    v2_message,
)
from cogs.common.hand_cards import (
    TRUMP_MARK,
    blocked_line,
    by_suit,
    card_look,
    ordered_cards,
    phone_rows,
)
from cogs.common.raw_messages import Message
from cogs.common.text import (
    NO_EMOJIS,
    SEATS_CACHED,
    CardEmojis,
    call_label,
    call_name,
    card_text,
    face_of,
    t,
)
from cogs.tables.items import (
    ButtonKind,
    card_component,
    card_prefix,
    kind_component,
    kraak_component,
    lay_down_component,
    ledig_component,
    pick_component,
    trump_component,
)
from cogs.tables.ui_kraak import call_verb, kraak_line
from cogs.tables.ui_text import (
    ShownTrick,
    md,
    place_title,
    seat_name,
    shown_trick,
    suit_text,
    trick_around,
    trick_in_order,
)
from cogs.tables.ui_two import is_two, two_tables_text

__all__ = ["TRUMP_MARK", "hand_payload", "hand_view", "ordered_cards"]

Style = discord.ButtonStyle


_BIDDING = (Phase.TRUMP, Phase.DOUBLING, DriemansPhase.BID)  # the rows hold choices, not cards


def hand_view(
    public: PublicTable,
    mine: PrivateHand,
    locale: str,
    note: str | None = None,
    emojis: CardEmojis = NO_EMOJIS,
) -> RenderedLayout:
    """`hand_payload` as a view for discord.py's sending paths (a new hand message)."""
    return RenderedLayout.of(hand_payload(public, mine, locale, note, emojis)["components"])


def hand_payload(
    public: PublicTable,
    mine: PrivateHand,
    locale: str,
    note: str | None = None,
    emojis: CardEmojis = NO_EMOJIS,
    picked: tuple[Card, ...] = (),
) -> Message:
    """The hand of `mine` (one seat) at `public` as Discord's JSON, for the redraws sent as
    they are (cogs/common/raw_messages.py); `note` answers the click that asked for it;
    `picked`: the cards the solo has chosen to lay down so far (three seats). An edit may
    turn a hand drawn by an older version (an embed) into this one."""
    parts = [text_display(_heading(public, mine, locale, note))]
    trick = shown_trick(public)
    if trick is not None and not trick.taken and trick.cards:  # the trick being played: its
        # number, names and a trick just taken are the table message's (docs/table-ux.md 2.13)
        parts.append(text_display(_trick_now(public, trick, mine.seat, locale, emojis)))
    playing = public.status == Status.PLAYING
    if is_two(public) and playing:
        return _two_payload(public, mine, locale, emojis, parts)
    bidding = playing and public.phase in _BIDDING
    exchange = playing and public.phase == DriemansPhase.EXCHANGE
    if (bidding or (exchange and not mine.lay_down)) and mine.cards:
        parts.append(text_display(_cards_text(public, mine.cards, locale, emojis)))
    if bidding:
        parts += action_rows([_bid_buttons(public, mine, locale), _ledig_buttons(mine, locale)])
    elif exchange and mine.lay_down:
        parts += action_rows(_exchange_rows(public, mine, locale, emojis, picked))
        parts.append(text_display(_picked_text(public, picked, locale)))
    elif playing and public.idle == mine.seat:
        if mine.cards:  # laid face down: the player may still look at them
            parts.append(text_display(_cards_text(public, mine.cards, locale, emojis)))
    elif playing and not exchange:
        parts += action_rows(_card_rows(public, mine, locale, emojis))
        others = _others_text(public, mine, locale)
        if others:
            parts.append(text_display(others))
    parts += action_rows([_control_buttons(public, mine, locale)])
    return v2_message([container(parts)], replace=True)


def _trick_now(
    public: PublicTable, trick: ShownTrick, seat: int, locale: str, emojis: CardEmojis
) -> str:
    """The trick being played as the hand shows it, on one line: seen from the seat
    (arrows), at two players in playing order (no seat sits left of a unit; the table
    message names each card's unit)."""
    if is_two(public):
        return trick_in_order(trick, locale, emojis)
    return trick_around(trick, seat, locale, emojis)


def _two_payload(
    public: PublicTable,
    mine: PrivateHand,
    locale: str,
    emojis: CardEmojis,
    parts: list[Component],
) -> Message:
    """Two seats during a match (docs/table-ux.md 2.17): both tables' face-up cards, then
    while trump is named the hand in words and the suits (Pass greyed out: the maker must
    name one); while cards are played the player's two units apart, each under its name
    while it holds a card, the cards it may play as buttons and the others in words. A
    click plays the card from the unit that holds it (the service finds it: a card is in
    one unit only)."""
    parts.append(text_display(two_tables_text(public, locale, emojis)))
    if public.phase == TweemansPhase.TRUMP:
        parts.append(text_display(_cards_text(public, mine.cards, locale, emojis)))
        parts += action_rows([_trump_buttons(mine, locale)])
    else:
        for key, cards in (
            ("tables.two.your_hand", mine.cards),
            ("tables.two.your_table", mine.table),
        ):
            if not cards:  # the piles played out (or the hand, in the last tricks)
                continue
            parts.append(text_display(f"**{t(key, locale)}**"))
            parts += action_rows(_card_rows(public, mine, locale, emojis, cards))
            others = _others_text(public, mine, locale, cards)
            if others:
                parts.append(text_display(others))
    parts += action_rows([_control_buttons(public, mine, locale)])
    return v2_message([container(parts)], replace=True)


# ----------------------------------------------------------------------------- text


def _heading(public: PublicTable, mine: PrivateHand, locale: str, note: str | None) -> str:
    playing = public.status == Status.PLAYING
    ledig = public.ledig is not None
    lines = [_title(public.table_id, public.league, public.trump, playing, locale, ledig)]
    if note:
        lines.append(f"> {note}")
    lines += _status_lines(public, mine, locale)
    return "\n".join(lines)


@lru_cache(maxsize=SEATS_CACHED)
def _title(
    table_id: int,
    place: LeaguePlace | None,
    trump: Suit | None,
    playing: bool,
    locale: str,
    ledig: bool = False,
) -> str:
    """The heading (the same for every hand drawn at a table until trump is chosen): the
    title with trump and the table (a league table as its night's draw names it); during
    play one line of small print, the hand's number being on the table message (the phone
    budget, docs/table-ux.md 2.13)."""
    title = t("tables.hand.title", locale)
    if trump is not None:
        suit = f"{suit_text(trump, locale)} {TRUMP_MARK}"
        title += " · " + t("tables.hand.trump", locale, suit=suit)
    elif ledig:  # no trump: a house rule (docs/rules.md 2.10)
        title += " · " + t("tables.hand.ledig", locale)
    where = t("tables.public.footer", locale, table=table_id)
    if place is not None:
        where = place_title(place, locale)
    return f"-# {title} · {where}" if playing else f"### {title}\n-# {where}"


def _status_lines(public: PublicTable, mine: PrivateHand, locale: str) -> list[str]:
    if public.status != Status.PLAYING:
        return [t(f"tables.hand.status.{public.status.value}", locale)]
    lines = [f"**{_turn_text(public, mine, locale)}**"]
    calls = kraak_line(public, locale)
    if calls:
        lines.append(calls)
    if mine.autoplay:
        lines.append(t("tables.hand.away", locale))
    elif mine.away:
        lines.append(t("tables.hand.away_once", locale))
    if mine.can_claim:
        lines.append(t("tables.hand.can_claim", locale))
    return lines


def _turn_text(public: PublicTable, mine: PrivateHand, locale: str) -> str:
    if public.phase == Phase.CLAIM:
        return t("tables.public.claim_last", locale)
    if public.phase == Phase.DOUBLING:
        return _call_text(public, mine, locale)
    if public.three is not None and public.phase != DriemansPhase.PLAY:
        return _three_turn_text(public, mine, locale)
    if public.idle == mine.seat:
        return t("tables.hand.sits_out", locale)
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


def _three_turn_text(public: PublicTable, mine: PrivateHand, locale: str) -> str:
    """Three seats, before play: the bid (play alone, naming trump, or pass; must play
    when everyone passed under a forced rule) and the solo's exchange, or whom the table
    waits for."""
    name = md(seat_name(public.seats, public.to_act, locale))
    if public.phase == DriemansPhase.EXCHANGE:
        key = "tables.hand.lay_down" if mine.lay_down else "tables.hand.wait_lay_down"
        return t(key, locale, name=name)
    if not mine.my_turn:
        return t("tables.hand.wait_bid", locale, name=name)
    options = mine.trump_options
    forced = options is not None and not options.can_pass
    return t("tables.hand.must_bid" if forced else "tables.hand.bid", locale)


def _call_text(public: PublicTable, mine: PrivateHand, locale: str) -> str:
    """The kraak round: the call this seat may make (and the multiplier it brings), or
    whose call the table waits for."""
    kraak = public.kraak
    assert kraak is not None and kraak.level is not None
    call = call_name(kraak.level, locale)
    if mine.may_call is not None:
        return t("tables.hand.may_call", locale, call=call, times=kraak.multiplier * 2)
    name = md(seat_name(public.seats, public.to_act, locale))
    return t("tables.hand.wait_call", locale, name=name, call=call_verb(kraak.level, locale))


def _cards_text(
    public: PublicTable, cards: tuple[Card, ...], locale: str, emojis: CardEmojis
) -> str:
    """The hand as text, one suit a line (during the trump choice, when the rows hold suits)."""
    lines = []
    for group in by_suit(ordered_cards(cards, public.trump)):
        faces = " ".join(face_of(card, locale, emojis).inline for card in group)
        lines.append(f"{group[0].suit.symbol} {faces}")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- buttons


def _card_rows(
    public: PublicTable,
    mine: PrivateHand,
    locale: str,
    emojis: CardEmojis,
    held: tuple[Card, ...] | None = None,
) -> list[list[Component]]:
    """The cards that may be played now as buttons (primary, trump first, marked ★), a suit
    kept on one row, as many suits a row as fit one line of a phone (`phone_rows`); the
    others are words (`_others_text`). ``held``: one unit's cards (two seats), else all."""
    prefix, trump = card_prefix(mine.table_id, mine.seq), public.trump

    def make(card: Card, playable: bool) -> Component:
        look = card_look(card, locale, emojis.emoji(card), card.suit == trump, playable)
        return card_component(prefix, card, look)

    legal = mine.legal if held is None else tuple(c for c in mine.legal if c in held)
    cards = by_suit(ordered_cards(legal, trump))
    return phone_rows([make(card, True) for card in group] for group in cards)


def _others_text(
    public: PublicTable, mine: PrivateHand, locale: str, held: tuple[Card, ...] | None = None
) -> str:
    """The cards that may not be played now, on one line (trump first, marked ★; suits
    apart by " · "), and under it in small print why not, in the engine's words ("" when
    every card may be played)."""
    cards = mine.cards if held is None else held
    others = [card for card in cards if card not in mine.legal]
    if not others:
        return ""
    groups = by_suit(ordered_cards(others, public.trump))
    line = " · ".join(" ".join(_card_word(c, public.trump, locale) for c in g) for g in groups)
    reasons = mine.reasons  # of cards that may not be played now only (`PrivateHand`)
    if held is not None:  # one unit's cards (two seats)
        reasons = {card: why for card, why in reasons.items() if card in others}
    blocked = blocked_line(reasons, locale, "tables.hand.not_now")
    return f"{line}\n-# {blocked}" if blocked else line


def _card_word(card: Card, trump: Suit | None, locale: str) -> str:
    """A card in words, in the reader's letters ("B♥"), marked ★ when it is trump."""
    text = card_text(card, locale)
    return f"{text}{TRUMP_MARK}" if card.suit == trump else text


def _exchange_rows(
    public: PublicTable,
    mine: PrivateHand,
    locale: str,
    emojis: CardEmojis,
    picked: tuple[Card, ...],
) -> list[list[Component]]:
    """The solo's twelve cards (three seats), a click choosing or unchoosing one to lay
    down (a third choice drops the first), the chosen ones red and ticked; then Lay down,
    enabled once two are chosen. Every button carries the hand's state: a click on an
    outdated hand is refused as stale."""
    table, seq, trump = mine.table_id, mine.seq, public.trump
    picked = tuple(card for card in picked if card in mine.cards)[-2:]

    def make(card: Card) -> Component:
        chosen = card in picked
        look = card_look(card, locale, emojis.emoji(card), card.suit == trump, True)
        if chosen:
            look = {**look, "style": Style.danger.value, "label": f"{look['label']} ✓"}
        after = tuple(c for c in picked if c != card) if chosen else (*picked, card)[-2:]
        return pick_component(table, seq, after, look)

    rows = phone_rows([make(card) for card in group] for group in by_suit(mine.cards))
    label = t("tables.button.lay_down", locale)
    return [*rows, [lay_down_component(table, seq, picked, label)]]


def _picked_text(public: PublicTable, picked: tuple[Card, ...], locale: str) -> str:
    """Which cards are chosen to lay down so far, in words (small print)."""
    words = " ".join(_card_word(card, public.trump, locale) for card in picked) or "–"
    return "-# " + t("tables.hand.picked", locale, cards=words)


def _bid_buttons(public: PublicTable, mine: PrivateHand, locale: str) -> list[Component]:
    """Trump's suits and Pass while trump is named (three seats: naming trump is playing
    alone); the call and Pass in the kraak round, only to the seat that may call now
    (`PrivateHand.may_call`)."""
    if public.phase in (Phase.TRUMP, DriemansPhase.BID):
        return _trump_buttons(mine, locale)
    level = mine.may_call
    if level is None:
        return []
    table, seq = mine.table_id, mine.seq
    return [
        kraak_component(table, seq, level, True, call_label(level, locale)),
        kraak_component(table, seq, level, False, t("tables.button.pass", locale)),
    ]


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


def _ledig_buttons(mine: PrivateHand, locale: str) -> list[Component]:
    """Ledig, on a row of its own (the suits and Pass fill one), to the seat that may say
    it now (`TrumpOptions.ledig`: a table that plays the house rule)."""
    options = mine.trump_options
    if options is None or not mine.my_turn or not options.ledig:
        return []
    return [ledig_component(mine.table_id, mine.seq, t("tables.button.ledig", locale))]


def _control_buttons(public: PublicTable, mine: PrivateHand, locale: str) -> list[Component]:
    """Refresh; Roem! only while a claim applies to this seat (`PrivateHand.can_claim`:
    its pair took the trick and has not claimed it); I'm back while away; and during play
    the seated player's own Bump and Leave (off the table message, which keeps to two rows
    of buttons: docs/table-ux.md 2.2)."""
    table = mine.table_id
    buttons = [kind_component(ButtonKind.REFRESH, table, locale)]
    if public.status != Status.PLAYING:
        return buttons
    if mine.can_claim:
        buttons.append(kind_component(ButtonKind.ROEM, table, locale, Style.success))
    if mine.away or mine.autoplay:
        buttons.append(kind_component(ButtonKind.BACK, table, locale))
    buttons.append(kind_component(ButtonKind.BUMP, table, locale))
    buttons.append(kind_component(ButtonKind.LEAVE, table, locale))
    return buttons
