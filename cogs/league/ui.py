"""League messages: the check-in message, a round's table plan, results, the season table,
the audit history, a player's season (the night's standings: ranking.py).

Pure functions of the league's values and a locale. Players are shown as mentions: the bot
has no member list (no privileged intents), and Discord renders a mention as the name the
reader knows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import discord

from bot.league.corrections import AuditEntry, AuditKind
from bot.league.draw import RoundDraw
from bot.league.results import TableResult
from bot.league.schedule import NightTimes
from bot.league.season import SeasonRow, SeasonTable
from bot.league.settings import LeagueSettings
from bot.league.standings import UnrankedSeat, bye_score
from bot.league.stats import PlayerSeason
from bot.texts.formats import decimal_text, mid_sentence, time_text
from cogs.common.components import EMBED_COLOUR
from cogs.common.text import t

__all__ = [
    "checkin_embed",
    "history_embed",
    "mention",
    "plan_messages",
    "player_embed",
    "change_text",
    "result_text",
    "season_embed",
    "settings_embed",
    "status_embed",
    "tie_break_name",
]

DESCRIPTION_BUDGET: Final = 3900  # Discord allows 4096 characters in an embed description
CONTENT_LIMIT: Final = 2000  # characters of a message's text


def mention(user_id: int | None, locale: str) -> str:
    """A player as a mention, or the word for a computer (no user id)."""
    return t("league.computer", locale) if user_id is None else f"<@{user_id}>"


def _embed(title: str, lines: Sequence[str]) -> discord.Embed:
    text, used = [], 0
    for line in lines:
        if used + len(line) + 1 > DESCRIPTION_BUDGET:
            text.append("…")
            break
        text.append(line)
        used += len(line) + 1
    return discord.Embed(title=title[:256], description="\n".join(text), colour=EMBED_COLOUR)


def _night_title(key: str, league: str, night_no: int, locale: str, **values: Any) -> str:
    return t(key, locale, league=league, night=night_no, **values)


# ----------------------------------------------------------------------------- check-in


def checkin_embed(
    league: str, night_no: int, next_round: int, players: Sequence[int], locale: str
) -> discord.Embed:
    """Who is checked in for the next round, with the live count."""
    title = _night_title("league.checkin.title", league, night_no, locale, round=next_round)
    lines = [t("league.checkin.intro", locale, round=next_round)]
    lines.append(t("league.checkin.count", locale, count=len(players)))
    if players:
        lines.append(" ".join(mention(p, locale) for p in players))
    return _embed(title, lines)


# ----------------------------------------------------------------------------- rounds


def _pair(result_or_seats: Sequence[int | None], pair: int, locale: str) -> str:
    a, b = result_or_seats[pair], result_or_seats[pair + 2]
    return t("league.pair", locale, a=mention(a, locale), b=mention(b, locale))


def plan_messages(
    league: str,
    night_no: int,
    draw: RoundDraw,
    threads: Mapping[int, int],
    locale: str,
) -> list[str]:
    """A round's plan as message text (its mentions notify the players, as an embed's
    would not): the title, a line per table (pairs, and the thread a bot table plays in)
    and the byes; split on line ends into messages within Discord's length."""
    title = _night_title("league.plan.title", league, night_no, locale, round=draw.number)
    lines = [f"**{title}**"]
    for index, table in enumerate(draw.tables):
        seats = table.seats
        where = _where(threads.get(index), table.three, locale)
        if table.three:  # each for himself: its players, no pairs
            players = ", ".join(mention(user, locale) for user in seats)
            lines.append(
                t("league.plan.three", locale, table=index + 1, players=players, where=where)
            )
            continue
        lines.append(
            t(
                "league.plan.table",
                locale,
                table=index + 1,
                pair1=_pair(seats, 0, locale),
                pair2=_pair(seats, 1, locale),
                where=where,
            )
        )
    if draw.byes:
        byes = " ".join(mention(p, locale) for p in draw.byes)
        lines.append(t("league.plan.byes", locale, players=byes))
    return _messages(lines)


def _where(thread: int | None, three: bool, locale: str) -> str:
    """Where a drawn table plays: the thread of its bot table, or face to face with the
    sheet entered by /night enter (a table of three's three scores a line)."""
    if thread is not None:
        return t("league.plan.thread", locale, thread=f"<#{thread}>")
    return t("league.plan.face_to_face_three" if three else "league.plan.face_to_face", locale)


