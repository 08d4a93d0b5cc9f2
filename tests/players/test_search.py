"""The strong (search) player: sees only its view, plays legally, keeps its time budget,
claims only its own tricks and chooses trump legally under every selection mode."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bot.engine import PRESET_NAMES, Card, Hand, Phase, RuleSet, Suit
from bot.players import (
    Effort,
    HeuristicPlayer,
    Player,
    SearchPlayer,
    SeatView,
    make_player,
    view_for,
)
from bot.players.sampling import Deduction
from bot.players.search import MODEL_EPS, MODEL_OPTIONS

from .helpers import card, make_view, play_hand

VARIANTS: dict[str, RuleSet] = {
    **{name: RuleSet.preset(name) for name in PRESET_NAMES},
    "proposed": RuleSet(trump_selection="proposed"),
    "undertrump": RuleSet(undertrump_obligation=True),
    "rotterdam-undertrump": RuleSet(obligations="rotterdam", undertrump_obligation=True),
    "automatic-claims": RuleSet(roem_claiming="automatic"),
}


# The shipped player (plain search; against two normal computers, MODEL_OPTIONS) and the
# variants that change what a decision looks at.
OPTIONS: dict[str, dict[str, Any]] = {
    "plain": {},
    "against-normal": dict(MODEL_OPTIONS),
    "model-sampling": {"model_eps": MODEL_EPS},
    "model-all": {**MODEL_OPTIONS, "model_seats": "all", "model_tries": 3},
    "model-playouts": {**MODEL_OPTIONS, "model_exact": False},
    "model-others": {**MODEL_OPTIONS, "model_policy": "others"},
    "model-them": {**MODEL_OPTIONS, "model_policy": "them", "model_exact_seats": "policy"},
    "plain-us": {"model_policy": "us", "model_exact_seats": "them"},
    "blind-all": {"blind": "all"},
    "sound-inference": {"model_eps": 0.2, "model_seats": "all", "inference": "sound"},
}


def fast(seed: int | str, samples: int = 3, **options: Any) -> SearchPlayer:
    """A search player limited by samples, not time: reproducible on any machine."""
    return SearchPlayer(seed, budget_ms=1e9, max_samples=samples, **options)


class FakeClock:
    """Seconds that advance by ``step`` at every reading."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now


def _mid_hand(rules: RuleSet, seed: int, cards_played: int) -> Hand:
    """A hand where heuristic players named trump and played ``cards_played`` cards."""
    hand = Hand.deal(rules, seed % 4, random.Random(seed))
    players = [HeuristicPlayer(s) for s in range(4)]
    while (
        hand.phase == Phase.TRUMP
        or sum(len(t.cards) for t in hand.tricks) + len(hand.current) < cards_played
    ):
        seat = hand.to_act
        assert seat is not None
        view = view_for(hand, seat)
        if hand.phase == Phase.TRUMP:
            suit = players[seat].choose_trump(view)
            if suit is None:
                hand.pass_trump(seat)
            else:
                hand.choose_trump(seat, suit)
        else:
            hand.play(seat, players[seat].choose_card(view))
    return hand


