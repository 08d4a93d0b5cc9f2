"""The service's refusals: one exception type with a stable code and the facts.

Front ends translate ``code`` into the user's language; ``facts`` carry what the message
needs (the seat taken, the suit to follow, whose turn it is). A refusal changes nothing.
``TableError`` is a ``bot.engine.errors.Refusal``, the one shape every feature refuses in.
"""

from __future__ import annotations

from enum import StrEnum

from bot.engine.errors import ErrorCode, Refusal


class RefusalCode(StrEnum):
    """The table's own codes a ``TableError`` carries; the values are the strings front
    ends key their sentences on (``tables.err.<code>``), so they never change. The engine's
    refusals (a hand's or match's ``RuleViolation``, a rule set's ``RuleError``) are passed
    on with the engine's own ``ErrorCode``, keyed the same way."""

    # The table service's own.
    UNKNOWN_TABLE = "unknown_table"
    CHANNEL_BUSY = "channel_busy"
    STALE = "stale"
    NOT_LOBBY = "not_lobby"
    NOT_PLAYING = "not_playing"
    NOT_FINISHED = "not_finished"
    NOT_CLOSED = "not_closed"
    NOT_OPEN = "not_open"
    NOT_SEATED = "not_seated"
    ALREADY_SEATED = "already_seated"
    TABLE_FULL = "table_full"
    BAD_SEAT = "bad_seat"
    SEAT_TAKEN = "seat_taken"
    NO_COMPUTER = "no_computer"
    NOT_ENOUGH_PLAYERS = "not_enough_players"
    NOT_AWAY = "not_away"
    NOT_ALLOWED = "not_allowed"
    BAD_TURN_TIMER = "bad_turn_timer"
    NOTHING_TO_CHANGE = "nothing_to_change"
    BAD_LEVEL = "bad_level"
    HINT_LEAGUE = "hint_league"
    HINT_TOO_SOON = "hint_too_soon"
    BAD_SETTING = "bad_setting"
    BAD_COMPUTER_KIND = "bad_computer_kind"
    BAD_LOCALE = "bad_locale"
    BAD_ID = "bad_id"
    # An argument a caller other than Discord passed in a form no request has (a card as a
    # plain int, a suit as text, a flag as 1): facts field, value (shown), problem.
    BAD_ARGUMENT = "bad_argument"
    SHUTTING_DOWN = "shutting_down"
    RETAKE_TOO_LATE = "retake_too_late"
    NOT_SCORED = "not_scored"  # facts: hand (a review of a hand not yet scored, or unknown)
    AGAIN_LEAGUE = "again_league"  # Play again at a league table: the league deals the next
    AGAIN_DONE = "again_done"  # facts: table (the one Play again already opened)
    FOUR_PLAYERS_ONLY = "four_players_only"  # a hint or a hand review at a three-seat table
    GAME_NOT_AT_TABLES = "game_not_at_tables"  # facts: game (the engine plays it, no table)

    # The Discord front end's own, refused before the service is asked.
    NO_TABLE = "no_table"
    NO_THREAD = "no_thread"
    CANNOT_POST = "cannot_post"
    WRONG_CHANNEL = "wrong_channel"
    BUMP_TOO_SOON = "bump_too_soon"  # facts: until (when a bump is allowed again)


class TableError(Refusal[RefusalCode | ErrorCode]):
    """A table operation refused: a `RefusalCode` (or the engine's `ErrorCode`, passed on)
    and the facts behind it."""
