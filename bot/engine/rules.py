"""The rule set: one field per option of docs/rules.md section 2, and the named presets.

Variants are options of one rule set rather than separate engines, so a table or league
can combine them and every rule keeps a single implementation.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache
from typing import Any, Final, Literal

from .errors import ErrorCode, RuleError
from .seats import FOUR_SEATS, THREE_SEATS, TWO_PLAYERS, Seating

Obligations = Literal["amsterdam", "rotterdam"]
TrumpSelection = Literal["free", "mandatory", "proposed", "drawn"]
RoemClaiming = Literal["manual", "automatic"]
TieBreak = Literal["shared", "extra_hands"]
Doubling = Literal["off", "kraken"]
MultiplierScope = Literal["all", "cards"]
DoubledResult = Literal["winner_takes_all", "each_own"]
DoubleTie = Literal["bearer_loses", "makers_lose"]
RoemSource = Literal["trick", "hand", "both"]
HandRoemAward = Literal["best_combination", "pair_total"]
SpadesDouble = Literal["off", "multiply", "trump_values"]
Game = Literal["klaverjas", "driemans", "tweemans"]
AllPass = Literal["redeal", "forced"]
DiscardTo = Literal["solo", "defenders", "none"]
ThreePlayerScoring = Literal["each_defender", "solo_only"]

PRESET_NAMES = (
    "amsterdam",
    "rotterdam",
    "utrecht",
    "online-classic",
    "online-1500",
    "online-short",
)
# Kraken (docs/rules.md 2.5): the tables, leagues, /rules and the terminal offer them; the
# challenge lists PRESET_NAMES only, so these are named apart.
KRAKEN_PRESET_NAMES = ("kraken", "kraken-rotterdam")
ENGINE_PRESET_NAMES = PRESET_NAMES + KRAKEN_PRESET_NAMES
# Three-player Klaverjas (docs/rules.md 2.8): the casual tables (which ask
# ``RuleSet.game_preset``) and the terminal play it; leagues, challenges and /rules do not,
# so ``RuleSet.preset`` (what their names go through) does not know it.
THREE_PLAYER_PRESET_NAMES = ("driemans",)
# Two-player Klaverjas (docs/rules.md 2.9): only the terminal's computers play it.
TWO_PLAYER_PRESET_NAMES = ("tweemans",)
OTHER_GAME_PRESET_NAMES = THREE_PLAYER_PRESET_NAMES + TWO_PLAYER_PRESET_NAMES
# Ledig (docs/rules.md 2.10) is said in turn instead of naming trump or passing; driemans and
# tweemans refuse it (``_FOUR_PLAYER_ONLY``: they have no ledig).
LEDIG_SELECTIONS: Final = ("free", "mandatory")
EXTRA_HANDS = 4  # a tie under tie_break="extra_hands" plays one more deal per seat (four)
MATCH_HANDS_RANGE = (1, 64)
TARGET_SCORE_RANGE = (100, 10_000)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules a match is played by: a named preset and any options changed from it."""

    obligations: Obligations = "amsterdam"
    undertrump_obligation: bool = False
    trump_selection: TrumpSelection = "free"
    drawn_jokers: bool = True
    four_jacks: int = 200
    four_nines: int = 0
    roem_claiming: RoemClaiming = "manual"
    nat_counts_roem: bool = True
    nat_enabled: bool = True
    pit_bonus: int = 100
    zero_bonus: int = 0
    match_hands: int | None = 16
    target_score: int | None = None
    tie_break: TieBreak = "shared"
    doubling: Doubling = "off"
    doubling_levels: int = 3
    multiplier_scope: MultiplierScope = "all"
    doubled_result: DoubledResult = "winner_takes_all"
    double_tie: DoubleTie = "bearer_loses"
    roem_source: RoemSource = "trick"
    hand_roem_award: HandRoemAward = "best_combination"
    hand_roem_card_reuse: bool = True
    spades_double: SpadesDouble = "off"
    game: Game = "klaverjas"
    all_pass: AllPass = "redeal"
    discard_to: DiscardTo = "solo"
    three_player_scoring: ThreePlayerScoring = "each_defender"
    counter_pit_bonus: int = 0
    ledig_enabled: bool = False
    ledig_bonus: int = 50
    name: str = "amsterdam"

    def __post_init__(self) -> None:
        _validate(self)

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """The preset named `name` (any case); a `RuleError` naming the choices if unknown."""
        key = name.strip().lower()
        if key not in _PRESETS or key in OTHER_GAME_PRESET_NAMES:
            choices = PRESET_NAMES  # what front ends offer (the kraken presets: not yet)
            message = f"unknown rule preset {name!r}; choose one of {', '.join(choices)}"
            raise RuleError(ErrorCode.UNKNOWN_PRESET, message, name=name, choices=choices)
        return _PRESETS[key]

    @classmethod
    def game_preset(cls, name: str) -> RuleSet:
        """The preset named `name` among every game the engine plays, three- and two-player
        Klaverjas included (``simulate`` and tests); a `RuleError` naming the choices if
        unknown."""
        key = name.strip().lower()
        choices = ENGINE_PRESET_NAMES + OTHER_GAME_PRESET_NAMES
        if key not in choices:
            message = f"unknown rule preset {name!r}; choose one of {', '.join(choices)}"
            raise RuleError(ErrorCode.UNKNOWN_PRESET, message, name=name, choices=choices)
        return _PRESETS[key]

    def with_options(self, **options: Any) -> RuleSet:
        """Apply overrides by option name, refusing unknown names with a clear error."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(options) - known)
        if unknown:
            message = f"unknown rule option(s): {', '.join(unknown)}"
            raise RuleError(ErrorCode.UNKNOWN_OPTION, message, options=tuple(unknown))
        return replace(self, **options)

    @property
    def is_default(self) -> bool:
        """Whether these are the default rules (Amsterdam, unchanged)."""
        return _as_dict(self) == _as_dict(_BASE)

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the preset this rule set is named after."""
        base = _as_dict(_PRESETS.get(self.name, _BASE))
        return {k: v for k, v in _as_dict(self).items() if base[k] != v}

    def most_hands(self, hands: int) -> int:
        """The most hands a match planned for ``hands`` can last: a tie under
        ``tie_break="extra_hands"`` plays one more round of deals (``EXTRA_HANDS`` at four
        seats, one deal per player at two)."""
        extra = self.seating.deals_per_round if self.tie_break == "extra_hands" else 0
        return hands + extra

    @property
    def seating(self) -> Seating:
        """The table this game is played at: seats, sides, the deal and the turn order
        (docs/rules.md 1.1; three seats for driemans, docs/rules.md 2.8.1; two players of
        two units each for tweemans, 2.9.1)."""
        return _SEATINGS[self.game]

    @property
    def three_players(self) -> bool:
        """Whether this is three-player Klaverjas (docs/rules.md 2.8)."""
        return self.game == "driemans"

    @property
    def two_players(self) -> bool:
        """Whether this is two-player Klaverjas (docs/rules.md 2.9)."""
        return self.game == "tweemans"

    @property
    def kraken(self) -> bool:
        """Whether a hand may hold kraak calls, roem from the hand or a multiplier (docs/rules.md
        2.5 to 2.7): hand phases and sheet lines a game of section 1 alone does not have."""
        return self.doubling != "off" or self.roem_source != "trick" or self.spades_double != "off"

    @property
    def trick_roem(self) -> bool:
        """Whether roem of captured tricks counts (docs/rules.md 1.7; not under
        ``roem_source="hand"``)."""
        return self.roem_source != "hand"

    @property
    def hand_roem(self) -> bool:
        """Whether roem from the hand as dealt counts (docs/rules.md 2.6)."""
        return self.roem_source != "trick"

    @property
    def label(self) -> str:
        """The preset's name, marked when options were changed (never a misleading name)."""
        changed = self.overrides()
        if not changed:
            return self.name
        return f"{self.name} + " + ", ".join(f"{k}={v}" for k, v in sorted(changed.items()))

    def to_dict(self) -> dict[str, Any]:
        """The options by name, as JSON-ready values."""
        return dict(_stored_dict(self))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """The rule set `to_dict` wrote; a `RuleError` for a value that is not one."""
        try:
            items = tuple(sorted(data.items()))
            hash(items)
        except TypeError:  # a list value (options stored as JSON): validate afresh
            return cls().with_options(**data)
        return _from_items(items)


