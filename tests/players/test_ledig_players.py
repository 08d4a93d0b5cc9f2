"""The computers in a ledig hand (docs/rules.md 2.10): every level plays legal cards to the
end, the declarer ducks, the defenders keep the trick low for him, and the strong player
falls back to the normal player's card (its search assumes trump and four cards a trick)."""

from __future__ import annotations

import random

import pytest

from bot.engine import DeclareLedig, Hand, PassTrump, Phase, PlayCard, RuleSet
from bot.players import make_player
from bot.players.base import view_for
from bot.players.heuristic import HeuristicPlayer
from bot.players.hint import hint_for
from bot.players.runner import decision

from ..engine.helpers import c, make_hand

LEDIG = RuleSet(ledig_enabled=True)
DEAL = (
    "7s Ac Tc Kc Ad Td Kd 8h",
    "8s 7c 8c 9c 7d 8d 9d 7h",
    "Qc Jc Qd Jd Ah Th Kh Qh",
    "9s Ts Js Qs Ks As 9h Jh",
)


def ledig_hand(deal: tuple[str, ...] = DEAL, declarer_passes: int = 1) -> Hand:
    """Dealer 3; ``declarer_passes`` seats pass, the next says ledig."""
    hand = make_hand(LEDIG, 3, deal)
    for seat in range(declarer_passes):
        hand.apply(PassTrump(seat))
    hand.apply(DeclareLedig(declarer_passes))
    return hand


@pytest.mark.parametrize("level", ["easy", "normal", "strong", "random"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_level_plays_a_ledig_hand_to_its_end(level: str, seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(LEDIG, seed % 4, rng)
    seat = hand.to_act
    assert seat is not None
    hand.apply(DeclareLedig(seat))
    players = [make_player(level, f"{level}/{s}", budget_ms=5) for s in range(4)]
    while hand.phase != Phase.DONE:
        seat = hand.to_act
        assert seat is not None and seat != hand.idle
        action = decision(players[seat], view_for(hand, seat))
        assert isinstance(action, PlayCard)
        hand.apply(action)
    assert hand.result is not None


def test_the_declarer_plays_under_the_winning_card() -> None:
    hand = ledig_hand()
    hand.apply(PlayCard(0, c("Ac")))
    view = view_for(hand, 1)
    assert view.ledig == 1 and view.idle == 3 and view.trump is None
    assert HeuristicPlayer(1).choose_card(view) == c("9c")  # the highest under the ace


def test_the_declarer_leads_low_and_sheds_high_when_void() -> None:
    hand = make_hand(LEDIG, 0, DEAL)  # dealer 0: seat 1 bids first and declares, then leads
    hand.apply(DeclareLedig(1))
    assert hand.to_act == 1
    assert HeuristicPlayer(1).choose_card(view_for(hand, 1)) in (c("7c"), c("7d"), c("7h"))
    hand.apply(PlayCard(1, c("7h")))
    # seat 2 must beat the 7h whatever it plays: it plays its lowest heart
    assert HeuristicPlayer(2).choose_card(view_for(hand, 2)) == c("Qh")


def test_a_defender_before_the_declarer_keeps_the_trick_low() -> None:
    hand = make_hand(LEDIG, 2, DEAL)  # dealer 2: seat 3 bids first
    hand.apply(PassTrump(3))
    hand.apply(PassTrump(0))
    hand.apply(DeclareLedig(1))  # seat 3 sits out: seat 0 leads, the declarer plays second
    assert hand.to_act == 0
    card = HeuristicPlayer(0).choose_card(view_for(hand, 0))
    assert card == c("7s")  # its lowest card


def test_the_computers_never_say_ledig() -> None:
    hand = make_hand(LEDIG, 3, DEAL)
    for level in ("easy", "normal", "strong"):
        action = decision(make_player(level, "x", budget_ms=5), view_for(hand, 0))
        assert not isinstance(action, DeclareLedig)


def test_a_hint_in_a_ledig_hand_is_the_normal_players_card() -> None:
    hand = ledig_hand()
    hand.apply(PlayCard(0, c("Ac")))
    hint = hint_for(view_for(hand, 1), "seed", budget_ms=5)
    assert hint.reason == "ledig" and hint.card == c("9c")
