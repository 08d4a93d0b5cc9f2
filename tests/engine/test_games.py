"""The one game switch (bot/engine/games.py): a rule set's game names its match, a
snapshot of either game restores that game exactly, and each game refuses the other's
own actions with a code."""

from __future__ import annotations

import pytest

from bot.engine import (
    CallDouble,
    Card,
    DriemansMatch,
    LayDown,
    Match,
    RuleSet,
    RuleViolation,
)
from bot.engine.games import apply, match_from_dict, new_match
from bot.players.driemans import NormalDriemans, next_action

from .helpers import check_copy_independent

DRIEMANS = RuleSet.game_preset("driemans").with_options(match_hands=2)


def test_the_rules_game_names_the_match() -> None:
    assert isinstance(new_match(DRIEMANS, "s"), DriemansMatch)
    assert isinstance(new_match(RuleSet(), "s"), Match)


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_every_state_of_a_three_player_match_restores_and_copies_exactly(seed: str) -> None:
    match = new_match(DRIEMANS, seed)
    assert isinstance(match, DriemansMatch)
    players = [NormalDriemans(seat) for seat in range(3)]
    states = 0
    while match.hand is not None:
        snapshot = match.to_dict()
        restored = match_from_dict(snapshot)
        assert restored.to_dict() == snapshot
        assert match.copy().to_dict() == snapshot
        hand = restored.hand
        assert hand is not None and match.hand.to_act == hand.to_act
        assert match.hand.legal(hand.to_act or 0) == hand.legal(hand.to_act or 0)
        match.apply(next_action(match.hand, players))
        states += 1
    assert match_from_dict(match.to_dict()).to_dict() == match.to_dict()
    assert isinstance(match_from_dict(match.to_dict()), DriemansMatch)
    assert match_from_dict(match.to_dict()).result == match.result
    assert states > 60


def test_a_copy_is_independent_of_its_original() -> None:
    match = new_match(DRIEMANS, "copy")
    assert isinstance(match, DriemansMatch)
    players = [NormalDriemans(seat) for seat in range(3)]
    check_copy_independent(match, lambda hand: next_action(hand, players), 10)


def test_each_game_refuses_the_others_actions() -> None:
    four, three = new_match(RuleSet(), "x"), new_match(DRIEMANS, "x")
    with pytest.raises(RuleViolation) as info:
        apply(four, LayDown(0, (Card.parse("7H"), Card.parse("8H"))))
    assert info.value.code == "option_not_in_game"
    with pytest.raises(RuleViolation) as info:
        apply(three, CallDouble(0, 1))
    assert info.value.code == "option_not_in_game"
