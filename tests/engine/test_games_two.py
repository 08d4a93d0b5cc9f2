"""The game switch at two players (bot/engine/games.py): a table seat is a player, a card
names the unit it is played from, every state of a match restores and copies exactly, and
the other games' own actions are refused with a code."""

from __future__ import annotations

import pytest

from bot.engine import (
    TWO_PLAYERS,
    CallDouble,
    Card,
    DeclareLedig,
    LayDown,
    PlayCard,
    RuleSet,
    RuleViolation,
    TweemansMatch,
    TweemansPhase,
)
from bot.engine.games import apply, card_play, match_from_dict, new_match, table_seats, taker_seat
from bot.players.tweemans import NormalTweemans, decide_tweemans, next_action

from .helpers import check_copy_independent

TWEEMANS = RuleSet.game_preset("tweemans").with_options(target_score=None, match_hands=2)


def two_match(seed: str) -> TweemansMatch:
    match = new_match(TWEEMANS, seed)
    assert isinstance(match, TweemansMatch)
    return match


def test_a_table_of_two_players_has_two_seats() -> None:
    assert table_seats(TWEEMANS) == (0, 1)
    assert table_seats(RuleSet()) == (0, 1, 2, 3)
    assert table_seats(RuleSet.game_preset("driemans")) == (0, 1, 2)


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_every_state_of_a_two_player_match_restores_and_copies_exactly(seed: str) -> None:
    match = two_match(seed)
    players = [NormalTweemans(player) for player in TWO_PLAYERS.players]
    states = 0
    while match.hand is not None:
        snapshot = match.to_dict()
        restored = match_from_dict(snapshot)
        assert isinstance(restored, TweemansMatch) and restored.to_dict() == snapshot
        assert match.copy().to_dict() == snapshot
        assert restored.hand is not None and restored.hand.to_act == match.hand.to_act
        match.apply(next_action(match.hand, players))
        states += 1
    assert match_from_dict(match.to_dict()).to_dict() == match.to_dict()
    assert match_from_dict(match.to_dict()).result == match.result
    assert states > 2 * 32


def test_a_copy_is_independent_of_its_original() -> None:
    match = two_match("copy")
    players = [NormalTweemans(player) for player in TWO_PLAYERS.players]
    check_copy_independent(match, lambda hand: next_action(hand, players), 6)


def test_a_card_names_its_unit_and_a_trick_its_taker() -> None:
    match = two_match("units")
    hand = match.hand
    assert hand is not None
    maker = hand.maker
    apply(match, decide_tweemans("normal", "s", hand.view(maker)))
    assert hand.phase == TweemansPhase.PLAY and hand.to_act == maker
    up = hand.holding(TWO_PLAYERS.table_of(maker))[0]
    held = hand.hands[maker][0]
    assert card_play(hand, maker, up) == PlayCard(TWO_PLAYERS.table_of(maker), up)
    assert card_play(hand, maker, held) == PlayCard(TWO_PLAYERS.hand_of(maker), held)
    other = TWO_PLAYERS.other_player(maker)
    theirs = hand.holding(TWO_PLAYERS.table_of(other))[0]
    with pytest.raises(RuleViolation) as info:  # the opponent's card: not in the hand
        apply(match, card_play(hand, maker, theirs))
    assert info.value.code == "not_in_hand"
    apply(match, card_play(hand, maker, up))
    players = [NormalTweemans(player) for player in TWO_PLAYERS.players]
    while not hand.tricks:
        apply(match, next_action(hand, players))
    trick = hand.tricks[0]
    assert taker_seat(trick) == TWO_PLAYERS.player_of(trick.winner) == trick.taker
    assert trick.leader == TWO_PLAYERS.table_of(maker)


def test_two_player_hands_refuse_the_other_games_actions() -> None:
    match = two_match("x")
    for action in (
        CallDouble(0, 1),
        DeclareLedig(0),
        LayDown(0, (Card.parse("7H"), Card.parse("8H"))),
    ):
        with pytest.raises(RuleViolation) as info:
            apply(match, action)
        assert info.value.code == "option_not_in_game"
