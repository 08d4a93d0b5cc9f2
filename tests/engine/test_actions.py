"""Typed actions and their stored dict form: the dict is the action log's format, so every
action must come back from it unchanged, and the dict must keep its exact shape."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import (
    CARDS,
    Action,
    ActionType,
    CallDouble,
    CallPassResult,
    CallResult,
    ChooseTrump,
    ClaimResult,
    ClaimRoem,
    DeclareLedig,
    FinishHand,
    FinishResult,
    Hand,
    PassDouble,
    PassResult,
    PassTrump,
    Phase,
    PlayCard,
    PlayResult,
    RuleSet,
    RuleViolation,
    Suit,
    TrumpResult,
    action_from_dict,
)

from .helpers import c, random_action

TRUMP_MODES = ("free", "mandatory", "proposed", "drawn")

seats = st.integers(0, 3)
actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(ChooseTrump, seats, st.sampled_from(list(Suit))),
    st.builds(PassTrump, seats),
    st.builds(PlayCard, seats, st.sampled_from(CARDS)),
    st.builds(ClaimRoem, seats),
    st.just(FinishHand()),
)


@given(actions)
def test_every_action_comes_back_from_its_stored_dict(action: Action) -> None:
    stored = json.loads(json.dumps(action.to_dict()))  # the log column holds JSON text
    assert action_from_dict(stored) == action
    assert stored["type"] == action.type


@pytest.mark.parametrize(
    ("action", "stored"),
    [
        (ChooseTrump(1, Suit.HEARTS), {"type": "trump", "seat": 1, "suit": "h"}),
        (PassTrump(2), {"type": "pass", "seat": 2}),
        (PlayCard(3, c("10d")), {"type": "play", "seat": 3, "card": "Td"}),
        (PlayCard(0, c("Jc")), {"type": "play", "seat": 0, "card": "Jc"}),
        (ClaimRoem(0), {"type": "claim", "seat": 0}),
        (FinishHand(), {"type": "finish"}),
        (CallDouble(1, 1), {"type": "call", "seat": 1, "level": 1}),
        (PassDouble(2, 3), {"type": "call_pass", "seat": 2, "level": 3}),
        (DeclareLedig(1), {"type": "ledig", "seat": 1}),
    ],
)
def test_the_stored_shapes_are_the_ones_logs_hold(action: Action, stored: dict[str, Any]) -> None:
    assert action.to_dict() == stored
    assert [type(v) for v in action.to_dict().values()] == [type(v) for v in stored.values()]
    assert action_from_dict(stored) == action


def test_action_types_are_the_stored_strings() -> None:
    assert [str(t) for t in ActionType] == [
        "trump",
        "pass",
        "play",
        "claim",
        "finish",
        "call",
        "call_pass",
        "ledig",
    ]


@pytest.mark.parametrize(
    "stored",
    [
        {},
        {"type": "dance", "seat": 1},
        {"type": "trump", "seat": 1, "suit": "x"},
        {"type": "trump", "seat": 1, "suit": 2},
        {"type": "play", "seat": 4, "card": "7c"},
        {"type": "play", "seat": "1", "card": "7c"},
        {"type": "claim", "seat": None},
        {"type": "claim"},
        {"type": "call", "seat": 1},
        {"type": "call", "seat": 1, "level": 4},
        {"type": "call_pass", "seat": 1, "level": "1"},
    ],
)
def test_a_malformed_stored_action_is_refused(stored: dict[str, Any]) -> None:
    with pytest.raises(RuleViolation) as info:
        action_from_dict(stored)
    assert info.value.code == "bad_action"


@pytest.mark.parametrize("seed", range(12))
def test_each_action_returns_its_own_result(seed: int) -> None:
    """Random hands under every trump mode: each result reports what its action did."""
    rules = RuleSet().with_options(trump_selection=TRUMP_MODES[seed % 4])
    if seed % 3 == 2:
        rules = rules.with_options(doubling="kraken", roem_source="both")
    hand = Hand.deal(rules, seed % 4, random.Random(seed))
    rng = random.Random(seed + 100)
    while hand.phase != Phase.DONE:
        action = random_action(hand, rng, claim_chance=0.7)
        tricks, roem = len(hand.tricks), list(hand.roem)
        result = hand.apply(action)
        match action:
            case ChooseTrump(seat, suit):
                assert result == TrumpResult(seat, suit) and hand.trump == suit
            case PassTrump(seat):
                assert result == PassResult(seat)
            case PlayCard(seat, card):
                done = hand.tricks[-1] if len(hand.tricks) > tricks else None
                assert result == PlayResult(seat, card, done)
                assert done is None or card in done.cards
            case ClaimRoem(seat):
                assert result == ClaimResult(seat, hand.tricks[-1].roem)
                assert sum(hand.roem) - sum(roem) == hand.tricks[-1].roem.points > 0
            case FinishHand():
                assert result == FinishResult(hand.result) and hand.result is not None
            case CallDouble(seat, level):
                assert result == CallResult(seat, level, hand.multiplier)
                assert hand.calls[-1] == seat and len(hand.calls) == level
            case PassDouble(seat, level):
                assert result == CallPassResult(seat, level)
