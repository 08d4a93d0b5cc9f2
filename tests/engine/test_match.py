"""A match: dealer rotation, match length, targets, ties, the score sheet, replay and storage."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from bot.engine import (
    FinishHand,
    Match,
    PassTrump,
    Phase,
    RuleSet,
    RuleViolation,
    Suit,
    action_from_dict,
    left_of,
)

from .helpers import Action, logged, play_random_match, random_action

RULES = RuleSet()


def played_match(
    rules: RuleSet = RULES, seed: str = "m", rng_seed: int = 0, first_dealer: int | None = None
) -> tuple[Match, list[Action]]:
    match = Match(rules, seed, first_dealer)
    log = play_random_match(match, random.Random(rng_seed))
    return match, log


def play_until_hands(match: Match, rng: random.Random, hands: int) -> list[Action]:
    """Random accepted actions until ``hands`` hands are on the sheet."""
    log: list[Action] = []
    while len(match.sheet) < hands:
        assert match.hand is not None
        action = random_action(match.hand, rng)
        match.apply(action)
        log.append(action)
    return log


def tied_before_last_action(
    rules: RuleSet, hands: int, seed: str = "tie", base: int = 0
) -> tuple[Match, Action]:
    """A match restored just before the action that ends hand ``hands``, with totals set so
    that this hand ends in a tie at ``base + s0 + s1`` each."""
    probe = Match(rules, seed, 0)
    log = play_until_hands(probe, random.Random(1), hands)
    s0, s1 = probe.sheet[-1].scores
    before = Match.replay(rules, seed, 0, logged(log[:-1]))
    data = before.to_dict()
    data["totals"] = [base + s1, base + s0]
    return Match.from_dict(data, log[:-1]), log[-1]


class TestDealerRotation:
    @pytest.mark.parametrize("first_dealer", range(4))
    def test_sixteen_hands_every_seat_deals_four_times(self, first_dealer: int) -> None:
        match = Match(RULES, f"rot{first_dealer}", first_dealer)
        rng = random.Random(first_dealer)
        dealers: list[int] = []
        while match.hand is not None:
            if len(dealers) < match.hand_number:
                dealers.append(match.hand.dealer)
                assert match.hand.to_act in (left_of(match.hand.dealer), None)
            match.apply(random_action(match.hand, rng))
        assert len(match.sheet) == 16
        assert dealers == [(first_dealer + i) % 4 for i in range(16)]
        assert [line.dealer for line in match.sheet] == dealers
        assert Counter(dealers) == {0: 4, 1: 4, 2: 4, 3: 4}
        assert dealers[0] == first_dealer
        for a, b in zip(dealers, dealers[1:], strict=False):
            assert b == left_of(a)

    def test_first_dealer_drawn_from_the_seed(self) -> None:
        firsts = {Match(RULES, f"seed{n}").first_dealer for n in range(40)}
        assert firsts == {0, 1, 2, 3}
        assert Match(RULES, "same").first_dealer == Match(RULES, "same").first_dealer
        match = Match(RULES, "same")
        assert match.hand is not None and match.hand.dealer == match.first_dealer


class TestMatchLength:
    @pytest.mark.parametrize("hands", [1, 8, 16])
    def test_fixed_number_of_hands(self, hands: int) -> None:
        match, _ = played_match(RuleSet(match_hands=hands), seed=f"len{hands}")
        assert len(match.sheet) == hands
        assert match.finished
        assert match.hand is None
        assert match.result is not None
        totals = match.result.totals
        assert totals == tuple(match.totals)
        expected_winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        assert match.result.winner == expected_winner

    def test_no_action_after_the_end(self) -> None:
        match, _ = played_match(RuleSet(match_hands=1))
        before = match.to_dict()
        with pytest.raises(RuleViolation) as info:
            match.apply(FinishHand())
        assert info.value.code == "match_over"
        assert match.to_dict() == before

    @pytest.mark.parametrize("target", [1500, 750])
    def test_target_score(self, target: int) -> None:
        rules = RuleSet(match_hands=None, target_score=target)
        match, _ = played_match(rules, seed=f"target{target}")
        assert match.finished
        running = [0, 0]
        for i, line in enumerate(match.sheet):
            running = [running[0] + line.scores[0], running[1] + line.scores[1]]
            if i < len(match.sheet) - 1:
                assert max(running) < target  # nobody had reached it yet
        assert max(running) >= target  # ends after the hand where a pair reaches it
        assert running == match.totals
        assert match.result is not None
        assert match.result.winner == (0 if running[0] > running[1] else 1)

    @pytest.mark.parametrize("pair", [0, 1])
    def test_reaching_the_target_exactly_ends_the_match(self, pair: int) -> None:
        rules = RuleSet(match_hands=None, target_score=1500)
        probe = Match(rules, "exact", 0)
        log = play_until_hands(probe, random.Random(2), 1)
        scores = probe.sheet[-1].scores
        data = Match.replay(rules, "exact", 0, logged(log[:-1])).to_dict()
        totals = [0, 0]
        totals[pair] = 1500 - scores[pair]  # this hand brings the pair to exactly 1500
        totals[1 - pair] = max(0, 1000 - scores[1 - pair])
        data["totals"] = totals
        match = Match.from_dict(data, log[:-1])
        match.apply(log[-1])
        assert match.totals[pair] == 1500
        assert match.finished
        assert match.result is not None and match.result.winner == pair

    def test_online_1500_preset_plays_to_1500(self) -> None:
        match, _ = played_match(RuleSet.preset("online-1500"), seed="o1500")
        assert match.finished and max(match.totals) >= 1500


class TestBothEnds:
    """A rule set with a number of hands and a target ends at whichever comes first."""

    @staticmethod
    def first_end(match: Match) -> int:
        """The number of hands after which the rules say the match ends (no ties here)."""
        rules = match.rules
        assert rules.match_hands is not None and rules.target_score is not None
        running = [0, 0]
        for number, line in enumerate(match.sheet, start=1):
            running = [running[0] + line.scores[0], running[1] + line.scores[1]]
            if max(running) >= rules.target_score or number == rules.match_hands:
                return number
        raise AssertionError("the match never reached an end")

    def test_hands_first(self) -> None:
        # 4 hands cannot bring a pair to 1500: the number of hands ends the match.
        match, _ = played_match(RuleSet(match_hands=4, target_score=1500), seed="hands")
        assert match.finished
        assert len(match.sheet) == 4
        assert max(match.totals) < 1500

    def test_target_first(self) -> None:
        # 750 is reached long before 64 hands: the target ends the match.
        match, _ = played_match(RuleSet(match_hands=64, target_score=750), seed="target")
        assert match.finished
        assert len(match.sheet) == self.first_end(match) < 64
        assert max(match.totals) >= 750

    @pytest.mark.parametrize("seed", range(6))
    def test_online_short_ends_at_750_or_8_hands(self, seed: int) -> None:
        match, _ = played_match(RuleSet.preset("online-short"), seed=f"short{seed}", rng_seed=seed)
        assert match.finished and match.result is not None
        assert len(match.sheet) == self.first_end(match) <= 8
        totals = match.result.totals
        assert match.result.winner == (
            None if totals[0] == totals[1] else int(totals[1] > totals[0])
        )

    def test_online_short_sometimes_ends_on_each(self) -> None:
        """Across seeds the preset ends by the target sometimes and by 8 hands sometimes,
        so both ends of the test above are exercised."""
        ends = set()
        for seed in range(12):
            match, _ = played_match(
                RuleSet.preset("online-short"), seed=f"mix{seed}", rng_seed=seed
            )
            ends.add("target" if max(match.totals) >= 750 and len(match.sheet) < 8 else "hands")
        assert ends == {"target", "hands"}

    def test_tie_on_the_hands_plays_four_more(self) -> None:
        rules = RuleSet(match_hands=1, target_score=10_000, tie_break="extra_hands")
        match, last = tied_before_last_action(rules, 1)
        match.apply(last)
        assert not match.finished and match.planned_hands == 5
        play_random_match(match, random.Random(5))
        assert len(match.sheet) == 5

    def test_tie_on_the_target_plays_four_more_whatever_the_totals(self) -> None:
        # Tied at 1500+ after hand 1 of 8: four more hands, then the end (not hand 8, and
        # not earlier although the target stays reached).
        rules = RuleSet(match_hands=8, target_score=1500, tie_break="extra_hands")
        match, last = tied_before_last_action(rules, 1, base=1500)
        match.apply(last)
        assert not match.finished and match.planned_hands == 5
        play_random_match(match, random.Random(6))
        assert len(match.sheet) == 5
        assert match.finished

    def test_tie_shared_without_extra_hands(self) -> None:
        rules = RuleSet(match_hands=8, target_score=1500)
        match, last = tied_before_last_action(rules, 1, base=1500)
        match.apply(last)
        assert match.finished and match.result is not None and match.result.winner is None
        assert len(match.sheet) == 1


class TestTies:
    def test_equal_totals_are_a_shared_result(self) -> None:
        match, last = tied_before_last_action(RuleSet(match_hands=1), 1)
        match.apply(last)
        assert match.finished
        assert match.totals[0] == match.totals[1]
        assert match.result is not None and match.result.winner is None

    def test_tie_in_a_sixteen_hand_match(self) -> None:
        match, last = tied_before_last_action(RULES, 16)
        assert match.hand_number == 16
        match.apply(last)
        assert match.finished and match.result is not None
        assert match.result.winner is None
        assert len(match.sheet) == 16

    def test_extra_hands_four_more_deals(self) -> None:
        rules = RuleSet(match_hands=1, tie_break="extra_hands")
        match, last = tied_before_last_action(rules, 1)
        match.apply(last)
        assert not match.finished
        assert match.hand is not None and match.hand_number == 2
        play_random_match(match, random.Random(3))
        assert len(match.sheet) == 5
        assert [line.dealer for line in match.sheet] == [0, 1, 2, 3, 0]
        assert match.finished

    @pytest.mark.parametrize(
        "rules",
        [
            RuleSet(match_hands=1, tie_break="extra_hands"),
            RuleSet(match_hands=1, target_score=10_000, tie_break="extra_hands"),
        ],
    )
    def test_tie_after_the_extra_hands_is_shared(self, rules: RuleSet) -> None:
        match, last = tied_before_last_action(rules, 1)
        match.apply(last)
        extended = match.to_dict()
        probe = Match.from_dict(extended, list(match.actions))
        log = play_until_hands(probe, random.Random(8), 5)
        s0, s1 = probe.sheet[-1].scores
        before = Match.from_dict(extended, list(match.actions))
        for action in log[:-1]:
            before.apply(action)
        data = before.to_dict()
        data["totals"] = [300 + s1, 300 + s0]
        again = Match.from_dict(data, list(before.actions))
        again.apply(log[-1])
        assert again.totals[0] == again.totals[1]
        assert len(again.sheet) == 5
        assert again.finished  # one extension only; then the tie stands
        assert again.result is not None and again.result.winner is None

    def test_extra_hands_not_played_without_a_tie(self) -> None:
        rules = RuleSet(match_hands=1, tie_break="extra_hands")
        match, _ = played_match(rules, seed="notie")
        if match.totals[0] != match.totals[1]:
            assert len(match.sheet) == 1

    def test_extra_hands_with_a_target(self) -> None:
        rules = RuleSet(match_hands=None, target_score=1500, tie_break="extra_hands")
        match, last = tied_before_last_action(rules, 1, base=1500)
        match.apply(last)
        assert not match.finished
        play_random_match(match, random.Random(4))
        assert len(match.sheet) == 5

    def test_target_tie_shared(self) -> None:
        rules = RuleSet(match_hands=None, target_score=1500)
        match, last = tied_before_last_action(rules, 1, base=1500)
        match.apply(last)
        assert match.finished and match.result is not None and match.result.winner is None


class TestScoreSheet:
    @pytest.mark.parametrize(
        "rules", [RULES, RuleSet.preset("online-classic"), RuleSet(roem_claiming="automatic")]
    )
    def test_lines_follow_the_hands_and_sum_to_the_totals(self, rules: RuleSet) -> None:
        match = Match(rules, "sheet", 1)
        rng = random.Random(11)
        while match.hand is not None:
            hand = match.hand
            number = match.hand_number
            match.apply(random_action(hand, rng, claim_chance=0.8))
            if hand.phase == Phase.DONE:
                line = match.sheet[-1]
                assert line.number == number == len(match.sheet)
                assert line.dealer == hand.dealer
                assert hand.trump is not None and line.trump == Suit(hand.trump).letter
                assert line.makers == hand.makers
                assert line.chooser == hand.chooser
                assert list(line.points) == hand.points
                assert list(line.roem) == hand.roem
                assert hand.result is not None
                assert line.scores == hand.result.scores
                assert line.nat == hand.result.nat
                assert line.pit == hand.result.pit
        assert len(match.sheet) == 16
        assert [sum(line.scores[p] for line in match.sheet) for p in (0, 1)] == match.totals
        for line in match.sheet:
            assert line.trump in ("c", "d", "h", "s")
            assert sum(line.points) == 162
            makers, defenders = line.makers, 1 - line.makers
            bonus = [100 if line.pit == p else 0 for p in (0, 1)]
            if line.nat:
                assert line.scores[makers] == 0
                assert line.scores[defenders] == 162 + sum(line.roem) + bonus[defenders]
                assert (
                    line.points[makers] + line.roem[makers]
                    <= line.points[defenders] + line.roem[defenders]
                )
            else:
                assert line.scores == tuple(
                    line.points[p] + line.roem[p] + bonus[p] for p in (0, 1)
                )
                assert (
                    line.points[makers] + line.roem[makers]
                    > line.points[defenders] + line.roem[defenders]
                )

    def test_sheet_line_round_trip(self) -> None:
        match, _ = played_match(RuleSet(match_hands=8), seed="lines")
        for line in match.sheet:
            assert type(line).from_dict(line.to_dict()) == line


class TestReplayAndStorage:
    def test_replay_reproduces_a_full_match(self) -> None:
        match, log = played_match(RULES, seed="replay")
        assert match.actions == log
        again = Match.replay(RULES, "replay", None, logged(log))
        assert again.to_dict() == match.to_dict()
        assert again.result == match.result

    @pytest.mark.parametrize("stop_after", [0, 1, 5, 37, 80, 200])
    def test_replay_mid_match(self, stop_after: int) -> None:
        match = Match(RULES, "mid", 2)
        log = play_random_match(match, random.Random(stop_after), stop_after=stop_after)
        assert Match.replay(RULES, "mid", 2, logged(log)).to_dict() == match.to_dict()
        assert match.seq == len(log)

    @pytest.mark.parametrize("stop_after", [0, 3, 40, 150])
    def test_from_dict_round_trip_and_continue(self, stop_after: int) -> None:
        rules = RuleSet(match_hands=8)
        match = Match(rules, "store", None)
        rng = random.Random(stop_after)
        log = play_random_match(match, rng, stop_after=stop_after)
        data = match.to_dict()
        restored = Match.from_dict(data, log)
        assert restored.to_dict() == data
        # Both continue identically.
        while match.hand is not None:
            action = random_action(match.hand, rng)
            match.apply(action)
            restored.apply(action)
            assert restored.to_dict() == match.to_dict()
        assert restored.result == match.result
        assert restored.actions == match.actions

    def test_a_working_copy_shares_the_sheet_lines_it_was_written_from(self) -> None:
        """`like`: each action's working copy takes the committed lines, not new ones, and
        still snapshots as if read anew; a dict not written by `like` is read anew."""
        match = Match(RuleSet(match_hands=8), "copy", 1)
        rng = random.Random(5)
        play_until_hands(match, rng, 3)
        for _ in range(40):  # copy, act, commit: as the table service does each action
            data = match.to_dict()
            work = Match.from_dict(data, like=match)
            assert all(a is b for a, b in zip(work.sheet, match.sheet, strict=True))
            assert work.to_dict() == data == Match.from_dict(data).to_dict()
            if work.hand is None:
                break
            work.apply(random_action(work.hand, rng))
            match = work
        fresh = json.loads(json.dumps(match.to_dict()))  # equal dicts, not the same ones
        again = Match.from_dict(fresh, like=match)
        assert not any(a is b for a, b in zip(again.sheet, match.sheet, strict=True))
        assert again.to_dict() == match.to_dict()

    def test_finished_match_round_trip(self) -> None:
        match, _ = played_match(RuleSet(match_hands=1), seed="done")
        restored = Match.from_dict(match.to_dict())
        assert restored.to_dict() == match.to_dict()
        assert restored.finished and restored.result == match.result

    def test_same_seed_same_deals_whatever_is_played(self) -> None:
        a = Match(RULES, "duplicate", 0)
        b = Match(RULES, "duplicate", 0)
        for hands in range(1, 4):
            assert a.hand is not None and b.hand is not None
            assert a.hand.dealt == b.hand.dealt
            play_until_hands(a, random.Random(hands), hands)
            play_until_hands(b, random.Random(100 + hands), hands)

    def test_different_seeds_different_deals(self) -> None:
        deals = {Match(RULES, f"s{n}", 0).hand.dealt for n in range(10)}  # type: ignore[union-attr]
        assert len(deals) == 10

    def test_refused_action_is_not_logged(self) -> None:
        match = Match(RULES, "refuse", 0)
        before = match.to_dict()
        wrong_seat = (match.first_dealer + 2) % 4
        with pytest.raises(RuleViolation) as info:
            match.apply(PassTrump(wrong_seat))
        assert info.value.code == "not_your_turn"
        assert match.to_dict() == before
        assert match.actions == [] and match.seq == 0


class TestJsonStorage:
    """Snapshots are stored as JSON: tuples come back as lists, keys as strings."""

    @pytest.mark.parametrize("stop_after", [0, 25, 300, None])
    def test_json_round_trip(self, stop_after: int | None) -> None:
        rules = RuleSet.preset("online-classic").with_options(match_hands=8)
        match = Match(rules, "json", 3)
        rng = random.Random(5)
        log = play_random_match(match, rng, stop_after=stop_after)
        text = json.dumps(match.to_dict())
        stored_log = json.loads(json.dumps(logged(log)))
        restored = Match.from_dict(json.loads(text), [action_from_dict(a) for a in stored_log])
        assert json.dumps(restored.to_dict()) == text
        assert restored.result == match.result
        assert restored.sheet == match.sheet
        while match.hand is not None:
            action = random_action(match.hand, rng)
            match.apply(action)
            restored.apply(action_from_dict(json.loads(json.dumps(action.to_dict()))))
        assert restored.to_dict() == match.to_dict()


def test_deal_of_is_the_deal_each_hand_was_played_with() -> None:
    match = Match(RULES, "deals", 1)
    rng = random.Random(3)
    dealt = []
    while match.hand is not None and len(dealt) < 4:
        if not dealt or dealt[-1][0] != match.hand_number:
            dealt.append((match.hand_number, match.hand.dealt))
        match.apply(random_action(match.hand, rng))
    assert len(dealt) == 4
    for number, hands in dealt:
        assert match.deal_of(number) == hands
    assert match.deal_of(1) != match.deal_of(2)


def test_hand_of_is_the_hand_the_match_deals_at_that_point() -> None:
    """A deal of a seed played on its own starts as the match's hand does: cards, dealer,
    turned-up suit and the bidding's first turn."""
    rules = RULES.with_options(trump_selection="proposed")
    match = Match(rules, "alone", 2)
    rng = random.Random(4)
    for number in (1, 2, 3):
        assert match.hand is not None and match.hand_number == number
        alone = Match(rules, "alone", 2).hand_of(number)
        assert alone.to_dict() == match.hand.to_dict()
        while match.hand_number == number:
            assert match.hand is not None
            match.apply(random_action(match.hand, rng))