@lru_cache(maxsize=256)
def _as_dict(rules: RuleSet) -> dict[str, Any]:
    """A rule set's fields, computed once per rule set: every committed table state holds
    its rules, and `asdict` costs more than the rest of a table's snapshot."""
    return asdict(rules)


# The options of docs/rules.md 2.5 to 2.7: stored only when changed, so the rules of every
# table and league stored before them read, and compare, as they were written.
_STORED_WHEN_CHANGED: Final = (
    "doubling",
    "doubling_levels",
    "multiplier_scope",
    "doubled_result",
    "double_tie",
    "roem_source",
    "hand_roem_award",
    "hand_roem_card_reuse",
    "spades_double",
    # Three-player Klaverjas (docs/rules.md 2.8): stored only when changed, likewise.
    "game",
    "all_pass",
    "discard_to",
    "three_player_scoring",
    # Two-player Klaverjas and the counter-pit (docs/rules.md 2.9): likewise.
    "counter_pit_bonus",
    # Ledig (docs/rules.md 2.10), a house rule: stored only when changed, likewise.
    "ledig_enabled",
    "ledig_bonus",
)


@lru_cache(maxsize=256)
def _stored_dict(rules: RuleSet) -> dict[str, Any]:
    """``_as_dict`` without the kraken and three-player options left at their defaults."""
    default = _as_dict(_BASE)
    return {
        k: v for k, v in _as_dict(rules).items() if k not in _STORED_WHEN_CHANGED or v != default[k]
    }


