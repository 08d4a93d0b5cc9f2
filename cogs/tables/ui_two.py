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

from bot.engine import TWO_PLAYERS, Card, Suit, TweemansPhase
from bot.tables import PublicTable, SeatKind
from cogs.common.text import CardEmojis, face_of, t
from cogs.tables.ui_text import (
    PLAY_NAME_MAX,
    TURN_MARK,
    marked_name,
    md,
    seat_name,
    suit_text,
)

__all__ = [
    "is_two",
    "two_play_lines",
    "two_score_text",
    "two_seat_lines",
    "two_tables_text",
]


def is_two(public: PublicTable) -> bool:
    """Whether the table seats two (its rules play two-player Klaverjas)."""
    return public.rules.two_players


# ----------------------------------------------------------------------------- seats


def two_seat_lines(public: PublicTable, locale: str) -> str:
    """The seats, one a line ("2. Bob 🤖"), with each player's total once a hand is scored."""
    two = public.two
    lines = []
    for seat in TWO_PLAYERS.players:
        name = marked_name(public.seats, seat, locale)
        if public.seats[seat].kind == SeatKind.EMPTY:
            name = f"*{name}*"
        total = f" · **{two.totals[seat]}**" if two is not None and two.sheet else ""
        lines.append(f"{seat + 1}. {name}{total}")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- play


def two_play_lines(public: PublicTable, locale: str) -> list[str]:
    """The turn (the maker to name trump, a player to play, the claim window), then the
    dealer before trump or trump with its maker."""
    return [_turn_line(public, locale), _trump_line(public, locale)]


def _turn_line(public: PublicTable, locale: str) -> str:
    if public.phase == TweemansPhase.CLAIM:
        return t("tables.public.claim_last", locale)
    keys = {
        TweemansPhase.TRUMP: "tables.public.to_choose",
        TweemansPhase.PLAY: "tables.public.to_play",
    }
    key = keys.get(public.phase) if isinstance(public.phase, TweemansPhase) else None
    if key is None or public.to_act is None:
        return ""
    name = _name(public, public.to_act, locale)
    line = f"{TURN_MARK} " + t(key, locale, name=name)
    if public.turn_deadline is not None:
        line += f" · <t:{int(public.turn_deadline)}:R>"
    return line


def _trump_line(public: PublicTable, locale: str) -> str:
    if public.trump is None:
        return t("tables.public.dealer", locale, dealer=_name(public, public.dealer, locale))
    suit = suit_text(public.trump, locale)
    maker = _name(public, public.chooser, locale)
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
    one, other = two.totals
    if public.phase in (TweemansPhase.PLAY, TweemansPhase.CLAIM):
        hand = [_points(two.hand_points[p], two.hand_roem[p]) for p in TWO_PLAYERS.players]
        line = t(
            "tables.public.scores",
            locale,
            names1=names[0],
            score1=hand[0],
            score2=hand[1],
            names2=names[1],
        )
        below = t("tables.public.match_small", locale, total1=one, total2=other)
        return f"{line}\n-# {below}" if two.sheet else line
    if not two.sheet:
        return t("tables.public.pairs", locale, names1=names[0], names2=names[1])
    return t(
        "tables.public.match_scores",
        locale,
        names1=names[0],
        total1=one,
        total2=other,
        names2=names[1],
    )


def _points(points: int, roem: int) -> str:
    return f"{points} + {roem}" if roem else str(points)


def _name(public: PublicTable, seat: int | None, locale: str) -> str:
    return md(seat_name(public.seats, seat, locale, PLAY_NAME_MAX))
