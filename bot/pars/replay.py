"""The par of a casual hand: the hand replayed from its deal with the strong computer in
the person's seat and the same computers in the other three (docs/pars.md).

The deal is a function of the match's seed, its first dealer and the hand's number
(`Match.hand_of`), so the replay holds the same cards, dealer and turned-up suit. The
whole hand is replayed, the trump choice included. Every decision is a pure function of
the hand so far: each computer plays as its level does, from a seed made of the match's
seed, the hand, the seat and the number of actions before the decision; the strong one
(the person's seat, and any strong computer at the table) searches a fixed `Effort`
instead of the table's time budget, so a par never depends on the machine's load and a
replay after a restart gives the same par. Roem is counted automatically in the replay:
the computers claim every roem they make, so the par does too. A strong player models
its opponents' play exactly when both are normal computers, as at the table.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from bot.challenge.computers import decision_seed
from bot.engine import Hand, Match, Phase, RuleSet, action_from_dict, pair_of
from bot.engine.seats import FOUR_SEATS
from bot.players import Effort, view_for
from bot.players.workers import decide_action

__all__ = ["ParHand", "Runner", "replay_par"]

T = TypeVar("T")
Runner = Callable[[Callable[[], T]], Awaitable[T]]
STRONG = "strong"


@dataclass(frozen=True, slots=True)
class ParHand:
    """What a hand's par replay needs: the rules, the match's seed and first dealer, the
    hand's number, the person's seat and each computer's level (None at that seat)."""

    rules: RuleSet
    seed: str
    first_dealer: int
    number: int
    seat: int
    levels: tuple[str | None, ...]

    @classmethod
    def of(cls, setup: Mapping[str, Any], number: int) -> ParHand:
        """The replay of hand ``number`` from what the table service stored with it
        (bot/tables/pars.py `par_setup`)."""
        return cls(
            RuleSet.from_dict(setup["rules"]).with_options(roem_claiming="automatic"),
            str(setup["seed"]),
            int(setup["first_dealer"]),
            number,
            int(setup["seat"]),
            tuple(setup["levels"]),
        )

    def level(self, seat: int) -> str:
        """Who decides for ``seat`` in the replay: the strong computer at the person's
        seat, the table's computer at the others."""
        return self.levels[seat] or STRONG

    def modelled(self, seat: int) -> bool:
        """Whether ``seat``'s opponents are both normal computers (as the table decides
        `normal_opponents`; the person's seat counts as strong)."""
        opponents = [self.level(other) for other in FOUR_SEATS.opponents_of(seat)]
        return all(level in ("normal", "heuristic") for level in opponents)

    def deal(self) -> Hand:
        """The hand as it was dealt, nothing played yet."""
        return Match(self.rules, self.seed, self.first_dealer).hand_of(self.number)


async def replay_par(par: ParHand, effort: Effort, run: Runner[dict[str, Any]]) -> int:
    """The par: what the person's pair scores when the replay is played out, each decision
    taken by ``run`` (a worker)."""
    hand = par.deal()
    actions: list[dict[str, Any]] = []
    while hand.phase != Phase.DONE and hand.to_act is not None:
        data = await run(decision(par, hand, effort, actions))
        hand.apply(action_from_dict(data))
        actions.append(data)
    result = hand.result
    assert result is not None
    return result.scores[pair_of(par.seat)]


def decision(
    par: ParHand, hand: Hand, effort: Effort, actions: Sequence[dict[str, Any]]
) -> Callable[[], dict[str, Any]]:
    """The work of the next decision of ``hand`` (picklable: a worker process takes it)."""
    seat = hand.to_act
    assert seat is not None
    seed = decision_seed(f"{par.seed}/par", par.number, seat, len(actions))
    view = view_for(hand, seat)
    return partial(decide_action, par.level(seat), seed, 0.0, view, par.modelled(seat), effort)
