"""The lobby: what the table message says and offers while seats are being taken.

Pure functions of the public read model (`PublicTable`) and a locale; the table message
(`ui.py`) frames them: `lobby_lines` are its text, `lobby_rows` its buttons. The lines say
what will be played (rules, hands or target, turn timer, computers' level); each seat
button says what sitting there means (the pair, and the partner opposite); **Start**
shows once all four seats are taken, **Start with computers** until then.
"""

from __future__ import annotations

import discord

from bot.engine import RuleSet
from bot.engine.seats import FOUR_SEATS
from bot.tables import PublicTable, SeatKind
from bot.texts.catalog import has
from cogs.common.components import Component
from cogs.common.text import t
from cogs.tables.items import ButtonKind, kind_component, sit_component
from cogs.tables.ui_text import levels_text, seat_name, timer_text

__all__ = ["LABEL_NAME", "lobby_lines", "lobby_rows", "rules_words", "sit_label"]

Style = discord.ButtonStyle
LABEL_NAME = 12  # columns of a partner's name on a seat button (a phone shows ~45 in all)


def lobby_lines(public: PublicTable, locale: str) -> list[str]:
    """The lobby's text: how many seats are free (or that all are taken), what will be
    played, and who opened the table."""
    free = len(_free_seats(public))
    three = public.rules.three_players
    ready = "tables.lobby.ready_three" if three else "tables.lobby.ready"
    first = t("tables.lobby.waiting", locale, free=free) if free else t(ready, locale)
    turn_timer = timer_text(public.settings.turn_timer, locale)
    timer = t("tables.settings.turn_timer", locale, value=turn_timer)
    level = t("tables.settings.level", locale, value=levels_text(public, locale))
    lines = [
        first,
        t(
            "tables.lobby.rules",
            locale,
            rules=rules_words(public.rules, locale),
            length=_length(public, locale),
        ),
        f"{timer} · {level}",
    ]
    if three:  # the computers there play easy or normal (a strong one plays normal)
        lines.append(t("tables.lobby.three_levels", locale))
    return [*lines, t("tables.lobby.opener", locale, opener=f"<@{public.opener_id}>")]


def rules_words(rules: RuleSet, locale: str) -> str:
    """The rules' name with each option changed from its preset in the reader's words
    ("amsterdam + roem counted by the bot"), never as the code writes it; the match's
    length is not repeated (the lobby and the heading say it in words)."""
    changed = [
        _option_words(name, value, locale)
        for name, value in sorted(rules.overrides().items())
        if name not in _LENGTH_OPTIONS
    ]
    return " + ".join([rules.name, ", ".join(changed)]) if changed else rules.name


_LENGTH_OPTIONS = frozenset({"match_hands", "target_score"})


def _option_words(name: str, value: object, locale: str) -> str:
    """One changed option in words; one the catalogue has no words for yet by its name."""
    key = f"tables.rules.{name}.{value}"
    return t(key, locale) if has(key, locale) else f"{name}={value}"


def lobby_rows(public: PublicTable, locale: str) -> list[list[Component]]:
    """The lobby's buttons: a row per pair with a free seat (a label a phone shows whole;
    three seats: a row per free seat), then computers and start (Start with computers
    while a seat is free) and leave."""
    table = public.table_id
    rows = [
        [sit_component(table, seat, sit_label(public, seat, locale))]
        for seat in _seats_offered(public)
    ]
    if public.rules.three_players:
        rows = _three_sit_rows(public, locale)
    if _free_seats(public):
        last = [
            kind_component(ButtonKind.ADDBOT, table, locale),
            kind_component(ButtonKind.FILL, table, locale, Style.success),
        ]
    else:
        last = [kind_component(ButtonKind.START, table, locale, Style.success)]
    return [*rows, [*last, kind_component(ButtonKind.LEAVE, table, locale)]]


def _three_sit_rows(public: PublicTable, locale: str) -> list[list[Component]]:
    """Three seats: a sit button per free seat ("Sit: seat 2"), a row each as the pairs'
    are: every player plays for himself, so a seat says no more than its number."""
    label = "tables.button.sit_seat"
    return [
        [sit_component(public.table_id, seat, t(label, locale, n=seat + 1))]
        for seat in _free_seats(public)
    ]


def sit_label(public: PublicTable, seat: int, locale: str) -> str:
    """ "Sit opposite Bob": the partner already sitting opposite (seats 1 & 3 and 2 & 4 are
    partners), or "Sit: pair 2" while both of the pair's seats are free; within Discord's 80
    characters."""
    pair = FOUR_SEATS.side_of(seat) + 1
    partner = FOUR_SEATS.partner_of(seat)
    if public.seats[partner].kind == SeatKind.EMPTY:
        return t("tables.button.sit_pair", locale, pair=pair)[:80]
    name = seat_name(public.seats, partner, locale, LABEL_NAME)
    return t("tables.button.sit_opposite", locale, pair=pair, name=name)[:80]


def _seats_offered(public: PublicTable) -> list[int]:
    """The seat each sit button takes: a pair's free seat, or the first of its two when
    both are free (they sit the player in the same pair, so one button says it); none at
    three seats (`_three_sit_rows`)."""
    free = _free_seats(public) if not public.rules.three_players else []
    return [seat for seat in free if not (seat >= 2 and seat - 2 in free)]


def _free_seats(public: PublicTable) -> list[int]:
    return [seat for seat, state in enumerate(public.seats) if state.kind == SeatKind.EMPTY]


def _length(public: PublicTable, locale: str) -> str:
    """How long the match runs: a number of hands, up to a target score, or both (the
    match ends at whichever comes first)."""
    target = t("tables.lobby.target", locale, target=public.target_score)
    if public.planned_hands is None:
        return target
    hands = t("tables.lobby.hands", locale, n=public.planned_hands)
    return hands if public.target_score is None else f"{hands} · {target}"
