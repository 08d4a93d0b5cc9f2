"""The rule set: one field per option of RULES.md section 2, and the named presets.

Variants are options of one rule set rather than separate engines, so a table or league
can combine them and every rule keeps a single implementation.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

Obligations = Literal["amsterdam", "rotterdam"]
TrumpSelection = Literal["free", "mandatory", "proposed", "drawn"]
RoemClaiming = Literal["manual", "automatic"]
TieBreak = Literal["shared", "extra_hands"]

PRESET_NAMES = ("amsterdam", "rotterdam", "utrecht", "online-classic", "online-1500")
EXTRA_HANDS = 4  # a tie under tie_break="extra_hands" plays one more deal per seat


class RuleError(ValueError):
    """An unknown preset or an impossible combination of options."""


@dataclass(frozen=True, slots=True)
class RuleSet:
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
    name: str = "amsterdam"

    def __post_init__(self) -> None:
        _validate(self)

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        key = name.strip().lower()
        if key not in _PRESETS:
            choices = ", ".join(PRESET_NAMES)
            raise RuleError(f"unknown rule preset {name!r}; choose one of {choices}")
        return _PRESETS[key]

    def with_options(self, **options: Any) -> RuleSet:
        """Apply overrides by option name, refusing unknown names with a clear error."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise RuleError(f"unknown rule option(s): {', '.join(unknown)}")
        return replace(self, **options)

    @property
    def is_default(self) -> bool:
        return self.to_dict() == RuleSet().to_dict()

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the preset this rule set is named after."""
        base = _PRESETS.get(self.name, _BASE).to_dict()
        return {k: v for k, v in self.to_dict().items() if base.get(k) != v}

    @property
    def label(self) -> str:
        """The preset's name, marked when options were changed (never a misleading name)."""
        changed = self.overrides()
        if not changed:
            return self.name
        return f"{self.name} + " + ", ".join(f"{k}={v}" for k, v in sorted(changed.items()))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        return cls().with_options(**data)


_CHOICES: dict[str, tuple[Any, ...]] = {
    "obligations": ("amsterdam", "rotterdam"),
    "undertrump_obligation": (False, True),
    "trump_selection": ("free", "mandatory", "proposed", "drawn"),
    "drawn_jokers": (False, True),
    "four_jacks": (200, 100),
    "four_nines": (0, 100),
    "roem_claiming": ("manual", "automatic"),
    "nat_counts_roem": (False, True),
    "nat_enabled": (False, True),
    "zero_bonus": (0, 50),
    "tie_break": ("shared", "extra_hands"),
}


def _validate(rules: RuleSet) -> None:
    for name, allowed in _CHOICES.items():
        value = getattr(rules, name)
        if value not in allowed or type(value) is not type(allowed[0]):
            choices = ", ".join(repr(a) for a in allowed)
            raise RuleError(f"rule option {name} must be one of {choices}, not {value!r}")
    for name in ("match_hands", "target_score"):
        value = getattr(rules, name)
        if value is not None and type(value) is not int:
            raise RuleError(f"{name} must be a whole number or unset, not {value!r}")
    if type(rules.pit_bonus) is not int or rules.pit_bonus < 0:
        raise RuleError(f"pit_bonus must be a whole number of points >= 0, not {rules.pit_bonus!r}")
    if (rules.match_hands is None) == (rules.target_score is None):
        raise RuleError("a match needs exactly one end: match_hands or target_score")
    if rules.match_hands is not None and not 1 <= rules.match_hands <= 64:
        raise RuleError(f"match_hands must be between 1 and 64, not {rules.match_hands}")
    if rules.target_score is not None and not 100 <= rules.target_score <= 10_000:
        raise RuleError(f"target_score must be between 100 and 10000, not {rules.target_score}")


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
}
