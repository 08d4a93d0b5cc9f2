"""`/challenge` through the offline harness: playing by clicks, privately; the public
announcement and summary; refusals that change nothing; a restart in the middle."""

from __future__ import annotations

import hashlib
import re

import discord
import pytest

from bot.engine import RuleSet
from bot.games import preset_game
from bot.texts.catalog import t
from cogs.challenge.cog import RULES_CHOICES
from cogs.common.hand_cards import TRUMP_MARK
from tests.games import OTHER_GAME_PRESETS
from tests.harness.limits import (
    assert_ephemeral,
    assert_not_ephemeral,
    assert_within_discord_limits,
    iter_components,
)

from .kit import ClockedBot, Member, StartHarness, clock_of, service_of, text_of

EXTENSIONS = ("cogs.errors", "cogs.challenge")
SEED = "fixed-test-seed"
PRIMARY, SECONDARY, DANGER = 1, 2, 4  # Discord's button styles


def assert_no_verification_details(text: str) -> None:
    """A public post shows players no shell command and no hash (docs/challenge.md has them)."""
    assert "python -m" not in text and "SHA-256" not in text
    assert not re.search(r"[0-9a-f]{16}", text), text


async def start(make_harness: StartHarness) -> object:
    harness = await make_harness(bot_class=ClockedBot, extensions=EXTENSIONS)
    service_of(harness)._seed = lambda: SEED  # the deals (and their hash) known
    return harness


async def test_a_member_plays_the_whole_challenge_by_clicks(make_harness: StartHarness) -> None:
    harness = await start(make_harness)
    ann = Member(harness, "ann")
    intro = await ann.open()
    text = intro.text()
    digest = hashlib.sha256(SEED.encode()).hexdigest()
    assert "Challenge #1" in text and f"{digest[:32]}\n{digest[32:]}" in text
    assert "Results stay hidden" in text and SEED not in text
    start_id = ann.enabled()
    assert [c.split(":")[2] for c in start_id] == ["start"]
    # The challenge was announced in the channel with a Play button; the hash stays in
    # the private intro: the channel reads that the deals are sealed, not 64 hex digits.
    [posted] = [c for c in harness.rest_calls("POST") if "/messages" in c.path]
    assert_not_ephemeral(posted)
    assert_within_discord_limits(posted)
    assert "kj:chl:open:1" in posted.custom_ids()
    assert t("challenge.announce.sealed", "en") in posted.text()
    assert_no_verification_details(posted.text())

    started = await ann.press(start_id[0])
    assert started.replies[0].callback_type == 6  # acknowledged, then the same message edited
    assert "deal 1 of 8" in text_of(ann.message)
    assert "Your turn" in text_of(ann.message)
    seen_scored = False
    for _ in range(200):
        if not ann.enabled("kj:chl:card:") and not ann.enabled("kj:chl:bid:"):
            break
        await ann.step()
        seen_scored = seen_scored or "Deal 1 scored" in text_of(ann.message)
    assert seen_scored
    assert "You have played all 8 deals" in text_of(ann.message)
    board_button = ann.enabled("kj:chl:board:")
    assert board_button
    board = await ann.click(board_button[0])
    assert_ephemeral(board.response)
    assert_within_discord_limits(board.response)
    board_text = board.response.text()
    assert "Challenge #1 · standings" in board_text and "ann" in board_text
    assert "still being worked out" in board_text  # no par yet: the background computes it
    assert await service_of(harness).pars.run_once() == 8
    board = await ann.click(board_button[0])
    assert "Par (four computers)" in board.response.text()
    assert "Your pair's points by deal: 1: " in board.response.text()
    for line in board.response.embeds[0]["description"].split("```")[1].splitlines():
        assert len(line) <= 36, line  # the block fits a phone


async def test_results_stay_hidden_until_the_member_has_finished(
    make_harness: StartHarness,
) -> None:
    ann, bob = await _ann_done_bob_in(make_harness)
    refused = await bob.slash("challenge standings")
    assert_ephemeral(refused.replies[-1])
    assert "stay hidden until you have played every deal" in refused.replies[-1].text()
    shown = await ann.slash("challenge standings")
    assert "ann" in shown.replies[-1].text()


