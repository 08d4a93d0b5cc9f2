"""Two-player Klaverjas (docs/rules.md 2.9, ../shared/VARIANTS.md 6): every worked example of
VARIANTS 6.9, the counter-pit of Example 8.1, the seat model of units, the refusals, the view
a player gets, and property tests over random legal play."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.engine import (
    CARDS,
    TWO_PLAYERS,
    Action,
    CallDouble,
    Card,
    ChooseTrump,
    ClaimRoem,
    DeclareLedig,
    ErrorCode,
    FinishHand,
    InvalidInput,
    PassDouble,
    PassTrump,
    PlayCard,
    Reason,
    RuleError,
    RuleSet,
    RuleViolation,
    Suit,
    TweemansAction,
    TweemansHand,
    TweemansMatch,
    TweemansPhase,
    apply_tweemans,
    check_totals,
    match_over,
    score_hand,
    score_tweemans,
    tweemans_action_from_dict,
)

from .helpers import c, cs, option_refused, play_through

TWEEMANS = RuleSet.game_preset("tweemans")
SOUTH, NORTH = TWO_PLAYERS.players
S_HAND, N_HAND = TWO_PLAYERS.hand_of(SOUTH), TWO_PLAYERS.hand_of(NORTH)
S_TABLE, N_TABLE = TWO_PLAYERS.table_of(SOUTH), TWO_PLAYERS.table_of(NORTH)
# Deal W of VARIANTS 6.9: hearts trump, South the maker (North dealt).
SOUTH_HAND = "Ac Kc Jh 9h Ad Qd 7s 8s"
SOUTH_PILES = "8d/Qc Ts/9s 7h/Jd Jc/Ah"
NORTH_PILES = "9c/Tc As/Ks Kd/Td Qh/8h"
NORTH_HAND = "7c 8c 7d 9d Th Kh Js Qs"


def piles(text: str) -> list[tuple[Card, Card]]:
    """Piles written ``down/up``."""
    return [(c(p.split("/")[0]), c(p.split("/")[1])) for p in text.split()]


def deal_w(rules: RuleSet = TWEEMANS) -> TweemansHand:
    """Deal W: North deals, so South is the maker."""
    hands = [cs(SOUTH_HAND), cs(NORTH_HAND)]
    return TweemansHand.from_cards(rules, NORTH, hands, [piles(SOUTH_PILES), piles(NORTH_PILES)])


def deal_w_pack() -> list[Card]:
    """Deal W as a pack, top first, in the order of docs/rules.md 2.9.2."""
    downs = [[p[0] for p in piles(t)] for t in (SOUTH_PILES, NORTH_PILES)]
    ups = [[p[1] for p in piles(t)] for t in (SOUTH_PILES, NORTH_PILES)]
    south, north = cs(SOUTH_HAND), cs(NORTH_HAND)
    hands = [*south[:3], *north[:3], *south[3:5], *north[3:5], *south[5:], *north[5:]]
    return [*downs[0], *downs[1], *ups[0], *ups[1], *hands]


def after_trick_one(rules: RuleSet = TWEEMANS) -> TweemansHand:
    """Deal W after Example 6.9.1's trick."""
    hand = deal_w(rules)
    hand.choose_trump(SOUTH, Suit.HEARTS)
    for unit, card in ((S_HAND, "Ac"), (N_TABLE, "Tc"), (S_TABLE, "Qc"), (N_HAND, "8c")):
        hand.play(unit, c(card))
    return hand


# ----------------------------------------------------------------- the seat model of units
def test_units_partners_and_players() -> None:
    assert TWEEMANS.seating is TWO_PLAYERS and TWO_PLAYERS.players == (0, 1)
    assert [TWO_PLAYERS.player_of(u) for u in TWO_PLAYERS.seats] == [0, 1, 0, 1]
    assert [TWO_PLAYERS.is_table(u) for u in TWO_PLAYERS.seats] == [False, False, True, True]
    assert TWO_PLAYERS.partner_of(S_HAND) == S_TABLE and TWO_PLAYERS.partner_of(N_TABLE) == N_HAND
    assert TWO_PLAYERS.seats_of(SOUTH) == (S_HAND, S_TABLE)
    assert [TWO_PLAYERS.dealer_of(1, n) for n in (1, 2, 3)] == [1, 0, 1]
    assert TWO_PLAYERS.deals_per_round == 2
    with pytest.raises(ValueError):
        TWO_PLAYERS.left_of(S_HAND)


