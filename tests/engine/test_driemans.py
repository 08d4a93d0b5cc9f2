"""Three-player Klaverjas (docs/rules.md 2.8, ../shared/VARIANTS.md 5): every worked example
of VARIANTS 5.9, the options, the refusals, and property tests over random legal play."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from bot.engine import (
    CARDS,
    DEFENDERS,
    SOLO,
    Card,
    ChooseTrump,
    ClaimRoem,
    DeclareLedig,
    DriemansAction,
    DriemansHand,
    DriemansMatch,
    DriemansPhase,
    ErrorCode,
    FinishHand,
    LayDown,
    PassDouble,
    PassTrump,
    PlayCard,
    Reason,
    RuleError,
    RuleSet,
    RuleViolation,
    Suit,
    card_points,
    driemans_action_from_dict,
    roem_of_trick,
    score_driemans,
    trick_winner,
)
from bot.engine.driemans_match import apply_action

from .helpers import c, cs, option_refused, play_through

DRIEMANS = RuleSet.game_preset("driemans")
PACK = (
    "Js 9s As Ts 8s Qs Kh Qh Jh 8h 7h Jd Ks 7c 7s Ah Th 9h Kd Qd Td 9d 7d Ad Kc 8d Ac Tc 9c "
    "Jc Qc 8c"
)
EXAMPLE_PLAY = (  # VARIANTS 5.9.1: the ten tricks, leader first, as (seat, card)
    "1:Js 2:8s 0:7h",
    "1:9s 2:Qs 0:8h",
    "1:As 2:9h 0:Jh",
    "1:Ah 2:Qh 0:8c",
    "1:Th 2:Kh 0:Qc",
    "1:Ad 2:Kd 0:7d",
    "1:8d 2:Qd 0:Td",
    "0:Jc 1:7s 2:9c",
    "1:Ks 2:Ac 0:9d",
    "1:Ts 2:Tc 0:Jd",
)


def example_hand(rules: RuleSet = DRIEMANS) -> DriemansHand:
    """The deal of VARIANTS 5.9.1: dealer seat 0, the pack top first."""
    return DriemansHand.deal_pack(rules, 0, cs(PACK))


def played_example(rules: RuleSet = DRIEMANS) -> DriemansHand:
    """VARIANTS 5.9.1 played to its end: seat 1 plays spades, lays down Kc 7c."""
    hand = example_hand(rules)
    hand.choose_trump(1, Suit.SPADES)
    hand.lay_down(1, cs("Kc 7c"))
    for trick in EXAMPLE_PLAY:
        for play in trick.split():
            seat, card = play.split(":")
            hand.play(int(seat), c(card))
    if hand.phase == DriemansPhase.CLAIM:
        hand.finish()
    return hand


# ----------------------------------------------------------------- VARIANTS 5.9.1
def test_example_deal_packets_and_blind() -> None:
    hand = example_hand()
    assert set(hand.dealt[1]) == set(cs("Js 9s As Ts 7s Ah Th Ad Kc 8d"))
    assert set(hand.dealt[2]) == set(cs("8s Qs Kh Qh 9h Kd Qd Ac Tc 9c"))
    assert set(hand.dealt[0]) == set(cs("Jh 8h 7h Jd Td 9d 7d Jc Qc 8c"))
    assert hand.blind == tuple(cs("Ks 7c"))
    points = [sum(card_points(x, Suit.SPADES) for x in h) for h in hand.dealt]
    assert points == [19, 91, 38]
    assert sum(card_points(x, Suit.SPADES) for x in hand.blind) == 4


def test_example_bidding_and_exchange() -> None:
    hand = example_hand()
    assert hand.to_act == 1  # left of the dealer bids first
    hand.choose_trump(1, Suit.SPADES)
    assert (hand.solo, hand.phase, hand.to_act) == (1, DriemansPhase.EXCHANGE, 1)
    assert len(hand.holdings[1]) == 12
    hand.lay_down(1, cs("Kc 7c"))
    assert hand.phase == DriemansPhase.PLAY and hand.to_act == 1
    assert hand.defenders() == (2, 0)


def test_example_every_card_legal_and_trick_by_trick() -> None:
    hand = example_hand()
    hand.choose_trump(1, Suit.SPADES)
    hand.lay_down(1, cs("Kc 7c"))
    winners, points = [], []
    for trick in EXAMPLE_PLAY:
        for play in trick.split():
            seat, card = play.split(":")
            assert c(card) in hand.legal(int(seat)), play
            done = hand.play(int(seat), c(card))
        assert done is not None and not done.roem  # no trick holds roem
        winners.append(done.winner)
        points.append(sum(card_points(x, Suit.SPADES) for x in done.cards))
    assert winners == [1, 1, 1, 1, 1, 1, 0, 1, 1, 1]
    assert points == [20, 17, 13, 14, 17, 15, 13, 2, 15, 22]


def test_example_trick_eight_solo_must_trump() -> None:
    hand = example_hand()
    hand.choose_trump(1, Suit.SPADES)
    hand.lay_down(1, cs("Kc 7c"))
    for trick in EXAMPLE_PLAY[:7]:
        for play in trick.split():
            seat, card = play.split(":")
            hand.play(int(seat), c(card))
    hand.play(0, c("Jc"))
    options = hand.play_options(1)
    assert set(options.legal) == set(cs("7s Ks Ts"))  # he holds trumps only by now
    assert not hand.partner_winning(1) and hand.partner_winning(2)  # seat 0 wins for now


def test_example_score() -> None:
    hand = played_example()
    assert hand.result is not None
    assert hand.result.totals == (149, 13)
    assert hand.result.scores == (13, 149, 13)
    assert not hand.result.nat and hand.result.pit is None


def test_example_discard_options() -> None:
    to_defenders = played_example(DRIEMANS.with_options(discard_to="defenders"))
    assert to_defenders.result is not None and to_defenders.result.totals == (145, 17)
    to_none = played_example(DRIEMANS.with_options(discard_to="none"))
    assert to_none.result is not None and to_none.result.totals == (145, 13)


def test_example_solo_only_scoring() -> None:
    hand = played_example(DRIEMANS.with_options(three_player_scoring="solo_only"))
    assert hand.result is not None and hand.result.scores == (0, 149, 0)


# ----------------------------------------------------------------- VARIANTS 5.9.2
def position(
    leader: int, trick: str, holdings: dict[int, str], rules: RuleSet = DRIEMANS
) -> DriemansHand:
    """A hand in play with spades trump, seat 1 the solo, `trick` led by `leader`."""
    held = [cs(holdings.get(seat, "")) for seat in rules.seating.seats]
    return DriemansHand(
        rules,
        dealer=2,
        dealt=(),
        blind=(),
        holdings=held,
        phase=DriemansPhase.PLAY,
        trump=Suit.SPADES,
        solo=1,
        leader=leader,
        current=cs(trick),
    )


def test_obligations_solo_must_trump_then_defender_must_overtrump() -> None:
    solo = position(0, "Ac", {1: "7s Ad"}).play_options(1)
    assert solo.legal == (c("7s"),)
    assert dict(solo.refused)[c("Ad")].code == Reason.MUST_TRUMP
    defender = position(0, "Ac 7s", {2: "8s Qd"}).play_options(2)
    assert defender.legal == (c("8s"),)
    assert dict(defender.refused)[c("Qd")].code == Reason.MUST_OVERTRUMP
    assert trick_winner(cs("Ac 7s 8s"), Suit.SPADES) == 2
    assert sum(card_points(x, Suit.SPADES) for x in cs("Ac 7s 8s")) == 11


def test_obligations_partner_winning_amsterdam_and_rotterdam() -> None:
    amsterdam = position(0, "Ac 8c", {2: "Qs 7d"})
    assert amsterdam.partner_winning(2)
    assert set(amsterdam.play_options(2).legal) == set(cs("Qs 7d"))
    rotterdam = position(0, "Ac 8c", {2: "Qs 7d"}, DRIEMANS.with_options(obligations="rotterdam"))
    assert rotterdam.play_options(2).legal == (c("Qs"),)


def test_obligations_defender_may_not_undertrump_partner() -> None:
    first = position(1, "Th", {2: "Ks 8d"}).play_options(2)
    assert first.legal == (c("Ks"),)
    third = position(1, "Th Ks", {0: "7s 9c"}).play_options(0)
    assert third.legal == (c("9c"),)
    assert dict(third.refused)[c("7s")].code == Reason.NO_UNDERTRUMP


def test_undertrump_obligation_applies() -> None:
    rules = DRIEMANS.with_options(obligations="rotterdam", undertrump_obligation=True)
    third = position(1, "Th Ks", {0: "7s 9c"}, rules).play_options(0)
    assert third.legal == (c("7s"),)


def test_the_solo_never_has_a_partner() -> None:
    hand = position(0, "Ac 8s", {2: "7s 9c"})  # seat 0 led, the solo trumped: seat 2 must not
    assert not hand.partner_winning(1)
    assert hand.play_options(2).legal == (c("9c"),)  # 7s would undertrump the solo
    led_by_solo = position(1, "Kc Ac", {0: "7s 9d"})  # defender 2 wins over the solo's lead
    assert led_by_solo.partner_winning(0)
    assert set(led_by_solo.play_options(0).legal) == set(cs("7s 9d"))


# ----------------------------------------------------------------- VARIANTS 5.9.3-5.9.4
def finished(
    points: tuple[int, int],
    roem: tuple[int, int],
    won: tuple[int, int],
    rules: RuleSet = DRIEMANS,
    discard: str = "Kc 7c",
) -> DriemansHand:
    """A hand whose ten tricks are taken: card points with the last trick, roem and tricks
    per side (solo, defenders), seat 1 the solo with spades trump and `discard` laid down."""
    return DriemansHand(
        rules,
        dealer=0,
        dealt=(),
        blind=(),
        phase=DriemansPhase.CLAIM,
        trump=Suit.SPADES,
        solo=1,
        discard=tuple(cs(discard)),
        points=list(points),
        roem=list(roem),
        won=list(won),
    )


def test_nat() -> None:
    score = score_driemans(finished((66, 92), (20, 20), (4, 6)))
    assert score.totals == (90, 112)
    assert score.nat and score.scores == (202, 0, 202)


def test_equal_totals_are_nat() -> None:
    score = score_driemans(finished((77, 81), (0, 0), (5, 5)))
    assert score.totals == (81, 81) and score.nat


def test_nat_counts_roem_off_compares_card_points() -> None:
    counted = score_driemans(finished((70, 88), (40, 0), (5, 5)))
    assert counted.totals == (114, 88) and not counted.nat
    rules = DRIEMANS.with_options(nat_counts_roem=False)
    score = score_driemans(finished((70, 88), (40, 0), (5, 5), rules))
    assert score.nat and score.scores == (202, 0, 202)  # 74 card points against 88


def test_solo_only_nat() -> None:
    rules = DRIEMANS.with_options(three_player_scoring="solo_only")
    score = score_driemans(finished((66, 92), (20, 20), (4, 6), rules))
    assert score.scores == (0, -202, 0)


def test_pit() -> None:
    score = score_driemans(finished((158, 0), (0, 0), (10, 0)))
    assert score.totals == (262, 0) and score.pit == SOLO
    assert score.scores == (0, 262, 0)


def test_defenders_pit_is_nat_with_bonus() -> None:
    score = score_driemans(finished((0, 158), (0, 20), (0, 10)))
    assert score.nat and score.pit == DEFENDERS
    assert score.scores == (282, 0, 282)


# ----------------------------------------------------------------- VARIANTS 5.9.5
def test_roem_in_three_card_tricks() -> None:
    run = cs("9d Td Jd")
    assert roem_of_trick(run, Suit.SPADES, DRIEMANS).points == 20
    assert trick_winner(run, Suit.SPADES) == 1
    assert sum(card_points(x, Suit.SPADES) for x in run) == 12
    stuk = cs("Qs Ks Js")
    assert roem_of_trick(stuk, Suit.SPADES, DRIEMANS).points == 40
    assert trick_winner(stuk, Suit.SPADES) == 2
    assert sum(card_points(x, Suit.SPADES) for x in stuk) == 27


# ----------------------------------------------------------------- bidding and refusals
def test_all_pass_deals_again_with_the_same_dealer() -> None:
    match = DriemansMatch(DRIEMANS, "redeal", first_dealer=0)
    hand = match.hand
    assert hand is not None
    for seat in (1, 2, 0):
        match.apply(PassTrump(seat))
    again = match.hand
    assert again is not None and again is not hand
    assert again.dealer == 0 and again.phase == DriemansPhase.BID and match.sheet == []
    assert again.dealt != hand.dealt


def test_all_pass_forced() -> None:
    hand = example_hand(DRIEMANS.with_options(all_pass="forced"))
    for seat in (1, 2, 0):
        hand.pass_trump(seat)
    assert hand.to_act == 1 and not hand.trump_options(1).can_pass
    with pytest.raises(RuleViolation) as info:
        hand.pass_trump(1)
    assert info.value.code == ErrorCode.PASS_NOT_ALLOWED
    hand.choose_trump(1, Suit.HEARTS)
    assert hand.solo == 1


@pytest.mark.parametrize(
    ("cards", "code"),
    [("Kc", ErrorCode.BAD_DISCARD), ("Kc 7c Ks", ErrorCode.BAD_DISCARD), ("Kc Qc", "not_in_hand")],
)
def test_bad_discards_are_refused_and_change_nothing(cards: str, code: str) -> None:
    hand = example_hand()
    hand.choose_trump(1, Suit.SPADES)
    before = hand.to_dict()
    with pytest.raises(RuleViolation) as info:
        hand.lay_down(1, cs(cards))
    assert info.value.code == code
    assert hand.to_dict() == before
    with pytest.raises(RuleViolation) as info:
        hand.lay_down(1, [c("Kc"), c("Kc")])
    assert info.value.code == ErrorCode.BAD_DISCARD


def test_refusals_out_of_turn_and_phase() -> None:
    hand = example_hand()
    with pytest.raises(RuleViolation) as info:
        hand.choose_trump(2, Suit.SPADES)
    assert info.value.code == ErrorCode.NOT_YOUR_TURN and info.value.facts == {"to_act": 1}
    with pytest.raises(RuleViolation) as info:
        hand.play(1, c("Js"))
    assert info.value.code == ErrorCode.WRONG_PHASE
    hand.choose_trump(1, Suit.SPADES)
    with pytest.raises(RuleViolation) as info:
        hand.lay_down(2, cs("Kc 7c"))
    assert info.value.code == ErrorCode.NOT_YOUR_TURN


def test_illegal_card_refused_with_its_reason() -> None:
    hand = position(0, "Ac", {1: "7s Ad"})
    with pytest.raises(RuleViolation) as info:
        hand.play(1, c("Ad"))
    assert info.value.code == ErrorCode.ILLEGAL_CARD
    assert info.value.facts["reason"].code == Reason.MUST_TRUMP


def test_claims_by_side() -> None:
    hand = position(0, "", {0: "9d", 1: "Td", 2: "Jd 7h"})
    hand.play(0, c("9d"))
    hand.play(1, c("Td"))
    hand.play(2, c("Jd"))  # the ten beats the jack outside trump
    trick = hand.last_trick
    assert trick is not None and trick.winner == 1 and trick.roem.points == 20
    assert hand.claim_refusal(0) == ErrorCode.WRONG_PAIR
    with pytest.raises(RuleViolation) as info:
        hand.claim(3)  # no fourth seat to claim for the defenders
    assert info.value.code == ErrorCode.BAD_ACTION
    assert hand.claim(1).points == 20 and hand.roem == [20, 0]
    assert hand.claim_refusal(1) == ErrorCode.ALREADY_CLAIMED


# ----------------------------------------------------------------- rule set
def test_the_preset() -> None:
    assert DRIEMANS.three_players and DRIEMANS.seating.count == 3
    assert DRIEMANS.match_hands == 12 and DRIEMANS.most_hands(12) == 12
    assert DRIEMANS.with_options(tie_break="extra_hands").most_hands(12) == 15
    assert RuleSet.from_dict(DRIEMANS.to_dict()) == DRIEMANS
    assert "game" not in RuleSet.preset("amsterdam").to_dict()


@pytest.mark.parametrize(
    "option",
    [{"all_pass": "forced"}, {"discard_to": "none"}, {"three_player_scoring": "solo_only"}],
)
def test_three_player_options_refused_in_the_four_player_game(option: dict[str, Any]) -> None:
    option_refused(RuleSet(), option)


def test_front_ends_preset_lookup_does_not_know_driemans() -> None:
    with pytest.raises(RuleError) as info:
        RuleSet.preset("driemans")
    assert info.value.code == ErrorCode.UNKNOWN_PRESET
    assert "driemans" not in info.value.facts["choices"]


# ----------------------------------------------------------------- properties
def random_action(match: DriemansMatch, rng: random.Random) -> DriemansAction:
    """A random action the current hand accepts."""
    hand = match.hand
    assert hand is not None
    seat = hand.to_act
    if hand.phase == DriemansPhase.BID:
        assert seat is not None
        if hand.trump_options(seat).can_pass and rng.random() < 0.4:
            return PassTrump(seat)
        return ChooseTrump(seat, rng.choice(list(Suit)))
    if hand.phase == DriemansPhase.EXCHANGE:
        assert seat is not None
        return LayDown(seat, tuple(rng.sample(hand.holdings[seat], 2)))
    if hand.claim_open and rng.random() < 0.7:
        trick = hand.last_trick
        assert trick is not None
        if hand.claim_refusal(trick.winner) is None:
            return ClaimRoem(trick.winner)
    if hand.phase == DriemansPhase.CLAIM:
        return FinishHand()
    assert seat is not None
    return PlayCard(seat, rng.choice(hand.legal(seat)))


def every_card(hand: DriemansHand) -> list[Card]:
    """Every card of the hand wherever it is now."""
    held = [x for h in hand.holdings for x in h]
    played = [x for t in hand.tricks for x in t.cards]
    blind = list(hand.blind) if hand.solo is None else []
    return sorted([*held, *played, *hand.current, *hand.discard, *blind])


def check_scored(hand: DriemansHand) -> None:
    """The invariants of a scored hand."""
    score = hand.result
    assert score is not None and len(hand.tricks) == 10
    assert all(len(t.cards) == 3 for t in hand.tricks)
    assert sum(hand.won) == 10
    assert hand.points[SOLO] + hand.points[DEFENDERS] + score.discard == 162
    assert sorted([*(x for t in hand.tricks for x in t.cards), *hand.discard]) == list(CARDS)
    first, second = hand.defenders()
    assert score.scores[first] == score.scores[second]
    assert score.nat == (score.scores[score.solo] <= 0)


@pytest.mark.parametrize("seed", range(12))
def test_random_matches(seed: int) -> None:
    rng = random.Random(seed)
    options: dict[str, Any] = {
        "obligations": rng.choice(["amsterdam", "rotterdam"]),
        "roem_claiming": rng.choice(["manual", "automatic"]),
        "discard_to": rng.choice(["solo", "defenders", "none"]),
        "all_pass": rng.choice(["redeal", "forced"]),
        "three_player_scoring": rng.choice(["each_defender", "solo_only"]),
        "match_hands": 3,
    }
    rules = DRIEMANS.with_options(**options)
    match = DriemansMatch(rules, f"prop-{seed}")

    def choose(hand: DriemansHand) -> DriemansAction:
        return random_action(match, rng)

    log = play_through(match, choose, every_card, DriemansPhase.DONE, check_scored)
    assert len(match.sheet) == 3
    assert match.totals == [sum(line.scores[s] for line in match.sheet) for s in range(3)]
    replayed = DriemansMatch.replay(rules, f"prop-{seed}", None, log)
    assert replayed.to_dict() == match.to_dict()


def test_logged_actions_read_back() -> None:
    for action in (PassTrump(1), ChooseTrump(2, Suit.HEARTS), LayDown(0, (c("7c"), c("Kc")))):
        assert driemans_action_from_dict(action.to_dict()) == action
    with pytest.raises(RuleViolation) as info:
        driemans_action_from_dict({"type": "call", "seat": 0, "level": 1})
    assert info.value.code == ErrorCode.BAD_ACTION


def test_a_match_ends_with_the_highest_total(seed: int = 5) -> None:
    rng = random.Random(seed)
    match = DriemansMatch(DRIEMANS.with_options(match_hands=2), "end")
    while not match.finished:
        match.apply(random_action(match, rng))
    assert match.result is not None
    totals: Sequence[int] = match.result.totals
    if match.result.winner is not None:
        assert totals[match.result.winner] == max(totals)
    else:
        assert sorted(totals)[-1] == sorted(totals)[-2]


@pytest.mark.parametrize("action", [PassDouble(1, 1), DeclareLedig(1)])
def test_an_action_of_another_game_is_refused_and_changes_nothing(action: Any) -> None:
    hand = example_hand(DRIEMANS.with_options(roem_claiming="manual"))
    hand.choose_trump(1, Suit.SPADES)
    hand.lay_down(1, cs("Kc 7c"))
    for play in " ".join(EXAMPLE_PLAY).split():
        seat, card = play.split(":")
        hand.play(int(seat), c(card))
    assert hand.phase == DriemansPhase.CLAIM  # a FinishHand would score the hand now
    before = hand.to_dict()
    with pytest.raises(RuleViolation) as info:
        apply_action(hand, action)
    assert info.value.code == ErrorCode.BAD_ACTION
    assert hand.to_dict() == before
