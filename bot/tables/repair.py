"""A stored table's snapshot made runnable again at restore (docs/decisions.md, "Repairs at
restore").

The service checks every value before it commits it (bot/tables/arguments.py), but a table
stored by an older version, or a row changed by hand, may hold what this version cannot
run: a computer level it no longer knows (every timer would fail), a computer delay of a
year (the table would never move again), a turn timer, hands or target out of range.
`repaired` sets each such value to the nearest valid one and says what it changed; the
registry then re-arms the table's deadlines, commits the repaired state and tells the
table's channel. What cannot be repaired (a rule option that does not exist, a snapshot
that is not one) is left for `Table.from_dict` to refuse, and the table is closed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import fields
from typing import Any, Final

from bot.checks import NAME_MAX, clean_text, shown
from bot.engine.rules import EXTRA_HANDS, MATCH_HANDS_RANGE, TARGET_SCORE_RANGE
from bot.players import PLAYER_KINDS
from bot.store import storable_id
from bot.texts.catalog import LOCALES

from .arguments import MAX_PAUSE, MAX_TURN_TIMER, MIN_TURN_TIMER
from .events import Repair
from .table import Seat, SeatKind, Status, Table, TableSettings

__all__ = ["repaired", "stale_deadlines"]

_DEFAULT: Final = TableSettings()
_SEAT_FIELDS: Final = frozenset(f.name for f in fields(Seat))
_EMPTY_SEAT: Final = {**vars(Seat()), "kind": str(SeatKind.EMPTY)}
_ENDS: Final = (("match_hands", MATCH_HANDS_RANGE), ("target_score", TARGET_SCORE_RANGE))
_MOST_PLANNED: Final = MATCH_HANDS_RANGE[1] + EXTRA_HANDS


def repaired(data: dict[str, Any]) -> tuple[dict[str, Any], tuple[Repair, ...]]:
    """`data` (a stored snapshot) with what this version cannot run set to the nearest
    valid value, and the changes made (none: the snapshot as it was). `data` itself is
    not changed: a table that is closed after all keeps it as it was stored."""
    changes: list[Repair] = []
    data = dict(data)
    if isinstance(data.get("settings"), dict):
        data["settings"] = _settings(data["settings"], changes)
    if isinstance(data.get("seats"), list):
        playing = data.get("status") == str(Status.PLAYING)
        data["seats"] = [
            _seat(index, seat, playing, changes) if isinstance(seat, dict) else seat
            for index, seat in enumerate(data["seats"])
        ]
    if isinstance(data.get("rules"), dict):
        data["rules"] = _rules(data["rules"], changes)
    if isinstance(data.get("match"), dict):
        data["match"] = _match(data["match"], changes)
    return data, tuple(dict.fromkeys(changes))  # the match's rules repeat the table's


def stale_deadlines(table: Table, now: float) -> bool:
    """Whether a deadline of the table lies further ahead than any setting can put it
    (the longest is a turn timer), or is not a time at all: it would never fire."""
    latest = now + MAX_TURN_TIMER
    return any(
        deadline is not None and not (_is_number(deadline) and deadline <= latest)
        for deadline in (table.turn_deadline, table.computer_due, table.claim_deadline)
    )


# ------------------------------------------------------------------ settings
def _settings(stored: dict[str, Any], changes: list[Repair]) -> dict[str, Any]:
    settings = dict(stored)
    for name in [name for name in settings if name not in _FIXES]:  # a newer version's
        changes.append(Repair(name, shown(settings.pop(name)), "-"))
    for name, fix in _FIXES.items():
        if name in settings:
            settings[name] = _fixed(name, settings[name], fix, changes)
    return settings


def _fixed(what: str, value: Any, fix: Callable[[Any], Any], changes: list[Repair]) -> Any:
    """`fix(value)`, noted in `changes` when it is another value (a valid one comes back
    as the very same object)."""
    new = fix(value)
    if new is not value:
        changes.append(Repair(what, shown(value), shown(new)))
    return new


def _is_number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _turn_timer(value: Any) -> Any:
    """0 (off) or MIN_TURN_TIMER..MAX_TURN_TIMER: a timer shorter than the least is the
    least (it was meant to run), a negative one off."""
    if not _is_number(value):
        return _DEFAULT.turn_timer
    if value == 0 or MIN_TURN_TIMER <= value <= MAX_TURN_TIMER:
        return value
    return 0.0 if value < 0 else float(min(max(value, MIN_TURN_TIMER), MAX_TURN_TIMER))


def _pause(default: float) -> Callable[[Any], Any]:
    """A claim window, trick pause or computer delay: 0..MAX_PAUSE seconds."""

    def fix(value: Any) -> Any:
        if not _is_number(value):
            return default
        return value if 0 <= value <= MAX_PAUSE else float(min(max(value, 0), MAX_PAUSE))

    return fix


def _locale(value: Any) -> Any:
    """A language the catalogues have, else None: the server's language."""
    return value if value is None or value in LOCALES else None


