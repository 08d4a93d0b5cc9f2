"""A three-seat table's own words (three-player Klaverjas, docs/rules.md 2.8;
docs/table-ux.md 2.16): the seats, the bid and the solo's exchange on the table message,
the hand's points of the solo and the defenders, and a one-line score per player (the
lobby's seat buttons are the lobby's, `ui_lobby.py`; the result and the sheet per player
the score sheet's, `ui_sheet.py`).

Pure functions of the public read model (`PublicTable`, its `three` facts) and a locale.
The table message (`ui.py`), the lobby (`ui_lobby.py`) and the score sheet ask
`is_three` where the games differ.
"""

from __future__ import annotations

from enum import StrEnum

from bot.engine import DEFENDERS, SOLO, DriemansPhase
from bot.tables import PublicTable
from cogs.common.text import t
from cogs.tables.ui_text import (
    marked_name,
    phase_turn_line,
    plain_points,
    play_name,
    player_seat_lines,
    suit_text,
)

__all__ = [
    "is_three",
    "three_play_lines",
    "three_score_text",
    "three_seat_lines",
]


_TURN_KEYS: dict[StrEnum, str] = {
    DriemansPhase.BID: "tables.public.to_bid",
    DriemansPhase.EXCHANGE: "tables.public.to_lay_down",
    DriemansPhase.PLAY: "tables.public.to_play",
}


def is_three(public: PublicTable) -> bool:
    """Whether the table seats three (its rules play three-player Klaverjas)."""
    return public.rules.three_players


# ----------------------------------------------------------------------------- seats


def three_seat_lines(public: PublicTable, locale: str) -> str:
    """The seats, one a line ("2. Bob 🤖"), with each player's total once a hand is scored."""
    three = public.three
    totals = three.totals if three is not None and three.sheet else None
    return player_seat_lines(public, public.rules.seating.seats, totals, locale)


# ----------------------------------------------------------------------------- play


def three_play_lines(public: PublicTable, locale: str) -> list[str]:
    """The turn (to bid, to lay down, to play; the claim window), then the bid: the dealer
    and the passes so far, or the solo, trump and the blind's fate."""
    return [_turn_line(public, locale), _bid_line(public, locale)]


def _turn_line(public: PublicTable, locale: str) -> str:
    return phase_turn_line(public, DriemansPhase.CLAIM, _TURN_KEYS, locale)


def _bid_line(public: PublicTable, locale: str) -> str:
    """Before the bid: the dealer and how many passed (and that the next must play); then
    the solo with trump, and whether he has laid his two cards away."""
    three = public.three
    if three is None:
        return ""
    if three.solo is None or public.trump is None:
        line = t("tables.public.dealer", locale, dealer=play_name(public, public.dealer, locale))
        if three.passes:
            line += " · " + t("tables.public.passes", locale, n=three.passes)
        if three.forced:
            line += " · " + t("tables.public.must_play", locale)
        return line
    solo = t(
        "tables.public.solo",
        locale,
        name=play_name(public, three.solo, locale),
        suit=suit_text(public.trump, locale),
    )
    blind = "tables.public.blind_laid" if three.laid_down else "tables.public.blind_taken"
    return f"{solo} · {t(blind, locale)}"


def three_score_text(public: PublicTable, locale: str) -> str:
    """While cards are played the hand's points, the solo's against the defenders'; then
    a one-line score of the match per player (small print under the hand's points)."""
    three = public.three
    if three is None:
        return ""
    totals = _totals_line(public, locale)
    if three.solo is None or public.phase not in (DriemansPhase.PLAY, DriemansPhase.CLAIM):
        return totals
    solo, defenders = (
        plain_points(three.hand_points[side], three.hand_roem[side]) for side in (SOLO, DEFENDERS)
    )
    hand = t("tables.public.solo_scores", locale, solo=solo, defenders=defenders)
    return f"{hand}\n-# {totals}"


def _totals_line(public: PublicTable, locale: str) -> str:
    """Each player's match total on one line: "Anna 120 · Bob 🤖 85 · Carl 40"."""
    three = public.three
    totals = three.totals if three is not None else (0,) * public.rules.seating.count
    return " · ".join(
        f"{marked_name(public.seats, seat, locale)} **{totals[seat]}**"
        for seat in public.rules.seating.seats
    )
