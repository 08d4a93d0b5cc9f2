"""Public renderers: the table message (a Components V2 box with the text, the picture and
the buttons) and the settings; the score sheet (`ui_sheet.py`) and the lobby (`ui_lobby.py`)
are drawn by their own modules.

Pure functions of the service's public read model (`PublicTable`) and a locale. The public
read model holds no unplayed card, so nothing drawn here can show a player's hand; it also keeps
these functions testable without an interaction.
"""

from __future__ import annotations

from functools import lru_cache

import discord

from bot.engine import Phase, Suit
from bot.engine.seats import FOUR_SEATS, SIDES
from bot.tables import PublicSeat, PublicTable, SeatKind, Status, TableAnswer
from bot.texts.catalog import normalize_locale
from bot.texts.formats import mid_sentence
from cogs.common.components import (
    EMBED_COLOUR,
    Component,
    RenderedLayout,
    action_rows,
    container,
    media_gallery,
    rendered_view,
    text_display,
    v2_message,
)
from cogs.common.raw_messages import Message
from cogs.common.text import NO_EMOJIS, SEATS_CACHED, CardEmojis, t
from cogs.tables.items import ButtonKind, kind_component, leave_components, review_component
from cogs.tables.ui_kraak import calls_text, hand_roem_lines, to_call_line
from cogs.tables.ui_lobby import lobby_lines, lobby_rows, rules_words
from cogs.tables.ui_picture import ShownPicture
from cogs.tables.ui_sheet import NAME_MAX, flag_text, result_text, sheet_embed
from cogs.tables.ui_text import (
    PLAY_NAME_MAX,
    finished_hint,
    league_title,
    levels_text,
    marked_name,
    md,
    pair_names,
    play_name,
    points_text,
    roem_line,
    scoreboard,
    seat_marks,
    seat_name,
    shown_trick,
    suit_text,
    taken_trick,
    timer_text,
    trick_lines,
    trick_title,
    turn_line,
)
from cogs.tables.ui_three import is_three, three_play_lines, three_score_text, three_seat_lines
from cogs.tables.ui_two import (
    is_two,
    two_play_lines,
    two_score_text,
    two_seat_lines,
    two_tables_text,
)

__all__ = [
    "leave_question",
    "picture_caption",
    "picture_description",
    "public_parts",
    "public_rows",
    "public_payload",
    "public_view",
    "last_trick_embed",
    "result_text",
    "rules_words",
    "settings_embed",
    "sheet_embed",
]

Style = discord.ButtonStyle


# ----------------------------------------------------------------------------- names


def _badge(state: PublicSeat) -> str:
    return seat_marks(state)


# ----------------------------------------------------------------------------- the message


def public_parts(
    public: PublicTable,
    locale: str,
    emojis: CardEmojis = NO_EMOJIS,
    picture: ShownPicture | None = None,
) -> list[Component]:
    """What the table message holds above its buttons, for its status (docs/table-ux.md
    2.2): a heading; during play the turn and trump, the picture of the table when there is
    one, the trick in words, and each pair's score, kept to the phone budget (2.13)."""
    if public.status == Status.PLAYING:
        lines = [_heading(public, locale), *_play_lines(public, locale)]
        parts = [text_display("\n".join(line for line in lines if line))]
        parts += _picture_parts(public, picture)
        trick = _trick_text(public, locale, emojis, picture)
        if trick:
            parts.append(text_display(trick))
        if is_two(public) and picture is None:  # both tables: in the picture when it is
            parts.append(text_display(two_tables_text(public, locale, emojis)))
        parts.append(text_display(_score_text(public, locale)))
        return parts
    parts = [text_display(_heading(public, locale))]
    lines = {
        Status.LOBBY: lobby_lines,
        Status.FINISHED: _finished_lines,
        Status.CLOSED: _closed_lines,
    }[public.status](public, locale)
    parts.append(text_display("\n".join(lines)))
    if public.status != Status.LOBBY:  # the final picture: a V2 message shows only what
        parts += _picture_parts(public, picture)  # its components name
    if is_three(public):
        parts.append(text_display(three_seat_lines(public, locale)))
        return parts
    if is_two(public):
        parts.append(text_display(two_seat_lines(public, locale)))
        return parts
    pairs = [
        f"**{_pair_label(pair, locale)}**\n{_pair_field(public, pair, locale)}" for pair in SIDES
    ]
    parts.append(text_display("\n".join(pairs)))
    return parts


def _picture_parts(public: PublicTable, picture: ShownPicture | None) -> list[Component]:
    """The picture (a media gallery naming the attached file), with the caption naming
    what it shows once the table has moved on; none when the words under it name the same
    trick (a claim window, `_trick_text`)."""
    if picture is None:
        return []
    parts = [media_gallery(f"attachment://{picture.filename}", picture.description)]
    caption = picture.caption_for(public)
    if caption and not _pictured(public, picture):
        parts.append(text_display(f"-# {caption}"))
    return parts


