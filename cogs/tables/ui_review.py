"""The review after a hand (docs/table-ux.md 2.11): the hand trick by trick, or as dealt.

**Score sheet** carries a Review button for the last scored hand, and so does the finished
table's message (ui.py); the review itself has buttons to the hand before and after it and
to its other page, so every scored hand of the match can be looked at. Its first page
replays the hand: each trick in playing order from its leader with the card faces, the
card that took it and what it was worth, then each pair's card points, roem and score.
The other page shows the four hands as dealt. Both are drawn from the service's
`DealtHands`, which exists only for a scored hand, so nothing here can show a card of a
hand still in play; each page keeps to one phone screen.
"""

from __future__ import annotations

import discord
from discord.utils import escape_markdown

from bot.analysis import line_check
from bot.engine import Card, Suit
from bot.engine.ledig import trick_seats
from bot.engine.seats import FOUR_SEATS, SIDES
from bot.tables import DealtHands, PublicTrick
from cogs.common.analyse import analyse_component
from cogs.common.components import EMBED_COLOUR, Component, rendered_view
from cogs.common.text import NO_EMOJIS, CardEmojis, cards_text, face_of, t
from cogs.tables.items import review_component
from cogs.tables.ui_sheet import flag_text
from cogs.tables.ui_text import (
    WINNING_MARK,
    pair_names,
    points_text,
    seat_name,
    suit_text,
)

__all__ = ["review_embed", "review_view"]

TRICK_NAME = 10  # columns of a name in a trick's line: four of them share a phone's line


def review_embed(
    review: DealtHands, locale: str, emojis: CardEmojis = NO_EMOJIS, deal: bool = False
) -> discord.Embed:
    """The hand trick by trick (or, `deal`, as dealt), then how it was scored."""
    if deal:
        title = t("tables.review.title", locale, table=review.table_id, n=review.number)
        rows = _deal_rows(review, locale)
    else:
        title = t("tables.review.title_tricks", locale, table=review.table_id, n=review.number)
        rows = [_trump_line(review, locale), *_trick_rows(review, locale, emojis)]
    rows += _score_rows(review, locale)
    return discord.Embed(title=title, description="\n".join(rows), colour=EMBED_COLOUR)


def _name(review: DealtHands, seat: int, locale: str, width: int | None = None) -> str:
    return escape_markdown(seat_name(review.seats, seat, locale, width))


def _trump_line(review: DealtHands, locale: str) -> str:
    """Trump, who chose it, the makers and the dealer, as the table message says it."""
    line = review.line
    if line.ledig:
        return t(
            "tables.public.ledig",
            locale,
            declarer=_name(review, line.chooser, locale),
            idle=_name(review, FOUR_SEATS.partner_of(line.chooser), locale),
            dealer=_name(review, line.dealer, locale),
        )
    return t(
        "tables.public.trump",
        locale,
        suit=suit_text(Suit.parse(line.trump), locale),
        chooser=_name(review, line.chooser, locale),
        makers=escape_markdown(pair_names(review.seats, line.makers, locale)),
        dealer=_name(review, line.dealer, locale),
    )


def _trick_rows(review: DealtHands, locale: str, emojis: CardEmojis) -> list[str]:
    """One line per trick: its number, each card from the leader's with who played it, the
    one that took it marked, and what it was worth (the last trick's 10 and the roem
    credited on it included)."""
    rows = []
    for number, (trick, points) in enumerate(zip(review.tricks, review.worth, strict=True), 1):
        cards = " · ".join(
            _played(review, trick, seat, card, locale, emojis)
            for seat, card in zip(trick_seats(trick.leader, trick.idle), trick.cards, strict=True)
        )
        worth = points_text(points, trick.claimed_roem, locale)
        rows.append(f"`{number}` {cards} → **{worth}**")
    return rows


def _played(
    review: DealtHands, trick: PublicTrick, seat: int, played: Card, locale: str, emojis: CardEmojis
) -> str:
    card = face_of(played, locale, emojis).inline
    mark = f" {WINNING_MARK}" if seat == trick.winner else ""
    return f"{_name(review, seat, locale, TRICK_NAME)} {card}{mark}"


def _deal_rows(review: DealtHands, locale: str) -> list[str]:
    """Each seat's eight cards as dealt, sorted by suit (trump order in trump)."""
    rows = []
    for seat, cards in enumerate(review.hands):
        dealer = " · " + t("tables.review.dealer", locale) if seat == review.line.dealer else ""
        rows.append(f"**{seat + 1}. {_name(review, seat, locale)}**{dealer}")
        rows.append(cards_text(cards, locale))
    return rows


def _score_rows(review: DealtHands, locale: str) -> list[str]:
    """Each pair's card points, roem and score for the hand, and its nat or pit."""
    line = review.line
    rows = [
        t(
            "tables.review.pair",
            locale,
            names=escape_markdown(pair_names(review.seats, pair, locale)),
            points=line.points[pair],
            roem=line.roem[pair],
            score=line.scores[pair],
        )
        for pair in SIDES
    ]
    flag = flag_text(line, locale)
    return [*rows, f"-# {flag}"] if flag else rows


def review_view(
    review: DealtHands, scored: int, locale: str, deal: bool = False
) -> discord.ui.View:
    """Buttons to the hand before and the hand after this one, where they are scored
    (`scored`: hands scored so far in the match), to this hand's other page, and Analyse
    at a casual table."""
    number, table = review.number, review.table_id
    row: list[Component] = []
    if number > 1:
        label = t("tables.button.review", locale, n=number - 1)
        row.append(review_component(table, number - 1, f"◀ {label}"))
    other = t("tables.button.review_tricks" if deal else "tables.button.review_deal", locale)
    row.append(review_component(table, number, other, deal=not deal))
    if number < scored:
        label = t("tables.button.review", locale, n=number + 1)
        row.append(review_component(table, number + 1, f"{label} ▶"))
    if not review.league:
        row.append(analyse_component("table", table, number, line_check(review.line), locale))
    return rendered_view([row])
