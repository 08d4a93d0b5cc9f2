"""A league's settings: who organises, which rules, how a night and a season are run, and
when nights are (an optional weekly schedule, bot/league/schedule.py).

Rule options are never checked here: they go through the engine's RuleSet, which owns
them; the league only adds how long a round lasts and how nights are counted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, Final, Literal, get_args

from bot.checks import clean_text
from bot.engine import RuleError, RuleSet
from bot.engine.driemans_sheets import three_player_rules
from bot.games import other_game, preset_game
from bot.store.records import MAX_ID, storable_id

from .errors import LeagueCode, LeagueError
from .schedule import Schedule

__all__ = [
    "BOOBY_RULES",
    "BYE_POLICIES",
    "DEFAULT_TIE_BREAKS",
    "BoobyRule",
    "ByePolicy",
    "Counting",
    "CountingKind",
    "Format",
    "LeagueSettings",
    "Organisers",
    "RoundLength",
    "TieBreak",
]

Format = Literal["individual", "pairs", "duplicate"]
ByePolicy = Literal[
    "fixed_1450", "fixed_1600", "night_average", "night_lowest", "round_average", "round_lowest"
]
BoobyRule = Literal["lowest", "all_rounds"]  # of everyone, or of those at every round
CountingKind = Literal["all", "best", "average_best"]
TieBreak = Literal["points", "rounds_won", "fewer_nat", "more_roem"]

BYE_POLICIES: Final = get_args(ByePolicy)
BOOBY_RULES: Final = get_args(BoobyRule)
DEFAULT_TIE_BREAKS: Final[tuple[TieBreak, ...]] = ("points", "rounds_won", "fewer_nat", "more_roem")
MAX_ROUNDS_PER_NIGHT: Final = 12
LEAGUE_NAME_MAX: Final = 60  # characters of a league's name, as /league create takes it
THREE_ROUND_HANDS: Final = 12  # a table of three's hands when the round has a target only
MAX_ORGANISERS: Final = 250  # listed roles and users together (a server has 250 roles)


# The rule options the round's length sets (`RoundLength.end_options`): an override of them
# would never apply, so none is stored (a `match_hands 0` override went unchecked before).
END_OPTIONS: Final = ("match_hands", "target_score")


def _choice(name: str, value: object, allowed: tuple[object, ...]) -> None:
    if not isinstance(value, str) or value not in allowed:
        raise LeagueError(LeagueCode.BAD_SETTING, f"{name} must be one of {allowed}", setting=name)


def _refuse_unless(ok: bool, name: str, message: str) -> None:
    """Refuse setting `name` (`bad_setting`) unless `ok`."""
    if not ok:
        raise LeagueError(LeagueCode.BAD_SETTING, message, setting=name)


def _whole(value: object, least: int, most: int | None = None) -> bool:
    """A whole number (never a bool) from `least` (to `most`)."""
    return type(value) is int and least <= value and (most is None or value <= most)


@dataclass(frozen=True, slots=True)
class Organisers:
    """Who may run nights and correct results: listed roles and listed users."""

    role_ids: tuple[int, ...] = ()
    user_ids: tuple[int, ...] = ()

    def allows(self, user_id: int, role_ids: Iterable[int] = (), manager: bool = False) -> bool:
        """Whether this person organises: a listed user, a listed role, or a server manager
        (so a league whose organisers left can still be run)."""
        return manager or user_id in self.user_ids or not set(self.role_ids).isdisjoint(role_ids)


@dataclass(frozen=True, slots=True)
class RoundLength:
    """A round ends after `hands`, at `target` points, or at whichever comes first."""

    hands: int | None = 16
    target: int | None = None

    def __post_init__(self) -> None:
        """A round needs an end: hands, a target or both."""
        if self.hands is None and self.target is None:
            raise LeagueError(
                LeagueCode.BAD_SETTING, "a round needs hands, a target or both", setting="round"
            )

    def end_options(self) -> dict[str, Any]:
        """The engine options of the round's end: hands, target or both (the engine's
        match ends at whichever comes first)."""
        return {"match_hands": self.hands, "target_score": self.target}


@dataclass(frozen=True, slots=True)
class Counting:
    """How a season counts nights: all of them, the best `best`, or the average of the best
    `best`; players with fewer than `min_nights` nights are listed apart."""

    kind: CountingKind = "all"
    best: int | None = None
    min_nights: int = 0

    def __post_init__(self) -> None:
        """Check the counting rule and its numbers."""
        _choice("counting", self.kind, get_args(CountingKind))
        if (self.kind == "all") != (self.best is None):
            raise LeagueError(
                LeagueCode.BAD_SETTING, "best N goes with best/average_best only", setting="best"
            )
        _refuse_unless(self.best is None or _whole(self.best, 1), "best", "best N >= 1")
        _refuse_unless(_whole(self.min_nights, 0), "min_nights", "minimum attendance >= 0")


@dataclass(frozen=True, slots=True)
class LeagueSettings:
    """A league's settings (see the module's docstring); checked when made."""

    name: str
    organisers: Organisers = Organisers()
    preset: str = "amsterdam"
    overrides: Mapping[str, Any] = field(default_factory=dict)
    round_length: RoundLength = RoundLength()
    rounds_per_night: int = 3
    format: Format = "individual"
    bye_policy: ByePolicy = "fixed_1450"
    counting: Counting = Counting()
    tie_breaks: tuple[TieBreak, ...] = DEFAULT_TIE_BREAKS
    computers_allowed: bool = False
    schedule: Schedule | None = None  # None: nights are opened by hand
    channel_id: int | None = None  # where the bot posts the nights (set by /night open)
    bye_follows_hands: bool = False  # a fixed bye scaled from 16 hands to the round's hands
    booby: BoobyRule = "all_rounds"  # who may take the booby prize (standings._booby)
    table_of_three: bool = False  # 4n + 3 present: one table of three, not three byes

    def __post_init__(self) -> None:
        """Check every setting (the name is cleaned: bot/checks.py); the rule options
        through the engine, with the round's end, which no override may set."""
        name = clean_text(self.name) if isinstance(self.name, str) else ""
        _refuse_unless(0 < len(name) <= LEAGUE_NAME_MAX, "name", "a name of 1-60 characters")
        object.__setattr__(self, "name", name)
        _refuse_unless(
            _whole(self.rounds_per_night, 1, MAX_ROUNDS_PER_NIGHT),
            "rounds_per_night",
            "rounds per night 1-12",
        )
        self._check_kinds()
        _choice("format", self.format, get_args(Format))
        _choice("bye_policy", self.bye_policy, BYE_POLICIES)
        _choice("booby", self.booby, BOOBY_RULES)
        for key in self.tie_breaks:
            _choice("tie_breaks", key, get_args(TieBreak))
        if not self.tie_breaks or self.tie_breaks[0] != "points":
            raise LeagueError(
                LeagueCode.BAD_SETTING,
                "the tie-break chain starts with points",
                setting="tie_breaks",
            )
        if len(set(self.tie_breaks)) != len(self.tie_breaks):
            raise LeagueError(
                LeagueCode.BAD_SETTING, "a tie-break appears twice", setting="tie_breaks"
            )
        self._rules_with(self.round_length.end_options())  # an end the engine can play
        _refuse_unless(
            not self.table_of_three or self.format == "individual",
            "table_of_three",
            "a table of three seats individual players only",
        )

    def _check_kinds(self) -> None:
        """The settings' own kinds: ids that are ids, flags that are true or false, a
        schedule that is one, overrides by option name and none of the round's end."""
        for part, kind in (
            ("organisers", Organisers),
            ("round_length", RoundLength),
            ("counting", Counting),
        ):
            _refuse_unless(isinstance(getattr(self, part), kind), part, f"a {kind.__name__}")
        _refuse_unless(isinstance(self.preset, str), "preset", "a preset's name")
        roles, users = self.organisers.role_ids, self.organisers.user_ids
        _refuse_unless(
            all(map(storable_id, roles)) and all(_whole(u, 0, MAX_ID) for u in users),
            "organisers",
            "organisers are ids (a user 0: the bot itself, as a simulated night's organiser)",
        )
        _refuse_unless(
            len(roles) + len(users) <= MAX_ORGANISERS, "organisers", "at most 250 organisers"
        )
        _refuse_unless(
            self.channel_id is None or storable_id(self.channel_id), "channel", "a channel id"
        )
        for flag in ("computers_allowed", "bye_follows_hands", "table_of_three"):
            _refuse_unless(type(getattr(self, flag)) is bool, flag, "true or false")
        _refuse_unless(
            self.schedule is None or isinstance(self.schedule, Schedule), "schedule", "a schedule"
        )
        _refuse_unless(
            isinstance(self.overrides, Mapping) and all(isinstance(k, str) for k in self.overrides),
            "overrides",
            "rule options by name",
        )
        _refuse_unless(
            not set(END_OPTIONS) & set(self.overrides),
            "overrides",
            "the round's length sets its hands and target",
        )
        _refuse_unless(isinstance(self.tie_breaks, tuple), "tie_breaks", "a tuple")
        _refuse_unless(
            self.overrides.get("ledig_enabled") is not True,
            "overrides",
            "ledig is a house rule: leagues do not play it",
        )

    def _rules_with(self, end: Mapping[str, Any]) -> RuleSet:
        """The league's rules with the round's ``end``: four-player Klaverjas only, a preset
        or an override of another game refused by its name (`game_not_offered`)."""
        _refuse_other_game(preset_game(self.preset))
        try:
            rules = RuleSet.preset(self.preset).with_options(**{**self.overrides, **end})
        except RuleError as error:
            raise LeagueError(LeagueCode.BAD_RULES, str(error)) from error
        _refuse_other_game(other_game(rules))
        return rules

    @property
    def rules(self) -> RuleSet:
        """The rule set of this league's rounds: a bot-played table plays it, a score
        sheet is checked with it (how a round ends included: hands, a target, or
        whichever comes first)."""
        return self._rules_with(self.round_length.end_options())

    @property
    def bye_hands(self) -> int | None:
        """The hands a fixed bye score is scaled to: the round's hands when the bye
        follows them, else None (the score as it is)."""
        return self.round_length.hands if self.bye_follows_hands else None

    @property
    def bye_misfit(self) -> bool:
        """Whether a fixed bye score meant for 16 hands is kept for rounds of other
        lengths (the settings warn: a bye would outscore every player of a short round)."""
        hands = self.round_length.hands
        fixed = self.bye_policy.startswith("fixed_") and self.format != "duplicate"
        return fixed and not self.bye_follows_hands and hands is not None and hands != 16

    @property
    def three_rules(self) -> RuleSet:
        """The rules of a table of three (``table_of_three``): three-player Klaverjas with
        the league's options it plays, for the round's hands (12 when the round only has
        a target: docs/decisions.md, "Leagues")."""
        return three_player_rules(self.rules, self.round_length.hands or THREE_ROUND_HANDS)

    @property
    def scoring_rules(self) -> RuleSet:
        """The rule set a score-sheet line and round is checked with: the round's."""
        return self.rules

    def to_dict(self) -> dict[str, Any]:
        """The settings as the store keeps them."""
        data = asdict(self)
        data["overrides"] = dict(self.overrides)
        data["schedule"] = None if self.schedule is None else self.schedule.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LeagueSettings:
        """The settings from what the store kept (missing keys: their defaults), checked."""
        organisers = data.get("organisers", {})
        return cls(
            name=data["name"],
            organisers=Organisers(
                tuple(organisers.get("role_ids", ())), tuple(organisers.get("user_ids", ()))
            ),
            preset=data.get("preset", "amsterdam"),
            overrides=dict(data.get("overrides", {})),
            round_length=RoundLength(**data.get("round_length", {})),
            rounds_per_night=data.get("rounds_per_night", 3),
            format=data.get("format", "individual"),
            bye_policy=data.get("bye_policy", "fixed_1450"),
            bye_follows_hands=data.get("bye_follows_hands", False),
            booby=data.get("booby", "lowest"),  # leagues saved before the rule: as they were
            counting=Counting(**data.get("counting", {})),
            tie_breaks=tuple(data.get("tie_breaks", DEFAULT_TIE_BREAKS)),
            computers_allowed=data.get("computers_allowed", False),
            # absent from leagues saved before schedules: no schedule
            schedule=None if data.get("schedule") is None else Schedule.from_dict(data["schedule"]),
            channel_id=data.get("channel_id"),
            table_of_three=data.get("table_of_three", False),  # absent before the setting
        )


def _refuse_other_game(game: str | None) -> None:
    """Refuse a league of another game than four-player Klaverjas (``game``: its name)."""
    if game is not None:
        message = f"leagues play four-player Klaverjas, not {game}"
        raise LeagueError(LeagueCode.GAME_NOT_OFFERED, message, game=game)
