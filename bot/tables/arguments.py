"""The service's checks: each refuses with its code before anything is changed.

`ARGUMENTS` checks the form of every argument of the service's public methods (by name,
bot/checks.py): ids, seats, names, cards, suits, flags. The checks below it are of what a
table allows: a free seat, a level or language that exists, settings a table can run.
"""

from __future__ import annotations

from typing import Any, Final

from bot.checks import (
    NAME_MAX,
    SEED_MAX,
    Arguments,
    Bad,
    a_flag,
    a_number,
    an_id,
    described,
    fact,
    instance_of,
    optional,
    shown,
    some_text,
    whole,
)
from bot.engine import CARDS, Card, RuleSet, Suit
from bot.engine.scoring import MAX_CALLS
from bot.players import PLAYER_KINDS
from bot.texts.catalog import LOCALES

from .computer_seats import check_level
from .errors import RefusalCode, TableError
from .table import LeaguePlace, Status, Table, TableSettings

MIN_TURN_TIMER, MAX_TURN_TIMER = 15.0, 3600.0  # or 0: no turn timer
MAX_PAUSE = 60.0  # the longest claim window, trick pause or computer delay, in seconds
MAX_WAIT: Final = 3600.0  # the longest a caller may ask the timers or a shutdown to wait


def refuse_argument(argument: str, value: Any, problem: str) -> TableError:
    """A bad argument as the table refusal a front end already has a sentence for: an
    unknown table, a bad id, seat, level, language or turn timer; else `bad_argument`."""
    shown_value = shown(value)
    message, facts = described(argument, value, problem)
    match argument:
        case "table_id":
            return TableError(RefusalCode.UNKNOWN_TABLE, message, table_id=fact(value))
        case "seat":  # a whole number out of range is repeated as the seat (clipped)
            seat = {"seat": value} if type(value) is int else {}
            return TableError(RefusalCode.BAD_SEAT, message, **seat, **facts)
        case "level":
            return TableError(RefusalCode.BAD_LEVEL, message, level=shown_value, **facts)
        case "locale":
            locales = ", ".join(LOCALES)
            return TableError(
                RefusalCode.BAD_LOCALE, message, locale=shown_value, locales=locales, **facts
            )
        case "turn_timer":
            return TableError(RefusalCode.BAD_TURN_TIMER, message, **facts)
        case _ if argument.endswith("_id") or argument == "viewer":
            return TableError(RefusalCode.BAD_ID, message, **facts)
    return TableError(RefusalCode.BAD_ARGUMENT, message, **facts)


def _cards(value: Any) -> tuple[Card, ...]:
    """A few `Card`s in a tuple or list (a discard: how many is the engine's to say)."""
    if not isinstance(value, tuple | list) or len(value) > len(CARDS):
        raise Bad("not a list of cards")
    if not all(isinstance(card, Card) for card in value):
        raise Bad("not a list of cards")
    return tuple(value)


_NAME = some_text(NAME_MAX)  # cut to Discord's display name limit, never refused for length
_WORD = some_text(32, cut=False)  # a level or a language: one of a short list
ARGUMENTS: Final = Arguments(
    {
        "table_id": an_id,
        "user_id": an_id,
        "opener_id": an_id,
        "guild_id": optional(an_id),
        "channel_id": optional(an_id),  # `open` requires one (`_new_table`)
        "viewer": optional(an_id),
        "message_id": optional(an_id),  # `set_message` requires one
        "seat": optional(whole(0, 3)),
        "seq": optional(whole(0)),
        "number": whole(),
        "name": _NAME,
        "opener_name": _NAME,
        "rules": optional(instance_of(RuleSet)),
        "settings": optional(instance_of(TableSettings)),  # values: `check_settings`
        "league": optional(instance_of(LeaguePlace)),  # made by the league service
        "sit": a_flag,
        "fill": a_flag,  # start: fill the free seats with computers first
        "moderator": a_flag,
        "deal_seed": optional(some_text(SEED_MAX, cut=False)),
        "level": optional(_WORD),  # which levels exist: `computer_level`
        "locale": optional(_WORD),  # which languages exist: `check_locale`
        "turn_timer": optional(a_number(0, MAX_TURN_TIMER)),  # 0 or 15..: `check_turn_timer`
        "card": instance_of(Card),  # a Card, not the int it is: refused before it is played
        "cards": _cards,  # the solo's discard (three seats)
        "suit": optional(instance_of(Suit)),  # None: pass
        "call_level": whole(1, MAX_CALLS),  # 1 kraak, 2 rekraak, 3 superkraak
        "call": a_flag,  # False: pass on the call
        "max_sleep": a_number(0, MAX_WAIT),
        "timeout": a_number(0, MAX_WAIT),
    },
    refuse_argument,
)
checked = ARGUMENTS.checked  # the decorator of every public method of `TableService`


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
    if not table.rules.seating.is_seat(seat):
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
        if not (_is_number(value) and 0 <= value <= MAX_PAUSE):
            raise TableError(
                RefusalCode.BAD_SETTING, setting=name, value=shown(value), high=MAX_PAUSE
            )
    if not (isinstance(settings.computer_kind, str) and settings.computer_kind in PLAYER_KINDS):
        raise TableError(
            RefusalCode.BAD_COMPUTER_KIND,
            kind=shown(settings.computer_kind),
            kinds=", ".join(PLAYER_KINDS),
        )
    if settings.locale is not None:
        check_locale(settings.locale)
    if type(settings.league) is not bool:
        raise TableError(RefusalCode.BAD_SETTING, setting="league", value=shown(settings.league))


def check_turn_timer(seconds: float) -> None:
    """Refuse a turn timer outside its range (0 turns it off)."""
    if not (_is_number(seconds) and (seconds == 0 or MIN_TURN_TIMER <= seconds <= MAX_TURN_TIMER)):
        raise TableError(RefusalCode.BAD_TURN_TIMER, value=shown(seconds))


def check_locale(locale: str) -> None:
    """Refuse a table language the catalogues do not have."""
    if not (isinstance(locale, str) and locale in LOCALES):
        raise TableError(RefusalCode.BAD_LOCALE, locale=shown(locale), locales=", ".join(LOCALES))


def _is_number(value: object) -> bool:
    """An int or float (never a bool: `True` is an int in Python); NaN fails every range."""
    return type(value) in (int, float)
