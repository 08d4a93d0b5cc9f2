"""Public renderers: the table message (embed and buttons), the settings; the score sheet
(`ui_sheet.py`) and the lobby (`ui_lobby.py`) are drawn by their own modules.

Pure functions of the service's public read model (`PublicTable`) and a locale. The public
read model holds no unplayed card, so nothing drawn here can show a player's hand; it also keeps
these functions testable without an interaction.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Card, Phase
from bot.tables import PublicSeat, PublicTable, PublicTrick, SeatKind, Status, TableAnswer
from bot.texts.catalog import normalize_locale
from cogs.common.components import (
    EMBED_COLOUR,
    Component,
    RenderedView,
    action_rows,
    frozen_view,
)
from cogs.common.raw_messages import Message
from cogs.common.text import card_text, t
from cogs.tables.items import (
    ButtonKind,
    LeaveAnswerButton,
    kind_component,
    review_component,
)
from cogs.tables.ui_lobby import lobby_lines, lobby_rows
from cogs.tables.ui_sheet import NAME_MAX, flag_text, result_text, sheet_embed
from cogs.tables.ui_text import (
    finished_hint,
    league_title,
    levels_text,
    md,
    pair_names,
    seat_name,
    suit_text,
    timer_text,
)

__all__ = [
    "leave_question",
    "public_rows",
    "public_message",
    "public_payload",
    "public_embed",
    "last_trick_embed",
    "result_text",
    "settings_embed",
    "sheet_embed",
]

COMPUTER_MARK = "🤖"
AWAY_MARK = "💤"
TURN_MARK = "▶"
WINNING_MARK = "🏆"  # the card winning the trick so far (the engine's `current_winner`)
NO_CARD = "·"  # a seat that has not played to the trick yet
TRICKS = 8
Style = discord.ButtonStyle


# ----------------------------------------------------------------------------- names


def _badge(state: PublicSeat) -> str:
    marks = ""
    if state.kind == SeatKind.COMPUTER:
        marks += f" {COMPUTER_MARK}"
    if state.is_human and (state.away or state.autoplay):
        marks += f" {AWAY_MARK}"
    return marks


# ----------------------------------------------------------------------------- the embed


def public_embed(public: PublicTable, locale: str) -> discord.Embed:
    """The table as everyone sees it (docs/table-ux.md 2.2): trump in the title; during play
    a field with the trick by seat, the hand's running score and the match score; in the
    lobby and after the match the two pairs."""
    lines = {
        Status.LOBBY: lobby_lines,
        Status.PLAYING: _play_lines,
        Status.FINISHED: _finished_lines,
        Status.CLOSED: _closed_lines,
    }[public.status](public, locale)
    embed = discord.Embed(
        title=_title(public, locale), description="\n".join(lines), colour=EMBED_COLOUR
    )
    if public.status == Status.PLAYING:
        name, value = _trick_field(public, locale)
        embed.add_field(name=name, value=value, inline=False)
        embed.add_field(
            name=t("tables.public.this_hand", locale),
            value=_hand_score(public, locale),
            inline=False,
        )
        embed.add_field(
            name=t("tables.public.match", locale), value=_match_score(public, locale), inline=False
        )
    elif public.status != Status.CLOSED:
        for pair in (0, 1):
            embed.add_field(
                name=t("tables.pair.label", locale, n=pair + 1),
                value=_pair_field(public, pair, locale),
                inline=True,
            )
    embed.set_footer(text=t("tables.public.footer", locale, table=public.table_id))
    return embed


def _title(public: PublicTable, locale: str) -> str:
    title = league_title(public, locale) or t(
        "tables.public.title", locale, table=public.table_id, rules=public.rules_name
    )
    if public.status in (Status.PLAYING, Status.FINISHED) and public.hand_number:
        title += " · " + _progress(public, locale)
    if public.status == Status.PLAYING and public.trump is not None:
        title += " · " + t(
            "tables.public.trump_title", locale, suit=suit_text(public.trump, locale)
        )
    return title


def _progress(public: PublicTable, locale: str) -> str:
    if public.planned_hands is not None:
        return t("tables.public.hand_of", locale, n=public.hand_number, total=public.planned_hands)
    return t("tables.public.hand_to", locale, n=public.hand_number, target=public.target_score)


def _seat_label(public: PublicTable, seat: int, locale: str) -> str:
    """ "▶ 2. Bob 🤖": the seat number, the name (shortened), its marks, the turn arrow."""
    state = public.seats[seat]
    turn = f"{TURN_MARK} " if public.status == Status.PLAYING and public.to_act == seat else ""
    name = md(seat_name(public.seats, seat, locale, NAME_MAX))
    if state.kind == SeatKind.EMPTY:
        name = f"*{name}*"
    return f"{turn}{seat + 1}. {name}{_badge(state)}"


def _pair_field(public: PublicTable, pair: int, locale: str) -> str:
    return "\n".join(_seat_label(public, seat, locale) for seat in (pair, pair + 2))


def _play_lines(public: PublicTable, locale: str) -> list[str]:
    lines = [_turn_line(public, locale), _trump_line(public, locale)]
    return [line for line in lines if line]


def _name(public: PublicTable, seat: int | None, locale: str) -> str:
    return md(seat_name(public.seats, seat, locale, NAME_MAX))


def _trump_line(public: PublicTable, locale: str) -> str:
    dealer = _name(public, public.dealer, locale)
    if public.trump is None:
        line = t("tables.public.dealer", locale, dealer=dealer)
        if public.proposal is not None:
            proposal = suit_text(public.proposal, locale)
            line += " · " + t("tables.public.proposal", locale, suit=proposal)
        return line
    makers = md(pair_names(public.seats, public.makers or 0, locale, NAME_MAX))
    return t(
        "tables.public.trump",
        locale,
        suit=suit_text(public.trump, locale),
        chooser=_name(public, public.chooser, locale),
        makers=makers,
        dealer=dealer,
    )


def _trick_field(public: PublicTable, locale: str) -> tuple[str, str]:
    """The trick on the table, one line per seat, the card winning it marked. Between two
    tricks (a claim window) that is the trick just taken, until the next card is played."""
    last = public.last_trick
    if not public.trick and last is not None:
        return _taken_trick(public, last, public.trick_number - 1, locale)
    leader = public.trick_leader or 0
    cards = {(leader + i) % 4: card for i, card in enumerate(public.trick)}
    name = t("tables.public.trick_of", locale, n=min(public.trick_number, TRICKS))
    return name, _by_seat(public, cards, public.trick_winner, locale)


def _taken_trick(
    public: PublicTable, trick: PublicTrick, number: int, locale: str
) -> tuple[str, str]:
    cards = {(trick.leader + i) % 4: card for i, card in enumerate(trick.cards)}
    winner = _name(public, trick.winner, locale)
    name = t("tables.public.trick_taken", locale, n=number, winner=winner)
    value = _by_seat(public, cards, trick.winner, locale)
    if trick.claimed_roem:
        value += "\n" + t("tables.public.roem_claimed", locale, points=trick.claimed_roem)
    return name, value


def _by_seat(public: PublicTable, cards: dict[int, Card], winner: int | None, locale: str) -> str:
    rows = []
    for seat in range(4):
        card = f"**{card_text(cards[seat], locale)}**" if seat in cards else NO_CARD
        mark = f" {WINNING_MARK}" if seat == winner else ""
        rows.append(f"{_seat_label(public, seat, locale)} — {card}{mark}")
    return "\n".join(rows)


def _turn_line(public: PublicTable, locale: str) -> str:
    if public.phase == Phase.CLAIM:
        return t("tables.public.claim_last", locale)
    if public.to_act is None or public.phase not in (Phase.TRUMP, Phase.PLAY):
        return ""
    key = "tables.public.to_choose" if public.phase == Phase.TRUMP else "tables.public.to_play"
    line = t(key, locale, name=_name(public, public.to_act, locale))
    if public.turn_deadline is not None:
        line += f" · <t:{int(public.turn_deadline)}:R>"
    return line


def _pairs_line(public: PublicTable, values: list[str], locale: str) -> str:
    """ "Anna & Carl **62** – Bob & Dirk **18**": one value per pair beside its names."""
    names = [md(pair_names(public.seats, p, locale, NAME_MAX)) for p in (0, 1)]
    return f"{names[0]} **{values[0]}** – {names[1]} **{values[1]}**"


def _hand_score(public: PublicTable, locale: str) -> str:
    hand = [_points(public.hand_points[p], public.hand_roem[p], locale) for p in (0, 1)]
    return _pairs_line(public, hand, locale)


def _match_score(public: PublicTable, locale: str) -> str:
    line = _pairs_line(public, [str(total) for total in public.totals], locale)
    last = _last_hand_line(public, locale)
    return f"{line}\n{last}" if last else line


def _points(points: int, roem: int, locale: str) -> str:
    return t("tables.public.points_roem", locale, points=points, roem=roem) if roem else str(points)


def _last_hand_line(public: PublicTable, locale: str) -> str:
    if not public.sheet:
        return ""
    line = public.sheet[-1]
    text = t(
        "tables.public.last_hand",
        locale,
        n=line.number,
        score1=line.scores[0],
        score2=line.scores[1],
    )
    flag = flag_text(line, locale)
    return f"{text} · {flag}" if flag else text


def last_trick_embed(public: PublicTable, locale: str) -> discord.Embed | None:
    """The last trick taken in this hand, by seat with its winner marked (the Last trick
    button's answer); None before the first trick of a hand is taken."""
    if public.last_trick is None:
        return None
    name, value = _taken_trick(public, public.last_trick, public.trick_number - 1, locale)
    return discord.Embed(title=name, description=value, colour=EMBED_COLOUR)


def _finished_lines(public: PublicTable, locale: str) -> list[str]:
    return [result_text(public, locale), finished_hint(public, locale)]


def _closed_lines(public: PublicTable, locale: str) -> list[str]:
    return [t("tables.public.closed", locale)]


# ----------------------------------------------------------------------------- buttons


def public_message(table: TableAnswer, locale: str) -> tuple[discord.Embed, discord.ui.View]:
    """The table message as discord.py's objects, for a post or a click's response: made
    from `public_payload`, so every viewer and edit of one state shares one drawing."""
    payload = public_payload(table, locale)
    return discord.Embed.from_dict(payload["embeds"][0]), RenderedView.of(payload["components"])


def public_payload(table: TableAnswer, locale: str) -> Message:
    """The table message for the current state as Discord's JSON, for the edits sent as
    they are (cogs/common/raw_messages.py); drawn once per state and locale. No view is
    built for it (a `discord.ui.View` costs a random id from the system, every state)."""

    def draw() -> Message:
        public = table.public
        rows = action_rows(public_rows(public, locale))
        return {"embeds": [public_embed(public, locale).to_dict()], "components": rows}

    return table.drawn(("public_payload", locale), draw)


def public_rows(public: PublicTable, locale: str) -> list[list[Component]]:
    """The buttons for the table's status: lobby, play, or only the score sheet."""
    rows: list[list[Component]] = []
    table = public.table_id
    if public.status == Status.LOBBY:
        rows += lobby_rows(public, locale)
    elif public.status == Status.PLAYING:
        rows += _play_buttons(public, locale)
    elif public.status == Status.FINISHED:
        rows.append(
            [kind_component(ButtonKind.SHEET, table, locale), *review_components(public, locale)]
        )
    return rows


def review_components(public: PublicTable, locale: str) -> list[Component]:
    """Review hand N (docs/table-ux.md 2.11) for the last scored hand, once there is one."""
    if not public.sheet:
        return []
    number = public.sheet[-1].number
    label = t("tables.button.review", locale, n=number)
    return [review_component(public.table_id, number, label)]


def _play_buttons(public: PublicTable, locale: str) -> list[list[Component]]:
    """Only the buttons that can apply now (docs/table-ux.md 2.2): Roem! while a claim window
    is open (every taken trick opens one at a table that claims roem, so it reveals nothing),
    Last trick once a trick of the hand is taken, I'm back while a player is away or may
    retake a seat left this hand."""
    table = public.table_id
    first = [kind_component(ButtonKind.HAND, table, locale, Style.primary)]
    if public.claim_open:
        first.append(kind_component(ButtonKind.ROEM, table, locale, Style.success))
    if public.last_trick is not None:
        first.append(kind_component(ButtonKind.LAST, table, locale))
    first.append(kind_component(ButtonKind.SHEET, table, locale))
    second = []
    if public.back_open:
        second.append(kind_component(ButtonKind.BACK, table, locale))
    second.append(kind_component(ButtonKind.LEAVE, table, locale))
    second.append(kind_component(ButtonKind.BUMP, table, locale))
    second += review_components(public, locale)
    return [first, second]


# ----------------------------------------------------------------------------- settings


def settings_embed(table: PublicTable, locale: str, table_locale: str) -> discord.Embed:
    """The table's settings as /table settings shows them (`table_locale`: its messages')."""
    timer = timer_text(table.settings.turn_timer, locale)
    language = t(f"tables.language.{normalize_locale(table_locale)}", locale)
    lines = [
        t("tables.settings.rules", locale, rules=table.rules.label),
        t("tables.settings.turn_timer", locale, value=timer),
        t("tables.settings.language", locale, value=language),
        t("tables.settings.level", locale, value=levels_text(table, locale)),
        t("tables.settings.hint", locale),
    ]
    title = t("tables.settings.title", locale, table=table.table_id)
    return discord.Embed(title=title, description="\n".join(lines), colour=EMBED_COLOUR)


# ----------------------------------------------------------------------------- leaving


def leave_question(
    table: PublicTable, seat: int, locale: str, note: str | None = None
) -> tuple[str, discord.ui.View]:
    """ "Leave the match?" with Yes and No, for the table as it is now (its `seq`): a Yes
    pressed after the table moved on is refused as stale and asked again."""
    text = t("tables.leave.confirm", locale, seat=seat + 1)
    if note:
        text = f"> {note}\n{text}"
    buttons: list[discord.ui.Item[Any]] = [
        LeaveAnswerButton(table.table_id, table.seq, True, t("tables.button.leave_yes", locale)),
        LeaveAnswerButton(table.table_id, table.seq, False, t("tables.button.leave_no", locale)),
    ]
    return text, frozen_view(buttons)
