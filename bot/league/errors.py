"""The league's refusals: a stable code and the facts behind it.

A ``bot.engine.errors.Refusal``, the one shape every feature refuses in, so a front end
maps every refusal, whether the league's own or an engine rule the league passed on, to
one text. A ValueError too: a refusal is always about a value the caller gave.
"""

from __future__ import annotations

from enum import StrEnum

from bot.engine.errors import ErrorCode, Refusal

__all__ = ["LeagueCode", "LeagueError"]


class LeagueCode(StrEnum):
    """Every code a `LeagueError` carries; the values are the strings front ends key their
    sentences on (``league.err.<code>``), so they never change."""

    # Leagues, their settings and organisers.
    NO_LEAGUE = "no_league"
    NO_LEAGUE_NAMED = "no_league_named"
    NO_LEAGUES = "no_leagues"
    WHICH_LEAGUE = "which_league"
    LEAGUE_EXISTS = "league_exists"
    CREATE_NOT_ALLOWED = "create_not_allowed"
    NOT_ORGANISER = "not_organiser"
    BAD_SETTING = "bad_setting"
    BAD_RULES = "bad_rules"
    GAME_NOT_OFFERED = "game_not_offered"  # facts: game (a league plays four-player only)
    BAD_TIME = "bad_time"
    BAD_ID = "bad_id"
    # An argument a caller other than Discord passed in a form no command gives (a flag
    # as 1, a name of a kilobyte): facts field, value (shown), problem.
    BAD_ARGUMENT = "bad_argument"
    UNKNOWN_TIMEZONE = "unknown_timezone"
    SCHEDULE_INCOMPLETE = "schedule_incomplete"
    NO_CHANNEL = "no_channel"
    NO_THREAD = "no_thread"

    # Nights, check-in and the draw.
    NO_NIGHT = "no_night"
    NO_NIGHTS = "no_nights"
    NO_NIGHT_NUMBER = "no_night_number"
    NO_OPEN_NIGHT = "no_open_night"
    NIGHT_OPEN = "night_open"
    NIGHT_CLOSED = "night_closed"
    NIGHT_COMPLETE = "night_complete"
    NIGHT_STARTED = "night_started"
    NIGHT_NOT_STARTED = "night_not_started"
    NOT_IN_NIGHT = "not_in_night"
    NOT_ALLOWED_TO_ENTER = "not_allowed_to_enter"
    ALREADY_CHECKED_IN = "already_checked_in"
    NOT_CHECKED_IN = "not_checked_in"
    STALE_CHECKIN = "stale_checkin"
    NO_MORE_ROUNDS = "no_more_rounds"
    TOO_FEW_PLAYERS = "too_few_players"
    DUPLICATE_PLAYER = "duplicate_player"
    PARTNER_REQUIRED = "partner_required"
    UNPAIRED_PLAYERS = "unpaired_players"
    ROUND_ALREADY_DRAWN = "round_already_drawn"
    ROUND_IN_PROGRESS = "round_in_progress"
    RESULTS_MISSING = "results_missing"
    RESULTS_UNCONFIRMED = "results_unconfirmed"

    # Void, restore and confirmation (the audit trail).
    TABLE_VOIDED = "table_voided"
    NOT_VOIDED = "not_voided"
    ALREADY_CONFIRMED = "already_confirmed"
    STALE_CONFIRM = "stale_confirm"
    NOT_ASKED = "not_asked"

    # Results, entered or corrected.
    NO_SUCH_TABLE = "no_such_table"
    NO_SUCH_LINE = "no_such_line"
    NO_RESULT = "no_result"
    NO_LINES = "no_lines"
    RESULT_EXISTS = "result_exists"
    RESULT_VOIDED = "result_voided"
    OPPONENT_MUST_CONFIRM = "opponent_must_confirm"
    REASON_REQUIRED = "reason_required"
    CORRECT_WHAT = "correct_what"
    LINES_OR_TOTALS = "lines_or_totals"
    HANDS_REQUIRED = "hands_required"
    BAD_LINE_FORMAT = "bad_line_format"
    BAD_THREE_LINE_FORMAT = "bad_three_line_format"  # ... at a table of three: facts line, text
    BAD_PAIR_FORMAT = "bad_pair_format"
    MAKERS_MISSING = "makers_missing"
    NEGATIVE_TOTAL = "negative_total"
    TOO_MANY_NAT = "too_many_nat"
    HAND_COUNT = "hand_count"
    ROUND_UNFINISHED = "round_unfinished"
    ROUND_OVER = "round_over"
    NEGATIVE_NUMBER = "negative_number"
    BAD_NUMBER = "bad_number"
    LINE_NEGATIVE_NUMBER = "line_negative_number"  # ... within a score line: facts line,
    LINE_BAD_NUMBER = "line_bad_number"  # text (the line), word (what was typed)
    OUT_OF_RANGE = "out_of_range"
    BAD_LINE = "bad_line"  # a score line the engine refused without a code of its own
    # A kraken line's marks (bot/league/entry.py, docs/rules.md 2.5 to 2.7).
    WRONG_CALLER = "wrong_caller"
    NO_HAND_ROEM = "no_hand_roem"
    HAND_ROEM_OVER_ROEM = "hand_roem_over_roem"
    TABLE_OF_THREE = "table_of_three"  # a four-player entry for a table of three: facts table
    NOT_A_TABLE_OF_THREE = "not_a_table_of_three"  # three scores a line for a table of four


class LeagueError(Refusal[LeagueCode | ErrorCode], ValueError):
    """A league operation refused: a `LeagueCode` and the facts behind it, or the engine's
    refusal of a score line or round totals, passed on with the engine's `ErrorCode`."""