def test_trick_order_follows_the_leading_unit() -> None:
    # hand, opponent's table, own table, opponent's hand; or table, opponent's table, hand,
    # opponent's hand (docs/rules.md 2.9.4)
    assert TWO_PLAYERS.trick_order(S_HAND) == (S_HAND, N_TABLE, S_TABLE, N_HAND)
    assert TWO_PLAYERS.trick_order(S_TABLE) == (S_TABLE, N_TABLE, S_HAND, N_HAND)
    assert TWO_PLAYERS.trick_order(N_HAND) == (N_HAND, S_TABLE, N_TABLE, S_HAND)
    assert TWO_PLAYERS.trick_order(N_TABLE) == (N_TABLE, S_TABLE, N_HAND, S_HAND)
    for leader in TWO_PLAYERS.seats:
        order = TWO_PLAYERS.trick_order(leader)
        assert [TWO_PLAYERS.after(leader, k) for k in range(4)] == list(order)
        assert [TWO_PLAYERS.steps(leader, u) for u in order] == [0, 1, 2, 3]


# ----------------------------------------------------------------- the deal (6.2, 6.3)
def test_deal_order_and_the_maker() -> None:
    hand = TweemansHand.deal_pack(TWEEMANS, NORTH, deal_w_pack())
    assert hand.to_dict() == deal_w().to_dict()
    assert hand.maker == SOUTH and hand.player_to_act == SOUTH
    assert hand.trump_options(SOUTH).suits == tuple(Suit)
    assert not hand.trump_options(SOUTH).can_pass
    assert hand.holding(S_TABLE) == cs("Qc 9s Jd Ah")
    assert hand.holding(N_TABLE) == cs("Tc Ks Td 8h")


def test_the_maker_must_name_trump_and_leads() -> None:
    hand = deal_w()
    with pytest.raises(RuleViolation) as info:
        hand.pass_trump(SOUTH)
    assert info.value.code == ErrorCode.PASS_NOT_ALLOWED
    with pytest.raises(RuleViolation) as info:
        hand.choose_trump(NORTH, Suit.HEARTS)
    assert info.value.code == ErrorCode.NOT_YOUR_TURN
    hand.choose_trump(SOUTH, Suit.HEARTS)
    assert hand.phase == TweemansPhase.PLAY and hand.units_to_act == (S_HAND, S_TABLE)


# ----------------------------------------------------------------- Example 6.9.1
def test_example_1_trick_order_and_following_from_the_table() -> None:
    hand = deal_w()
    hand.choose_trump(SOUTH, Suit.HEARTS)
    assert hand.play(S_HAND, c("Ac")) is None
    assert hand.units_to_act == (N_TABLE,)
    assert hand.legal(N_TABLE) == cs("Tc")
    hand.play(N_TABLE, c("Tc"))
    assert hand.legal(S_TABLE) == cs("Qc")
    hand.play(S_TABLE, c("Qc"))
    assert set(hand.legal(N_HAND)) == set(cs("7c 8c"))
    trick = hand.play(N_HAND, c("8c"))
    assert trick is not None and trick.winner == S_HAND and trick.taker == SOUTH
    assert hand.points == [24, 0] and not trick.roem
    assert [trick.unit_of(k) for k in range(4)] == [S_HAND, N_TABLE, S_TABLE, N_HAND]
    # the piles whose face-up card was played turn their face-down card up
    assert hand.holding(N_TABLE) == cs("9c Ks Td 8h")
    assert hand.holding(S_TABLE) == cs("8d 9s Jd Ah")
    assert hand.units_to_act == (S_HAND, S_TABLE)  # the winner leads, from either unit


