"""The two-player computers (bot/players/tweemans.py): they decide from what their player
may see, act only as the rules allow, play a match to its end the same way twice, in
`simulate` too."""

from __future__ import annotations

import random

import pytest

from bot.__main__ import main
from bot.engine import (
    TWO_PLAYERS,
    ChooseTrump,
    PlayCard,
    RuleSet,
    Suit,
    TweemansHand,
    TweemansMatch,
)
from bot.players.tweemans import (
    EasyTweemans,
    NormalTweemans,
    TweemansPlayer,
    next_action,
    play_match,
    suit_value,
)

TWEEMANS = RuleSet.game_preset("tweemans")


def players(seed: int) -> list[TweemansPlayer]:
    """A normal computer as player 0 against an easy one."""
    return [NormalTweemans(seed), EasyTweemans(f"{seed}/1")]


@pytest.mark.parametrize("seed", range(4))
def test_every_action_is_one_the_hand_accepts(seed: int) -> None:
    match = TweemansMatch(TWEEMANS.with_options(target_score=300), f"players/{seed}")
    computers = players(seed)
    while match.hand is not None:
        hand = match.hand
        action = next_action(hand, computers)
        if isinstance(action, PlayCard):
            assert action.seat in hand.units_to_act and action.card in hand.legal(action.seat)
        if isinstance(action, ChooseTrump):
            assert action.seat == hand.maker
        match.apply(action)  # a refusal would raise
    assert match.result is not None


def test_a_decision_depends_only_on_what_the_player_sees() -> None:
    """Changing the cards a player cannot see (face down, the opponent's hand) changes
    nothing it decides."""
    hand = TweemansHand.deal(TWEEMANS, 1, random.Random(11))
    hand.choose_trump(hand.maker, Suit.HEARTS)
    other = TWO_PLAYERS.other_player(hand.maker)
    swapped = TweemansHand.from_dict(TWEEMANS, hand.to_dict())
    hidden = [p for t in swapped.piles for p in t]
    first, last = hidden[0], swapped.hands[other][0]
    assert first.down is not None
    first.down, swapped.hands[other][0] = last, first.down  # swap an unseen pair of cards
    for player in (NormalTweemans(1), EasyTweemans(1)):
        view, twin = hand.view(hand.maker), swapped.view(hand.maker)
        assert twin == view
        assert player.choose_card(view) == type(player)(1).choose_card(twin)


def test_the_trump_choice_counts_the_table_cards() -> None:
    hand = TweemansHand.deal(TWEEMANS, 0, random.Random(2))
    view = hand.view(hand.maker)
    best = NormalTweemans(0).choose_trump(view)
    assert suit_value(view, best) == max(suit_value(view, s) for s in Suit)


def test_a_match_is_played_to_the_end_the_same_way_twice() -> None:
    first = play_match(TweemansMatch(TWEEMANS, "twice"), players(7))
    second = play_match(TweemansMatch(TWEEMANS, "twice"), players(7))
    assert first.result is not None and max(first.result.totals) >= 1500
    assert first.to_dict() == second.to_dict()


def test_normal_beats_easy_more_often_than_not() -> None:
    wins = 0
    for number in range(6):
        normal = TWO_PLAYERS.players[number % 2]
        computers: list[TweemansPlayer] = [
            NormalTweemans(number) if p == normal else EasyTweemans(number)
            for p in TWO_PLAYERS.players
        ]
        match = play_match(TweemansMatch(TWEEMANS, f"strength/{number}"), computers)
        assert match.result is not None
        wins += match.result.winner == normal
    assert wins >= 4


def test_simulate_plays_two_player_matches(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--matches", "3", "--preset", "tweemans"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == ["match 1", "match 2", "match 3"]
    assert lines[3].startswith("3 matches: normal won")


def test_play_offers_tweemans(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    assert main(["play", "--preset", "nonsense", "--db", f"{tmp_path}/t.sqlite3"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("play: unknown --preset 'nonsense'") and "tweemans" in err
