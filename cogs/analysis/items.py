"""The Analyse button's routed item (declared in cogs/common/analyse.py, which the table's
review and the challenge's scored deal draw it from)."""

from __future__ import annotations

from cogs.common.analyse import ANALYSIS, Analyse

__all__ = ["ALL_ITEMS", "AnalyseButton"]

AnalyseButton = Analyse.item
ALL_ITEMS = tuple(ANALYSIS.items)