def _messages(lines: Sequence[str], limit: int = CONTENT_LIMIT) -> list[str]:
    """`lines` joined into as few texts of at most `limit` characters as they fit in."""
    texts: list[str] = []
    for line in lines:
        line = line[:limit]
        if texts and len(texts[-1]) + 1 + len(line) <= limit:
            texts[-1] += "\n" + line
        else:
            texts.append(line)
    return texts


def result_text(
    round_no: int,
    table_no: int,
    result: TableResult,
    locale: str,
    unranked: Sequence[int] = (),
    *,
    after_colon: bool = False,
) -> str:
    """One table's round: both pairs and their totals (or that it was voided); `unranked`:
    the drawn players whose seat a computer finished, marked unranked. `after_colon`: it
    goes on after a colon ("Result saved: round 2, table 1: ..."), in lower case as Dutch,
    Spanish, Italian and Portuguese write there."""
    if after_colon:
        return mid_sentence(result_text(round_no, table_no, result, locale, unranked))
    if result.void:
        return t("league.result.void", locale, round=round_no, table=table_no + 1)
    if result.three:
        scores = _three_scores(result, locale)
        return t("league.result.three", locale, round=round_no, table=table_no + 1, scores=scores)
    text = t(
        "league.result.line",
        locale,
        round=round_no,
        table=table_no + 1,
        **_pairs_and_totals(result, locale),
    )
    if unranked:
        players = ", ".join(mention(user, locale) for user in unranked)
        text += "\n" + t("league.result.unranked", locale, players=players)
    return text


def change_text(
    round_no: int,
    table_no: int,
    before: TableResult | None,
    after: TableResult,
    locale: str,
    *,
    after_colon: bool = False,
) -> str:
    """A corrected table's round as it is now and as it was: each pair's total old -> new
    ("@A & @C 170 → 182"); for a void or a restore, the new line and what it was before."""
    if before is None or before.void or after.void:
        text = result_text(round_no, table_no, after, locale, after_colon=after_colon)
        if before is None:
            return text
        if before.void:
            return f"{text} " + t("league.result.before_void", locale)
        if before.three:
            scores = _three_scores(before, locale)
            return f"{text} " + t("league.result.before_three", locale, scores=scores)
        return f"{text} " + t("league.result.before", locale, **_pairs_and_totals(before, locale))
    if after.three:
        scores = _three_scores(after, locale, before)
        text = t("league.result.three", locale, round=round_no, table=table_no + 1, scores=scores)
        return mid_sentence(text) if after_colon else text
    totals = _pairs_and_totals(after, locale)
    text = t(
        "league.result.changed",
        locale,
        round=round_no,
        table=table_no + 1,
        before1=before.totals[0],
        before2=before.totals[1],
        **totals,
    )
    return mid_sentence(text) if after_colon else text


def _three_scores(result: TableResult, locale: str, before: TableResult | None = None) -> str:
    """A table of three's players and totals ("@A 215, @B 149, @C 215"), each total as
    it was before it where a correction changed it ("@A 215 → 220")."""
    parts = []
    for seat, user in enumerate(result.seats):
        total = str(result.totals[seat])
        if before is not None and before.totals[seat] != result.totals[seat]:
            total = f"{before.totals[seat]} → {total}"
        parts.append(f"{mention(user, locale)} {total}")
    return ", ".join(parts)


def _pairs_and_totals(result: TableResult, locale: str) -> dict[str, object]:
    """A result's pairs and totals, as the result line's placeholders."""
    return {
        "pair1": _pair(result.seats, 0, locale),
        "pair2": _pair(result.seats, 1, locale),
        "total1": result.totals[0],
        "total2": result.totals[1],
    }


# ----------------------------------------------------------------------------- standings


def _season_row(row: SeasonRow, locale: str) -> str:
    """One player's line; the total of all their nights only where it differs from what
    counts (best nights, an average), so a row fits one line of a phone."""
    value = row.value
    shown = str(value.numerator) if value.denominator == 1 else decimal_text(float(value), locale)
    return t(
        "league.season.row" if value != row.total else "league.season.row_all",
        locale,
        place=row.place,
        player=mention(row.user_id, locale),
        value=shown,
        nights=row.nights,
        total=row.total,
    )


