"""Names and words the table's messages share: seats, pairs, suits, roem, refused cards,
and the trick on the table in words.

Cards and suits are drawn by `cogs/common/text.py` (one helper for every cog: `card_face`
for every card, with its picture when the bot has one); `suit_text` is re-exported here for
the table's renderers.

The trick is drawn for the public message (one line per card, in the order they were
played) and for a player's hand (one line, each card after an arrow for its seat as the
player sees it: the partner at the top, the opponents left and right, the player at the
bottom). Everything shown comes from the public read model: the trick's cards and leader,
the seat winning it (`PublicTable.trick_winner`, the engine's), the trick just taken with
its winner and claimed roem, the seats around a seat (`bot.engine.seats_around`). Marks:
`led` names the seat that led, 🏆 the card winning (or that won) the trick; ⏳ marks the
seat to play on the turn line. Names on the lines of a table in play are cut to
`PLAY_NAME_MAX` columns, so that each line keeps to one line of a phone. What every game's
message words alike (the seats with each player's total, the turn line, the scoreboard
between two sides) is here too, for the four-, three- and two-seat renderers.

A leaf of the tables package (it imports no other module of it), so the refusal
sentences (`errors.py`) and both renderers (`ui.py`, `ui_hand.py`) can use it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Final

import discord
from discord.utils import escape_markdown

from bot.engine import Card, DriemansPhase, Phase, Roem, RoemKind, Seating, Suit
from bot.engine.ledig import trick_seats
from bot.engine.seats import FOUR_SEATS, TWO_PLAYERS
from bot.players import LEVELS
from bot.tables import (
    Hint,
    HintAnswer,
    LeaguePlace,
    PublicSeat,
    PublicTable,
    PublicTrick,
    SeatKind,
    Status,
    computer_name,
)
from cogs.common.text import (
    SEATS_CACHED,
    CardEmojis,
    call_label,
    card_face,
    card_text,
    jump_url,
    reason_text,
    shorten,
    suit_text,
    t,
)

__all__ = [
    "AWAY_MARK",
    "COMPUTER_MARK",
    "PLAY_NAME_MAX",
    "ShownTrick",
    "TURN_MARK",
    "WINNING_MARK",
    "finished_hint",
    "hint_reply",
    "league_title",
    "level_name",
    "levels_text",
    "marked_name",
    "md",
    "pair_names",
    "phase_turn_line",
    "plain_points",
    "play_name",
    "player_seat_lines",
    "points_text",
    "reason_text",
    "roem_line",
    "roem_parts_text",
    "roem_text",
    "scoreboard",
    "seat_marks",
    "seat_name",
    "shown_trick",
    "suit_text",
    "taken_trick",
    "timer_text",
    "trick_around",
    "trick_lines",
    "trick_title",
    "turn_line",
]

COMPUTER_MARK = "🤖"
AWAY_MARK = "💤"


@lru_cache(maxsize=SEATS_CACHED)
def md(text: str) -> str:
    """`text` (a player's name) with markdown escaped; cached: every message of a table
    escapes the same few names many times."""
    return escape_markdown(text)


def seat_name(
    seats: Sequence[PublicSeat], seat: int | None, locale: str, width: int | None = None
) -> str:
    """The plain name at a seat, for sentences: a computer the table added is named in the
    reader's language ("Ordenador 2"), a seat its player left keeps the player's name; with
    `width`, a longer name is shortened to that many columns, ending in an ellipsis."""
    if seat is None:
        return "?"
    state = seats[seat]
    if state.kind == SeatKind.EMPTY:
        return t("tables.seat.free", locale)
    name = state.name
    if state.kind == SeatKind.COMPUTER and name in ("", computer_name(seat)):
        name = t("tables.seat.computer", locale, n=seat + 1)
    return shorten(name, width) if width is not None else name


def seat_marks(state: PublicSeat) -> str:
    """ " 🤖" for a computer, " 💤" for a player away or left to the computer: what follows
    a seat's name wherever the table is drawn."""
    marks = ""
    if state.kind == SeatKind.COMPUTER:
        marks += f" {COMPUTER_MARK}"
    if state.is_human and (state.away or state.autoplay):
        marks += f" {AWAY_MARK}"
    return marks


def pair_names(
    seats: Sequence[PublicSeat], pair: int, locale: str, width: int | None = None
) -> str:
    """Both names of a pair (seats 1 & 3 are pair 1, seats 2 & 4 pair 2)."""
    first, second = (seat_name(seats, s, locale, width) for s in (pair, pair + 2))
    return t("tables.pair.names", locale, first=first, second=second)


def levels_text(table: PublicTable, locale: str) -> str:
    """The table's computer level, and any seat whose computer plays at another one;
    three and two seats: the level they play at (a strong one plays normal there)."""
    no_strong = table.rules.game != "klaverjas"  # three or two seats: easy or normal only

    def shown(level: str) -> str:
        return "normal" if no_strong and level == "strong" else level

    default = shown(table.settings.computer_kind)
    others = [
        t(
            "tables.settings.seat_level",
            locale,
            seat=i + 1,
            level=level_name(shown(s.level), locale),
        )
        for i, s in enumerate(table.seats)
        if s.kind == SeatKind.COMPUTER and s.level and shown(s.level) != default
    ]
    default = level_name(default, locale)
    return ", ".join([default, *others])


def level_name(kind: str, locale: str) -> str:
    """A computer level in words ("strong"); a level the catalogue lacks as it is."""
    level = {"heuristic": "normal"}.get(kind, kind)  # the normal level's older name
    return t(f"tables.level.{level}", locale) if level in LEVELS else level


def timer_text(seconds: float, locale: str) -> str:
    """The turn timer as a setting reads: "120 s", or "off"."""
    return f"{seconds:g} s" if seconds else t("tables.settings.off", locale)


def points_text(points: int, roem: int, locale: str) -> str:
    """Points with the roem beside them when there is any: "62 + 20 roem", "62"."""
    return t("tables.public.points_roem", locale, points=points, roem=roem) if roem else str(points)


def player_seat_lines(
    public: PublicTable, seats: Iterable[int], totals: Sequence[int] | None, locale: str
) -> str:
    """The seats, one a line ("2. Bob 🤖"), an empty one in italics, with each player's
    total when ``totals`` are given (once a hand is scored)."""
    lines = []
    for seat in seats:
        name = marked_name(public.seats, seat, locale)
        if public.seats[seat].kind == SeatKind.EMPTY:
            name = f"*{name}*"
        total = f" · **{totals[seat]}**" if totals is not None else ""
        lines.append(f"{seat + 1}. {name}{total}")
    return "\n".join(lines)


def turn_line(public: PublicTable, text: str) -> str:
    """``text`` marked as the turn, with the turn's deadline when there is one."""
    line = f"{TURN_MARK} {text}"
    if public.turn_deadline is not None:
        line += f" · <t:{int(public.turn_deadline)}:R>"
    return line


def phase_turn_line(
    public: PublicTable, claim: StrEnum, keys: Mapping[StrEnum, str], locale: str
) -> str:
    """The turn in a game whose phases are ``claim``'s kind: the claim window's line in
    ``claim``, else the sentence ``keys`` gives the phase naming who is to act; nothing
    when no one is."""
    if public.phase == claim:
        return t("tables.public.claim_last", locale)
    key = keys.get(public.phase) if isinstance(public.phase, type(claim)) else None
    if key is None or public.to_act is None:
        return ""
    return turn_line(public, t(key, locale, name=play_name(public, public.to_act, locale)))


def play_name(public: PublicTable, seat: int | None, locale: str) -> str:
    """A seat's name in a line of play, clipped and escaped."""
    return md(seat_name(public.seats, seat, locale, PLAY_NAME_MAX))


def plain_points(points: int, roem: int) -> str:
    """Points with the roem added when there is any: "62 + 20", "62"."""
    return f"{points} + {roem}" if roem else str(points)


def scoreboard(
    names: Sequence[str],
    hand: Sequence[str] | None,
    totals: Sequence[int],
    scored: bool,
    locale: str,
) -> str:
    """Two sides' scores on one line between their ``names`` ("Anna **48 – 30** Bob 🤖"):
    the ``hand``'s points while cards are played, with the match's ``totals`` below in
    small print once a hand is ``scored``; else the totals once a hand is scored, or the
    names alone."""
    one, other = totals
    if hand is not None:
        line = t(
            "tables.public.scores",
            locale,
            names1=names[0],
            score1=hand[0],
            score2=hand[1],
            names2=names[1],
        )
        below = t("tables.public.match_small", locale, total1=one, total2=other)
        return f"{line}\n-# {below}" if scored else line
    if not scored:
        return t("tables.public.pairs", locale, names1=names[0], names2=names[1])
    return t(
        "tables.public.match_scores",
        locale,
        names1=names[0],
        total1=one,
        total2=other,
        names2=names[1],
    )


def roem_text(roem: Roem, locale: str) -> str:
    """What a claim credited, in words: "stuk + run of three: 40"."""
    return t("tables.roem.total", locale, parts=roem_parts_text(roem, locale), points=roem.points)


def roem_parts_text(roem: Roem, locale: str) -> str:
    """What a roem is made of, in words: "stuk + run of three"."""
    parts = [_roem_part(part.kind, part.cards[0].rank.label, locale) for part in roem.parts]
    return " + ".join(parts)


def _roem_part(kind: RoemKind, rank: str, locale: str) -> str:
    if kind == RoemKind.FOUR:
        return t(f"tables.roem.four.{rank}", locale)
    return t(f"tables.roem.{kind.value}", locale)


def hint_reply(answer: HintAnswer, locale: str) -> str:
    """The reply to a /hint: the hint's line, and a second one when this hint took the
    hand out of the par count (it no longer counts in /stats)."""
    text = _hint_text(answer.hint, locale)
    if not answer.uncounted:
        return text
    return text + "\n" + t("tables.hint.uncounted", locale)


def _hint_text(hint: Hint, locale: str) -> str:
    """The one line of a /hint: what to do, why, and by how much it is better."""
    if hint.reason == "only":
        if hint.card is not None:
            return t("tables.hint.only", locale, card=card_text(hint.card, locale))
        assert hint.suit is not None
        return t("tables.hint.only_trump", locale, suit=suit_text(hint.suit, locale))
    if hint.reason == "ledig":
        assert hint.card is not None
        return t("tables.hint.ledig", locale, card=card_text(hint.card, locale))
    points = round(hint.margin)
    margin = (
        t("tables.hint.margin", locale, points=points)
        if points >= 1
        else t("tables.hint.margin_close", locale)
    )
    facts = {"margin": margin, "samples": hint.samples}
    if hint.level is not None:  # a kraak call: the words of its buttons
        answers = [call_label(hint.level, locale), t("tables.button.pass", locale)]
        choice, other_answer = answers if hint.reason == "call" else answers[::-1]
        return t("tables.hint.call", locale, choice=choice, other=other_answer, **facts)
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
    return None if public.league is None else place_title(public.league, locale)


def place_title(place: LeaguePlace, locale: str) -> str:
    """Where a league table belongs, as its messages name it: "Dinsdag · night 1 · round 2
    · table 1" (the table of the round's draw, not the bot's own table number)."""
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
        again = "tables.public.finished_again"
        if public.rules.three_players:
            again = "tables.public.finished_again_three"
        if public.rules.two_players:
            again = "tables.public.finished_again_two"
        return t(again if public.again_open else "tables.public.finished_hint", locale)
    values = {"league": md(place.league), "night": place.night}
    if place.standings is None or public.guild_id is None:
        return t("tables.public.league_counted", locale, **values)
    channel, message = place.standings
    link = jump_url(public.guild_id, channel, message)
    return t("tables.public.league_finished", locale, link=link, **values)


# ----------------------------------------------------------------------------- the trick

WINNING_MARK = "🏆"  # the card winning the trick (the engine's `current_winner`), or that won it
TURN_MARK = "⏳"  # the seat to play now
PLAY_NAME_MAX = 12  # columns of a name on the lines of a table in play (docs/table-ux.md 2.13)


@dataclass(frozen=True, slots=True)
class ShownTrick:
    """The trick a message shows: the one being played, or the one just taken."""

    number: int
    leader: int
    cards: dict[int, Card]  # by seat
    winner: int | None
    taken_trick: PublicTrick | None  # once taken: the trick as the table keeps it (its roem)
    seating: Seating = FOUR_SEATS  # the table's seats (three-player Klaverjas: three)

    @property
    def taken(self) -> bool:
        """Whether the trick is already taken (no one plays to it any more)."""
        return self.taken_trick is not None


def shown_trick(public: PublicTable) -> ShownTrick | None:
    """The trick being played; between two tricks (a claim window, until the next card)
    the trick just taken; None while trump is chosen or outside a match."""
    if public.status != Status.PLAYING or public.phase not in _IN_PLAY:
        return None
    seating = public.rules.seating
    last = public.last_trick
    if not public.trick and last is not None:
        return taken_trick(last, public.trick_number - 1, seating)
    leader = public.trick_leader or 0
    cards = dict(zip(trick_seats(leader, public.idle, seating), public.trick, strict=False))
    number = min(public.trick_number, seating.tricks_per_hand)
    return ShownTrick(number, leader, cards, public.trick_winner, None, seating)


_IN_PLAY = (Phase.PLAY, Phase.CLAIM, DriemansPhase.PLAY)  # either game's ("claim" in both)


def taken_trick(trick: PublicTrick, number: int, seating: Seating = FOUR_SEATS) -> ShownTrick:
    """A trick already taken (number `number` of its hand, at a table of `seating`)."""
    cards = dict(zip(trick_seats(trick.leader, trick.idle, seating), trick.cards, strict=False))
    return ShownTrick(number, trick.leader, cards, trick.winner, trick, seating)


def trick_title(public: PublicTable, trick: ShownTrick, locale: str) -> str:
    """ "Trick 3 of 8", or "Trick 3 · taken by Bob" for a trick already taken."""
    if trick.taken and trick.winner is not None:
        seat = trick.winner
        if public.rules.two_players:  # the unit that won: its player took the trick
            seat = TWO_PLAYERS.player_of(seat)
        winner = md(seat_name(public.seats, seat, locale, PLAY_NAME_MAX))
        return t("tables.public.trick_taken", locale, n=trick.number, winner=winner)
    total = trick.seating.tricks_per_hand
    return t("tables.public.trick_of", locale, n=trick.number, total=total)


def trick_lines(
    public: PublicTable, trick: ShownTrick, locale: str, emojis: CardEmojis
) -> list[str]:
    """One line per card played, in playing order from the leader: the name and its marks,
    the card, 🏆 on the winning card, `led` on the first (the turn line names the seat to
    play next, so the seats still to play take no line)."""
    lines = []
    for seat in _played_seats(trick):
        name = player_name(public, seat, locale)
        lines.append(f"{name} — {_card(trick, seat, locale, emojis)}")
    return lines


def player_name(public: PublicTable, seat: int, locale: str) -> str:
    """Who played a trick's card at `seat`, with marks: the seat's player, or at two
    players the unit's ("Anna (table)": a trick's seats are units there)."""
    if not public.rules.two_players:
        return marked_name(public.seats, seat, locale)
    player = TWO_PLAYERS.player_of(seat)
    key = "tables.two.unit_table" if TWO_PLAYERS.is_table(seat) else "tables.two.unit_hand"
    return t(key, locale, name=marked_name(public.seats, player, locale))


def _played_seats(trick: ShownTrick) -> list[int]:
    """The seats that played to `trick`, in playing order from its leader."""
    return [seat for seat in trick.seating.order_from(trick.leader) if seat in trick.cards]


@lru_cache(maxsize=SEATS_CACHED)
def marked_name(seats: tuple[PublicSeat, ...], seat: int, locale: str) -> str:
    """The name at `seat` (escaped, shortened to `PLAY_NAME_MAX`) and its marks, "Bob 🤖":
    drawn once per seating, for every line of a table in play that names a seat."""
    return md(seat_name(seats, seat, locale, PLAY_NAME_MAX)) + seat_marks(seats[seat])


def trick_around(trick: ShownTrick, viewer: int, locale: str, emojis: CardEmojis) -> str:
    """The cards of `trick` seen from `viewer`'s seat, on one line in playing order from the
    leader: each after the arrow of its seat (⬆ the partner, ⬅ the left-hand opponent, ➡
    the right-hand one, ⬇ the viewer), with the trick's marks; "" while no card is down.
    Names are on the table message beside it (docs/table-ux.md 2.13)."""
    around = trick.seating.seats_around(viewer)
    arrows = {viewer: "⬇", **dict(zip(around, _ARROWS[len(around)], strict=True))}
    seats = _played_seats(trick)
    return "\u2003".join(f"{arrows[seat]} {_card(trick, seat, locale, emojis)}" for seat in seats)


def trick_in_order(trick: ShownTrick, locale: str, emojis: CardEmojis) -> str:
    """The cards of `trick` on one line in playing order from the leader, with the trick's
    marks ("9♣ · led → 8♣ 🏆"): where no seat sits left of another (two players' units,
    whose names are on the table message beside it)."""
    seats = _played_seats(trick)
    return " → ".join(_card(trick, seat, locale, emojis) for seat in seats)


# The arrows of the other seats from the viewer's left: four seats (left, partner, right),
# three seats (left, right).
_ARROWS: Final = {3: ("⬅", "⬆", "➡"), 2: ("⬅", "➡")}


def _card(trick: ShownTrick, seat: int, locale: str, emojis: CardEmojis) -> str:
    """The card `seat` played to the trick, with the trick's marks."""
    card = trick.cards[seat]
    return _played(card, locale, emojis.emoji(card), seat == trick.winner, seat == trick.leader)


@lru_cache(maxsize=4096)
def _played(
    card: Card, locale: str, emoji: discord.PartialEmoji | None, wins: bool, led: bool
) -> str:
    """A card in a trick: its face, 🏆 when it wins the trick, `led` when it was led."""
    text = card_face(card, locale, emoji).inline
    if wins:
        text += f" {WINNING_MARK}"
    if led:
        text += f" · {t('tables.trick.led', locale)}"
    return text


def roem_line(public: PublicTable, trick: PublicTrick, locale: str) -> str:
    """The roem credited on a taken trick, what made it and who claimed it ("roem 50, run
    of four, claimed by Anna"), so the opponents can check it; "" when none was."""
    if not trick.roem:
        return ""
    what = roem_parts_text(trick.roem, locale)
    points = trick.roem.points
    if trick.claimer is None:
        return t("tables.public.roem_counted", locale, points=points, what=what)
    name = md(seat_name(public.seats, trick.claimer, locale, PLAY_NAME_MAX))
    return t("tables.public.roem_claimed", locale, points=points, what=what, name=name)
