"""Players never break a rule: seeded full matches under every preset and variant."""

from __future__ import annotations

import pytest

from bot.engine import KRAKEN_PRESET_NAMES, PRESET_NAMES, Card, RuleSet, Suit
from bot.players import Player, SeatView, make_player, play_match

VARIANTS: dict[str, RuleSet] = {
    **{name: RuleSet.preset(name) for name in (*PRESET_NAMES, *KRAKEN_PRESET_NAMES)},
    "proposed": RuleSet(trump_selection="proposed"),
    "undertrump": RuleSet(undertrump_obligation=True),
    "rotterdam-undertrump": RuleSet(obligations="rotterdam", undertrump_obligation=True),
    "automatic-claims": RuleSet(roem_claiming="automatic"),
    "drawn-no-jokers": RuleSet(trump_selection="drawn", drawn_jokers=False),
    "kraken-free-spades": RuleSet.preset("kraken").with_options(
        trump_selection="free", spades_double="multiply", roem_source="hand"
    ),
    "kraken-spade-values": RuleSet.preset("kraken").with_options(
        trump_selection="free", spades_double="trump_values", hand_roem_card_reuse=False
    ),
}
TABLES = [("heuristic", "heuristic"), ("heuristic", "random"), ("random", "heuristic")]
MATCHES = 3


class Checked:
    """Wraps a player and checks every answer against its view."""

    def __init__(self, inner: Player, counts: dict[str, int]) -> None:
        self.inner = inner
        self.counts = counts

    def choose_trump(self, view: SeatView) -> Suit | None:
        options = view.trump_options
        assert options is not None and options.suits
        suit = self.inner.choose_trump(view)
        assert suit in options.suits if suit is not None else options.can_pass
        self.counts["trump"] += 1
        return suit

    def choose_card(self, view: SeatView) -> Card:
        card = self.inner.choose_card(view)
        assert card in view.legal and card in view.hand
        self.counts["card"] += 1
        return card

    def wants_claim(self, view: SeatView) -> bool:
        assert view.claim_open
        self.counts["claim_asked"] += 1
        return self.inner.wants_claim(view)

    def wants_call(self, view: SeatView) -> bool:
        assert view.call_level is not None
        self.counts["call_asked"] += 1
        return self.inner.wants_call(view)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("kinds", TABLES, ids="-".join)
def test_seeded_matches_are_played_legally(variant: str, kinds: tuple[str, str]) -> None:
    rules = VARIANTS[variant]
    counts = {"trump": 0, "card": 0, "claim_asked": 0, "call_asked": 0}
    for i in range(MATCHES):
        players = [
            Checked(make_player(kinds[s % 2], f"{variant}/{i}/{s}"), counts) for s in range(4)
        ]
        match = play_match(rules, f"legal/{variant}/{i}", players)  # the engine refuses illegal
        assert match.finished and match.result is not None
        # With a target (alone or beside a number of hands) a match may end early.
        shortest = rules.match_hands if rules.target_score is None else None
        assert len(match.sheet) >= (shortest or 1)
    assert counts["card"] >= MATCHES * 32
    if rules.trump_selection in ("free", "proposed"):
        assert counts["trump"] >= MATCHES
    if rules.roem_claiming == "automatic" or not rules.trick_roem:
        assert counts["claim_asked"] == 0
    assert (counts["call_asked"] >= MATCHES) == (rules.doubling == "kraken")


def test_random_pairs_play_many_hands_legally() -> None:
    rules = RuleSet(match_hands=64)
    players = [
        Checked(make_player("random", f"r/{s}"), {"trump": 0, "card": 0, "claim_asked": 0})
        for s in range(4)
    ]
    assert play_match(rules, "random-long", players).finished