# ----------------------------------------------------------------- Example 6.9.2
def test_example_2_trump_lead_from_the_table_and_roem() -> None:
    hand = after_trick_one()
    hand.play(S_TABLE, c("Ah"))
    assert hand.legal(N_TABLE) == cs("8h")
    hand.play(N_TABLE, c("8h"))
    options = hand.play_options(S_HAND)
    assert hand.partner_winning(S_HAND)
    assert set(options.legal) == set(cs("Jh 9h"))  # overtrump over its own winning table
    assert dict(options.refused)[c("Kc")].code == Reason.MUST_FOLLOW
    hand.play(S_HAND, c("9h"))
    assert set(hand.legal(N_HAND)) == set(cs("Th Kh"))
    trick = hand.play(N_HAND, c("Th"))
    assert trick is not None and trick.taker == SOUTH and trick.winner == S_HAND
    assert hand.points == [24 + 35, 0]
    assert trick.roem.points == 20
    assert hand.claim_refusal(NORTH) == ErrorCode.WRONG_PAIR
    assert hand.claim(SOUTH).points == 20 and hand.roem == [20, 0]
    assert hand.holding(N_TABLE) == cs("9c Ks Td Qh")


def test_example_2_under_amsterdam_too() -> None:
    hand = after_trick_one(TWEEMANS.with_options(obligations="amsterdam"))
    hand.play(S_TABLE, c("Ah"))
    hand.play(N_TABLE, c("8h"))
    assert set(hand.legal(S_HAND)) == set(cs("Jh 9h"))


# ----------------------------------------------------------------- Example 6.9.3
def scored(points: tuple[int, int], roem: tuple[int, int], won: tuple[int, int]) -> tuple[int, ...]:
    """The scores of Deal W's hand (South the maker) ending with these numbers."""
    hand = deal_w()
    hand.trump = Suit.HEARTS
    hand.points, hand.roem, hand.won = list(points), list(roem), list(won)
    return score_tweemans(hand).scores


def test_example_3_scoring() -> None:
    assert scored((90, 72), (20, 0), (5, 3)) == (110, 72)  # (a)
    assert scored((76, 86), (0, 20), (3, 5)) == (0, 182)  # (b) nat
    assert scored((0, 162), (0, 0), (0, 8)) == (0, 362)  # (c) the non-maker's pit
    assert scored((162, 0), (0, 0), (8, 0)) == (262, 0)  # (d) the maker's pit


def test_the_makers_tie_is_nat() -> None:
    # the maker needs more than half of all points (docs/rules.md 2.9.7): a tie is nat
    assert scored((81, 81), (0, 0), (4, 4)) == (0, 162)
    assert scored((71, 91), (20, 0), (4, 4)) == (0, 182)  # 71 + 20 against 91


# ----------------------------------------------------------------- Example 8.1, four players
def test_counter_pit_in_the_four_player_game() -> None:
    rules = RuleSet().with_options(counter_pit_bonus=100)
    assert score_hand(0, (0, 162), (0, 0), (0, 8), rules).scores == (0, 362)
    assert score_hand(0, (162, 0), (0, 0), (8, 0), rules).scores == (262, 0)
    assert score_hand(0, (0, 162), (0, 0), (0, 8), RuleSet()).scores == (0, 262)


def test_sheet_checks_know_the_counter_pit() -> None:
    rules = RuleSet().with_options(counter_pit_bonus=100)
    check_totals((0, 362), 1, (0, 0), rules, nats=(1, 0))
    with pytest.raises(InvalidInput) as info:
        check_totals((0, 362), 1, (0, 0), RuleSet(), nats=(1, 0))
    assert info.value.code == ErrorCode.TOTALS_IMPLAUSIBLE


def test_counter_pit_after_a_kraak() -> None:
    rules = RuleSet.preset("amsterdam").with_options(counter_pit_bonus=100, doubling="kraken")
    # a kraak (x2) by the defenders, who then take every trick: (162 + 100 + 100) x 2
    assert score_hand(0, (0, 162), (0, 0), (0, 8), rules, calls=1).scores == (0, 724)


