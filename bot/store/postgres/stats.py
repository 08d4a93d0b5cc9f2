"""Player statistics in PostgreSQL: the same aggregates as bot/store/stats.py."""

from __future__ import annotations

from ..stats import StatsReads
from .db import PostgresReads

__all__ = ["PostgresStatsStore"]


class PostgresStatsStore(PostgresReads, StatsReads):
    """Read-only statistics over the rows `PostgresTableStore.record` wrote."""
