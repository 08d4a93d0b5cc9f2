"""A lead for playouts fitted to the strong player's own leads (an experiment, off by default).

The search values a card by playing the hand out on sampled deals, and our pair's later
cards there are a fast policy's (``search.UNKNOWN_OPTIONS``: the normal player's choice
from its own view). ``fitted_lead`` tries a policy that leads more as the search itself
does: it scores every legal lead by a weighted sum of what the seat can see
(``lead_features``: the normal player's lead, the card's suit, rank and points, the suit's
lengths, the voids shown, who chose trump) and leads the best. ``WEIGHTS`` were fitted to
the search's recorded leads by ``benchmarks/fit_leads.py``; as our pair's playout lead
(``SearchPlayer(fitted="us")``) it measured weaker, so no level uses it (docs/benchmarks.md,
"A lead fitted to the search's leads"). Only the seat's own view enters: ``Model.at`` sets
it. Compiled with mypyc (setup.py's HOT_MODULES) like the solver.
"""

from __future__ import annotations

from typing import Final

from bot.engine.cards import SUIT_COUNT, SUIT_MASK
from bot.engine.tricks import BEATS, POINTS, STRENGTH

from .opponent_model import Model, count_bits

FEATURES: Final = (
    "the normal player's lead",
    "the normal player's lead, a trump",
    "trump, makers, first trick",
    "trump",
    "trump, makers",
    "trump, partner chose",
    "trump, defence",
    "trump, first trick",
    "trump, trumps out",
    "master",
    "side master, a ruff may take it",
    "points",
    "ten, not master",
    "higher cards out",
    "own cards of the suit",
    "cards of the suit out",
    "side, the partner ruffs",
    "side, an opponent ruffs",
    "lowest of its suit",
)
# Fitted by benchmarks/fit_leads.py on 2,085 leads (docs/benchmarks.md), one per FEATURES.
WEIGHTS: Final[tuple[int, ...]] = (
    100,  # the normal player's lead
    50,  # the normal player's lead, a trump
    0,  # trump, makers, first trick
    0,  # trump
    0,  # trump, makers
    -5,  # trump, partner chose
    45,  # trump, defence
    -50,  # trump, first trick
    25,  # trump, trumps out
    40,  # master
    125,  # side master, a ruff may take it
    0,  # points
    0,  # ten, not master
    5,  # higher cards out
    -5,  # own cards of the suit
    -5,  # cards of the suit out
    55,  # side, the partner ruffs
    0,  # side, an opponent ruffs
    5,  # lowest of its suit
)


def _below(trump: int, card: int) -> int:
    """The cards of ``card``'s suit that rank below it when ``trump`` is trump."""
    suit = card >> 3
    strength = STRENGTH[trump][suit]
    return sum(1 << c for c in range(suit * 8, suit * 8 + 8) if strength[c] < strength[card])


BELOW: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_below(t, c) for c in range(32)) for t in range(SUIT_COUNT)
)


def lead_features(model: Model, card: int, maker: bool, chooser: int, normal: int) -> list[int]:
    """What the seat ``Model.at`` set sees of leading ``card`` (one value per FEATURES);
    ``normal`` is the normal player's lead there (``Model.lead``: a mask of tied cards)."""
    trump, seat = model.trump, model.seat
    suit = card >> 3
    is_trump = int(suit == trump)
    side = 1 - is_trump
    left, right, partner = (seat + 1) & 3, (seat + 3) & 3, (seat + 2) & 3
    beats = BEATS[trump][suit][STRENGTH[trump][suit][card]] & SUIT_MASK[suit]
    master = int(not model.unseen & beats)
    out_trumps = count_bits(model.unseen & SUIT_MASK[trump])
    first = int(count_bits(model.mine | model.unseen) == 32)
    ruffed = side and any(
        model.maybe_void(o, suit) and model.may_hold(o, trump) for o in (left, right)
    )
    own = model.mine & SUIT_MASK[suit]
    usual = int(normal >> card & 1)
    return [
        usual,
        usual * is_trump,
        is_trump * int(maker) * first,
        is_trump,
        is_trump * int(maker),
        is_trump * int(maker and chooser == partner),
        is_trump * int(not maker),
        is_trump * first,
        is_trump * out_trumps,
        master,
        side * master * int(ruffed),
        POINTS[trump][card],
        side * int(card & 7 == 3 and not master),
        count_bits(model.unseen & beats),
        count_bits(own),
        count_bits(model.unseen & SUIT_MASK[suit]),
        side * int(not model.may_hold(partner, suit) and model.may_hold(partner, trump)),
        int(ruffed),
        int(not own & BELOW[trump][card]),
    ]


def fitted_lead(model: Model, legal: int, maker: bool, chooser: int) -> int:
    """The legal lead (a card index) with the highest weighted features; ties to the
    lowest index."""
    best, best_score = -1, 0
    normal = model.lead(legal, maker, chooser)
    for card in range(32):
        if not legal >> card & 1:
            continue
        features = lead_features(model, card, maker, chooser, normal)
        score = 0
        for i in range(len(WEIGHTS)):
            score += WEIGHTS[i] * features[i]
        if best < 0 or score > best_score:
            best, best_score = card, score
    return best