# ----------------------------------------------------------------- refusals
def test_refusals_change_nothing() -> None:
    hand = after_trick_one()
    before = hand.to_dict()
    cases = [
        (N_HAND, c("7c"), ErrorCode.NOT_YOUR_TURN),  # South leads
        (S_HAND, c("Qc"), ErrorCode.NOT_IN_HAND),  # played already
        (S_TABLE, c("Jc"), ErrorCode.NOT_IN_HAND),  # face down under Ah
    ]
    for unit, card, code in cases:
        with pytest.raises(RuleViolation) as info:
            hand.play(unit, card)
        assert info.value.code == code
        assert hand.to_dict() == before
    hand.play(S_HAND, c("Ad"))
    with pytest.raises(RuleViolation) as info:
        hand.play(N_TABLE, c("Ks"))  # must follow with Td
    assert info.value.code == ErrorCode.ILLEGAL_CARD
    assert info.value.facts["reason"].code == Reason.MUST_FOLLOW


def last_claim_window() -> TweemansMatch:
    """A match whose first hand waits for the last trick's claim window to close."""
    match = TweemansMatch(TWEEMANS, "claim-window")
    rng = random.Random(3)
    while match.hand is not None and match.hand.phase != TweemansPhase.CLAIM:
        action = random_action(match.hand, rng)
        if not isinstance(action, ClaimRoem):
            match.apply(action)
    return match


@pytest.mark.parametrize(
    "action", [PassDouble(0, 1), PassDouble(1, 1), CallDouble(0, 1), DeclareLedig(0)]
)
def test_actions_of_other_games_are_refused(action: Action) -> None:
    match = last_claim_window()
    before, log = match.to_dict(), list(match.actions)
    with pytest.raises(RuleViolation) as info:
        match.apply(action)
    assert info.value.code == ErrorCode.BAD_ACTION
    assert match.to_dict() == before and match.actions == log
    hand = deal_w()
    with pytest.raises(RuleViolation) as info:
        apply_tweemans(hand, action)  # in the trump round too
    assert info.value.code == ErrorCode.BAD_ACTION
    assert hand.to_dict() == deal_w().to_dict()
    match.apply(FinishHand())
    assert len(match.sheet) == 1


def test_claims_automatic() -> None:
    hand = after_trick_one(TWEEMANS.with_options(roem_claiming="automatic"))
    for unit, card in ((S_TABLE, "Ah"), (N_TABLE, "8h"), (S_HAND, "9h"), (N_HAND, "Th")):
        hand.play(unit, c(card))
    assert hand.roem == [20, 0]
    assert hand.claim_refusal(SOUTH) == ErrorCode.CLAIMS_AUTOMATIC


# ----------------------------------------------------------------- what a player sees
def test_a_view_holds_no_hidden_card() -> None:
    hand = after_trick_one()
    for player in TWO_PLAYERS.players:
        view = hand.view(player)
        other = TWO_PLAYERS.other_player(player)
        seen = {*view.hand, *view.trick, *(x for t in view.tables for x in t if x is not None)}
        seen |= {x for t in view.tricks for x in t.cards}
        down = {p.down for t in hand.piles for p in t if p.down is not None}
        assert not seen & down
        assert not seen & set(hand.hands[other])
        assert view.opponent_hand == len(hand.hands[other])
    south = hand.view(SOUTH)
    assert {card for _, card in south.legal} == {*hand.hands[SOUTH], *hand.holding(S_TABLE)}
    assert south.unit_of(c("Ah")) == S_TABLE and hand.view(NORTH).legal == ()
    assert south.hidden[NORTH] == (False, True, True, True)
    assert south.holding(N_HAND) == () and south.holding(N_TABLE) == tuple(cs("9c Ks Td 8h"))


# ----------------------------------------------------------------- rule set
def test_the_preset() -> None:
    assert TWEEMANS.two_players and not TWEEMANS.three_players
    assert TWEEMANS.obligations == "rotterdam" and TWEEMANS.counter_pit_bonus == 100
    assert TWEEMANS.target_score == 1500 and TWEEMANS.match_hands is None
    assert TWEEMANS.most_hands(10) == 12  # one more deal each on equal totals
    assert RuleSet.from_dict(TWEEMANS.to_dict()) == TWEEMANS
    assert "counter_pit_bonus" not in RuleSet().to_dict()