def _pictured(public: PublicTable, picture: ShownPicture | None) -> bool:
    """Whether the trick the words show is the taken trick the picture shows."""
    trick = shown_trick(public)
    taken = trick is not None and trick.taken
    return taken and picture is not None and picture.shows_last_trick(public)


def _heading(public: PublicTable, locale: str) -> str:
    """ "### Klaverjas · table 12 · amsterdam", then the match's progress in small print;
    during play both on one line of small print (the phone budget, docs/table-ux.md 2.13)."""
    title = league_title(public, locale) or t(
        "tables.public.title", locale, table=public.table_id, rules=public.rules_name
    )
    if public.status == Status.PLAYING and public.hand_number:
        return f"-# {title} · {_progress(public, locale)}"
    lines = [f"### {title}"]
    if public.status != Status.LOBBY and public.hand_number:
        lines.append(f"-# {_progress(public, locale)}")
    return "\n".join(lines)


def _progress(public: PublicTable, locale: str) -> str:
    """ "hand 3 of 16", "hand 3 · to 1500", or with both "hand 3 of 16 · first to 1500"
    (the match ends at whichever comes first)."""
    if public.planned_hands is None:
        return t("tables.public.hand_to", locale, n=public.hand_number, target=public.target_score)
    hands = t("tables.public.hand_of", locale, n=public.hand_number, total=public.planned_hands)
    if public.target_score is None:
        return hands
    return f"{hands} · " + t("tables.lobby.target", locale, target=public.target_score)


def _pair_label(pair: int, locale: str) -> str:
    return t("tables.pair.label", locale, n=pair + 1)


def _seat_label(public: PublicTable, seat: int, locale: str) -> str:
    """ "2. Bob 🤖": the seat number, the name (shortened) and its marks."""
    state = public.seats[seat]
    name = md(seat_name(public.seats, seat, locale, NAME_MAX))
    if state.kind == SeatKind.EMPTY:
        name = f"*{name}*"
    return f"{seat + 1}. {name}{_badge(state)}"


def _pair_field(public: PublicTable, pair: int, locale: str) -> str:
    return "\n".join(_seat_label(public, seat, locale) for seat in (pair, pair + 2))


def _play_lines(public: PublicTable, locale: str) -> list[str]:
    if public.three is not None:
        return three_play_lines(public, locale)
    if public.two is not None:
        return two_play_lines(public, locale)
    lines = [_turn_line(public, locale), _trump_line(public, locale)]
    return lines + hand_roem_lines(public, locale)


def _trump_line(public: PublicTable, locale: str) -> str:
    if public.ledig is not None:
        return ledig_line(public.seats, public.ledig, locale)
    playing = public.phase in (Phase.PLAY, Phase.CLAIM)
    return _trump_words(
        public.seats, public.dealer, public.trump, public.proposal, public.chooser,
        public.makers, calls_text(public, locale), playing, locale,
    )  # fmt: skip


@lru_cache(maxsize=SEATS_CACHED)
def ledig_line(seats: tuple[PublicSeat, ...], declarer: int, locale: str) -> str:
    """A ledig hand's line (docs/rules.md 2.10): who said it, a house rule, and the partner
    who sits out this hand."""
    idle = FOUR_SEATS.partner_of(declarer)
    return t(
        "tables.public.ledig_play",
        locale,
        declarer=md(seat_name(seats, declarer, locale, PLAY_NAME_MAX)),
        idle=md(seat_name(seats, idle, locale, PLAY_NAME_MAX)),
    )


@lru_cache(maxsize=SEATS_CACHED)
def _trump_words(
    seats: tuple[PublicSeat, ...],
    dealer_seat: int | None,
    trump: Suit | None,
    proposal: Suit | None,
    chooser: int | None,
    makers: int | None,
    calls: str,
    playing: bool,
    locale: str,
) -> str:
    """The dealer, and trump with who chose it for which pair (or the proposal): the same
    for every message of a hand once trump is chosen, until a kraak call: then the calls
    and the bearing pair (`ui_kraak.calls_text`) stand for who chose, the makers and the
    dealer, to keep the message on a phone screen (docs/table-ux.md 2.14). While cards are
    played only trump and who chose it: the picture shows the dealer, and the chooser's
    pair are the makers (2.13)."""
    dealer = md(seat_name(seats, dealer_seat, locale, PLAY_NAME_MAX))
    chooser_name = md(seat_name(seats, chooser, locale, PLAY_NAME_MAX))
    if trump is None:
        line = t("tables.public.dealer", locale, dealer=dealer)
        if proposal is not None:
            line += " · " + t("tables.public.proposal", locale, suit=suit_text(proposal, locale))
        return line
    if calls:
        return t("tables.public.trump_called", locale, suit=suit_text(trump, locale), calls=calls)
    if playing:
        return t(
            "tables.public.trump_play", locale, suit=suit_text(trump, locale), chooser=chooser_name
        )
    return t(
        "tables.public.trump",
        locale,
        suit=suit_text(trump, locale),
        chooser=chooser_name,
        makers=md(pair_names(seats, makers or 0, locale, PLAY_NAME_MAX)),
        dealer=dealer,
    )


