"""The lobby: what the table message says and offers while seats are being taken.

Pure functions of the public read model (`PublicTable`) and a locale; the table message
(`ui.py`) frames them: `lobby_lines` are its text, `lobby_rows` its buttons.
"""

from __future__ import annotations

import discord

from bot.tables import PublicTable, SeatKind
from cogs.common.components import Component
from cogs.common.text import t
from cogs.tables.items import ButtonKind, kind_component, sit_component

__all__ = ["lobby_lines", "lobby_rows"]

Style = discord.ButtonStyle


def lobby_lines(public: PublicTable, locale: str) -> list[str]:
    """The lobby's text: how many seats are free (or that all are taken), and the opener."""
    free = sum(1 for s in public.seats if s.kind == SeatKind.EMPTY)
    first = t("tables.lobby.waiting", locale, free=free) if free else ""
    first = first or t("tables.lobby.ready", locale)
    return [first, t("tables.lobby.opener", locale, opener=f"<@{public.opener_id}>")]


def lobby_rows(public: PublicTable, locale: str) -> list[list[Component]]:
    """The lobby's buttons: a seat button per free seat, then computers, start and leave."""
    table = public.table_id
    return [
        [
            sit_component(table, seat, t("tables.button.sit", locale, seat=seat + 1))
            for seat, state in enumerate(public.seats)
            if state.kind == SeatKind.EMPTY
        ],
        [
            kind_component(ButtonKind.ADDBOT, table, locale),
            kind_component(ButtonKind.START, table, locale, Style.success),
            kind_component(ButtonKind.LEAVE, table, locale),
        ],
    ]
