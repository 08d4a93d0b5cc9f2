"""The deals come from the committed seed; the computers are the same for everyone."""

from __future__ import annotations

import hashlib

from bot.challenge.computers import DealPlay, Replies
from bot.challenge.deals import PLAYER_SEAT, challenge_rules, commitment, deal, dealt_hands
from bot.engine import Phase

from .kit import SMALL, inline


def test_the_commitment_is_the_seeds_sha256() -> None:
    assert commitment("abc") == hashlib.sha256(b"abc").hexdigest()


def test_deals_are_fixed_by_the_seed_and_differ_from_deal_to_deal() -> None:
    rules = challenge_rules("amsterdam", 4)
    hands = dealt_hands(rules, "s")
    assert [h.dealt for h in hands] == [deal(rules, "s", n).dealt for n in range(1, 5)]
    assert len({h.dealt for h in hands}) == 4
    assert [h.dealer for h in hands] == [(hands[0].dealer + n) % 4 for n in range(4)]
    assert rules.roem_claiming == "automatic" and rules.match_hands == 4
    assert deal(rules, "t", 1).dealt != hands[0].dealt


async def test_a_decision_is_searched_once_and_then_shared() -> None:
    asked: list[str] = []

    async def counting(work):  # type: ignore[no-untyped-def]
        asked.append("x")
        return await inline(work)

    replies = Replies(counting)
    play = DealPlay("seed", challenge_rules("amsterdam", 8), SMALL, 1)
    first = play.hand()
    moves = await replies.play_out(play, first, PLAYER_SEAT)
    again = play.hand()
    assert await replies.play_out(play, again, PLAYER_SEAT) == moves
    assert replies.searched == len(asked) == len(moves) and replies.asked == 2 * len(moves)
    assert first.to_dict() == again.to_dict()
    whole = play.hand()
    await replies.play_out(play, whole, None)  # the par: four computers to the end
    assert whole.phase == Phase.DONE