def _trick_text(
    public: PublicTable, locale: str, emojis: CardEmojis, picture: ShownPicture | None = None
) -> str:
    """The trick being played, one line per card in playing order; between two tricks
    (a claim window) the trick just taken and the roem claimed on it, its cards only when
    the picture does not show them. Nothing while trump is chosen: no trick is on the table
    then."""
    trick = shown_trick(public)
    if trick is None:
        return ""
    lines = [f"**{trick_title(public, trick, locale)}**"]
    if not _pictured(public, picture):
        lines += trick_lines(public, trick, locale, emojis)
    if trick.taken_trick is not None:
        lines.append(roem_line(public, trick.taken_trick, locale))
    return "\n".join(line for line in lines if line)


def _turn_line(public: PublicTable, locale: str) -> str:
    if public.phase == Phase.CLAIM:
        return t("tables.public.claim_last", locale)
    if public.to_act is None or public.phase not in (Phase.TRUMP, Phase.DOUBLING, Phase.PLAY):
        return ""
    if public.phase == Phase.DOUBLING:
        return turn_line(public, to_call_line(public, locale))
    key = "tables.public.to_choose" if public.phase == Phase.TRUMP else "tables.public.to_play"
    return turn_line(public, t(key, locale, name=play_name(public, public.to_act, locale)))


def _score_text(public: PublicTable, locale: str) -> str:
    """The pairs' scores on one line, as a scoreboard between their names ("Anna & Carl
    **48 – 0** Bob & Dirk"): the hand's points while cards are played, with the match's
    totals below in small print once a hand is scored; while trump is chosen (the hand has
    no points yet) the match's totals, the last hand's result below; before the first hand
    is scored the names alone. One line of a phone with short names, two with the longest
    (docs/table-ux.md 2.13); no "0 – 0" twice. Three seats: `three_score_text`; two:
    `two_score_text`."""
    if public.three is not None:
        return three_score_text(public, locale)
    if is_two(public):
        return two_score_text(public, locale)
    names = [_pair_with_marks(public, pair, locale) for pair in SIDES]
    playing = public.phase in (Phase.PLAY, Phase.CLAIM)
    hand = (
        [points_text(public.hand_points[p], public.hand_roem[p], locale) for p in SIDES]
        if playing
        else None
    )
    line = scoreboard(names, hand, public.totals, bool(public.sheet), locale)
    if playing or not public.sheet:
        return line
    return f"{line}\n-# {_last_hand_line(public, locale)}"


def _pair_with_marks(public: PublicTable, pair: int, locale: str) -> str:
    """ "Anna & Bob 🤖": the pair's names, each with its seat's marks (computer, away)."""
    return _pair_names_marked(public.seats, pair, locale)


@lru_cache(maxsize=SEATS_CACHED)
def _pair_names_marked(seats: tuple[PublicSeat, ...], pair: int, locale: str) -> str:
    first, second = (marked_name(seats, seat, locale) for seat in (pair, pair + 2))
    return t("tables.pair.names", locale, first=first, second=second)


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


def picture_description(public: PublicTable, locale: str) -> str:
    """The picture's alt text: the trick it shows and the score, in plain words; at two
    seats both tables too (the message leaves them to the picture)."""
    words = [_trick_text(public, locale, NO_EMOJIS), _score_text(public, locale)]
    if is_two(public):
        words.insert(1, two_tables_text(public, locale, NO_EMOJIS))
    plain = "\n".join(w for w in words if w).replace("**", "").replace("-# ", "")
    return plain[:1024]


def picture_caption(public: PublicTable, locale: str) -> str:
    """What a picture drawn now shows, in words for under it once the table has moved on:
    the trick on it ("In the picture: trick 3 · taken by Bob"), else the score after the
    last hand (the picture of a hand's end); nothing for the table alone."""
    trick = shown_trick(public)
    if trick is not None:
        what = mid_sentence(trick_title(public, trick, locale))
        return t("tables.public.picture_of", locale, what=what)
    if public.hands_scored:
        return t("tables.public.picture_score", locale, n=public.hands_scored)
    return ""