def _computer_kind(value: Any) -> Any:
    return value if isinstance(value, str) and value in PLAYER_KINDS else _DEFAULT.computer_kind


def _flag(value: Any) -> Any:
    return value if type(value) is bool else _DEFAULT.league


_FIXES: Final[dict[str, Callable[[Any], Any]]] = {
    "turn_timer": _turn_timer,
    "claim_grace": _pause(_DEFAULT.claim_grace),
    "trick_pause": _pause(_DEFAULT.trick_pause),
    "bot_delay": _pause(_DEFAULT.bot_delay),
    "locale": _locale,
    "computer_kind": _computer_kind,
    "league": _flag,
}
assert set(_FIXES) == {f.name for f in fields(TableSettings)}, "a setting without its repair"


# ------------------------------------------------------------------ seats
def _seat(index: int, stored: dict[str, Any], playing: bool, changes: list[Repair]) -> Any:
    """A seat's level this version knows (else the table's), its name clean and at most
    `NAME_MAX` long, and a human seat without a player given to the computer (playing) or
    emptied (lobby)."""
    seat = dict(stored)
    where = f"seat {index + 1}"
    for name in [name for name in seat if name not in _SEAT_FIELDS]:
        changes.append(Repair(f"{where} {name}", shown(seat.pop(name)), "-"))
    level = seat.get("level")
    seat["level"] = _fixed(f"{where} level", level, _seat_level, changes)
    seat["name"] = _fixed(f"{where} name", seat.get("name", ""), _name, changes)
    if seat.get("kind") == str(SeatKind.HUMAN) and not storable_id(seat.get("user_id")):
        after = SeatKind.COMPUTER if playing else SeatKind.EMPTY
        changes.append(Repair(f"{where} player", shown(seat.get("user_id")), str(after)))
        if not playing:
            return dict(_EMPTY_SEAT)
        seat.update(kind=str(SeatKind.COMPUTER), user_id=None, away=False, autoplay=False)
        seat.update(missed=0, left_by=None, left_hand=0)
    return seat


def _seat_level(value: Any) -> Any:
    return value if value is None or (isinstance(value, str) and value in PLAYER_KINDS) else None


def _name(value: Any) -> Any:
    if not isinstance(value, str):
        return ""
    clean = clean_text(value[: NAME_MAX * 4])[:NAME_MAX]
    return value if clean == value else clean


# ------------------------------------------------------------------ rules
def _rules(stored: dict[str, Any], changes: list[Repair]) -> dict[str, Any]:
    """Hands and target within the engine's ranges (the nearest end of it); any other
    option the engine refuses is not repaired (the table is closed)."""
    rules = dict(stored)
    for name, (least, most) in _ENDS:
        value = rules.get(name)
        if type(value) is int and not least <= value <= most:
            rules[name] = min(max(value, least), most)
            changes.append(Repair(name, shown(value), shown(rules[name])))
    return rules


def _match(stored: dict[str, Any], changes: list[Repair]) -> dict[str, Any]:
    """The match's own rules as the table's; its planned hands follow a repaired
    `match_hands` when they are out of any range a match can plan."""
    match = dict(stored)
    if isinstance(match.get("rules"), dict):
        match["rules"] = _rules(match["rules"], changes)
        planned, hands = match.get("planned_hands"), match["rules"].get("match_hands")
        if type(planned) is int and not 1 <= planned <= _MOST_PLANNED and type(hands) is int:
            match["planned_hands"] = hands
            changes.append(Repair("planned_hands", shown(planned), shown(hands)))
    return match