async def test_stale_forged_and_closed_clicks_change_nothing(make_harness: StartHarness) -> None:
    harness = await start(make_harness)
    ann = Member(harness, "ann")
    await ann.open()
    await ann.press(ann.enabled()[0])
    earlier = ann.message
    assert earlier is not None
    old_button = (ann.enabled("kj:chl:card:") or ann.enabled("kj:chl:bid:"))[0]
    await ann.step()
    service = service_of(harness)
    place = await service.place(1, ann.id)

    stale = await ann.click(old_button, message=earlier)
    assert_ephemeral(stale.replies[-1])
    assert "earlier moment of the deal" in stale.replies[-1].text()
    kind, cid, deal, seq, value = old_button.split(":")[2:]
    forged_ids = {
        f"kj:chl:{kind}:999:{deal}:{seq}:{value}": "There is no challenge 999",
        f"kj:chl:{kind}:{cid}:{int(deal) + 1}:{seq}:{value}": "earlier moment of the deal",
    }
    for forged, expected in forged_ids.items():
        button = {"type": 2, "style": 2, "custom_id": forged, "label": "x"}
        fake = {**earlier, "components": [{"type": 1, "components": [button]}]}
        answer = await ann.click(forged, message=fake)
        assert_ephemeral(answer.replies[-1])
        assert expected in answer.replies[-1].text()
    bob = Member(harness, "bob")  # a copied button acts on the clicker's own entry
    copied = await bob.click(ann.enabled()[0], message=ann.message)
    assert "You have not started this challenge" in copied.replies[-1].text()
    assert await service.place(1, ann.id) == place

    while "deal 2 of 8" not in text_of(ann.message):  # a deal played: its buttons refused
        await ann.step()
    played = await ann.click(old_button, message=earlier)
    assert "Deal 1 is played already" in played.replies[-1].text()
    place = await service.place(1, ann.id)

    clock_of(harness).advance(8 * 3600)  # past 20:00 in Amsterdam
    closed = await ann.click((ann.enabled("kj:chl:card:") or ann.enabled("kj:chl:bid:"))[0])
    assert "This challenge closed" in closed.replies[-1].text()
    assert (await service.place(1, ann.id)).seq == place.seq


async def test_the_close_posts_one_summary_with_the_seed_and_past_lists_it(
    make_harness: StartHarness,
) -> None:
    harness = await start(make_harness)
    ann = Member(harness, "ann")
    await ann.open()
    await ann.press(ann.enabled()[0])
    await ann.play_to_end()
    cog = harness.bot.get_cog("Challenge")
    assert cog is not None
    clock_of(harness).advance(8 * 3600)
    await cog.scheduler.tick()  # type: ignore[attr-defined]
    await cog.scheduler.tick()  # type: ignore[attr-defined]
    summaries = [c for c in harness.rest_calls("POST") if "has closed" in c.text()]
    assert len(summaries) == 1
    summary = summaries[0]
    assert_not_ephemeral(summary)
    assert_within_discord_limits(summary)
    assert t("challenge.summary.verify", "en") in summary.text()
    assert_no_verification_details(summary.text())
    assert SEED not in summary.text() and "ann" in summary.text()
    # The seed is in the standings, which each player sees privately.
    standings = await ann.slash("challenge standings", {"number": 1})
    assert_ephemeral(standings.replies[-1])
    assert t("challenge.seed", "en", seed=SEED) in standings.replies[-1].text()
    past = await ann.slash("challenge past")
    assert "#1" in past.replies[-1].text() and "won by ann" in past.replies[-1].text()
    # The next challenge opens (and is announced) when the schedule runs again.
    again = await ann.open()
    assert "Challenge #2" in again.text()


async def test_settings_are_shown_to_all_and_changed_by_managers(
    make_harness: StartHarness,
) -> None:
    harness = await start(make_harness)
    ann = Member(harness, "ann")
    shown = await ann.slash("challenge settings")
    assert "every day, closing at 20:00 (Europe/Amsterdam)" in shown.replies[-1].text()
    refused = await ann.slash("challenge settings", {"deals": 4})
    assert "Only the server's managers" in refused.replies[-1].text()
    manager = discord.Permissions(manage_guild=True, view_channel=True, send_messages=True)
    changed = await ann.slash(
        "challenge settings", {"deals": 4, "cadence": "weekly", "weekday": 4}, permissions=manager
    )
    text = changed.replies[-1].text()
    assert "every week, closing on Friday at 20:00" in text and "4 deals" in text
    bad = await ann.slash("challenge settings", {"timezone": "Mars/Olympus"}, permissions=manager)
    assert "Mars/Olympus is no time zone" in bad.replies[-1].text()
    assert (await service_of(harness).settings(harness.world.guild_id)).deals == 4


