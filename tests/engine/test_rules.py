"""The rule set: defaults, the presets of docs/rules.md section 2, and refused combinations."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.engine import PRESET_NAMES, ErrorCode, RuleError, RuleSet

# Section 2's table, column "default", as option values.
DEFAULTS: dict[str, Any] = {
    "obligations": "amsterdam",
    "undertrump_obligation": False,
    "trump_selection": "free",
    "four_jacks": 200,
    "four_nines": 0,
    "roem_claiming": "manual",
    "nat_counts_roem": True,
    "nat_enabled": True,  # "no nat (gezelligheid)": off
    "pit_bonus": 100,
    "zero_bonus": 0,  # "zero bonus (slot)": off
    "match_hands": 16,
    "target_score": None,
    "tie_break": "shared",
}

# "Presets: amsterdam (all defaults), rotterdam (obligations rotterdam), utrecht (mandatory
# trump), online-classic (rotterdam, drawn trump, four jacks 200, 16 hands), online-1500 (as
# online-classic, first to 1500), online-short (as online-classic, first to 750 or 8 hands,
# whichever comes first)."
PRESETS: dict[str, dict[str, Any]] = {
    "amsterdam": {},
    "rotterdam": {"obligations": "rotterdam"},
    "utrecht": {"trump_selection": "mandatory"},
    "online-classic": {
        "obligations": "rotterdam",
        "trump_selection": "drawn",
        "four_jacks": 200,
        "match_hands": 16,
    },
    "online-1500": {
        "obligations": "rotterdam",
        "trump_selection": "drawn",
        "four_jacks": 200,
        "match_hands": None,
        "target_score": 1500,
    },
    "online-short": {
        "obligations": "rotterdam",
        "trump_selection": "drawn",
        "four_jacks": 200,
        "match_hands": 8,
        "target_score": 750,
    },
}


def options_of(rules: RuleSet) -> dict[str, Any]:
    return {name: getattr(rules, name) for name in DEFAULTS}


class TestDefaults:
    def test_default_is_amsterdam(self) -> None:
        assert RuleSet() == RuleSet.preset("amsterdam")
        assert RuleSet().name == "amsterdam"

    def test_default_values_follow_section_2(self) -> None:
        assert options_of(RuleSet()) == DEFAULTS

    def test_drawn_jokers_are_in_the_pile_unless_switched_off(self) -> None:
        assert RuleSet().drawn_jokers is True

    def test_default_is_default(self) -> None:
        assert RuleSet().is_default
        assert not RuleSet(obligations="rotterdam").is_default


class TestPresets:
    def test_preset_names(self) -> None:
        assert set(PRESET_NAMES) == set(PRESETS)

    @pytest.mark.parametrize("name", list(PRESETS))
    def test_preset_has_exactly_the_stated_options(self, name: str) -> None:
        rules = RuleSet.preset(name)
        assert options_of(rules) == {**DEFAULTS, **PRESETS[name]}
        assert rules.name == name

    @pytest.mark.parametrize("name", list(PRESETS))
    def test_preset_differs_from_default_only_where_stated(self, name: str) -> None:
        rules = RuleSet.preset(name)
        changed = {k for k in DEFAULTS if getattr(rules, k) != DEFAULTS[k]}
        stated = {k for k, v in PRESETS[name].items() if v != DEFAULTS[k]}
        assert changed == stated

    def test_online_1500_is_online_classic_to_1500(self) -> None:
        classic = RuleSet.preset("online-classic")
        online = RuleSet.preset("online-1500")
        assert (
            dataclasses.replace(classic, match_hands=None, target_score=1500, name="online-1500")
            == online
        )

    def test_online_short_is_online_classic_to_750_or_8_hands(self) -> None:
        classic = RuleSet.preset("online-classic")
        short = RuleSet.preset("online-short")
        assert (
            dataclasses.replace(classic, match_hands=8, target_score=750, name="online-short")
            == short
        )
        assert short.overrides() == {}
        assert short.label == "online-short"

    @pytest.mark.parametrize("name", ["", "amsterdams", "klaverjas", "online", "online-750"])
    def test_unknown_preset_raises_rule_error(self, name: str) -> None:
        with pytest.raises(RuleError) as info:
            RuleSet.preset(name)
        assert "amsterdam" in str(info.value)  # the message lists the choices
        assert info.value.code == ErrorCode.UNKNOWN_PRESET
        assert info.value.facts == {"name": name, "choices": PRESET_NAMES}

    def test_rule_error_is_a_value_error(self) -> None:
        assert issubclass(RuleError, ValueError)


class TestReplaceAndOptions:
    def test_dataclasses_replace(self) -> None:
        rules = dataclasses.replace(RuleSet(), obligations="rotterdam", four_jacks=100)
        assert rules.obligations == "rotterdam"
        assert rules.four_jacks == 100
        assert rules.trump_selection == "free"

    def test_replace_validates(self) -> None:
        with pytest.raises(RuleError):
            dataclasses.replace(RuleSet(), four_jacks=150)

    def test_frozen(self) -> None:
        with pytest.raises(dataclasses.FrozenInstanceError):
            RuleSet().four_jacks = 100  # type: ignore[misc]

    def test_with_options(self) -> None:
        rules = RuleSet().with_options(four_nines=100, roem_claiming="automatic")
        assert rules.four_nines == 100
        assert rules.roem_claiming == "automatic"

    def test_with_options_refuses_unknown_names(self) -> None:
        with pytest.raises(RuleError) as info:
            RuleSet().with_options(trump_values=True, nat=False)
        assert "trump_values" in str(info.value)
        assert info.value.code == ErrorCode.UNKNOWN_OPTION
        assert info.value.facts == {"options": ("nat", "trump_values")}

    @pytest.mark.parametrize("name", list(PRESETS))
    def test_dict_round_trip(self, name: str) -> None:
        rules = RuleSet.preset(name)
        assert RuleSet.from_dict(rules.to_dict()) == rules

    def test_hashable(self) -> None:
        assert len({RuleSet(), RuleSet.preset("amsterdam"), RuleSet.preset("rotterdam")}) == 2

    @pytest.mark.parametrize(
        "options",
        [
            {"match_hands": 16},
            {"match_hands": 8},
            {"match_hands": 1},
            {"match_hands": None, "target_score": 1500},
            {"match_hands": None, "target_score": 750},
            {"four_jacks": 100},
            {"four_nines": 100},
            {"zero_bonus": 50},
            {"nat_enabled": False},
            {"nat_counts_roem": False},
            {"tie_break": "extra_hands"},
            {"undertrump_obligation": True},
            {"trump_selection": "proposed"},
            {"trump_selection": "drawn", "drawn_jokers": False},
            {"roem_claiming": "automatic"},
        ],
    )
    def test_values_of_section_2_are_accepted(self, options: dict[str, Any]) -> None:
        rules = RuleSet(**options)
        for key, value in options.items():
            assert getattr(rules, key) == value


class TestMatchEnds:
    """A match ends on a number of hands, a target, or both (whichever comes first)."""

    def test_both_ends_are_accepted(self) -> None:
        rules = RuleSet(match_hands=8, target_score=750)
        assert (rules.match_hands, rules.target_score) == (8, 750)

    def test_a_preset_may_be_given_the_other_end_too(self) -> None:
        rules = dataclasses.replace(RuleSet.preset("online-1500"), match_hands=16)
        assert (rules.match_hands, rules.target_score) == (16, 1500)
        assert rules.label == "online-1500 + match_hands=16"

    def test_neither_end_is_refused(self) -> None:
        with pytest.raises(RuleError) as info:
            RuleSet(match_hands=None, target_score=None)
        assert info.value.code == ErrorCode.NO_MATCH_END
        assert info.value.facts == {}

    def test_both_ends_are_range_checked(self) -> None:
        with pytest.raises(RuleError) as info:
            RuleSet(match_hands=8, target_score=50)
        assert info.value.code == ErrorCode.OPTION_OUT_OF_RANGE
        assert info.value.facts == {
            "option": "target_score",
            "value": 50,
            "min": 100,
            "max": 10_000,
        }

    def test_round_trip_with_both_ends(self) -> None:
        rules = RuleSet(match_hands=12, target_score=1000)
        assert RuleSet.from_dict(rules.to_dict()) == rules


class TestRefused:
    @pytest.mark.parametrize(
        "options",
        [
            {"obligations": "utrecht"},
            {"obligations": ""},
            {"undertrump_obligation": "yes"},
            {"undertrump_obligation": 1},
            {"trump_selection": "random"},
            {"trump_selection": "bidding"},
            {"drawn_jokers": None},
            {"four_jacks": 150},
            {"four_jacks": 0},
            {"four_jacks": 200.0},
            {"four_jacks": "200"},
            {"four_nines": 50},
            {"four_nines": 200},
            {"roem_claiming": "auto"},
            {"nat_counts_roem": "no"},
            {"nat_enabled": 0},
            {"pit_bonus": -100},
            {"pit_bonus": "100"},
            {"pit_bonus": True},
            {"zero_bonus": 100},
            {"zero_bonus": -50},
            {"match_hands": 0},
            {"match_hands": -16},
            {"match_hands": None, "target_score": 0},
            {"match_hands": None, "target_score": -1500},
            {"tie_break": "penalties"},
        ],
    )
    def test_bad_values_raise_rule_error(self, options: dict[str, Any]) -> None:
        with pytest.raises(RuleError):
            RuleSet(**options)

    @pytest.mark.parametrize(
        "options", [{"match_hands": "16"}, {"match_hands": None, "target_score": "1500"}]
    )
    def test_non_number_match_end_raises_rule_error(self, options: dict[str, Any]) -> None:
        with pytest.raises(RuleError):
            RuleSet(**options)

    @pytest.mark.parametrize(
        "options",
        [
            {"match_hands": True},
            {"match_hands": 8.5},
            {"match_hands": None, "target_score": 1500.0},
        ],
    )
    def test_non_integer_match_end_raises_rule_error(self, options: dict[str, Any]) -> None:
        with pytest.raises(RuleError):
            RuleSet(**options)

    @pytest.mark.parametrize(
        "options",
        [
            {"match_hands": 12},
            {"match_hands": 5},
            {"match_hands": 64},
            {"match_hands": None, "target_score": 1000},
            {"pit_bonus": 50},
            {"pit_bonus": 0},
        ],
    )
    def test_club_values_beyond_section_2_are_accepted(self, options: dict[str, Any]) -> None:
        """A decision (docs/decisions.md): clubs play 12-hand rounds and other targets or pit
        bonuses, so these are options with ranges rather than only section 2's listed values."""
        assert RuleSet(**options).to_dict().items() >= options.items()

    @pytest.mark.parametrize(
        "options",
        [
            {"match_hands": 0},
            {"match_hands": 65},
            {"match_hands": None, "target_score": 50},
            {"pit_bonus": -100},
        ],
    )
    def test_values_outside_the_ranges_are_refused(self, options: dict[str, Any]) -> None:
        with pytest.raises(RuleError) as info:
            RuleSet(**options)
        assert info.value.code == ErrorCode.OPTION_OUT_OF_RANGE


