"""Matchpoints, the standings and the deal the field split on: pure arithmetic."""

from __future__ import annotations

import pytest

from bot.challenge.standings import DealScore, matchpoints, most_split, standings


def test_matchpoints_are_the_share_of_the_field_beaten_ties_half() -> None:
    shares = matchpoints({"a": 120, "b": 80, "c": 80, "d": 0})
    assert shares == {"a": 1.0, "b": pytest.approx(1.5 / 3), "c": pytest.approx(1.5 / 3), "d": 0.0}
    assert matchpoints({"a": 50, "b": 50}) == {"a": 0.5, "b": 0.5}
    assert matchpoints({"alone": 99}) == {"alone": 0.5}
    assert matchpoints({}) == {}


def test_matchpoints_of_a_deal_add_up_to_half_the_field() -> None:
    """Every pair of players shares one matchpoint between them, whatever the scores."""
    scores = {player: (player * 37) % 11 for player in range(9)}
    assert sum(matchpoints(scores).values()) * 8 == pytest.approx(9 * 8 / 2)


def _scores(table: dict[int, list[int]]) -> list[DealScore]:
    return [
        DealScore(user, f"p{user}", deal, score)
        for user, row in table.items()
        for deal, score in enumerate(row, start=1)
        if score >= 0
    ]


def test_standings_rank_by_matchpoints_then_points_and_share_equal_places() -> None:
    rows = standings(
        _scores({1: [100, 50, 0], 2: [90, 60, 30], 3: [100, 50, 0], 4: [162, -1, -1]}), 3
    )
    # deal 1: 4 beats all (1), 1 and 3 beat 2 and tie (1.5 / 3 each), 2 nobody;
    # deals 2 and 3: 2 beats 1 and 3 (1 each), who tie (0.5 / 2 each); 4 played one deal.
    assert [(r.place, r.user_id) for r in rows] == [(1, 2), (2, 4), (3, 1), (3, 3)]
    assert [r.share for r in rows] == pytest.approx([2 / 3, 1 / 3, 1 / 3, 1 / 3])
    assert [r.points for r in rows] == [180, 162, 150, 150]  # equal shares: points decide
    assert [r.played for r in rows] == [3, 1, 3, 3]


def test_the_field_split_most_on_the_widest_spread_of_scores() -> None:
    spread = most_split(_scores({1: [100, 0, 81], 2: [100, 162, 81], 3: [100, 81, -1]}))
    assert spread is not None
    assert (spread.deal, spread.low, spread.high, spread.players) == (2, 0, 162, 3)
    assert most_split(_scores({1: [10, 20]})) is None  # nobody to compare with


def test_a_field_that_agreed_everywhere_split_nowhere() -> None:
    assert most_split(_scores({1: [100, 62], 2: [100, 62]})) is None
