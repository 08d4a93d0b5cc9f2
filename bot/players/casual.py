"""What the three- and two-player computers share (``driemans``, ``tweemans``): the normal
player claims whenever it is asked, the easy one misses a claim now and then and plays a
random legal card at the same rate as at the other table size."""

from __future__ import annotations

import random

MISTAKE_RATE = 0.3
MISSED_CLAIM_RATE = 0.3


class ClaimsAlways:
    """The normal player's claim."""

    def wants_claim(self, view: object) -> bool:
        """Always: the engine refuses a claim on a trick without roem, so it is asked only
        when the taken trick holds roem."""
        return True


class MissesClaims:
    """The easy player's claim, drawn from its own ``rng``."""

    rng: random.Random

    def wants_claim(self, view: object) -> bool:
        """A claim, missed now and then (`MISSED_CLAIM_RATE`)."""
        return self.rng.random() >= MISSED_CLAIM_RATE
