"""Ledig (docs/rules.md 2.10, VARIANTS.md section 7), a house rule: Examples 7.1 to 7.3, the
options and their refusals, and random ledig hands that end, replay and round-trip."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import (
    Action,
    ChooseTrump,
    ClaimRoem,
    DeclareLedig,
    ErrorCode,
    Hand,
    Match,
    PassTrump,
    Phase,
    PlayCard,
    RuleError,
    RuleSet,
    RuleViolation,
    SheetLine,
    Suit,
    action_from_dict,
    pair_of,
)
from bot.engine.driemans_match import driemans_action_from_dict
from bot.engine.tweemans_match import tweemans_action_from_dict

from .helpers import FULL_DECK, all_cards_in, c, logged, make_hand, random_action

LEDIG = RuleSet(ledig_enabled=True)
FAST = settings(
    max_examples=120, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)

# Example 7.1: dealer 3; the declarer (seat 1) holds every 7 and 8 and can always play under.
DEAL_71 = (
    "Ac Tc Ad Td Ah Th As Ts",
    "7c 8c 7d 8d 7h 8h 7s 8s",
    "Kc Qc Kd Qd Kh Qh Ks Qs",
    "Jc 9c Jd 9d Jh 9h Js 9s",
)
# Example 7.2: dealer 3; the declarer's only spade is 8s, seat 2 holds no spade.
DEAL_72 = (
    "7s Ac Tc Kc Ad Td Kd 8h",
    "8s 7c 8c 9c 7d 8d 9d 7h",
    "Qc Jc Qd Jd Ah Th Kh Qh",
    "9s Ts Js Qs Ks As 9h Jh",
)
# Example 7.3: dealer 1 (the declarer), so seat 2 leads; seat 0 holds no diamond.
DEAL_73 = (
    "Ac Tc Kc Qc Jh Th Kh Qh",
    "7d 7c 8c 9c 7h 8h 9h 7s",
    "9d 8d Ad Td Kd Qd Jd As",
    "Jc Ah 8s 9s Ts Js Qs Ks",
)


def declared(deal: tuple[str, ...], dealer: int, passes: int, rules: RuleSet = LEDIG) -> Hand:
    """A hand of ``deal`` where ``passes`` seats pass from left of the dealer and the
    next says ledig."""
    hand = make_hand(rules, dealer, deal)
    for _ in range(passes):
        seat = hand.to_act
        assert seat is not None
        hand.apply(PassTrump(seat))
    seat = hand.to_act
    assert seat is not None
    hand.apply(DeclareLedig(seat))
    return hand


def play(hand: Hand, cards: str) -> None:
    """Play ``cards`` in turn, each by the seat to act."""
    for card in cards.split():
        seat = hand.to_act
        assert seat is not None, f"no seat to play {card}"
        hand.apply(PlayCard(seat, c(card)))


# ------------------------------------------------------------------ worked examples


def test_example_7_1_made_ledig_scores_the_bonus_for_the_declarers_pair() -> None:
    hand = declared(DEAL_71, dealer=3, passes=1)
    assert (hand.ledig, hand.idle, hand.trump, hand.makers) == (1, 3, None, 1)
    assert hand.phase == Phase.PLAY and hand.to_act == 0
    play(hand, "Ac 8c Kc")
    first = hand.tricks[0]
    assert first.winner == 0 and [first.seat_of(i) for i in range(3)] == [0, 1, 2]
    for lead, under, third in (
        ("Tc", "7c", "Qc"),
        ("Ad", "8d", "Kd"),
        ("Td", "7d", "Qd"),
        ("Ah", "8h", "Kh"),
        ("Th", "7h", "Qh"),
        ("As", "8s", "Ks"),
        ("Ts", "7s", "Qs"),
    ):
        play(hand, f"{lead} {under} {third}")
    assert len(hand.tricks) == 8 and hand.phase == Phase.DONE
    assert hand.result is not None and hand.result.scores == (0, 50)
    assert not hand.result.nat and hand.result.pit is None
    assert hand.holdings[3] == list(c(x) for x in DEAL_71[3].split())  # the partner sat out


def test_example_7_2_the_hand_ends_when_the_declarer_wins_a_trick() -> None:
    hand = declared(DEAL_72, dealer=3, passes=1)
    play(hand, "Ac 7c Qc  Tc 8c Jc  Ad 7d Qd  Td 8d Jd")
    assert hand.phase == Phase.PLAY
    assert [x.code for x in hand.legal(1)] == []  # seat 0 leads
    play(hand, "7s")
    assert [x.code for x in hand.legal(1)] == ["8s"]
    play(hand, "8s")
    assert hand.legal(2) == hand.holdings[2]  # no spade: any card
    play(hand, "Ah")
    assert hand.tricks[-1].winner == 1
    assert hand.phase == Phase.DONE and len(hand.tricks) == 5
    assert hand.result is not None and hand.result.scores == (50, 0)
    assert hand.points == [0, 0] and hand.roem == [0, 0]


def test_example_7_3_no_trump_means_no_ruffing() -> None:
    hand = declared(DEAL_73, dealer=1, passes=3)
    assert hand.ledig == 1 and hand.to_act == 2
    play(hand, "9d")
    assert hand.to_act == 0  # seat 3 sits out
    play(hand, "Jh")
    assert hand.to_act == 1
    assert hand.current_winner() == 2
    play(hand, "7d")
    assert hand.tricks[0].winner == 2 and hand.phase == Phase.PLAY
    assert hand.to_act == 2


# Dealer 3: the declarer (seat 1) plays under seven tricks and must win the eighth with As.
DEAL_LAST = (
    "Ac Tc Ad Td Ah Th Ts 8s",
    "7c 8c 7d 8d 7h 8h 7s As",
    "Kc Qc Kd Qd Kh Qh Ks Qs",
    "Jc 9c Jd 9d Jh 9h Js 9s",
)


def test_the_declarer_winning_the_eighth_trick_breaks_ledig() -> None:
    hand = declared(DEAL_LAST, dealer=3, passes=1)
    play(hand, "Ac 7c Kc  Tc 8c Qc  Ad 7d Kd  Td 8d Qd  Ah 7h Kh  Th 8h Qh  Ts 7s Ks")
    assert hand.phase == Phase.PLAY and len(hand.tricks) == 7
    play(hand, "8s As Qs")
    assert hand.tricks[-1].winner == 1 and hand.phase == Phase.DONE
    assert hand.result is not None and hand.result.scores == (50, 0)  # to the opponents
    assert not hand.result.nat and hand.result.pit is None


@pytest.mark.parametrize("claiming", ["manual", "automatic"])
def test_a_claim_in_a_ledig_hand_is_refused_and_credits_nothing(claiming: str) -> None:
    hand = declared(DEAL_LAST, dealer=3, passes=1, rules=LEDIG.with_options(roem_claiming=claiming))
    assert hand.claim_refusal(0) is ErrorCode.LEDIG_NO_ROEM  # before any trick
    play(hand, "Ac 7c Kc")
    before = hand.to_dict()
    for seat in (0, 1, 2):
        assert hand.claim_refusal(seat) is ErrorCode.LEDIG_NO_ROEM
        with pytest.raises(RuleViolation) as info:
            hand.apply(ClaimRoem(seat))
        assert info.value.code is ErrorCode.LEDIG_NO_ROEM
    assert hand.to_dict() == before and hand.roem == [0, 0]
    assert not hand.claimable and hand.claim_pair is None


# ------------------------------------------------------------------ the trump round


def test_ledig_is_offered_only_when_enabled() -> None:
    plain = make_hand(RuleSet(), 3, DEAL_71)
    assert not plain.trump_options(0).ledig
    with pytest.raises(RuleViolation) as info:
        plain.apply(DeclareLedig(0))
    assert info.value.code is ErrorCode.NO_LEDIG
    assert plain.to_dict() == make_hand(RuleSet(), 3, DEAL_71).to_dict()
    assert make_hand(LEDIG, 3, DEAL_71).trump_options(0).ledig


def test_ledig_out_of_turn_or_after_trump_is_refused_and_changes_nothing() -> None:
    hand = make_hand(LEDIG, 3, DEAL_71)
    with pytest.raises(RuleViolation) as info:
        hand.apply(DeclareLedig(1))
    assert info.value.code is ErrorCode.NOT_YOUR_TURN
    hand.apply(ChooseTrump(0, Suit.HEARTS))
    before = hand.to_dict()
    with pytest.raises(RuleViolation) as info:
        hand.apply(DeclareLedig(1))
    assert info.value.code is ErrorCode.WRONG_PHASE
    assert hand.to_dict() == before


def test_mandatory_selection_may_say_ledig_instead_of_naming() -> None:
    rules = RuleSet.preset("utrecht").with_options(ledig_enabled=True)
    hand = make_hand(rules, 3, DEAL_71)
    options = hand.trump_options(0)
    assert options.ledig and not options.can_pass
    hand.apply(DeclareLedig(0))
    assert hand.idle == 2 and hand.to_act == 0


def test_the_idle_partner_never_leads_the_first_trick() -> None:
    # Dealer 2: seat 3 is left of the dealer; seat 1 declares, so seat 3 sits out, seat 0 leads.
    hand = declared(DEAL_71, dealer=2, passes=2)
    assert hand.ledig == 1 and hand.idle == 3 and hand.to_act == 0


def test_second_round_bidder_may_still_say_ledig() -> None:
    hand = make_hand(LEDIG, 3, DEAL_71)
    for seat in (0, 1, 2, 3):
        hand.apply(PassTrump(seat))
    options = hand.trump_options(0)
    assert options.ledig and not options.can_pass


def test_a_ledig_hand_counts_on_the_sheet_with_contract_ledig() -> None:
    match = Match(LEDIG.with_options(match_hands=2), "ledig-sheet", first_dealer=3)
    hand = match.hand
    assert hand is not None
    deal = [" ".join(x.code for x in held) for held in hand.dealt]
    rng = random.Random(3)
    match.apply(DeclareLedig(0))
    while match.hand is hand:
        seat = hand.to_act
        assert seat is not None
        match.apply(PlayCard(seat, rng.choice(hand.legal(seat))))
    line = match.sheet[0]
    assert line.contract == "ledig" and line.ledig and line.trump == ""
    assert line.chooser == 0 and line.makers == 0
    assert sorted(line.scores) == [0, 50]
    assert SheetLine.from_dict(line.to_dict()) == line
    assert deal  # the hand was dealt as usual


# ------------------------------------------------------------------ options


def test_options_default_off_and_stored_only_when_changed() -> None:
    rules = RuleSet()
    assert not rules.ledig_enabled and rules.ledig_bonus == 50
    assert "ledig_enabled" not in rules.to_dict()
    stored = LEDIG.with_options(ledig_bonus=30).to_dict()
    assert stored["ledig_enabled"] is True and stored["ledig_bonus"] == 30
    assert RuleSet.from_dict(stored) == LEDIG.with_options(ledig_bonus=30)
    for name in ("amsterdam", "rotterdam", "utrecht", "online-classic", "kraken"):
        assert not RuleSet.game_preset(name).ledig_enabled


@pytest.mark.parametrize("selection", ["proposed", "drawn"])
def test_ledig_needs_free_or_mandatory_trump(selection: str) -> None:
    with pytest.raises(RuleError) as info:
        RuleSet(trump_selection=selection, ledig_enabled=True)  # type: ignore[arg-type]
    assert info.value.code is ErrorCode.BAD_OPTION_VALUE
    assert info.value.facts["option"] == "ledig_enabled"
    assert info.value.facts["trump_selection"] == selection


@pytest.mark.parametrize("game", ["driemans", "tweemans"])
def test_the_other_games_do_not_play_ledig(game: str) -> None:
    with pytest.raises(RuleError) as info:
        RuleSet.game_preset(game).with_options(ledig_enabled=True)
    assert info.value.code is ErrorCode.OPTION_NOT_IN_GAME
    assert info.value.facts["option"] == "ledig_enabled"


def test_the_other_games_refuse_a_logged_ledig() -> None:
    for read in (driemans_action_from_dict, tweemans_action_from_dict):
        with pytest.raises(RuleViolation) as info:
            read({"type": "ledig", "seat": 0})
        assert info.value.code is ErrorCode.BAD_ACTION


@pytest.mark.parametrize("bonus", [-1, "50", 2.5, True])
def test_a_bonus_that_is_no_whole_number_is_refused(bonus: Any) -> None:
    with pytest.raises(RuleError):
        LEDIG.with_options(ledig_bonus=bonus)


def test_the_action_is_logged_and_read_back() -> None:
    action = DeclareLedig(2)
    assert action.to_dict() == {"type": "ledig", "seat": 2}
    assert action_from_dict(action.to_dict()) == action


# ------------------------------------------------------------------ properties


def random_ledig_action(hand: Hand, rng: random.Random, chance: float) -> Action:
    """``helpers.random_action``, saying ledig with ``chance`` whenever it may."""
    seat = hand.to_act
    may = hand.phase == Phase.TRUMP and seat is not None and hand.trump_options(seat).ledig
    if may and seat is not None and rng.random() < chance:
        return DeclareLedig(seat)
    return random_action(hand, rng)


ledig_rules = st.builds(
    RuleSet,
    ledig_enabled=st.just(True),
    trump_selection=st.sampled_from(["free", "mandatory"]),
    obligations=st.sampled_from(["amsterdam", "rotterdam"]),
    roem_claiming=st.sampled_from(["manual", "automatic"]),
    doubling=st.sampled_from(["off", "kraken"]),
    roem_source=st.sampled_from(["trick", "both"]),
    ledig_bonus=st.sampled_from([50, 30]),
)


@FAST
@given(seed=st.integers(0, 10**6), rules=ledig_rules, dealer=st.integers(0, 3))
def test_random_ledig_hands_end_by_the_rules(seed: int, rules: RuleSet, dealer: int) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(rules, dealer, rng)
    while hand.phase == Phase.TRUMP:
        hand.apply(random_ledig_action(hand, rng, 0.5))
    if hand.ledig is None:
        return
    declarer, idle = hand.ledig, hand.idle
    assert idle is not None
    kept = list(hand.holdings[idle])
    while hand.phase != Phase.DONE:
        assert hand.to_act != idle
        assert not hand.claim_open
        copy = Hand.from_dict(rules, hand.to_dict())
        assert copy.to_dict() == hand.to_dict() == hand.copy().to_dict()
        seat = hand.to_act
        assert seat is not None
        hand.apply(PlayCard(seat, rng.choice(hand.legal(seat))))
    assert hand.holdings[idle] == kept
    assert all(
        len(t.cards) == 3 and idle not in {t.seat_of(i) for i in range(3)} for t in hand.tricks
    )
    assert sorted(all_cards_in(hand)) == FULL_DECK
    winners = [t.winner for t in hand.tricks]
    broken = declarer in winners
    assert declarer not in winners[:-1]  # the hand ended at the declarer's first trick
    assert broken or len(winners) == 8
    assert hand.result is not None
    pair = pair_of(declarer)
    assert hand.result.scores[pair] == (0 if broken else rules.ledig_bonus)
    assert hand.result.scores[1 - pair] == (rules.ledig_bonus if broken else 0)
    assert Hand.from_dict(rules, hand.to_dict()).result == hand.result


@FAST
@given(seed=st.integers(0, 10**6), rules=ledig_rules, chance=st.floats(0, 1))
def test_random_ledig_matches_replay_identically(seed: int, rules: RuleSet, chance: float) -> None:
    rules = rules.with_options(match_hands=4)
    rng = random.Random(seed)
    match = Match(rules, str(seed))
    log: list[Action] = []
    while match.hand is not None:
        action = random_ledig_action(match.hand, rng, chance)
        match.apply(action)
        log.append(action)
    replayed = Match.replay(rules, str(seed), match.first_dealer, logged(log))
    assert replayed.to_dict() == match.to_dict()
    assert Match.from_dict(match.to_dict()).to_dict() == match.to_dict()
    for line in match.sheet:
        assert (line.contract == "ledig") == (line.trump == "")
