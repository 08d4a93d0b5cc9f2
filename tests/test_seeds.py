"""The tests' seed source (tests/seeds.py): a test's tables deal the same cards every run,
another value of KLAVERJAS_TEST_SEED deals others, and the report says how to repeat them."""

from __future__ import annotations

import pytest

from tests import seeds
from tests.seeds import TestSeeds


def test_a_test_s_seeds_repeat_and_differ_from_another_test_s() -> None:
    one, again, other = TestSeeds("", "a.py::t"), TestSeeds("", "a.py::t"), TestSeeds("", "a.py::u")
    first = [one() for _ in range(3)]
    assert first == [again() for _ in range(3)]
    assert len(set(first)) == 3 and all(len(seed) == 16 for seed in first)
    assert other() not in first
    assert TestSeeds("5eed", "a.py::t")() not in first  # a value deals other cards


def test_a_fixed_seed_deals_every_table_opened_after_it() -> None:
    source = TestSeeds("", "a.py::t")
    source.fix("kj-test-3")
    assert [source(), source()] == ["kj-test-3", "kj-test-3"]


def test_random_draws_a_value_that_the_report_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(seeds.ENV, "random")
    source = seeds.start("a.py::t")
    assert source.value and source is seeds.table_seeds()
    assert f"{seeds.ENV}={source.value} pytest 'a.py::t'" in source.reproduce("a.py::t")
    monkeypatch.delenv(seeds.ENV)
    assert "node id" in seeds.start("a.py::t").reproduce("a.py::t")


def test_the_running_test_s_source_is_the_fixture_s(table_seeds: TestSeeds) -> None:
    assert seeds.table_seeds() is table_seeds
    assert table_seeds.base.endswith(
        "test_seeds.py::test_the_running_test_s_source_is_the_fixture_s"
    )