@lru_cache(maxsize=256)
def _from_items(items: tuple[tuple[str, Any], ...]) -> RuleSet:
    """A stored rule set, validated once: every operation on a table restores its rules."""
    return RuleSet().with_options(**dict(items))


_CHOICES: dict[str, tuple[Any, ...]] = {
    "obligations": ("amsterdam", "rotterdam"),
    "undertrump_obligation": (False, True),
    "trump_selection": ("free", "mandatory", "proposed", "drawn"),
    "drawn_jokers": (False, True),
    "four_jacks": (200, 100),
    "four_nines": (0, 100, 150),
    "roem_claiming": ("manual", "automatic"),
    "nat_counts_roem": (False, True),
    "nat_enabled": (False, True),
    "zero_bonus": (0, 50),
    "tie_break": ("shared", "extra_hands"),
    "doubling": ("off", "kraken"),
    "doubling_levels": (3, 2, 1),
    "multiplier_scope": ("all", "cards"),
    "doubled_result": ("winner_takes_all", "each_own"),
    "double_tie": ("bearer_loses", "makers_lose"),
    "roem_source": ("trick", "hand", "both"),
    "hand_roem_award": ("best_combination", "pair_total"),
    "hand_roem_card_reuse": (True, False),
    "spades_double": ("off", "multiply", "trump_values"),
    "game": ("klaverjas", "driemans", "tweemans"),
    "all_pass": ("redeal", "forced"),
    "discard_to": ("solo", "defenders", "none"),
    "three_player_scoring": ("each_defender", "solo_only"),
    "ledig_enabled": (False, True),
}
_SEATINGS: Final[dict[str, Seating]] = {
    "klaverjas": FOUR_SEATS,
    "driemans": THREE_SEATS,
    "tweemans": TWO_PLAYERS,
}
# Options of the four-player game that three- and two-player Klaverjas do not offer, at the
# value they play (docs/rules.md 2.8, 2.9): each has its own trump choice, trick roem only,
# no calls.
_FOUR_PLAYER_ONLY: Final[dict[str, Any]] = {
    "trump_selection": "free",
    "doubling": "off",
    "roem_source": "trick",
    "spades_double": "off",
    "ledig_enabled": False,
}
# Options of three-player Klaverjas, at their defaults in the four-player game.
_THREE_PLAYER_ONLY: Final[dict[str, Any]] = {
    "all_pass": "redeal",
    "discard_to": "solo",
    "three_player_scoring": "each_defender",
}


def _validate(rules: RuleSet) -> None:
    """Refuse values outside section 2 with the option's name (``option``) and ``value``."""
    for name, allowed in _CHOICES.items():
        value = getattr(rules, name)
        if value not in allowed or type(value) is not type(allowed[0]):
            choices = ", ".join(repr(a) for a in allowed)
            message = f"rule option {name} must be one of {choices}, not {value!r}"
            raise RuleError(
                ErrorCode.BAD_OPTION_VALUE, message, option=name, value=value, choices=allowed
            )
    _check_number("pit_bonus", rules.pit_bonus, 0, None)
    _check_number("counter_pit_bonus", rules.counter_pit_bonus, 0, None)
    _check_number("ledig_bonus", rules.ledig_bonus, 0, None)
    _check_game(rules)
    _check_ledig(rules)
    if rules.doubling != "off" and not rules.nat_enabled:
        message = "doubling needs nat: without it there is nothing to bet on"
        raise RuleError(ErrorCode.DOUBLING_WITHOUT_NAT, message, option="doubling")
    if rules.match_hands is None and rules.target_score is None:
        message = "a match needs an end: match_hands, target_score or both"
        raise RuleError(ErrorCode.NO_MATCH_END, message)
    if rules.match_hands is not None:
        _check_number("match_hands", rules.match_hands, *MATCH_HANDS_RANGE)
    if rules.target_score is not None:
        _check_number("target_score", rules.target_score, *TARGET_SCORE_RANGE)


