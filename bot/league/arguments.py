"""The league service's boundary: the check of every argument of its public methods, by
name (bot/checks.py), and its refusal for a bad one (`bad_id` for an id, else
`bad_argument`).

The checks are of form: ids, whole numbers (never a bool), pairs, flags, text cleaned
and within its length, and the service's own records (an `Actor`, a `NightRef`, a
`SheetEntry`) with their fields checked too. What a night allows (a round that exists, a
penalty within its range, a reason that is not empty) stays with the service.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from bot.checks import (
    Arguments,
    Bad,
    a_flag,
    a_number,
    an_id,
    each,
    instance_of,
    member_of,
    optional,
    refusal,
    some_text,
    whole,
)
from bot.store.records import MAX_ID

from .answers import Opening, TableRequest
from .entry import SheetEntry
from .errors import LeagueCode, LeagueError
from .night import NightMessage, Presence
from .night_view import NightView
from .refs import Actor, LeagueName, NightRef, Pick
from .schedule import ScheduledJob
from .settings import LEAGUE_NAME_MAX, LeagueSettings
from .typed import Typed

__all__ = ["ARGUMENTS", "REASON_MAX", "an_actor", "checked"]

REASON_MAX: Final = 200  # a correction's reason, as /night correct takes it (cut beyond)
ROLES_MAX: Final = 250  # a member's roles (Discord allows 250 roles a server)
LINES_MAX: Final = 68  # a round's sheet: 64 hands and 4 extra hands on a tie


def an_actor(value: Any) -> Actor:
    """Who asks: an `Actor` whose user is an id (or 0: the bot itself, as the scheduler
    and the simulation act), whose roles are ids and whose `manager` is true or false."""
    if not isinstance(value, Actor):
        raise Bad("not an Actor")
    _ACTOR_ID(value.user_id)
    roles = _ROLES(value.role_ids)
    a_flag(value.manager)
    return value if roles == value.role_ids else replace(value, role_ids=roles)


def _league_key(value: Any) -> int | LeagueName:
    """A league's id, or its name in a server (no name or an empty one: the server's only
    league); a name longer than any league has is refused, not cut (it would find another)."""
    if not isinstance(value, LeagueName):
        return an_id(value)
    optional(an_id)(value.guild_id)
    name = _LOOKUP(value.name) if value.name is not None else None
    return value if name == value.name else replace(value, name=name or None)


def _night_ref(value: Any) -> NightRef:
    """Which night of which league: the league's key, a `Pick` and a night number."""
    if not isinstance(value, NightRef):
        raise Bad("not a NightRef")
    league = _league_key(value.league)
    member_of(Pick)(value.pick)
    optional(_NUMBER)(value.number)
    return value if league is value.league else replace(value, league=league)


def _night_key(value: Any) -> int | NightRef:
    """A night's id, or which night of which league."""
    return _night_ref(value) if isinstance(value, NightRef) else an_id(value)


_ACTOR_ID = whole(0, MAX_ID)
_ROLES = each(an_id, ROLES_MAX)
_LOOKUP = some_text(LEAGUE_NAME_MAX, cut=False, empty=True)
# A whole number: the night's own checks give the range with their own refusals
# (`no_such_table`, `out_of_range` naming the totals or the penalty), before any write.
_NUMBER = whole()
_PAIR = each(_NUMBER, 2, least=2)
_THREE = each(_NUMBER, 3, least=3)  # a table of three's line: a score per seat
_ENTRY = instance_of(SheetEntry)  # its numbers are the engine's to check (`hand_line`)
_ID = an_id
_MAYBE_ID = optional(an_id)
ARGUMENTS: Final = Arguments(
    {
        "guild_id": _MAYBE_ID,
        "league_id": _ID,
        "night_id": _ID,
        "table_id": _ID,
        "user_id": _ID,
        "partner_id": _MAYBE_ID,
        "confirmed_by": _MAYBE_ID,
        "channel_id": _MAYBE_ID,
        "message_id": _MAYBE_ID,
        "settings": instance_of(LeagueSettings),  # checked when made (settings.py)
        "actor": an_actor,
        "organiser": optional(an_actor),
        "league": _league_key,
        "night": _night_key,
        "ref": _night_ref,
        "job": instance_of(ScheduledJob),
        "now": optional(a_number(0, 2.0**53)),
        "kind": member_of(Presence),
        "message_kind": member_of(NightMessage),
        "version": _NUMBER,
        "drawn": _NUMBER,
        "deal": a_flag,
        "round_no": _NUMBER,
        "table_no": _NUMBER,  # from 0, as the draw counts them
        "number": _NUMBER,
        "entries": each(_ENTRY, LINES_MAX),
        "three_lines": each(_THREE, LINES_MAX),  # a table of three's sheet
        "three_scores": _THREE,  # ... and one line of it
        "entry": _ENTRY,
        "typed": instance_of(Typed),  # text typed for a sheet, read as the draw says (typed.py)
        "totals": _PAIR,
        "roem": _PAIR,
        "nats": _PAIR,
        "hands": _NUMBER,
        "points": _NUMBER,
        "reason": some_text(REASON_MAX, empty=True),  # empty: `reason_required`
        "view": instance_of(NightView),  # the service's own answer, handed back
        "request": instance_of(TableRequest),  # ... and a table it wanted
        "opening": instance_of(Opening),  # where the front end has it opened
    },
    refusal(LeagueError, LeagueCode.BAD_ID, LeagueCode.BAD_ARGUMENT, ids={"confirmed_by"}),
)
checked = ARGUMENTS.checked  # the decorator of every public method of `LeagueService`