@pytest.mark.parametrize(
    ("game", "option"),
    [
        ("driemans", {"roem_source": "hand"}),
        ("driemans", {"roem_source": "both"}),
        ("driemans", {"doubling": "kraken"}),
        ("driemans", {"spades_double": "multiply"}),
        ("driemans", {"trump_selection": "drawn"}),
        ("tweemans", {"doubling": "kraken"}),
        ("tweemans", {"roem_source": "both"}),
        ("tweemans", {"trump_selection": "mandatory"}),
        ("tweemans", {"discard_to": "none"}),
        ("tweemans", {"all_pass": "forced"}),
    ],
)
def test_options_of_other_games_refused(game: str, option: dict[str, Any]) -> None:
    """Each small game refuses the options of the others, naming the option and itself."""
    refused = option_refused(RuleSet.game_preset(game), option)
    assert refused.facts == {"option": next(iter(option)), "game": game}


def test_driemans_refuses_the_counter_pit() -> None:
    option_refused(RuleSet.game_preset("driemans"), {"counter_pit_bonus": 100})


def test_front_ends_preset_lookup_does_not_know_tweemans() -> None:
    with pytest.raises(RuleError) as info:
        RuleSet.preset("tweemans")
    assert info.value.code == ErrorCode.UNKNOWN_PRESET
    assert "tweemans" not in info.value.facts["choices"]


def test_a_bad_counter_pit_is_refused() -> None:
    with pytest.raises(RuleError) as info:
        RuleSet().with_options(counter_pit_bonus=-1)
    assert info.value.code == ErrorCode.OPTION_OUT_OF_RANGE


# ----------------------------------------------------------------- the match end
def test_both_past_the_target_the_higher_total_wins() -> None:
    over, planned, extended = match_over(9, None, [1620, 1510], 1500, False, "extra_hands", 2)
    assert over and planned is None and not extended


def finish_with_totals(match: TweemansMatch, rng: random.Random, target: list[int]) -> None:
    """Play the hand in progress up to its last action, set the totals so that they end at
    `target`, then take that action."""
    while True:
        hand = match.hand
        assert hand is not None
        action = random_action(hand, rng)
        trial = TweemansMatch.from_dict(match.to_dict())
        trial.apply(action)
        if len(trial.sheet) > len(match.sheet):
            scores = trial.sheet[-1].scores
            match.totals = [target[p] - scores[p] for p in TWO_PLAYERS.players]
            match.apply(action)
            return
        match.apply(action)


def test_equal_totals_at_the_target_play_one_deal_each() -> None:
    rng = random.Random(3)
    match = TweemansMatch(TWEEMANS, "tie")
    finish_with_totals(match, rng, [1600, 1600])
    assert not match.finished and match.extended and match.planned_hands == 3
    while not match.finished:
        assert match.hand is not None
        match.apply(random_action(match.hand, rng))
    assert len(match.sheet) == 3


def test_equal_totals_shared_without_extra_hands() -> None:
    rng = random.Random(4)
    match = TweemansMatch(TWEEMANS.with_options(tie_break="shared"), "tie")
    finish_with_totals(match, rng, [1500, 1500])
    assert match.result is not None and match.result.winner is None


def test_past_the_target_in_one_hand_the_higher_wins() -> None:
    rng = random.Random(5)
    match = TweemansMatch(TWEEMANS, "both")
    finish_with_totals(match, rng, [1510, 1640])
    assert match.result is not None and match.result.winner == NORTH


# ----------------------------------------------------------------- properties
def random_action(hand: TweemansHand, rng: random.Random) -> TweemansAction:
    """A random action `hand` accepts."""
    if hand.phase == TweemansPhase.TRUMP:
        return ChooseTrump(hand.maker, rng.choice(list(Suit)))
    trick = hand.last_trick
    claimable = trick is not None and hand.claim_refusal(trick.taker) is None
    if claimable and trick is not None and rng.random() < 0.7:
        return ClaimRoem(trick.taker)
    if hand.phase == TweemansPhase.CLAIM:
        return FinishHand()
    unit, card = rng.choice([(u, x) for u in hand.units_to_act for x in hand.legal(u)])
    return PlayCard(unit, card)


