"""A kraken hand on the table messages (docs/rules.md 2.5, 2.6): the calls made, the
multiplier and the bearing pair (each call by name on the hand message, the last call in
short on the public one, where it stands in the trump line); the turn to call; and, once
the calls are over and until the first trick is taken, the hand roem announced as
VARIANTS 2.3 has it: each pair's best combination and every combination that scores, by
the seat that shows it, struck through where its pair scores none of it. Nothing else of
the hands: `PublicCalls.announced` holds no other card.
"""

from __future__ import annotations

from bot.engine import pair_of
from bot.engine.handroem import Combination, ComboKind
from bot.tables import PublicTable
from bot.tables.readmodels import PublicCalls
from cogs.common.text import call_name, card_text, t
from cogs.tables.ui_text import md, pair_names, seat_name

NAME_MAX = 24  # a name on these lines, shortened to keep a line on a phone


def call_verb(level: int, locale: str) -> str:
    """The call as what a player does: "call kraak" in English, "kraken" in Dutch."""
    return t(f"tables.kraak.verb.{level}", locale)


def kraak_line(public: PublicTable, locale: str) -> str:
    """ "Kraak by Ann · ×2 · bearing pair Ann & Carl": each call by its caller, the
    multiplier and the pair that must get more than half, for the hand message; empty
    until a call or spades multiply the hand."""
    kraak = _multiplied(public)
    if kraak is None:
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
    line = " · ".join(parts + _bearing(public, kraak, locale))
    return line[:1].upper() + line[1:]


def calls_text(public: PublicTable, locale: str) -> str:
    """ "superkraak ×8 · bearing pair Bob & Dirk": the last call (which names the ones
    before it; each by its caller is on the hand message), the multiplier and the bearing
    pair, for the trump line of the public message; empty until a call or spades multiply
    the hand."""
    kraak = _multiplied(public)
    if kraak is None:
        return ""
    last = f"×{kraak.multiplier}"
    if kraak.callers:
        last = f"{call_name(len(kraak.callers), locale)} {last}"
    return " · ".join([last, *_bearing(public, kraak, locale)])


def _multiplied(public: PublicTable) -> PublicCalls | None:
    """The hand's calls once a call or spades multiply it, else None."""
    kraak = public.kraak
    if kraak is None or (not kraak.callers and kraak.multiplier == 1):
        return None
    return kraak


def _bearing(public: PublicTable, kraak: PublicCalls, locale: str) -> list[str]:
    if kraak.bearing_pair is None:
        return []
    names = md(pair_names(public.seats, kraak.bearing_pair, locale, NAME_MAX))
    return [t("tables.kraak.bearing", locale, names=names)]


def to_call_line(public: PublicTable, locale: str) -> str:
    """Whose call it is and which: "Bob may call kraak or pass"; empty outside the calls."""
    kraak = public.kraak
    if kraak is None or kraak.level is None or kraak.to_call is None:
        return ""
    name = _name(public, kraak.to_call, locale)
    return t("tables.kraak.to_call", locale, name=name, call=call_verb(kraak.level, locale))


def hand_roem_lines(public: PublicTable, locale: str) -> list[str]:
    """The hand roem announced once the calls are over, while the first trick is played
    (as at a table, where the cards shown go back into the hand when it is taken): each
    combination shown by its seat, its cards and its value, struck through where its pair
    scores none of it. What each pair scores stands in its score line."""
    kraak = public.kraak
    if kraak is None or kraak.level is not None or not public.rules.hand_roem:
        return []
    if public.trick_number != 1:
        return []
    if not kraak.announced:
        return [t("tables.kraak.no_hand_roem", locale)]
    combos = [_combination(public, combo, locale) for combo in kraak.announced]
    scoring = _scoring_pairs(kraak.announced, kraak.hand_roem)
    struck = [
        text if combo.kind == ComboKind.STUK or pair_of(combo.seat) in scoring else f"~~{text}~~"
        for combo, text in zip(kraak.announced, combos, strict=True)
    ]
    return [f"**{t('tables.kraak.hand_roem', locale)}:** " + " · ".join(struck)]


def _combination(public: PublicTable, combo: Combination, locale: str) -> str:
    """ "Bob 9♥–Q♥: 50": the seat, the cards (a run by its lowest and highest), the value."""
    cards = [card_text(card, locale) for card in combo.cards]
    if combo.kind == ComboKind.RUN:
        cards = [f"{cards[0]}–{cards[-1]}"]
    return f"{_name(public, combo.seat, locale)} {' '.join(cards)}: {combo.points}"


def _scoring_pairs(announced: tuple[Combination, ...], scored: tuple[int, int]) -> set[int]:
    """The pairs whose combinations score (docs/rules.md 2.6.4): stuk always counts for its
    pair, so a pair scores its combinations when it scores more than its stuk."""
    stuk = dict.fromkeys(range(len(scored)), 0)
    for combo in announced:
        if combo.kind == ComboKind.STUK:
            stuk[pair_of(combo.seat)] += combo.points
    return {pair for pair, points in enumerate(scored) if points > stuk[pair]}


def _name(public: PublicTable, seat: int, locale: str) -> str:
    return md(seat_name(public.seats, seat, locale, NAME_MAX))
