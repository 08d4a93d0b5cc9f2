"""The rating model on its own: which way a result moves ratings, how far computers let
it, and that a season is the same replayed at once or one game at a time."""

from __future__ import annotations

import random

import pytest

from bot.ratings.rating import (
    BASE,
    COMPUTER,
    MODEL,
    Game,
    Rating,
    match_key,
    rate,
    replay,
    shown,
    spread,
    weight,
)

A, B, C, D = 1, 2, 3, 4


def game(pairs: tuple[tuple[int | None, int | None], ...], winner: int | None, n: int = 1) -> Game:
    first, second = pairs
    return Game(match_key(n, 1), float(n), (first, second), winner)


def test_a_newcomer_reads_1500_plus_minus_350() -> None:
    newcomer = Rating(A)
    assert (shown(newcomer.mu), spread(newcomer.sigma)) == (BASE, 350) == (1500, 350)
    assert newcomer.low == pytest.approx(MODEL.mu - 2 * MODEL.sigma)


def test_the_winning_pair_goes_up_the_losing_pair_down_and_uncertainty_shrinks() -> None:
    after = {r.user_id: r for r in rate(game(((A, C), (B, D)), winner=0), {})}
    assert after[A].mu > MODEL.mu and after[C].mu > MODEL.mu
    assert after[B].mu < MODEL.mu and after[D].mu < MODEL.mu
    assert after[A].mu == pytest.approx(after[C].mu)  # partners share the result
    assert after[A].mu - MODEL.mu == pytest.approx(MODEL.mu - after[B].mu)
    assert all(r.sigma < MODEL.sigma and r.games == 1 and r.at == 1.0 for r in after.values())
    lost = {r.user_id: r for r in rate(game(((A, C), (B, D)), winner=1), {})}
    assert lost[A].mu == pytest.approx(after[B].mu)


def test_a_draw_between_equals_moves_no_one_and_an_upset_moves_more() -> None:
    drawn = rate(game(((A, C), (B, D)), winner=None), {})
    assert all(r.mu == pytest.approx(MODEL.mu) for r in drawn)
    strong = {A: Rating(A, mu=35.0, sigma=3.0), C: Rating(C, mu=35.0, sigma=3.0)}
    weak = {B: Rating(B, mu=20.0, sigma=3.0), D: Rating(D, mu=20.0, sigma=3.0)}
    expected = {r.user_id: r for r in rate(game(((A, C), (B, D)), 0), strong | weak)}
    upset = {r.user_id: r for r in rate(game(((A, C), (B, D)), 1), strong | weak)}
    assert upset[B].mu - 20.0 > expected[A].mu - 35.0 > 0


def test_computers_are_fixed_seats_and_a_game_moves_by_the_share_of_people() -> None:
    assert [weight(game(p, 0)) for p in (((A, C), (B, D)), ((A, None), (B, D)),
            ((A, C), (None, None)), ((A, None), (None, None)), ((None, None), (None, None)))] == [
        1.0, 0.75, 0.5, 0.25, 0.0,
    ]  # fmt: skip
    solo = rate(game(((A, None), (None, None)), winner=0), {})
    assert [r.user_id for r in solo] == [A]  # no computer is rated
    [moved] = solo
    # The same result as openskill's against fixed computer seats, a quarter of the way.
    [[full, _], _] = MODEL.rate([[MODEL.rating(), COMPUTER], [COMPUTER, COMPUTER]], ranks=[1, 2])
    assert moved.mu == pytest.approx(MODEL.mu + (full.mu - MODEL.mu) / 4)
    assert moved.sigma == pytest.approx(MODEL.sigma + (full.sigma - MODEL.sigma) / 4)
    humans = {r.user_id: r for r in rate(game(((A, C), (B, D)), winner=0), {})}
    assert 0 < moved.mu - MODEL.mu < (humans[A].mu - MODEL.mu) / 2


def test_beating_computers_again_and_again_gains_less_each_time() -> None:
    ratings: dict[int, Rating] = {}
    people: dict[int, Rating] = {}
    gains = []
    for n in range(1, 41):
        before = ratings.get(A, Rating(A)).mu
        ratings = replay([game(((A, None), (None, None)), 0, n)], ratings)
        gains.append(ratings[A].mu - before)
        # The same forty wins with a newcomer partner against newcomers each time.
        people = replay([game(((A, 10 * n + 1), (10 * n + 2, 10 * n + 3)), 0, n)], people)
    assert all(later < earlier for earlier, later in zip(gains, gains[1:], strict=False))
    assert shown(ratings[A].mu) - BASE < (shown(people[A].mu) - BASE) * 2 / 3
    assert shown(ratings[A].mu) - BASE < 35 * 20  # forty wins in a row


def test_games_without_people_or_with_a_player_twice_change_nothing() -> None:
    assert rate(game(((None, None), (None, None)), 0), {}) == []
    assert rate(game(((A, A), (B, C)), 0), {}) == []


def test_a_season_replayed_at_once_equals_one_game_at_a_time() -> None:
    rng = random.Random(7)
    players = list(range(1, 9))
    games = []
    for n in range(1, 60):
        seats: list[int | None] = [*rng.sample(players, 4)]
        for i in range(4):
            if rng.random() < 0.2:
                seats[i] = None
        winner = rng.choice([0, 1, None])
        games.append(
            Game(match_key(n, 1), float(n), ((seats[0], seats[2]), (seats[1], seats[3])), winner)
        )
    at_once = replay(games)
    step: dict[int, Rating] = {}
    for g in games:
        step = replay([g], step)
    assert at_once == step
    assert sum(r.games for r in at_once.values()) == sum(len(g.humans) for g in games)
