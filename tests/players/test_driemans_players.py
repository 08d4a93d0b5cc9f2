"""The three-player computers (bot/players/driemans.py): they see only their own cards, act
only as the rules allow, and play a match to its end, in `simulate` too."""

from __future__ import annotations

import random

import pytest

from bot.__main__ import main
from bot.engine import (
    CARDS,
    ChooseTrump,
    DriemansHand,
    DriemansMatch,
    DriemansPhase,
    LayDown,
    PlayCard,
    RuleSet,
)
from bot.players.driemans import (
    DriemansPlayer,
    EasyDriemans,
    NormalDriemans,
    driemans_view,
    next_action,
    play_match,
)

DRIEMANS = RuleSet.game_preset("driemans")


def table(seed: int) -> list[DriemansPlayer]:
    """A normal computer at seat 0, easy ones beside it."""
    return [NormalDriemans(seed), EasyDriemans(f"{seed}/1"), EasyDriemans(f"{seed}/2")]


def test_a_view_holds_the_seats_own_cards_only() -> None:
    hand = DriemansHand.deal(DRIEMANS, 0, random.Random(3))
    for seat in DRIEMANS.seating.seats:
        view = driemans_view(hand, seat)
        assert set(view.hand) == set(hand.holdings[seat])
        others = set(CARDS) - set(hand.holdings[seat])
        assert not others & {*view.hand, *view.legal, *view.trick}


@pytest.mark.parametrize("seed", range(4))
def test_every_action_is_one_the_hand_accepts(seed: int) -> None:
    match = DriemansMatch(DRIEMANS.with_options(match_hands=2), f"players/{seed}")
    players = table(seed)
    while match.hand is not None:
        hand = match.hand
        action = next_action(hand, players)
        if isinstance(action, PlayCard):
            assert action.card in hand.legal(action.seat)
        if isinstance(action, LayDown):
            assert hand.phase == DriemansPhase.EXCHANGE and len(set(action.cards)) == 2
        if isinstance(action, ChooseTrump):
            assert action.suit in hand.trump_options(action.seat).suits
        match.apply(action)  # a refusal would raise
    assert match.result is not None and len(match.sheet) == 2


def test_a_match_is_played_to_the_end_the_same_way_twice() -> None:
    first = play_match(DriemansMatch(DRIEMANS, "twice"), table(7))
    second = play_match(DriemansMatch(DRIEMANS, "twice"), table(7))
    assert first.result is not None and len(first.sheet) == 12
    assert first.to_dict() == second.to_dict()


def test_simulate_plays_three_player_matches(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--matches", "2", "--preset", "driemans"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[:2]] == ["match 1", "match 2"]
    assert lines[2].startswith("2 matches: seat 0 won")


def test_play_offers_driemans(
    capsys: pytest.CaptureFixture[str], tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`play --preset driemans` plays it against two computers (tests/test_terminal_driemans.py),
    and `play` names it among its presets."""
    monkeypatch.setattr("builtins.input", lambda _prompt: "quit")
    assert main(["play", "--preset", "driemans", "--db", f"{tmp_path}/t.sqlite3"]) == 0
    assert "New three-player match (driemans)" in capsys.readouterr().out
    assert main(["play", "--preset", "nonsense", "--db", f"{tmp_path}/t.sqlite3"]) == 2
    assert "driemans" in capsys.readouterr().err
