"""Tuning of the serving process's garbage collector, applied once the bot is ready.

Start-up leaves some 70,000 objects that live as long as the process (discord.py and its
caches, the catalogues, the restored tables). CPython's collector walked them all again on
every full collection, and its first generation (700 allocations) was collected several
times a click: about a tenth of the bot's CPU per click in ``benchmarks/discord_load.py``
(issue 14). Freezing what start-up made leaves the collector only the objects made since
(reference counting still frees them as usual; a cycle among frozen objects is never
collected, at most the start-up heap once); a larger first generation makes collections
rarer without holding much more memory (cycles are rare here).
"""

from __future__ import annotations

import gc

FIRST_GENERATION = 10_000  # CPython's default: 700


def settle_heap() -> None:
    """Collect once, then freeze the survivors and raise the first generation's threshold.
    Called when the bot is ready (``bot/__main__.py``); again later only freezes more."""
    gc.collect()
    gc.freeze()
    _, second, third = gc.get_threshold()
    gc.set_threshold(FIRST_GENERATION, second, third)