_NOT_IN_GAME: Final[dict[str, dict[str, Any]]] = {
    "klaverjas": _THREE_PLAYER_ONLY,
    "driemans": {**_FOUR_PLAYER_ONLY, "counter_pit_bonus": 0},
    "tweemans": {**_FOUR_PLAYER_ONLY, **_THREE_PLAYER_ONLY},
}


def _check_game(rules: RuleSet) -> None:
    """Refuse an option the rule set's game does not play (``option``, ``game``)."""
    fixed = _NOT_IN_GAME[rules.game]
    conflicts = [k for k, v in fixed.items() if getattr(rules, k) != v]
    if conflicts:
        message = f"{rules.game} does not play the option {conflicts[0]}"
        raise RuleError(ErrorCode.OPTION_NOT_IN_GAME, message, option=conflicts[0], game=rules.game)


def _check_ledig(rules: RuleSet) -> None:
    """Refuse ledig where nobody names trump in turn (docs/rules.md 2.10 rule 1): it is said
    instead of naming or passing, so only with ``trump_selection`` free or mandatory."""
    if rules.ledig_enabled and rules.trump_selection not in LEDIG_SELECTIONS:
        message = f"ledig needs trump_selection free or mandatory, not {rules.trump_selection}"
        raise RuleError(
            ErrorCode.BAD_OPTION_VALUE,
            message,
            option="ledig_enabled",
            value=True,
            choices=(False,),
            trump_selection=rules.trump_selection,
        )


def _check_number(name: str, value: object, least: int, most: int | None) -> None:
    """A whole number (not a bool, float or text) from ``least`` to ``most`` (None: no top)."""
    if type(value) is not int:
        message = f"{name} must be a whole number, not {value!r}"
        raise RuleError(ErrorCode.BAD_OPTION_VALUE, message, option=name, value=value)
    if value < least or (most is not None and value > most):
        bounds = f"between {least} and {most}" if most is not None else f">= {least}"
        message = f"{name} must be {bounds}, not {value}"
        raise RuleError(
            ErrorCode.OPTION_OUT_OF_RANGE, message, option=name, value=value, min=least, max=most
        )


_BASE = RuleSet()
_ONLINE = replace(
    _BASE, obligations="rotterdam", trump_selection="drawn", four_jacks=200, match_hands=16
)
_PRESETS: dict[str, RuleSet] = {
    "amsterdam": _BASE,
    "rotterdam": replace(_BASE, obligations="rotterdam", name="rotterdam"),
    "utrecht": replace(_BASE, trump_selection="mandatory", name="utrecht"),
    "online-classic": replace(_ONLINE, name="online-classic"),
    "online-1500": replace(_ONLINE, match_hands=None, target_score=1500, name="online-1500"),
    # Both ends: the match stops at whichever comes first (docs/decisions.md).
    "online-short": replace(_ONLINE, match_hands=8, target_score=750, name="online-short"),
}
_KRAKEN = replace(
    _BASE,
    trump_selection="mandatory",
    doubling="kraken",
    roem_source="both",
    four_jacks=200,
    four_nines=150,
)
_PRESETS["kraken"] = replace(_KRAKEN, name="kraken")
_PRESETS["kraken-rotterdam"] = replace(_KRAKEN, obligations="rotterdam", name="kraken-rotterdam")
_PRESETS["driemans"] = replace(_BASE, game="driemans", match_hands=12, name="driemans")
# Equal totals at the target play one more deal each (docs/decisions.md, two-player).
_PRESETS["tweemans"] = replace(
    _BASE,
    game="tweemans",
    obligations="rotterdam",
    counter_pit_bonus=100,
    target_score=1500,
    match_hands=None,
    tie_break="extra_hands",
    name="tweemans",
)