def last_trick_embed(
    public: PublicTable, locale: str, emojis: CardEmojis = NO_EMOJIS
) -> discord.Embed | None:
    """The last trick taken in this hand, in playing order from its leader, its winner
    marked and no turn marks (the Last trick button's answer); None before the first trick
    of a hand is taken."""
    last = public.last_trick
    if last is None:
        return None
    trick = taken_trick(last, public.trick_number - 1, public.rules.seating)
    lines = trick_lines(public, trick, locale, emojis)
    roem = roem_line(public, last, locale)
    description = "\n".join([*lines, roem] if roem else lines)
    title = trick_title(public, trick, locale)
    return discord.Embed(title=title, description=description, colour=EMBED_COLOUR)


def _finished_lines(public: PublicTable, locale: str) -> list[str]:
    return [result_text(public, locale), finished_hint(public, locale)]


def _closed_lines(public: PublicTable, locale: str) -> list[str]:
    """A closed table's close: the result when its match had ended (who won, the final
    score), else the score when it was closed, and how to play again."""
    three_over = public.three is not None and public.three.result is not None
    two_over = public.two is not None and public.two.result is not None
    if public.result is not None or three_over or two_over:
        lines = [result_text(public, locale), t("tables.public.closed", locale)]
    elif public.sheet:
        scores = public.totals
        n = public.sheet[-1].number
        closed = t("tables.public.closed_after", locale, n=n, score1=scores[0], score2=scores[1])
        lines = [closed]
    else:
        lines = [t("tables.public.closed", locale)]
    return [*lines, t("tables.public.closed_new", locale)]


# ----------------------------------------------------------------------------- buttons


def public_view(
    table: TableAnswer,
    locale: str,
    emojis: CardEmojis = NO_EMOJIS,
    picture: ShownPicture | None = None,
) -> RenderedLayout:
    """The table message as a view for discord.py's sending paths (a new post): made from
    `public_payload`, so every viewer and edit of one state shares one drawing."""
    return RenderedLayout.of(public_payload(table, locale, emojis, picture)["components"])


def public_payload(
    table: TableAnswer,
    locale: str,
    emojis: CardEmojis = NO_EMOJIS,
    picture: ShownPicture | None = None,
) -> Message:
    """The table message for the current state as Discord's JSON (a Components V2 message:
    one box with the text, the picture and the buttons), for the edits sent as they are
    (cogs/common/raw_messages.py); drawn once per state, locale and picture. An edit may
    turn a message drawn by an older version (an embed) into this one."""

    def draw() -> Message:
        public = table.public
        parts = public_parts(public, locale, emojis, picture)
        parts += action_rows(public_rows(public, locale, picture))
        return v2_message([container(parts)], replace=True, quiet=True)

    return table.drawn(("public_payload", locale, picture), draw)


def public_rows(
    public: PublicTable, locale: str, picture: ShownPicture | None = None
) -> list[list[Component]]:
    """The buttons for the table's status: lobby, play, or only the score sheet."""
    rows: list[list[Component]] = []
    table = public.table_id
    if public.status == Status.LOBBY:
        rows += lobby_rows(public, locale)
    elif public.status == Status.PLAYING:
        rows += _play_buttons(public, locale, picture)
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


def _play_buttons(
    public: PublicTable, locale: str, picture: ShownPicture | None
) -> list[list[Component]]:
    """Only the buttons that can apply now, in one row (docs/table-ux.md 2.2, the phone
    budget 2.13): My hand, Roem! while a claim window is open and its trick not yet claimed
    (every taken trick opens one at a table that claims roem, so it reveals nothing), I'm
    back while a player is away or may retake a seat left this hand, Previous trick once a
    trick of the hand is taken and the picture does not show it, and Score sheet (which
    carries Review hand N). Leave and Bump are a seated player's own: they are on the hand."""
    table = public.table_id
    row = [kind_component(ButtonKind.HAND, table, locale, Style.primary)]
    if public.claimable:
        row.append(kind_component(ButtonKind.ROEM, table, locale, Style.success))
    if public.back_open:
        row.append(kind_component(ButtonKind.BACK, table, locale))
    if public.last_trick is not None and not (picture and picture.shows_last_trick(public)):
        row.append(kind_component(ButtonKind.LAST, table, locale))
    row.append(kind_component(ButtonKind.SHEET, table, locale))
    return [row]


# ----------------------------------------------------------------------------- settings


def settings_embed(table: PublicTable, locale: str, table_locale: str) -> discord.Embed:
    """The table's settings as /table settings shows them (`table_locale`: its messages')."""
    timer = timer_text(table.settings.turn_timer, locale)
    language = t(f"tables.language.{normalize_locale(table_locale)}", locale)
    lines = [
        t("tables.settings.rules", locale, rules=rules_words(table.rules, locale)),
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
    return text, rendered_view([leave_components(table.table_id, table.seq, locale)])