def season_embed(league: str, table: SeasonTable, locale: str) -> discord.Embed:
    """The season's table as an embed."""
    lines = [_season_row(row, locale) for row in table.ranked]
    if table.below_minimum:
        lines.append(t("league.season.below_minimum", locale))
        lines += [_season_row(row, locale) for row in table.below_minimum]
    if not lines:
        lines = [t("league.season.empty", locale)]
    return _embed(t("league.season.title", locale, league=league), lines)


# ----------------------------------------------------------------------------- status


def status_embed(
    league: str,
    night_no: int,
    status: str,
    players: Sequence[int],
    drawn: int,
    rounds: int,
    missing: Sequence[Sequence[int]],
    locale: str,
    unranked: Sequence[UnrankedSeat] = (),
) -> discord.Embed:
    """/night status as an embed: the night, its players and its rounds."""
    lines = [
        t(f"league.status.{status}", locale),
        t("league.status.rounds", locale, drawn=drawn, rounds=rounds),
        t("league.checkin.count", locale, count=len(players)),
    ]
    if missing:
        tables = ", ".join(f"{r}.{n + 1}" for r, n in missing)
        lines.append(t("league.status.missing", locale, tables=tables))
    if unranked:
        seats = ", ".join(
            f"{u.round_no}.{u.table_no + 1} {mention(u.user_id, locale)}" for u in unranked
        )
        lines.append(t("league.status.unranked", locale, seats=seats))
    return _embed(_night_title("league.status.title", league, night_no, locale), lines)


# ----------------------------------------------------------------------------- history


def _totals(result: TableResult | None, locale: str) -> str:
    if result is None:
        return "-"
    if result.void:
        return t("league.history.void", locale)
    return "-".join(str(total) for total in result.totals)


def history_embed(
    league: str,
    night_no: int,
    audits: Sequence[AuditEntry],
    locale: str,
    unconfirmed: Mapping[tuple[int, int], int] | None = None,
) -> discord.Embed:
    """The night's audit trail: each result entered by hand (and the opponent asked to
    confirm it; still waiting when its table is in `unconfirmed`), each confirmation,
    correction, void, restore and penalty: by whom, before and after, and why."""
    waiting = unconfirmed or {}
    last_entry = {
        (a.round_no, a.table_no): i for i, a in enumerate(audits) if a.kind is AuditKind.ENTER
    }
    lines = []
    for i, audit in enumerate(audits):
        line = _history_line(audit, locale)
        key = (audit.round_no, audit.table_no)
        if last_entry.get(key) == i and key in waiting:
            line += " " + t("league.history.waiting", locale)
        lines.append(line)
    if not lines:
        lines = [t("league.history.empty", locale)]
    return _embed(_night_title("league.history.title", league, night_no, locale), lines)


def _history_line(audit: AuditEntry, locale: str) -> str:
    """One audit entry as a line of the history."""
    where = ""
    if audit.round_no is not None and audit.table_no is not None:
        where = t("league.history.where", locale, round=audit.round_no, table=audit.table_no + 1)
    if audit.line is not None:
        where += " " + t("league.history.line", locale, line=audit.line)
    values = {
        "kind": t(f"league.history.kind.{audit.kind}", locale),
        "actor": mention(audit.actor, locale),
        "before": _totals(audit.before, locale),
        "after": _totals(audit.after, locale),
    }
    if audit.adjustment is not None:  # a penalty: its points, no totals
        adjustment = audit.adjustment
        points = f"{adjustment.points:+d}"
        player = mention(adjustment.user_id, locale)
        where = t("league.history.penalty", locale, player=player, points=points)
        return t("league.history.adjusted", locale, where=where, reason=audit.reason, **values)
    if audit.kind is AuditKind.CONFIRM:
        return t("league.history.confirmed", locale, where=where.strip(), **values)
    if audit.kind is AuditKind.ENTER:
        text = t("league.history.entered", locale, where=where.strip(), **values)
        if audit.subject is not None:
            text += " " + t("league.history.asked", locale, player=mention(audit.subject, locale))
        return text
    return t("league.history.entry", locale, where=where.strip(), reason=audit.reason, **values)


# ----------------------------------------------------------------------------- a player


