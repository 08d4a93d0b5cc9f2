"""What the challenge's messages look like: embeds and button rows, drawn from the
service's read models only (no I/O).

Phone first: short lines, the standings a monospaced block of at most 36 columns. Every
string comes from the `challenge` catalogues (the reasons a card may not be played are the
tables' sentences); numbers in the reader's notation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import discord

from bot.analysis import deal_check
from bot.challenge import (
    ChallengeInfo,
    ChallengeSettings,
    DealOutcome,
    DealView,
    PlayView,
    StandingRow,
    StandingsView,
    TrickView,
)
from bot.engine import Card, Phase
from bot.engine.seats import FOUR_SEATS
from bot.texts.formats import decimal_text
from cogs.challenge.items import Bid, ChallengeKind, ChallengeStep, Play
from cogs.common.analyse import analyse_component
from cogs.common.components import EMBED_COLOUR, Component, RenderedView, action_rows
from cogs.common.hand_cards import blocked_line, by_suit, card_look, hand_rows
from cogs.common.text import (
    NO_EMOJIS,
    CardEmojis,
    card_text,
    pad,
    rank_text,
    shorten,
    suit_text,
    t,
)

__all__ = [
    "Drawn",
    "announcement",
    "hand_message",
    "past_message",
    "play_message",
    "scored_line",
    "settings_message",
    "standings_message",
    "summary_message",
]

Drawn = dict[str, Any]  # keyword arguments of a send or edit: embed and view
BOARD_ROWS: Final = 15  # standings lines shown (the viewer's own is added when below)
NAME_WIDTH: Final = 16  # columns of a name in the standings block (36 in all)
DESCRIPTION_MAX: Final = 4096
Style = discord.ButtonStyle


def _embed(title: str, lines: Sequence[str], footer: str | None = None) -> discord.Embed:
    text = "\n".join(line for line in lines if line)
    embed = discord.Embed(
        title=title[:256], description=text[:DESCRIPTION_MAX], colour=EMBED_COLOUR
    )
    if footer:
        embed.set_footer(text=footer[:2048])
    return embed


def _view(rows: Sequence[Sequence[Component]]) -> discord.ui.View:
    return RenderedView.of(action_rows(rows))


def seat_name(seat: int, locale: str) -> str:
    """Seat 0 is the member; 2 their partner; 1 and 3 the opponents on their left, right."""
    return t(f"challenge.seat.{FOUR_SEATS.seat(seat)}", locale)


def _when(moment: float, style: str = "f") -> str:
    return f"<t:{int(moment)}:{style}>"


def _hash_block(seed_hash: str) -> str:
    """The 64 hex digits in two lines of 32 (a phone's code block holds about 36)."""
    return f"```\n{seed_hash[:32]}\n{seed_hash[32:]}\n```"


# ----------------------------------------------------------------------------- intro


def play_message(view: PlayView, locale: str, emojis: CardEmojis = NO_EMOJIS) -> Drawn:
    """The member's challenge as it stands: the intro before they started, their deal in
    play (the cards with their pictures from `emojis`), or the end of it."""
    if not view.started:
        return _intro(view.challenge, locale)
    if view.hand is None:
        return _done(view, locale)
    return hand_message(view, view.hand, locale, emojis)


def _facts(info: ChallengeInfo, locale: str) -> list[str]:
    closes = "challenge.closed_at" if info.closed else "challenge.closes"
    return [
        t("challenge.intro.deals", locale, count=info.deals, rules=info.rules),
        t(closes, locale, when=_when(info.closes_at), until=_when(info.closes_at, "R")),
        t("challenge.players", locale, count=info.players),
        t("challenge.hash", locale) + _hash_block(info.seed_hash),
    ]


def _intro(info: ChallengeInfo, locale: str) -> Drawn:
    lines = [t("challenge.intro.how", locale), *_facts(info, locale)]
    lines.append(t("challenge.intro.hidden", locale))
    rows: list[list[Component]] = []
    if not info.closed:
        label = t("challenge.button.start", locale)
        rows.append([ChallengeStep(ChallengeKind.START, info.id).component(label, Style.primary)])
    else:
        rows.append([_board_button(info, locale)])
    title = t("challenge.title", locale, number=info.number)
    return {"embed": _embed(title, lines), "view": _view(rows)}


def announcement(info: ChallengeInfo, locale: str) -> Drawn:
    """The public message of a new challenge: what it is, when it closes, that its deals
    are sealed, and a Play button that opens each member's own deal privately. The seal
    itself (the seed's hash) is in each member's private intro, not in the channel."""
    lines = [t("challenge.announce.how", locale), *_facts(info, locale)[:2]]
    lines.append(t("challenge.announce.sealed", locale))
    label = t("challenge.button.open", locale)
    rows = [[ChallengeStep(ChallengeKind.OPEN, info.id).component(label, Style.primary)]]
    title = t("challenge.announce.title", locale, number=info.number)
    return {"embed": _embed(title, lines), "view": _view(rows)}


def _done(view: PlayView, locale: str) -> Drawn:
    info = view.challenge
    lines = [scored_line(view.scored, locale) if view.scored else ""]
    lines.append(t("challenge.done", locale, count=info.deals))
    if not info.closed:
        lines.append(
            t(
                "challenge.closes",
                locale,
                when=_when(info.closes_at),
                until=_when(info.closes_at, "R"),
            )
        )
    title = t("challenge.title", locale, number=info.number)
    row = [_board_button(info, locale), *_analyse(view, locale)]
    return {"embed": _embed(title, lines), "view": _view([row])}


def _analyse(view: PlayView, locale: str) -> list[Component]:
    """Analyse for the deal this answer finished (issue 27, point 4), if any."""
    outcome = view.scored
    if outcome is None:
        return []
    result = outcome.result
    check = deal_check(
        outcome.number, result.score, result.against, result.makers, result.trump, result.nat
    )
    return [analyse_component("challenge", view.challenge.id, outcome.number, check, locale)]


def _board_button(info: ChallengeInfo, locale: str) -> Component:
    label = t("challenge.button.board", locale)
    return ChallengeStep(ChallengeKind.BOARD, info.id).component(label, Style.primary)


# ----------------------------------------------------------------------------- the deal


def hand_message(
    view: PlayView, hand: DealView, locale: str, emojis: CardEmojis = NO_EMOJIS
) -> Drawn:
    """The member's deal: what happened, whose turn, the trick, and one button a card, laid
    out as every hand is (`cogs/common/hand_cards.py`)."""
    info = view.challenge
    lines = [scored_line(view.scored, locale) if view.scored else ""]
    lines.append(_table_line(hand, locale))
    lines.append(_turn_line(hand, locale))
    if hand.current:
        lines.append(t("challenge.trick", locale, cards=_played(hand.leader, hand.current, locale)))
    if hand.last_trick is not None:
        lines.append(_trick_line("challenge.previous", hand.last_trick, locale))
    if hand.phase == Phase.PLAY:
        lines.append(t("challenge.tricks", locale, ours=hand.won[0], theirs=hand.won[1]))
        lines.append(blocked_line(hand.reasons, locale))
    else:
        lines.append(_cards_text(hand.cards, locale))
    title = t(
        "challenge.deal_title", locale, number=info.number, deal=hand.number, deals=info.deals
    )
    footer = t("challenge.footer", locale)
    rows = _rows(view, hand, locale, emojis)
    return {"embed": _embed(title, lines, footer), "view": _view(rows)}


def scored_line(outcome: DealOutcome | None, locale: str) -> str:
    """The quoted line that tells how the deal just played scored, with nat or pit named,
    and its last trick; "" when no deal was just scored."""
    if outcome is None:
        return ""
    result = outcome.result
    key = "challenge.scored.nat" if result.nat else "challenge.scored"
    if result.pit and not result.nat:
        key = "challenge.scored.pit"
    line = t(key, locale, deal=outcome.number, ours=result.score, theirs=result.against)
    if outcome.last_trick is not None:
        line += "\n" + _trick_line("challenge.last", outcome.last_trick, locale)
    return f"> {line}".replace("\n", "\n> ")


def _table_line(hand: DealView, locale: str) -> str:
    dealer = t("challenge.dealer", locale, name=seat_name(hand.dealer, locale))
    if hand.trump is None:
        if hand.proposal is not None:
            return (
                dealer
                + " · "
                + t("challenge.proposal", locale, suit=suit_text(hand.proposal, locale))
            )
        return dealer
    chooser = seat_name(hand.chooser or 0, locale)
    return (
        dealer
        + " · "
        + t("challenge.trump", locale, suit=suit_text(hand.trump, locale), name=chooser)
    )


def _turn_line(hand: DealView, locale: str) -> str:
    if hand.phase == Phase.TRUMP:
        options = hand.trump_options
        if options is not None and not options.can_pass:
            return t("challenge.turn.must_choose", locale)
        return t("challenge.turn.choose", locale)
    return t("challenge.turn.play", locale)


def _played(leader: int, cards: Sequence[Card], locale: str) -> str:
    return " · ".join(
        f"{seat_name(leader + i, locale)} {card_text(card, locale)}" for i, card in enumerate(cards)
    )


def _trick_line(key: str, trick: TrickView, locale: str) -> str:
    cards = _played(trick.leader, trick.cards, locale)
    return t(key, locale, cards=cards, winner=seat_name(trick.winner, locale))


def _cards_text(cards: Sequence[Card], locale: str) -> str:
    """The hand as text, one suit a line (while the buttons are the trump choice)."""
    lines = []
    for group in by_suit(cards):
        ranks = " ".join(rank_text(card.rank, locale) for card in group)
        lines.append(f"{group[0].suit.symbol} {ranks}")
    return "\n".join(lines)


def _rows(view: PlayView, hand: DealView, locale: str, emojis: CardEmojis) -> list[list[Component]]:
    cid, deal, seq = view.challenge.id, hand.number, view.seq
    rows: list[list[Component]] = []
    if hand.phase == Phase.TRUMP and hand.trump_options is not None:
        options = hand.trump_options
        row = [Bid(cid, deal, seq, s).choice(suit_text(s, locale)) for s in options.suits]
        label = t("challenge.button.pass", locale)
        row.append(Bid(cid, deal, seq, None).choice(label, not options.can_pass))
        rows.append(row)
    elif hand.phase == Phase.PLAY:
        trump = hand.trump

        def make(card: Card, playable: bool) -> Component:
            look = card_look(card, locale, emojis.emoji(card), card.suit == trump, playable)
            return Play(cid, deal, seq, card).with_look(look)

        # A classic message: five action rows, one of them the buttons below the cards.
        rows = hand_rows(hand.cards, hand.legal, trump, make, max_rows=4)
    refresh = ChallengeStep(ChallengeKind.LOOK, cid).component(t("challenge.button.look", locale))
    return [*rows, [refresh, *_analyse(view, locale)]]


# ----------------------------------------------------------------------------- standings


def standings_message(board: StandingsView, locale: str) -> Drawn:
    """The standings (privately): the block of players, the pars, the deal the field split
    on, and the revealed seed once closed."""
    info = board.challenge
    lines = [_board_block(board.rows, board.viewer, locale)]
    if board.own:
        deals = " · ".join(f"{deal}: {score}" for deal, score in board.own)
        lines.append(t("challenge.own", locale, deals=deals))
    lines += [_pars_line(board, locale), _split_line(board, locale)]
    if info.seed is not None:
        lines.append(t("challenge.seed", locale, seed=info.seed))
    # Who finished has a verb of its own, in the plural of its own number ("3 jugadores ·
    # 1 jugó todas las manos"), not the players' number.
    finished = t("challenge.board.finished", locale, count=board.finished)
    footer = t("challenge.board.footer", locale, count=len(board.rows), finished=finished)
    title = t("challenge.board.title", locale, number=info.number)
    return {"embed": _embed(title, lines, footer)}


def summary_message(board: StandingsView, locale: str) -> Drawn:
    """The public post at the close: the top players, the deal the field split on most
    (with its par), and where to find the revealed seed (the private standings)."""
    info = board.challenge
    top = [row for row in board.rows if row.place <= 3]
    lines = [t("challenge.summary.players", locale, count=len(board.rows))]
    lines.append(_board_block(top, None, locale) if top else t("challenge.summary.nobody", locale))
    lines.append(_split_line(board, locale))
    if info.seed is not None:
        lines.append(t("challenge.summary.verify", locale))
    lines.append(t("challenge.summary.past", locale))
    title = t("challenge.summary.title", locale, number=info.number)
    return {"embed": _embed(title, lines)}


def _board_block(rows: Sequence[StandingRow], viewer: int | None, locale: str) -> str:
    if not rows:
        return t("challenge.board.empty", locale)
    shown = list(rows[:BOARD_ROWS])
    own = next((row for row in rows if row.user_id == viewer), None)
    if own is not None and own not in shown:
        shown.append(own)
    header = (
        " # "
        + pad(shorten(t("challenge.board.player", locale), NAME_WIDTH), NAME_WIDTH)
        + pad(shorten(t("challenge.board.share", locale), 7), 7, right=True)
        + pad(shorten(t("challenge.board.points", locale), 8), 8, right=True)
    )
    lines = [header]
    for row in shown:
        mark = "*" if row.user_id == viewer else " "
        share = decimal_text(row.share * 100, locale)
        lines.append(
            f"{row.place:>2}{mark}{pad(shorten(row.name, NAME_WIDTH), NAME_WIDTH)}"
            f"{pad(share, 7, right=True)}{pad(str(row.points), 8, right=True)}"
        )
    return "```\n" + "\n".join(lines) + "\n```"


def _pars_line(board: StandingsView, locale: str) -> str:
    if not board.pars:
        return t("challenge.par.pending", locale)
    deals = " · ".join(f"{par.deal}: {par.score}" for par in board.pars)
    return t("challenge.par", locale, deals=deals)


def _split_line(board: StandingsView, locale: str) -> str:
    split = board.split
    if split is None:
        return ""
    par = board.par_of(split.deal)
    line = t(
        "challenge.split",
        locale,
        deal=split.deal,
        low=split.low,
        high=split.high,
        count=split.players,
    )
    if par is not None:
        line += " " + t("challenge.split.par", locale, score=par.score)
    return line


def past_message(boards: Sequence[StandingsView], locale: str) -> Drawn:
    """The server's earlier challenges, the newest first: when it closed, how many
    played, who won."""
    if not boards:
        return {
            "embed": _embed(t("challenge.past.title", locale), [t("challenge.past.empty", locale)])
        }
    lines = []
    for board in boards:
        info = board.challenge
        winner = board.rows[0] if board.rows else None
        key = "challenge.past.line" if winner else "challenge.past.line.nobody"
        lines.append(
            t(
                key,
                locale,
                number=info.number,
                when=_when(info.closes_at, "d"),
                count=len(board.rows),
                name=winner.name if winner else "",
                share=decimal_text((winner.share if winner else 0) * 100, locale),
            )
        )
    lines.append(t("challenge.past.more", locale))
    return {"embed": _embed(t("challenge.past.title", locale), lines)}


# ----------------------------------------------------------------------------- settings


def settings_message(settings: ChallengeSettings, changed: bool, locale: str) -> Drawn:
    """The server's challenge settings; ``changed``: just changed (from the next challenge)."""
    day = t(f"challenge.weekday.{settings.weekday}", locale)
    when_key = (
        "challenge.settings.weekly" if settings.cadence == "weekly" else "challenge.settings.daily"
    )
    lines = [
        t(when_key, locale, day=day, hour=f"{settings.hour:02d}:00", zone=settings.timezone),
        t("challenge.settings.deals", locale, count=settings.deals, rules=settings.rules),
        t("challenge.settings.channel", locale, channel=f"<#{settings.channel_id}>")
        if settings.channel_id
        else t("challenge.settings.no_channel", locale),
    ]
    if changed:
        lines.append(t("challenge.settings.changed", locale))
    return {"embed": _embed(t("challenge.settings.title", locale), lines)}
