"""Inference by sound play (``model.sound_follows``): what a follower's card says about the
rest of its hand, without a model of any particular player."""

from __future__ import annotations

import math

from bot.engine import RuleSet, Suit
from bot.engine.cards import mask_of, parse_cards
from bot.players import SearchPlayer
from bot.players.opponent_model import Event, sound_follows
from bot.players.sampling import Deduction

from .helpers import recorded_views

HEARTS = int(Suit.HEARTS)


def _event(trick: str, card: str, seat: int) -> Event:
    cards = [int(c) for c in parse_cards(trick)]
    leader = (seat - len(cards)) % 4
    played = int(parse_cards(card)[0])
    return Event(seat, played, leader, cards, 0, 0, 0, False, -1, HEARTS)


def _follows(trick: str, card: str, hand: str) -> set[str]:
    legal = mask_of(parse_cards(hand))
    chosen = sound_follows(_event(trick, card, 1), legal, HEARTS)
    return {str(c) for c in parse_cards(hand) if chosen >> int(c) & 1}


def test_losing_a_trick_the_other_pair_holds_means_the_cheapest_card() -> None:
    # The leader's ace of spades holds; a follower with 7, king and ten keeps its points.
    assert _follows("As", "7s", "7s Ks 10s") == {str(c) for c in parse_cards("7s")}
    # Cards of the same points are all sound.
    assert _follows("As", "7s", "7s 8s Ks") == {str(c) for c in parse_cards("7s 8s")}


def test_a_card_that_wins_says_nothing() -> None:
    assert _follows("Ks", "As", "As 7s") == {str(c) for c in parse_cards("As 7s")}


def test_last_behind_a_partner_who_holds_the_trick_means_the_dearest_card() -> None:
    cards = [int(c) for c in parse_cards("7s As 8s")]
    event = Event(3, int(parse_cards("10s")[0]), 0, cards, 0, 0, 0, False, -1, HEARTS)
    legal = mask_of(parse_cards("10s 9s"))
    assert sound_follows(event, legal, HEARTS) == mask_of(parse_cards("10s"))


def test_a_lead_and_a_second_hand_behind_a_partner_say_nothing() -> None:
    lead = Event(0, int(parse_cards("7s")[0]), 0, [], 0, 0, 0, False, -1, HEARTS)
    assert sound_follows(lead, mask_of(parse_cards("7s As")), HEARTS) == mask_of(
        parse_cards("7s As")
    )
    third = _event("As 8s", "10s", 2)
    legal = mask_of(parse_cards("10s 9s"))
    assert sound_follows(third, legal, HEARTS) == legal


def test_sound_inference_weighs_true_deals_above_the_deals_it_would_draw() -> None:
    """Late in hands of sound players, the true deal is on average likelier under the
    inference than the deals the seat draws from what it knows: the weight carries
    information about the hidden cards."""
    true_logs, drawn_logs = [], []
    for seed in range(10):
        for view, hands in recorded_views(RuleSet.preset("amsterdam"), seed)[16:]:
            player = SearchPlayer("s", model_eps=0.2, model_seats="all", inference="sound")
            likely = player._likelihood(view, Deduction.of(view))
            true_logs.append(math.log(likely.weight(hands)))
            for k in range(4):
                drawn = likely.sampler.deal(seed * 1000 + k)
                drawn_logs.append(math.log(likely.weight(drawn)))
    true_mean = sum(true_logs) / len(true_logs)
    drawn_mean = sum(drawn_logs) / len(drawn_logs)
    assert true_mean > drawn_mean + 0.05, (true_mean, drawn_mean)


def test_the_sound_player_keeps_to_legal_cards_and_its_seat_view() -> None:
    """The player with the inference on still plays a legal card from its own view."""
    for view, _ in recorded_views(RuleSet.preset("amsterdam"), 3)[4:20]:
        player = SearchPlayer("s", model_eps=0.2, inference="sound", max_samples=8)
        assert player.choose_card(view) in view.legal
