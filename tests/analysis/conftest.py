"""Close every store an analysis test opened (the table tests' fixture), even on failure."""

from __future__ import annotations

from tests.tables.conftest import close_stores

__all__ = ["close_stores"]
