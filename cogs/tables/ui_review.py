"""The review after a hand (docs/table-ux.md 2.11): the four hands as dealt, on request.

The public message carries a Review button for the last scored hand only (ui.py); the review
itself has buttons to the hand before and after it, so every scored hand of the match can be
looked at. The embed is drawn from the service's `DealtHands`, which exists only for a
scored hand, so nothing here can show a card of a hand still in play.
"""

from __future__ import annotations

import discord
from discord.utils import escape_markdown

from bot.analysis import line_check
from bot.engine import Suit
from bot.tables import DealtHands
from cogs.common.analyse import analyse_component
from cogs.common.components import EMBED_COLOUR, rendered_view
from cogs.common.text import cards_text, t
from cogs.tables.items import review_component
from cogs.tables.ui_text import pair_names, seat_name, suit_text

__all__ = ["review_embed", "review_view"]


def review_embed(review: DealtHands, locale: str) -> discord.Embed:
    """Each seat's eight cards as dealt, sorted by suit (trump order in trump), then how the
    hand was scored."""
    line = review.line
    trump = Suit.parse(line.trump)
    rows = []
    for seat, cards in enumerate(review.hands):
        name = escape_markdown(seat_name(review.seats, seat, locale))
        dealer = " · " + t("tables.review.dealer", locale) if seat == line.dealer else ""
        rows.append(f"**{seat + 1}. {name}**{dealer}\n{cards_text(cards, locale)}")
    makers = escape_markdown(pair_names(review.seats, line.makers, locale))
    rows.append(
        t(
            "tables.review.scored",
            locale,
            suit=suit_text(trump, locale),
            makers=makers,
            score1=line.scores[0],
            score2=line.scores[1],
        )
    )
    title = t("tables.review.title", locale, table=review.table_id, n=review.number)
    return discord.Embed(title=title, description="\n".join(rows), colour=EMBED_COLOUR)


def review_view(review: DealtHands, scored: int, locale: str) -> discord.ui.View:
    """Buttons to the hand before and the hand after this one, where they are scored
    (`scored`: hands scored so far in the match), and Analyse at a casual table."""
    number, table = review.number, review.table_id
    row = []
    if number > 1:
        label = t("tables.button.review", locale, n=number - 1)
        row.append(review_component(table, number - 1, f"◀ {label}"))
    if number < scored:
        label = t("tables.button.review", locale, n=number + 1)
        row.append(review_component(table, number + 1, f"{label} ▶"))
    if not review.league:
        row.append(analyse_component("table", table, number, line_check(review.line), locale))
    return rendered_view([row])