def _reshuffle_hidden(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """The same hand with the other seats' unplayed cards dealt differently among them."""
    data = hand.to_dict()
    others = [s for s in range(4) if s != seat]
    pool = [c for s in others for c in data["holdings"][s]]
    rng.shuffle(pool)
    for s in others:
        count = len(data["holdings"][s])
        data["holdings"][s], pool = pool[:count], pool[count:]
    return Hand.from_dict(hand.rules, data)


@pytest.mark.parametrize("option", sorted(OPTIONS))
@pytest.mark.parametrize("seed", range(6))
def test_hidden_cards_change_neither_the_view_nor_the_decision(seed: int, option: str) -> None:
    hand = _mid_hand(RuleSet(), seed, cards_played=9 + seed)
    seat = hand.to_act
    assert seat is not None
    other = _reshuffle_hidden(hand, seat, random.Random(seed))
    hidden = [sorted(hand.holdings[s]) for s in range(4) if s != seat]
    assert hidden != [sorted(other.holdings[s]) for s in range(4) if s != seat]
    view, other_view = view_for(hand, seat), view_for(other, seat)
    assert view == other_view  # the decision's only input
    assert Deduction.of(view) == Deduction.of(other_view)
    options = OPTIONS[option]
    player, other_player = fast(seed, 8, **options), fast(seed, 8, **options)
    assert player.choose_card(view) == other_player.choose_card(other_view)
    assert player.card_values == other_player.card_values


def test_the_player_is_given_nothing_but_the_view() -> None:
    hand = _mid_hand(RuleSet(), 3, cards_played=6)
    seat = hand.to_act
    assert seat is not None
    view = view_for(hand, seat)
    assert set(view.hand) == set(hand.holdings[seat])
    assert not any(isinstance(getattr(view, f.name), Hand) for f in dataclasses.fields(view))


class Checked:
    """Checks every answer of a player against its view."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.cards = 0
        self.trumps = 0

    def choose_trump(self, view: SeatView) -> Suit | None:
        options = view.trump_options
        assert options is not None
        suit = self.inner.choose_trump(view)
        assert suit in options.suits if suit is not None else options.can_pass
        self.trumps += 1
        return suit

    def choose_card(self, view: SeatView) -> Card:
        chosen = self.inner.choose_card(view)
        assert chosen in view.legal
        self.cards += 1
        return chosen

    def wants_claim(self, view: SeatView) -> bool:
        return self.inner.wants_claim(view)

    def wants_call(self, view: SeatView) -> bool:
        return self.inner.wants_call(view)


def play_checked(hand: Hand, players: list[Player]) -> None:
    """Play ``hand`` with every answer checked against its seat's view (the engine refuses
    anything illegal besides): the hand ends with all 32 cards played."""
    checked = [Checked(player) for player in players]
    play_hand(hand, checked)
    assert hand.result is not None
    assert sum(c.cards for c in checked) == 32


@pytest.mark.parametrize("option", sorted(OPTIONS))
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_plays_legal_cards_and_trumps_under_every_preset(variant: str, option: str) -> None:
    rules = VARIANTS[variant]
    for deal in range(3):
        players = [fast(f"{variant}/{deal}/{s}", 2, **OPTIONS[option]) for s in range(4)]
        play_checked(Hand.deal(rules, deal, random.Random(f"{variant}/{deal}")), players)


def test_decisions_stop_when_the_budget_is_spent() -> None:
    hand = _mid_hand(RuleSet(), 11, cards_played=5)
    seat = hand.to_act
    assert seat is not None
    view = view_for(hand, seat)
    assert len(view.legal) > 1
    clock = FakeClock(step=0.010)  # every sample seems to take 10 ms
    player = SearchPlayer(1, budget_ms=35, clock=clock)
    player.choose_card(view)
    # Readings at 10 (start), 20, 30, 40, 50 ms: the sample ending at 50 ms (40 after the
    # start) is the first past the budget, so four samples and the budget + one sample.
    assert player.samples == 4 and clock.readings == 5
    assert player.nodes > 0


def test_the_first_sample_always_runs_even_with_no_budget() -> None:
    hand = _mid_hand(RuleSet(), 12, cards_played=4)  # a lead: several legal cards
    seat = hand.to_act
    assert seat is not None and len(hand.legal(seat)) > 1
    player = SearchPlayer(1, budget_ms=0, clock=FakeClock(step=1.0))
    assert player.choose_card(view_for(hand, seat)) in hand.legal(seat)
    assert player.samples == 1


def test_trump_choice_keeps_the_budget_too() -> None:
    hand = Hand.deal(RuleSet(), 0, random.Random(4))
    seat = hand.to_act
    assert seat is not None
    clock = FakeClock(step=0.020)
    player = SearchPlayer(1, budget_ms=50, clock=clock)
    player.choose_trump(view_for(hand, seat))
    assert player.samples == 3


def test_a_node_budget_stops_sampling_once_the_nodes_are_spent() -> None:
    hand = _mid_hand(RuleSet(), 11, cards_played=5)
    seat = hand.to_act
    assert seat is not None
    view = view_for(hand, seat)
    one = SearchPlayer(1, budget_ms=1e9, max_samples=50, node_budget=1)
    one.choose_card(view)
    assert one.samples == 1  # the first sample already passes one node
    free = SearchPlayer(1, budget_ms=1e9, max_samples=50)
    free.choose_card(view)
    bounded = SearchPlayer(1, budget_ms=1e9, max_samples=50, node_budget=free.nodes // 2)
    bounded.choose_card(view)
    assert 1 < bounded.samples < free.samples == 50
    dealt = Hand.deal(RuleSet(), 0, random.Random(4))
    assert dealt.to_act is not None
    trump = SearchPlayer(1, budget_ms=1e9, max_samples=50, node_budget=1)
    trump.choose_trump(view_for(dealt, dealt.to_act))
    assert trump.samples == 1


@pytest.mark.parametrize("selection", ["free", "proposed", "mandatory", "drawn"])
def test_trump_choice_is_legal_in_every_selection_mode(selection: str) -> None:
    rules = RuleSet(trump_selection=selection)  # type: ignore[arg-type]
    named = 0
    for seed in range(8):
        hand = Hand.deal(rules, seed % 4, random.Random(seed))
        while hand.phase == Phase.TRUMP:
            seat = hand.to_act
            assert seat is not None
            view = view_for(hand, seat)
            suit = Checked(fast(seed, 4)).choose_trump(view)
            if suit is None:
                hand.pass_trump(seat)
            else:
                hand.choose_trump(seat, suit)
                named += 1
        assert hand.trump is not None and hand.phase == Phase.PLAY
    if selection != "drawn":  # a drawn trump is named only after a joker
        assert named == 8


def test_claims_only_the_roem_of_its_own_tricks() -> None:
    # Seat 0 led the ace of clubs and won a run of three (Q K A) with it: 20 roem.
    trick = (0, "Ac Qc Kc 7d", 0)
    mine = dataclasses.replace(
        make_view("7h 8h", seat=0, tricks=[trick], current=""), claim_open=True
    )
    partners = dataclasses.replace(
        make_view("7h 8h", seat=2, tricks=[trick], current=""), claim_open=True
    )
    player = fast(0)
    assert player.wants_claim(mine)  # seat 0 captured it
    assert not player.wants_claim(partners)  # the partner's to claim
    no_run = tuple(card(c) for c in ("Ac", "8d", "9s", "7c"))
    plain = dataclasses.replace(mine, tricks=(mine.tricks[0]._replace(cards=no_run),))
    assert not player.wants_claim(plain)  # no roem
    assert not player.wants_claim(dataclasses.replace(mine, claim_open=False))


def test_a_strong_pair_claims_its_roem_in_play() -> None:
    rules = RuleSet()
    claimed = 0
    for deal in range(6):
        players = [fast(f"claims/{deal}/{s}", 2) for s in range(4)]
        hand = play_hand(Hand.deal(rules, deal, random.Random(f"claims/{deal}")), players)
        for t in hand.tricks:
            assert t.claimed == bool(t.roem)  # every seat claims what it captured itself
            claimed += t.claimed
    assert claimed > 0


def test_without_the_model_the_bids_are_read_with_margins() -> None:
    """``bid_exact`` reads the bids of modelled normal computers; with the model off
    (``model_eps=0``) nobody is modelled, so MODEL_OPTIONS minus the model is the plain
    player (benchmarks/ai.py --opponent search relies on it)."""
    assert SearchPlayer(1, **MODEL_OPTIONS).bid_exact
    assert not SearchPlayer(1, **{**MODEL_OPTIONS, "model_eps": 0.0}).bid_exact


def test_a_fixed_effort_never_reads_the_clock_and_decides_alike() -> None:
    """With an `Effort` the strong player's decision is a pure function of seed and view:
    a machine so loaded that every sample seems to take an hour decides the same card, and
    the same trump, as a quiet one (the duplicate challenge relies on it)."""
    effort = Effort(nodes=3_000, samples=40)
    hand = _mid_hand(RuleSet(), 11, cards_played=5)
    seat = hand.to_act
    assert seat is not None
    view = view_for(hand, seat)
    quiet = SearchPlayer("same", **effort.options())
    loaded_clock = FakeClock(step=3600.0)
    loaded = SearchPlayer("same", clock=loaded_clock, **effort.options())
    assert quiet.choose_card(view) == loaded.choose_card(view)
    assert quiet.card_values == loaded.card_values
    assert 1 < loaded.samples <= effort.samples
    dealt = Hand.deal(RuleSet(), 0, random.Random(4))
    assert dealt.to_act is not None
    bid = view_for(dealt, dealt.to_act)
    made = make_player("strong", "bid", effort=effort)
    assert made.choose_trump(bid) == make_player("strong", "bid", effort=effort).choose_trump(bid)
    with pytest.raises(ValueError, match="at least one"):
        Effort(nodes=0)


def test_the_trump_choice_can_value_with_its_own_playout_policy() -> None:
    """``trump_policy`` changes only the trump choice's playouts: with "" they are the plain
    search's, whatever the card play's ``model_policy``."""
    dealt = Hand.deal(RuleSet(), 0, random.Random(4))
    assert dealt.to_act is not None
    view = view_for(dealt, dealt.to_act)
    values = {}
    for name, options in {
        "plain": {},
        "us": {"model_policy": "us", "model_exact_seats": "them"},
        "us-plain-trump": {"model_policy": "us", "model_exact_seats": "them", "trump_policy": ""},
    }.items():
        player = fast(1, samples=30, **options)
        player.choose_trump(view)
        values[name] = player.trump_values
    assert values["us-plain-trump"] == values["plain"] != values["us"]


def test_a_large_prior_plays_the_normal_players_own_card() -> None:
    """``prior`` (leads) and ``prior_follow`` (follows) add points to the normal player's
    card before the values are compared: a prior larger than any value difference makes
    the search play that card wherever it has a choice."""
    kinds = set()
    for seed in range(6):
        hand = _mid_hand(RuleSet(), seed, cards_played=4 + seed % 3)
        seat = hand.to_act
        assert seat is not None
        view = view_for(hand, seat)
        if len(view.legal) < 2:
            continue
        usual = HeuristicPlayer(f"prior/{seed}").choose_card(view)
        kind = "prior_follow" if view.current else "prior"
        kinds.add(kind)
        assert fast(seed, samples=5, **{kind: 10_000.0}).choose_card(view) == usual
    assert kinds == {"prior", "prior_follow"}
