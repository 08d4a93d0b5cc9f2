"""A server's challenge settings: how often a challenge runs, when it closes, its deals.

One row per server that changed a default (`challenge_settings`); a server that never did
plays with `ChallengeSettings()`. A change applies from the next challenge on: the one
running keeps the closing time and deals it was opened with, so nobody's deals change
under them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Final

from bot.checks import fact
from bot.engine import PRESET_NAMES
from bot.games import preset_game
from bot.league.schedule import timezone_names

from .errors import ChallengeCode, ChallengeError, refuse_other_game

__all__ = ["CADENCES", "DEALS_RANGE", "DEFAULT_TIMEZONE", "ChallengeSettings"]

CADENCES: Final = ("daily", "weekly")
DEALS_RANGE: Final = (1, 16)
DEFAULT_TIMEZONE: Final = "Europe/Amsterdam"  # where most Klaverjas clubs meet


@dataclass(frozen=True, slots=True)
class ChallengeSettings:
    """``cadence`` daily or weekly; the challenge closes at ``hour``:00 in ``timezone``
    (weekly: on ``weekday``, 0 Monday to 6 Sunday); ``deals`` per challenge; ``rules`` the
    preset it is played by (roem is always counted automatically: there is nobody to claim
    it against); ``channel_id`` where the challenge is announced and its summary posted
    (None: where it was first played)."""

    cadence: str = "daily"
    hour: int = 20
    weekday: int = 6
    timezone: str = DEFAULT_TIMEZONE
    deals: int = 8
    rules: str = "amsterdam"
    channel_id: int | None = None

    def __post_init__(self) -> None:
        """Refuse a value no challenge can run with (`bad_setting`, `unknown_timezone`)."""
        _choice("cadence", self.cadence, CADENCES)
        _number("hour", self.hour, 0, 23)
        _number("weekday", self.weekday, 0, 6)
        _number("deals", self.deals, *DEALS_RANGE)
        refuse_other_game(preset_game(self.rules))
        _choice("rules", self.rules, PRESET_NAMES)
        if self.timezone not in timezone_names():
            raise ChallengeError(ChallengeCode.UNKNOWN_TIMEZONE, zone=fact(self.timezone))
        if self.channel_id is not None:
            _number("channel_id", self.channel_id, 1, 2**63 - 1)

    def changed(self, **changes: Any) -> ChallengeSettings:
        """These settings with ``changes`` (names of fields; an unknown name is refused)."""
        known = {f.name for f in fields(self)}
        for name in changes:
            if name not in known:
                raise ChallengeError(ChallengeCode.BAD_SETTING, setting=fact(name), value=None)
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The settings as stored (plain JSON values)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ChallengeSettings:
        """Stored settings; fields a later version added take their defaults."""
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


def _choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if not (isinstance(value, str) and value in choices):
        raise ChallengeError(ChallengeCode.BAD_SETTING, setting=name, value=fact(value))


def _number(name: str, value: object, least: int, most: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise ChallengeError(ChallengeCode.BAD_SETTING, setting=name, value=fact(value))
