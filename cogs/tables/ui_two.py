"""A two-seat table's own words (two-player Klaverjas, docs/rules.md 2.9; docs/table-ux.md
2.17): each player plays two units, a hand and a table of face-up cards, so a card in a
trick is named by its unit ("Anna (table)", `ui_text.player_name`); both tables' face-up
cards and how many face-down cards they still hide; the maker's trump; a one-line score
per player.

Pure functions of the public read model (`PublicTable`, its `two` facts) and a locale.
The table message (`ui.py`), the hand (`ui_hand.py`), the lobby and the score sheet ask
`is_two` where the games differ. The table's picture (`bot/pictures/table.py`) shows both
sides; while the message carries one it leaves the tables to it (and to its alt text).
"""

from __future__ import annotations

from enum import StrEnum

from bot.engine import TWO_PLAYERS, Card, Suit, TweemansPhase
from bot.tables import PublicTable
from cogs.common.text import CardEmojis, face_of, t
from cogs.tables.ui_text import (
    marked_name,
    phase_turn_line,
    plain_points,
    play_name,
    player_seat_lines,
    scoreboard,
    suit_text,
)

__all__ = [
    "is_two",
    "two_play_lines",
    "two_score_text",
    "two_seat_lines",
    "two_tables_text",
]


_TURN_KEYS: dict[StrEnum, str] = {
    TweemansPhase.TRUMP: "tables.public.to_choose",
    TweemansPhase.PLAY: "tables.public.to_play",
}


def is_two(public: PublicTable) -> bool:
    """Whether the table seats two (its rules play two-player Klaverjas)."""
    return public.rules.two_players


# ----------------------------------------------------------------------------- seats


def two_seat_lines(public: PublicTable, locale: str) -> str:
    """The seats, one a line ("2. Bob 🤖"), with each player's total once a hand is scored."""
    two = public.two
    totals = two.totals if two is not None and two.sheet else None
    return player_seat_lines(public, TWO_PLAYERS.players, totals, locale)


# ----------------------------------------------------------------------------- play


def two_play_lines(public: PublicTable, locale: str) -> list[str]:
    """The turn (the maker to name trump, a player to play, the claim window), then the
    dealer before trump or trump with its maker."""
    return [_turn_line(public, locale), _trump_line(public, locale)]


def _turn_line(public: PublicTable, locale: str) -> str:
    return phase_turn_line(public, TweemansPhase.CLAIM, _TURN_KEYS, locale)


def _trump_line(public: PublicTable, locale: str) -> str:
    if public.trump is None:
        return t("tables.public.dealer", locale, dealer=play_name(public, public.dealer, locale))
    suit = suit_text(public.trump, locale)
    maker = play_name(public, public.chooser, locale)
    return t("tables.public.trump_play", locale, suit=suit, chooser=maker)


def two_tables_text(public: PublicTable, locale: str, emojis: CardEmojis) -> str:
    """Both tables, a line each: the player's name, the face-up cards of its piles and how
    many face-down cards they still hide ("Bob 🤖 ▦ 9♥ A♠ · 2 hidden")."""
    two = public.two
    if two is None or not two.tables:
        return ""
    return "\n".join(
        _table_line(public, player, locale, emojis, public.trump) for player in TWO_PLAYERS.players
    )


def _table_line(
    public: PublicTable, player: int, locale: str, emojis: CardEmojis, trump: Suit | None
) -> str:
    two = public.two
    assert two is not None
    cards = [card for card in two.tables[player] if card is not None]
    faces = " ".join(_face(card, locale, emojis, trump) for card in cards) or "–"
    line = t("tables.two.table_line", locale, name=marked_name(public.seats, player, locale))
    hidden = sum(two.hidden[player])
    if hidden:
        faces += " · " + t("tables.two.hidden", locale, n=hidden)
    return f"{line} {faces}"


def _face(card: Card, locale: str, emojis: CardEmojis, trump: Suit | None) -> str:
    text = face_of(card, locale, emojis).inline
    return f"{text}★" if card.suit == trump else text


def two_score_text(public: PublicTable, locale: str) -> str:
    """The players' scores on one line between their names ("Anna **48 – 30** Bob 🤖"):
    the hand's points (and roem) while cards are played, with the match's totals below in
    small print once a hand is scored; else the match's totals, or the names alone."""
    two = public.two
    names = [marked_name(public.seats, player, locale) for player in TWO_PLAYERS.players]
    if two is None:
        return t("tables.public.pairs", locale, names1=names[0], names2=names[1])
    playing = public.phase in (TweemansPhase.PLAY, TweemansPhase.CLAIM)
    hand = (
        [plain_points(two.hand_points[p], two.hand_roem[p]) for p in TWO_PLAYERS.players]
        if playing
        else None
    )
    return scoreboard(names, hand, two.totals, bool(two.sheet), locale)
