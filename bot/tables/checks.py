"""The service's checks: each refuses with its code before anything is changed."""

from __future__ import annotations

from bot.players import PLAYER_KINDS
from bot.texts.catalog import LOCALES

from .computers import check_level
from .errors import RefusalCode, TableError
from .model import Status, Table, TableSettings

MIN_TURN_TIMER, MAX_TURN_TIMER = 15.0, 3600.0  # or 0: no turn timer
MAX_PAUSE = 60.0  # the longest claim window, trick pause or computer delay, in seconds


def require_member(table: Table, user_id: int) -> None:
    """Lobby changes (computers, start) belong to the players and the opener."""
    if table.seat_of(user_id) is None and user_id != table.opener_id:
        raise TableError(RefusalCode.NOT_SEATED)


def check_replay(table: Table, user_id: int, seq: int | None) -> None:
    """Play again applies (`Table.replayable`) and ``user_id`` played at the table:
    refused ``not_finished``, ``again_league``, ``not_seated``, ``again_done`` (the table
    was played again already: facts name the new one) or ``stale`` (``seq``: the state the
    button was drawn for)."""
    table.require(Status.FINISHED)
    if table.settings.league:
        raise TableError(RefusalCode.AGAIN_LEAGUE)
    table.human_seat(user_id)
    if table.next_table is not None:
        raise TableError(RefusalCode.AGAIN_DONE, table=table.next_table)
    if seq is not None and seq != table.seq:
        raise TableError(RefusalCode.STALE, seq=table.seq)
    assert table.replayable


def free_seat(table: Table, seat: int | None) -> int:
    """``seat`` if it is free, else refused; None: the first free seat."""
    free = table.free_seats()
    if not free:
        raise TableError(RefusalCode.TABLE_FULL)
    if seat is None:
        return free[0]
    if seat not in range(4):
        raise TableError(RefusalCode.BAD_SEAT, seat=seat)
    if seat not in free:
        raise TableError(RefusalCode.SEAT_TAKEN, seat=seat)
    return seat


def computer_level(level: str | None) -> str | None:
    """The level named by ``level`` (None: the table's), else refused ``bad_level``."""
    if level is None:
        return None
    try:
        return check_level(level)
    except ValueError:
        raise TableError(RefusalCode.BAD_LEVEL, level=level) from None


def check_settings(settings: TableSettings) -> None:
    """Refuse settings a table could not run with: every value is checked here, before
    anything is committed, so a stored table never carries a timer that freezes it or a
    computer kind its timers cannot build."""
    check_turn_timer(settings.turn_timer)
    for name in ("claim_grace", "trick_pause", "bot_delay"):
        value = getattr(settings, name)
        if not (isinstance(value, int | float) and 0 <= value <= MAX_PAUSE):
            raise TableError(RefusalCode.BAD_SETTING, setting=name, value=value, high=MAX_PAUSE)
    if settings.computer_kind not in PLAYER_KINDS:
        raise TableError(
            RefusalCode.BAD_COMPUTER_KIND,
            kind=settings.computer_kind,
            kinds=", ".join(PLAYER_KINDS),
        )
    if settings.locale is not None:
        check_locale(settings.locale)


def check_turn_timer(seconds: float) -> None:
    """Refuse a turn timer outside its range (0 turns it off)."""
    if not (
        isinstance(seconds, int | float)
        and (seconds == 0 or MIN_TURN_TIMER <= seconds <= MAX_TURN_TIMER)
    ):
        raise TableError(RefusalCode.BAD_TURN_TIMER, value=seconds)


def check_locale(locale: str) -> None:
    """Refuse a table language the catalogues do not have."""
    if locale not in LOCALES:
        raise TableError(RefusalCode.BAD_LOCALE, locale=locale, locales=", ".join(LOCALES))
