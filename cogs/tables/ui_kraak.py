"""A kraken hand on the table messages (docs/rules.md 2.5, 2.6): the calls made, the
multiplier and the bearing pair on one line; the turn to call; and, once the calls are
over, the hand roem announced as VARIANTS 2.3 has it: each pair's best combination and
every combination that scores, by the seat that shows it, then what each pair scores.
Nothing else of the hands: `PublicCalls.announced` holds no other card.
"""

from __future__ import annotations

from bot.engine.seats import SIDES
from bot.tables import PublicTable
from bot.tables.readmodels import PublicCalls
from cogs.common.text import card_text, t
from cogs.tables.ui_text import md, pair_names, seat_name

NAME_MAX = 24  # a name on these lines, shortened to keep a line on a phone


def call_name(level: int, locale: str) -> str:
    """The call by level: kraak, rekraak, superkraak (Dutch in every language)."""
    return t(f"tables.kraak.name.{level}", locale)


def call_label(level: int, locale: str) -> str:
    """The call as a button's label: "Kraak", "Rekraak", "Superkraak"."""
    return call_name(level, locale).capitalize()


def kraak_line(public: PublicTable, locale: str) -> str:
    """ "Kraak by Ann · ×2 · bearing pair Ann & Carl": the calls, the multiplier and the
    pair that must get more than half; empty until a call or spades multiply the hand."""
    kraak = public.kraak
    if kraak is None or (not kraak.callers and kraak.multiplier == 1):
        return ""  # nothing called, nothing multiplied: the trump line says it all
    calls = ", ".join(
        t(
            "tables.kraak.by",
            locale,
            call=call_name(level + 1, locale),
            name=_name(public, seat, locale),
        )
        for level, seat in enumerate(kraak.callers)
    )
    parts = [calls or t("tables.kraak.none", locale), f"×{kraak.multiplier}"]
    if kraak.bearing_pair is not None:
        names = md(pair_names(public.seats, kraak.bearing_pair, locale, NAME_MAX))
        parts.append(t("tables.kraak.bearing", locale, names=names))
    line = " · ".join(parts)
    return line[:1].upper() + line[1:]


def to_call_line(public: PublicTable, locale: str) -> str:
    """Whose call it is and which: "Bob may call kraak or pass"; empty outside the calls."""
    kraak = public.kraak
    if kraak is None or kraak.level is None or kraak.to_call is None:
        return ""
    name = _name(public, kraak.to_call, locale)
    return t("tables.kraak.to_call", locale, name=name, call=call_name(kraak.level, locale))


def hand_roem_lines(public: PublicTable, locale: str) -> list[str]:
    """The hand roem announced once the calls are over: each combination shown (the seat,
    its cards, its value), then, in small print, what each pair scores of it."""
    kraak = public.kraak
    if kraak is None or kraak.level is not None or not public.rules.hand_roem:
        return []
    if not kraak.announced:
        return [t("tables.kraak.no_hand_roem", locale)]
    shown = []
    for combo in kraak.announced:
        cards = " ".join(card_text(card, locale) for card in combo.cards)
        name = _name(public, combo.seat, locale)
        shown.append(t("tables.kraak.shows", locale, name=name, cards=cards, points=combo.points))
    title = t("tables.kraak.hand_roem", locale)
    return [f"**{title}:** " + " · ".join(shown), _scored(public, kraak, locale)]


def _scored(public: PublicTable, kraak: PublicCalls, locale: str) -> str:
    pairs = [
        t(
            "tables.kraak.scores",
            locale,
            names=md(pair_names(public.seats, pair, locale, NAME_MAX)),
            points=kraak.hand_roem[pair],
        )
        for pair in SIDES
    ]
    return "-# " + " · ".join(pairs)


def _name(public: PublicTable, seat: int, locale: str) -> str:
    return md(seat_name(public.seats, seat, locale, NAME_MAX))
