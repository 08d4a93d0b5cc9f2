"""Names and words the table's messages share: seats, pairs, suits, roem, refused cards.

Cards and suits are drawn by `cogs/common/text.py` (one helper for every cog); `suit_text`
is re-exported here for the table's renderers.

A leaf of the tables package (it imports no other module of it), so the refusal
sentences (`errors.py`) and both renderers (`ui.py`, `ui_hand.py`) can use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from discord.utils import escape_markdown

from bot.engine import Card, IllegalReason, Roem, RoemKind, Suit
from bot.players import LEVELS
from bot.tables import Hint, PublicSeat, PublicTable, SeatKind
from cogs.common.text import card_text, shorten, suit_text, t

__all__ = [
    "finished_hint",
    "hint_text",
    "league_title",
    "level_name",
    "levels_text",
    "md",
    "pair_names",
    "reason_text",
    "roem_text",
    "seat_name",
    "suit_text",
    "timer_text",
]


@lru_cache(maxsize=4096)
def md(text: str) -> str:
    """`text` (a player's name) with markdown escaped; cached: every message of a table
    escapes the same few names many times."""
    return escape_markdown(text)


def seat_name(
    seats: Sequence[PublicSeat], seat: int | None, locale: str, width: int | None = None
) -> str:
    """The plain name at a seat (computer seats get a numbered name), for sentences; with
    `width`, a longer name is shortened to that many columns, ending in an ellipsis."""
    if seat is None:
        return "?"
    state = seats[seat]
    if state.kind == SeatKind.EMPTY:
        return t("tables.seat.free", locale)
    name = state.name or t("tables.seat.computer", locale, n=seat + 1)
    return shorten(name, width) if width is not None else name


def pair_names(
    seats: Sequence[PublicSeat], pair: int, locale: str, width: int | None = None
) -> str:
    """Both names of a pair (seats 1 & 3 are pair 1, seats 2 & 4 pair 2)."""
    first, second = (seat_name(seats, s, locale, width) for s in (pair, pair + 2))
    return t("tables.pair.names", locale, first=first, second=second)


def levels_text(table: PublicTable, locale: str) -> str:
    """The table's computer level, and any seat whose computer plays at another one."""
    default = level_name(table.settings.computer_kind, locale)
    others = [
        t("tables.settings.seat_level", locale, seat=i + 1, level=level_name(s.level, locale))
        for i, s in enumerate(table.seats)
        if s.kind == SeatKind.COMPUTER and s.level and s.level != table.settings.computer_kind
    ]
    return ", ".join([default, *others])


def level_name(kind: str, locale: str) -> str:
    """A computer level in words ("strong"); a level the catalogue lacks as it is."""
    level = {"heuristic": "normal"}.get(kind, kind)  # the normal level's older name
    return t(f"tables.level.{level}", locale) if level in LEVELS else level


def timer_text(seconds: float, locale: str) -> str:
    """The turn timer as a setting reads: "120 s", or "off"."""
    return f"{seconds:g} s" if seconds else t("tables.settings.off", locale)


def reason_text(reason: IllegalReason, locale: str) -> str:
    """Why a card may not be played: "You must follow clubs", "You must overtrump"."""
    suit = t(f"common.suit.{reason.suit.letter}", locale) if reason.suit is not None else ""
    return t(f"tables.reason.{reason.code.value}", locale, suit=suit)


def roem_text(roem: Roem, locale: str) -> str:
    """What a claim credited, in words: "stuk + run of three: 40"."""
    parts = [_roem_part(part.kind, part.cards[0].rank.label, locale) for part in roem.parts]
    return t("tables.roem.total", locale, parts=" + ".join(parts), points=roem.points)


def _roem_part(kind: RoemKind, rank: str, locale: str) -> str:
    if kind == RoemKind.FOUR:
        return t(f"tables.roem.four.{rank}", locale)
    return t(f"tables.roem.{kind.value}", locale)


def hint_text(hint: Hint, locale: str) -> str:
    """The one line of a /hint: what to do, why, and by how much it is better."""
    if hint.reason == "only":
        if hint.card is not None:
            return t("tables.hint.only", locale, card=card_text(hint.card, locale))
        assert hint.suit is not None
        return t("tables.hint.only_trump", locale, suit=suit_text(hint.suit, locale))
    points = round(hint.margin)
    margin = (
        t("tables.hint.margin", locale, points=points)
        if points >= 1
        else t("tables.hint.margin_close", locale)
    )
    facts = {"margin": margin, "samples": hint.samples}
    other = hint.runner_up
    if isinstance(other, Card):
        other_text = card_text(other, locale)
    elif isinstance(other, Suit):
        other_text = suit_text(other, locale)
    else:
        other_text = t("tables.hint.passing", locale)
    if hint.card is not None:
        why = t(f"tables.hint.why.{hint.reason}", locale)
        return t(
            "tables.hint.card",
            locale,
            card=card_text(hint.card, locale),
            why=why,
            other=other_text,
            **facts,
        )
    if hint.suit is None:
        return t("tables.hint.pass", locale, other=other_text, **facts)
    suit = suit_text(hint.suit, locale)
    return t("tables.hint.name", locale, suit=suit, other=other_text, **facts)


def league_title(public: PublicTable, locale: str) -> str | None:
    """A league table's title: its league, night, round and table (None: no league table)."""
    place = public.league
    if place is None:
        return None
    return t(
        "tables.public.league_title",
        locale,
        league=place.league,
        night=place.night,
        round=place.round,
        table=place.table,
    )


def finished_hint(public: PublicTable, locale: str) -> str:
    """The line under a finished match: Play again under the sheet or open a new table, or
    at a league table, where its result counts, linking to the night's standings message
    when there is one."""
    place = public.league
    if place is None:
        key = "tables.public.finished_again" if public.again_open else "tables.public.finished_hint"
        return t(key, locale)
    values = {"league": md(place.league), "night": place.night}
    if place.standings is None or public.guild_id is None:
        return t("tables.public.league_counted", locale, **values)
    channel, message = place.standings
    link = f"https://discord.com/channels/{public.guild_id}/{channel}/{message}"
    return t("tables.public.league_finished", locale, link=link, **values)