def player_embed(league: str, stats: PlayerSeason, locale: str) -> discord.Embed:
    """A member's season as an embed."""
    lines = [
        t("league.player.player", locale, player=mention(stats.user_id, locale)),
        t("league.player.nights", locale, nights=stats.nights, rounds=stats.rounds),
        t("league.player.hands", locale, hands=stats.hands, points=stats.points),
        t("league.player.per_hand", locale, average=decimal_text(stats.points_per_hand, locale)),
        t("league.player.maker", locale, hands=stats.hands_as_maker, nat=stats.nat),
        t("league.player.roem", locale, roem=stats.roem, pits=stats.pits),
        t("league.player.partners", locale, count=len(stats.partners)),
    ]
    return _embed(t("league.player.title", locale, league=league), lines)


# ----------------------------------------------------------------------------- settings


def settings_embed(
    settings: LeagueSettings,
    locale: str,
    upcoming: NightTimes | None = None,
    round_text: str = "-",
) -> discord.Embed:
    """Every setting of the league; `round_text`: how its rounds end, as the refusals say it
    (cogs/league/errors.py `round_end`)."""
    organisers = [f"<@{u}>" for u in settings.organisers.user_ids]
    organisers += [f"<@&{r}>" for r in settings.organisers.role_ids]
    channel = f"<#{settings.channel_id}>" if settings.channel_id else "-"
    lines = [
        t("league.settings.rules", locale, preset=settings.preset),
        t("league.settings.round", locale, round=round_text),
        t("league.settings.rounds", locale, rounds=settings.rounds_per_night),
        t("league.settings.format", locale, format=t(f"league.format.{settings.format}", locale)),
        _bye_line(settings, locale),
        _counting_line(settings, locale),
        t(
            "league.settings.tie_breaks",
            locale,
            order=tie_break_name(settings.tie_breaks[1:], locale),
        ),
        t("league.settings.booby", locale, booby=t(f"league.booby.{settings.booby}", locale)),
        *([t("league.settings.three", locale)] if settings.table_of_three else []),
        t("league.settings.organisers", locale, organisers=" ".join(organisers) or "-"),
        t("league.settings.channel", locale, channel=channel),
        _schedule_line(settings, locale),
    ]
    if upcoming is not None:
        lines.append(
            t("league.settings.next", locale, start=f"<t:{int(upcoming.start.timestamp())}:F>")
        )
    return _embed(t("league.settings.title", locale, league=settings.name), lines)


def tie_break_name(order: Sequence[str], locale: str) -> str:
    """A tie-break order after points as the reader says it: "points → rounds won → more
    roem"."""
    return " → ".join(t(f"league.tiebreak.{key}", locale) for key in ("points", *order))


def _bye_line(settings: LeagueSettings, locale: str) -> str:
    """The bye policy; a fixed score that follows the hands says what it is, and one meant
    for 16 hands kept for rounds of other lengths is a warning."""
    text = t("league.settings.bye", locale, bye=t(f"league.bye.{settings.bye_policy}", locale))
    hands = settings.round_length.hands
    scaled = bye_score(settings.bye_policy, settings.format, (), hands)
    if settings.bye_misfit:
        text += "\n" + t("league.settings.bye_misfit", locale, hands=hands, scaled=scaled)
    elif settings.bye_hands is not None and settings.bye_policy.startswith("fixed_"):
        text += " " + t("league.settings.bye_scaled", locale, hands=hands, points=scaled)
    return text


def _counting_line(settings: LeagueSettings, locale: str) -> str:
    """How the season counts nights, and the minimum attendance (none: everyone is
    ranked, rather than "at least 0")."""
    counting = settings.counting
    how = t(f"league.counting.{counting.kind}", locale, best=counting.best or "-")
    if not counting.min_nights:
        return t("league.settings.counting_everyone", locale, counting=how)
    return t("league.settings.counting", locale, counting=how, minimum=counting.min_nights)


def _schedule_line(settings: LeagueSettings, locale: str) -> str:
    schedule = settings.schedule
    if schedule is None:
        return t("league.settings.unscheduled", locale)
    return t(
        "league.settings.schedule",
        locale,
        weekday=t(f"league.cmd.choice.weekday.{schedule.weekday}", locale),
        start=time_text(schedule.start, locale),
        timezone=schedule.timezone,
        checkin=schedule.checkin_minutes,
        reminders=" ".join(str(m) for m in schedule.reminders) or "-",
    )