class TestRefusalCodes:
    """Every RuleError carries a code and the facts a front end needs to say what is wrong."""

    @pytest.mark.parametrize(
        ("options", "code", "facts"),
        [
            (
                {"four_jacks": 150},
                ErrorCode.BAD_OPTION_VALUE,
                {"option": "four_jacks", "value": 150, "choices": (200, 100)},
            ),
            (
                {"obligations": "utrecht"},
                ErrorCode.BAD_OPTION_VALUE,
                {
                    "option": "obligations",
                    "value": "utrecht",
                    "choices": ("amsterdam", "rotterdam"),
                },
            ),
            (
                {"match_hands": "16"},
                ErrorCode.BAD_OPTION_VALUE,
                {"option": "match_hands", "value": "16"},
            ),
            (
                {"pit_bonus": True},
                ErrorCode.BAD_OPTION_VALUE,
                {"option": "pit_bonus", "value": True},
            ),
            (
                {"match_hands": 65},
                ErrorCode.OPTION_OUT_OF_RANGE,
                {"option": "match_hands", "value": 65, "min": 1, "max": 64},
            ),
            (
                {"pit_bonus": -100},
                ErrorCode.OPTION_OUT_OF_RANGE,
                {"option": "pit_bonus", "value": -100, "min": 0, "max": None},
            ),
        ],
    )
    def test_code_and_facts(
        self, options: dict[str, Any], code: ErrorCode, facts: dict[str, Any]
    ) -> None:
        with pytest.raises(RuleError) as info:
            RuleSet(**options)
        assert info.value.code == code
        assert info.value.facts == facts


def test_most_hands_adds_the_extra_deal_only_under_extra_hands() -> None:
    assert RuleSet().most_hands(16) == 16
    assert RuleSet(tie_break="extra_hands").most_hands(16) == 20
