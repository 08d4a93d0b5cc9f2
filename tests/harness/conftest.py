"""The offline harness fixtures (tests/harness/fixtures.py) for every test here."""

from tests.harness.fixtures import database_path, harness, make_harness, world

__all__ = ["database_path", "harness", "make_harness", "world"]
