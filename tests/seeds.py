"""The seeds of the tables a test opens: derived from the test's node id, so a failing test
deals the same cards when it runs again.

Every table service, league service and bot a test starts takes its new tables' (and
nights') seeds from `table_seeds()`, the source of the running test (set by the autouse
fixture in tests/conftest.py). The environment variable ``KLAVERJAS_TEST_SEED`` chooses
the deals:

- unset: from the node id alone, the same every run;
- ``random``: a fresh random value per test, shown in a failing test's report;
- any other value: mixed into the node id; the value a failing test's report shows
  (``KLAVERJAS_TEST_SEED=<value> pytest <node id>``) deals that test's cards again.
"""

from __future__ import annotations

import hashlib
import os
import secrets

ENV = "KLAVERJAS_TEST_SEED"


class TestSeeds:
    """A test's seed source: the n-th table it opens gets the n-th seed of its base."""

    __test__ = False  # not a test class, though its name says Test

    def __init__(self, value: str, node_id: str) -> None:
        self.value = value  # "" when the node id alone decides
        self.base = f"{value}|{node_id}"
        self.count = 0
        self.fixed: str | None = None

    def __call__(self) -> str:
        """The next table's seed: the fixed one if a test asked for it, else derived."""
        if self.fixed is not None:
            return self.fixed
        self.count += 1
        return hashlib.sha256(f"{self.base}/{self.count}".encode()).hexdigest()[:16]

    def fix(self, seed: str) -> None:
        """Deal every table opened from now on from ``seed`` (a test that needs a deal)."""
        self.fixed = seed

    def reproduce(self, node_id: str) -> str:
        """How to deal this test's cards again, for a failing test's report."""
        if not self.value:
            return f"deals from the node id (unset {ENV}): pytest '{node_id}' repeats them"
        return f"deals again with: {ENV}={self.value} pytest '{node_id}'"


def env_value() -> str:
    """What ``KLAVERJAS_TEST_SEED`` asks for: "" (node id), or a value to mix in
    (``random`` draws one)."""
    value = os.environ.get(ENV, "").strip()
    return secrets.token_hex(4) if value == "random" else value


_current = TestSeeds("", "outside-a-test")


def start(node_id: str) -> TestSeeds:
    """A new source for the test ``node_id``, now the current one."""
    global _current
    _current = TestSeeds(env_value(), node_id)
    return _current


def table_seeds() -> TestSeeds:
    """The running test's seed source."""
    return _current


def fix_seed(seed: str) -> None:
    """Deal the running test's tables opened from now on from ``seed``."""
    _current.fix(seed)
