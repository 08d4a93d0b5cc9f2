"""`/stats`' field of a player's results against par (bot/pars): the average difference
per hand, its 95% interval in words, the hands behind it and those still waiting; no I/O.

Short lines, so the field reads on a phone: "+4.2 points per hand", "most likely between
+1.1 and +7.3", "over 37 hands", one line saying which hands count and what the par is.
Numbers in the reader's notation (Babel), signed.
"""

from __future__ import annotations

from bot.pars import AgainstPar
from bot.texts.formats import signed_text
from cogs.common.text import t

__all__ = ["par_field"]


def par_field(found: AgainstPar, period: str, locale: object) -> tuple[str, str]:
    """The name and value of `/stats`' field against par over ``period``."""
    name = t("standings.stats.par.name", locale, period=t(f"standings.period.{period}", locale))
    lines: list[str] = []
    if found.hands == 0:
        lines.append(t("standings.stats.par.none", locale))
    else:
        average = signed_text(found.average, locale)
        lines.append(t("standings.stats.par.single", locale, average=average))
        if found.margin is not None:
            low = signed_text(found.average - found.margin, locale)
            high = signed_text(found.average + found.margin, locale)
            lines.append(t("standings.stats.par.range", locale, low=low, high=high))
        lines.append(t("standings.stats.par.hands", locale, count=found.hands))
        lines.append(t("standings.stats.par.meaning", locale))
    if found.waiting:
        lines.append(t("standings.stats.par.waiting", locale, count=found.waiting))
    return name, "\n".join(lines)
