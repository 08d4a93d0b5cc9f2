"""`python -m bot draw` and `python -m bot league simulate` through the entry point."""

from __future__ import annotations

import re

import pytest

from bot.__main__ import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], list[str]]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


def test_draw_prints_every_round_and_ends_with_the_repeat_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, lines, _ = run(capsys, "draw", "--players", "16", "--rounds", "5", "--seed", "club")
    assert code == 0
    assert lines[0] == "seed: club (individual, 16 players, 5 rounds)"
    assert sum(line.startswith("round ") for line in lines) == 5
    tables = [line for line in lines if line.startswith("  table ")]
    assert len(tables) == 5 * 4
    seated = [int(n) for line in tables[:4] for n in re.findall(r"\d+", line.split(":")[1])]
    assert sorted(seated) == list(range(1, 17))
    assert re.fullmatch(
        r"repeated partners: 0, repeated opponents: \d+, most byes for one player: 0", lines[-1]
    )
    assert run(capsys, "draw", "--players", "16", "--rounds", "5", "--seed", "club")[1] == lines


def test_draw_with_byes_and_fixed_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    _, lines, _ = run(capsys, "draw", "--players", "13", "--rounds", "3", "--seed", "b")
    assert sum(line.startswith("  bye: ") for line in lines) == 3
    assert lines[-1].endswith("most byes for one player: 1")
    _, pairs, _ = run(capsys, "draw", "--players", "12", "--rounds", "5", "--format", "pairs")
    assert pairs[-1] == "repeated partners: 0, repeated opponents: 0, most byes for one player: 0"
    assert all(re.search(r": (\d+) & \d+ vs", line) for line in pairs if "table" in line)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--rounds", "3"], "draw: --players is required"),
        (["--players", "x", "--rounds", "3"], "draw: --players must be a whole number, not 'x'"),
        (["--players", "3", "--rounds", "3"], "draw: --players must be between 4 and 10000, not 3"),
        (["--players", "8", "--rounds", "0"], "draw: --rounds must be between 1 and 100, not 0"),
        (
            ["--players", "8", "--rounds", "2", "--format", "swiss"],
            "draw: --format must be individual or pairs, not 'swiss'",
        ),
        (
            ["--players", "9", "--rounds", "2", "--format", "pairs"],
            "draw: --format pairs needs an even number of --players",
        ),
    ],
)
def test_bad_draw_arguments_say_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "draw", *argv)
    assert (code, out, err) == (2, [], [message])


def test_league_simulate_plays_a_night_and_ranks_it(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("league", "simulate", "--players", "5", "--rounds", "2", "--hands", "1", "--seed", "t")
    code, lines, _ = run(capsys, *argv)
    assert code == 0
    assert lines[0] == "seed: t (5 players, 2 rounds of 1 hands)"
    rows = [line.split() for line in lines[2:]]
    assert sorted(int(r[1]) for r in rows) == [1, 2, 3, 4, 5]
    assert sum(int(r[6]) for r in rows) == 2  # one bye a round
    points = [int(r[2]) for r in rows]
    assert points == sorted(points, reverse=True)
    # two players sat out once at 1450; the other rounds were one hand each: at most 162
    # plus roem and a pit bonus per player-round, so the byes lead
    assert {int(r[1]) for r in rows[:2]} == {int(r[1]) for r in rows if r[6] == "1"}
    assert rows[-1][-1] == "prize"
    # the draw comes from the seed (the same players sit out again); the deals do not,
    # since the table service draws every table's own seed
    again = [line.split() for line in run(capsys, *argv)[1][2:]]
    assert {r[1] for r in again if r[6] == "1"} == {r[1] for r in rows if r[6] == "1"}


def test_league_simulate_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "league", "simulate", "--players", "2", "--rounds", "1")
    assert (code, out, err) == (
        2,
        [],
        ["league simulate: --players must be between 4 and 400, not 2"],
    )


def test_league_simulate_plays_a_duplicate_night(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("league", "simulate", "--players", "8", "--rounds", "1", "--hands", "1")
    code, lines, _ = run(capsys, *argv, "--seed", "d", "--format", "duplicate")
    assert code == 0
    assert lines[0] == "seed: d (duplicate, 8 players, 1 rounds of 1 hands)"
    rows = [line.split() for line in lines[2:]]
    # relative to the line: the two pairs of a line hold the same cards, so their credits
    # are equal and opposite (each rounded half up)
    assert 0 <= sum(int(r[2]) for r in rows) <= 8
    assert run(capsys, *argv, "--format", "swiss")[2] == [
        "league simulate: --format must be individual, pairs or duplicate, not 'swiss'"
    ]
    assert run(capsys, *argv, "--format", "pairs", "--players", "9")[2] == [
        "league simulate: --format pairs needs an even number of --players"
    ]