def every_card(hand: TweemansHand) -> list[Card]:
    """Every card of the hand wherever it is now."""
    held = [x for h in hand.hands for x in h]
    piled = [x for t in hand.piles for p in t for x in (p.down, p.up) if x is not None]
    played = [x for t in hand.tricks for x in t.cards]
    return sorted([*held, *piled, *played, *hand.current])


def check_play(hand: TweemansHand, action: PlayCard) -> None:
    """A played card is one the unit may play, from the unit the trick order names."""
    assert action.seat in hand.units_to_act
    assert action.card in hand.legal(action.seat)
    assert action.card in hand.holding(action.seat)


def check_scored(hand: TweemansHand) -> None:
    """The invariants of a scored hand."""
    score = hand.result
    assert score is not None and len(hand.tricks) == 8 and sum(hand.won) == 8
    assert all(len(t.cards) == 4 for t in hand.tricks)
    assert all(
        sorted(map(TWO_PLAYERS.player_of, map(t.unit_of, range(4)))) == [0, 0, 1, 1]
        for t in hand.tricks
    )
    assert sum(hand.points) == 162 and hand.cards_left() == 0
    assert sorted(x for t in hand.tricks for x in t.cards) == list(CARDS)
    assert score.makers == hand.maker


@pytest.mark.parametrize("seed", range(8))
def test_random_matches(seed: int) -> None:
    rng = random.Random(seed)
    options: dict[str, Any] = {
        "obligations": rng.choice(["amsterdam", "rotterdam"]),
        "roem_claiming": rng.choice(["manual", "automatic"]),
        "target_score": rng.choice([500, 1500]),
    }
    rules = TWEEMANS.with_options(**options)
    match = TweemansMatch(rules, f"prop-{seed}")

    def choose(hand: TweemansHand) -> TweemansAction:
        action = random_action(hand, rng)
        if isinstance(action, PlayCard):
            check_play(hand, action)
        return action

    def copied() -> None:
        if rng.random() < 0.1:
            copy = TweemansMatch.from_dict(match.to_dict())
            assert copy.to_dict() == match.to_dict()

    log = play_through(match, choose, every_card, TweemansPhase.DONE, check_scored, copied)
    result = match.result
    assert result is not None
    assert list(result.totals) == [sum(line.scores[p] for line in match.sheet) for p in (0, 1)]
    assert max(result.totals) >= rules.target_score or match.extended
    assert [line.dealer for line in match.sheet][:2] in ([0, 1], [1, 0])
    assert all(line.maker != line.dealer for line in match.sheet)
    replayed = TweemansMatch.replay(rules, f"prop-{seed}", None, log)
    assert replayed.to_dict() == match.to_dict()
    assert TweemansMatch.from_dict(match.to_dict()).result == result


def test_logged_actions_read_back() -> None:
    for action in (ChooseTrump(0, Suit.HEARTS), PlayCard(3, c("7c")), ClaimRoem(1)):
        assert tweemans_action_from_dict(action.to_dict()) == action
    assert tweemans_action_from_dict(PassTrump(0).to_dict()) == PassTrump(0)
    for action in (CallDouble(0, 1), PassDouble(1, 1), DeclareLedig(0)):
        with pytest.raises(RuleViolation) as info:
            tweemans_action_from_dict(action.to_dict())
        assert info.value.code == ErrorCode.BAD_ACTION


def test_the_match_is_over() -> None:
    match = TweemansMatch(TWEEMANS.with_options(target_score=100), "short")
    rng = random.Random(1)
    while not match.finished:
        assert match.hand is not None
        match.apply(random_action(match.hand, rng))
    with pytest.raises(RuleViolation) as info:
        match.apply(FinishHand())
    assert info.value.code == ErrorCode.MATCH_OVER
