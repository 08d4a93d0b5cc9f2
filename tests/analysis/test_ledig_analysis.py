"""The analysis of a ledig hand (docs/rules.md 2.10): its cards are not valued (the strong
player's search plays trump and four cards a trick), so a ledig hand yields no decisions."""

from __future__ import annotations

import random

from bot.analysis.decisions import decisions_of
from bot.engine import Action, DeclareLedig, Hand, PlayCard, RuleSet


def test_a_ledig_hand_has_no_decisions_to_value() -> None:
    rules = RuleSet(ledig_enabled=True)
    hand = Hand.deal(rules, 3, random.Random(7))
    played = hand.copy()
    log: list[Action] = [DeclareLedig(0)]
    played.apply(log[0])
    rng = random.Random(1)
    while played.result is None:
        seat = played.to_act
        assert seat is not None
        action = PlayCard(seat, rng.choice(played.legal(seat)))
        played.apply(action)
        log.append(action)
    actions = [(a.to_dict(), True) for a in log]
    assert decisions_of(hand, actions, 0) == []
    assert hand.result == played.result
