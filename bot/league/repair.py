"""A league's stored settings, checked at load: each value this version cannot use is set to
its nearest valid value or its default, with one log line; settings that stay unusable are
refused with one (docs/decisions.md, "League settings at load").

`LeagueSettings` checks every value when it is made, so what a command saves is valid; a
league saved by an older version (whose checks were fewer: a rule override of `match_hands
0` beside a round length went unchecked) or edited by hand may not be. Without this, every
command of such a league would be refused. The repair is made on each load and not
written back (saving would move the league's `updated_at`, which the schedule reads);
the next save of the settings stores the repaired values. The service logs each repair
(or refusal) once per process and saved version of the settings (`LeagueService`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, get_args

from bot.checks import clean_text, shown
from bot.engine import RuleError, RuleSet
from bot.engine.rules import MATCH_HANDS_RANGE, TARGET_SCORE_RANGE
from bot.games import other_game, preset_game
from bot.store.records import MAX_ID, storable_id

from .errors import LeagueCode, LeagueError
from .settings import (
    BOOBY_RULES,
    BYE_POLICIES,
    DEFAULT_TIE_BREAKS,
    END_OPTIONS,
    LEAGUE_NAME_MAX,
    MAX_ROUNDS_PER_NIGHT,
    Counting,
    Format,
    LeagueSettings,
    RoundLength,
)

__all__ = ["stored_settings"]

_DEFAULT: Final = LeagueSettings("default")
Changes = list[str]


def stored_settings(data: Mapping[str, Any]) -> tuple[LeagueSettings, tuple[str, ...]]:
    """The settings the store kept, repaired where they must be, and each change made
    (for the service's log line); a `LeagueError` (`bad_setting`) when even that gives no
    valid settings: no name, a schedule this machine cannot read."""
    changes: Changes = []
    fixed = _repaired(data, changes)
    try:
        return LeagueSettings.from_dict(fixed), tuple(changes)
    except (TypeError, ValueError, LookupError, AttributeError) as error:  # a malformed part
        if isinstance(error, LeagueError):
            raise
        raise LeagueError(LeagueCode.BAD_SETTING, repr(error), setting="settings") from error


def _repaired(data: Mapping[str, Any], changes: Changes) -> dict[str, Any]:
    """`data` with each value this version cannot use replaced (noted in `changes`)."""
    fixed = dict(data)
    for key, fix in _FIXES.items():
        if key in fixed:
            new = fix(fixed[key])
            if new is not fixed[key]:
                changes.append(f"{key} {shown(fixed[key])} -> {shown(new)}")
                fixed[key] = new
    fixed["overrides"] = _overrides(fixed, changes)
    if fixed.get("table_of_three") and fixed.get("format", _DEFAULT.format) != "individual":
        changes.append("table_of_three true -> false (individual nights only)")
        fixed["table_of_three"] = False
    return fixed


def _name(value: Any) -> Any:
    """Cleaned and cut to its length; a name that is not text is not repaired."""
    if not isinstance(value, str):
        return value
    clean = clean_text(value[: LEAGUE_NAME_MAX * 4])[:LEAGUE_NAME_MAX].rstrip()
    return value if clean == value else clean


def _organisers(value: Any) -> Any:
    """Only the roles and users that are ids (a user 0 is the bot itself)."""
    try:
        roles, users = list(value.get("role_ids", ())), list(value.get("user_ids", ()))
    except (AttributeError, TypeError):
        return {}
    kept_roles = [r for r in roles if storable_id(r)]
    kept_users = [u for u in users if type(u) is int and 0 <= u <= MAX_ID]
    if (kept_roles, kept_users) == (roles, users):
        return value
    return {"role_ids": kept_roles, "user_ids": kept_users}


def _preset(value: Any) -> Any:
    """A preset a league plays (four-player Klaverjas), else the default."""
    try:
        RuleSet.preset(value)
    except (RuleError, AttributeError):
        return _DEFAULT.preset
    return _DEFAULT.preset if preset_game(value) is not None else value


def _round_length(value: Any) -> Any:
    """Hands and target within the engine's ranges (the nearest end); a round with
    neither, or of another kind, the default length."""
    if not isinstance(value, Mapping):
        return {}
    length = {key: value.get(key) for key in ("hands", "target") if key in value}
    for key, (least, most) in (("hands", MATCH_HANDS_RANGE), ("target", TARGET_SCORE_RANGE)):
        number = length.get(key)
        if number is not None:
            length[key] = min(max(number, least), most) if type(number) is int else None
    if length.get("hands", 16) is None and length.get("target") is None:
        return {}
    return value if length == dict(value) else length


def _rounds(value: Any) -> Any:
    if type(value) is not int:
        return _DEFAULT.rounds_per_night
    return value if 1 <= value <= MAX_ROUNDS_PER_NIGHT else min(max(value, 1), MAX_ROUNDS_PER_NIGHT)


def _one_of(choices: tuple[str, ...], default: str) -> Callable[[Any], Any]:
    return lambda value: value if isinstance(value, str) and value in choices else default


def _counting(value: Any) -> Any:
    try:
        Counting(**value)
    except (LeagueError, TypeError):
        return {}
    return value


def _tie_breaks(value: Any) -> Any:
    try:
        LeagueSettings("x", tie_breaks=tuple(value))
    except (LeagueError, TypeError):
        return list(DEFAULT_TIE_BREAKS)
    return value


def _flag(value: Any) -> Any:
    return value if type(value) is bool else False


def _channel(value: Any) -> Any:
    return value if value is None or storable_id(value) else None


_FIXES: Final[dict[str, Callable[[Any], Any]]] = {
    "name": _name,
    "organisers": _organisers,
    "preset": _preset,
    "round_length": _round_length,
    "rounds_per_night": _rounds,
    "format": _one_of(get_args(Format), _DEFAULT.format),
    "bye_policy": _one_of(BYE_POLICIES, _DEFAULT.bye_policy),
    "booby": _one_of(BOOBY_RULES, _DEFAULT.booby),
    "counting": _counting,
    "tie_breaks": _tie_breaks,
    "computers_allowed": _flag,
    "bye_follows_hands": _flag,
    "table_of_three": _flag,
    "channel_id": _channel,
}


def _overrides(data: Mapping[str, Any], changes: Changes) -> dict[str, Any]:
    """The rule overrides the engine takes with this preset and round length: none of the
    round's end (the round length sets it), each other one only if the engine accepts it."""
    stored = data.get("overrides", {})
    if not isinstance(stored, Mapping):
        changes.append(f"overrides {shown(stored)} -> {{}}")
        return {}
    kept: dict[str, Any] = {}
    end = RoundLength(**data.get("round_length", {})).end_options()
    rules = RuleSet.preset(data.get("preset", _DEFAULT.preset))
    for option, value in stored.items():
        # An end option never applies (the round's length sets it); any other, only if the
        # engine takes it with those kept so far and the round's end.
        if option in END_OPTIONS or not _takes(rules, {**kept, option: value, **end}):
            changes.append(f"overrides.{option} {shown(value)} dropped")
            continue
        kept[option] = value
    return kept


def _takes(rules: RuleSet, options: dict[str, Any]) -> bool:
    """Whether the engine takes ``options`` on ``rules`` for a league: four-player
    Klaverjas (an override of the game, which a league saved before the check could hold,
    is dropped)."""
    try:
        return other_game(rules.with_options(**options)) is None
    except (RuleError, TypeError):
        return False