@pytest.mark.parametrize("name", OTHER_GAME_PRESETS)
async def test_a_challenge_of_another_game_is_refused_naming_it(
    make_harness: StartHarness, name: str
) -> None:
    harness = await start(make_harness)
    ann = Member(harness, "ann")
    manager = discord.Permissions(manage_guild=True, view_channel=True, send_messages=True)
    refused = await ann.slash("challenge settings", {"preset": name}, permissions=manager)
    reply = refused.replies[-1]
    assert_ephemeral(reply)
    game = RuleSet.game_preset(name).game
    said = f"The challenge plays four-player Klaverjas; {game} is not offered in a challenge yet."
    assert reply.text() == said
    assert (await service_of(harness).settings(harness.world.guild_id)).rules == "amsterdam"
    assert RULES_CHOICES and all(preset_game(choice.value) is None for choice in RULES_CHOICES)


async def test_a_restart_in_the_middle_of_a_deal_goes_on_where_it_stood(
    make_harness: StartHarness,
) -> None:
    first = await start(make_harness)
    ann = Member(first, "ann")
    await ann.open()
    await ann.press(ann.enabled()[0])
    for _ in range(5):
        await ann.step()
    before = await service_of(first).place(1, ann.id)
    message = ann.message
    await first.close()

    second = await start(make_harness)
    again = Member(second, "ann")
    again.id, again.message = ann.id, message
    refreshed = await again.press(f"kj:chl:look:{before.challenge.id}")
    assert refreshed.replies[0].callback_type == 6
    assert await service_of(second).place(1, ann.id) == before
    await again.step()
    assert (await service_of(second).place(1, ann.id)).seq == before.seq + 1


async def test_the_cards_follow_the_tables_hand_rules(make_harness: StartHarness) -> None:
    """As on a table's hand (cogs/common/hand_cards.py): the cards that may be played first
    and primary, the others grey and disabled with a line saying why, trump first in each
    and marked ★; no button is red (a suit is told by its symbol, not by colour)."""
    harness = await start(make_harness)
    ann = Member(harness, "ann")
    await ann.open()
    await ann.press(ann.enabled()[0])
    seen_blocked = seen_trump = False
    for _ in range(60):
        assert ann.message is not None
        buttons = list(iter_components(ann.message["components"]))
        assert all(b.get("style") != DANGER for b in buttons if b.get("type") == 2)
        for bid in (b for b in buttons if b.get("custom_id", "").startswith("kj:chl:bid:")):
            assert bid["style"] == (SECONDARY if bid["custom_id"].endswith(":pass") else PRIMARY)
        cards = [b for b in buttons if b.get("custom_id", "").startswith("kj:chl:card:")]
        playable = [b for b in cards if not b["disabled"]]
        blocked = [b for b in cards if b["disabled"]]
        assert cards == playable + blocked  # the cards that may be played come first
        assert all(b["style"] == PRIMARY for b in playable)
        assert all(b["style"] == SECONDARY for b in blocked)
        for part in (playable, blocked):
            marked = [b["label"].endswith(TRUMP_MARK) for b in part]
            assert marked == sorted(marked, reverse=True)  # trump first
        assert ("Grey cards:" in text_of(ann.message)) == bool(blocked)  # and why, in a line
        seen_blocked = seen_blocked or bool(blocked)
        seen_trump = seen_trump or any(b["label"].endswith(TRUMP_MARK) for b in cards)
        if not (ann.enabled("kj:chl:card:") or ann.enabled("kj:chl:bid:")):
            break
        await ann.step()
    assert seen_blocked and seen_trump


async def test_the_board_counts_who_finished_in_its_own_plural(
    make_harness: StartHarness,
) -> None:
    """Two players, one finished: "2 jugadores · 1 jugó todas las manos", the verb in the
    plural of the finished number, not of the players'."""
    ann, bob = await _ann_done_bob_in(make_harness)
    await bob.press(bob.enabled()[0])
    while "deal 2 of 8" not in text_of(bob.message):
        await bob.step()
    board = await ann.slash("challenge standings", locale="es-ES")
    footer = board.replies[-1].embeds[0]["footer"]["text"]
    assert footer.startswith("2 jugadores · 1 jugó todas las manos · "), footer
    board = await ann.slash("challenge standings", locale="nl")
    footer = board.replies[-1].embeds[0]["footer"]["text"]
    assert footer.startswith("2 spelers · 1 speelde alle spellen · "), footer


async def _ann_done_bob_in(make_harness: StartHarness) -> tuple[Member, Member]:
    """Ann has played every deal of the challenge; Bob has just opened it."""
    harness = await start(make_harness)
    ann, bob = Member(harness, "ann"), Member(harness, "bob")
    await ann.open()
    await ann.press(ann.enabled()[0])
    await ann.play_to_end()
    await bob.open()
    return ann, bob
