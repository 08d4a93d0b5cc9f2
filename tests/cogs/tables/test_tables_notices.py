"""Turn notices (/notify: mention, dm, off) and Bump, through the offline harness."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.preferences import NotifyMode
from bot.services import Services
from bot.tables import TableService
from cogs.tables.notices import NOTICE_GRACE
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    fix_seed,
    seed_with_first_dealer,
    start,
)
from tests.harness import payloads
from tests.harness.limits import IS_COMPONENTS_V2
from tests.harness.recorder import Call
from tests.harness.world import CHANNEL_MESSAGE, CHANNEL_MESSAGES, http_error
from tests.seeds import table_seeds

USER_CHANNELS = "/users/@me/channels"


def notices(kit: Kit) -> list[dict[str, Any]]:
    """The turn notices now in the table's channel."""
    return [
        m
        for m in kit.world.channel_messages(kit.world.channel_id)
        if "your turn at table" in (m.get("content") or "")
    ]


def dm_channel(kit: Kit, user: int, name: str) -> int:
    """A direct-message channel with `user` that create_dm answers with."""
    dm_id = kit.world.snowflake()
    kit.world.channels[dm_id] = {
        "id": str(dm_id),
        "type": 1,
        "recipients": [payloads.user_payload(user, name)],
        "last_message_id": None,
    }
    kit.harness.override("POST", USER_CHANNELS, lambda call: kit.world.channels[dm_id])
    return dm_id


async def seated(kit: Kit, humans: int = 2, **options: Any) -> tuple[int, list[int]]:
    """A table with `humans` humans (seats 0, 2, 1, 3 in that order) and computers."""
    names = ["anna", "bob", "carl", "dave"][:humans]
    users = [kit.world.add_user(name) for name in names]
    t = await kit.open(users[0], **options)
    for user, seat in zip(users[1:], (2, 1, 3), strict=False):
        await kit.click(f"kj:sit:{t}:{seat}", user)
    for _ in range(4 - humans):
        await kit.click(f"kj:addbot:{t}", users[0])
    return t, users


async def four_humans_playing(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> tuple[Kit, int, list[int]]:
    """A table of four humans whose match has started (the first dealer fixed at seat 3)."""
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    t, users = await seated(kit, humans=4)
    await kit.click(f"kj:start:{t}", users[0])
    return kit, t, users


async def anna_to_name_trump(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> tuple[Kit, int, int, int]:
    """Anna and bob with two computers, started: seat 0 (anna) names trump first."""
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    t, (anna, bob) = await seated(kit)
    await kit.click(f"kj:start:{t}", anna)
    assert kit.to_act(t) == (0, anna)
    return kit, t, anna, bob


async def first_hand_turns(kit: Kit, t: int) -> AsyncIterator[tuple[int, int]]:
    """Each human turn of the table's first hand, the computers played in between: the
    caller acts on it (or the loop would not move on)."""
    while kit.table(t).match is not None and kit.table(t).match.hand_number == 1:  # type: ignore[union-attr]
        found = kit.to_act(t)
        if found is None:
            await kit.run_computers(t)
            continue
        yield found


async def wait(kit: Kit, seconds: float = NOTICE_GRACE) -> None:
    """Nobody acts for `seconds`: the tables' clock moves on and their timer ticks."""
    kit.bot.clock.advance(seconds)
    await kit.service.tick()
    await kit.flush()


async def next_human_turn(kit: Kit, t: int) -> int:
    """Act for humans and computers until a human other than the last actor is to act."""
    first = kit.to_act(t)
    for _ in range(40):
        await kit.act(t)
        await kit.run_computers(t)
        now = kit.to_act(t)
        if now is not None and now != first:
            return now[1]
    raise AssertionError("no other human came to act")


def notice_requests(kit: Kit) -> list[Call]:
    """Every request a turn notice made: its posts and the deletes of posted ones."""
    posts = [
        c for c in kit.harness.rest_calls("POST", CHANNEL_MESSAGES) if "your turn" in str(c.json)
    ]
    return posts + kit.harness.rest_calls("DELETE", CHANNEL_MESSAGE)


async def test_a_mention_comes_after_the_grace_and_goes_when_the_turn_moves(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await anna_to_name_trump(make_harness, monkeypatch)
    await wait(kit, NOTICE_GRACE - 1)
    assert notices(kit) == []  # anna may still be looking at the table

    await wait(kit, 1)

    [first] = notices(kit)  # the match started: anna is told, nobody acted before her
    assert first["content"].startswith(f"<@{anna}>, your turn at table {t}.")
    assert f"/{kit.world.channel_id}/{kit.public(t)['id']}" in first["content"]  # jump link
    user = await next_human_turn(kit, t)
    assert int(first["id"]) in kit.world.deleted_messages  # anna acted: her notice went
    assert notices(kit) == []  # the next player has their grace too
    await wait(kit)
    [second] = notices(kit)  # one notice at a time
    assert second["content"].startswith(f"<@{user}>, your turn")
    posts = [
        c for c in kit.harness.rest_calls("POST", CHANNEL_MESSAGES) if "your turn" in str(c.json)
    ]
    assert posts[-1].json["allowed_mentions"]["users"] == [user]
    kit.check_payloads()


async def test_players_who_act_within_the_grace_cost_no_notice_requests(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_humans_playing(make_harness, monkeypatch)
    moves = 0
    async for _ in first_hand_turns(kit, t):
        await wait(kit, NOTICE_GRACE - 1)  # a slow player, but within the grace
        await kit.act(t)
        moves += 1

    assert moves >= 32  # the trump choice and eight tricks
    assert notices(kit) == []
    assert notice_requests(kit) == []  # nothing posted, so nothing deleted either


async def test_a_notice_is_not_given_once_the_turn_moved(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await anna_to_name_trump(make_harness, monkeypatch)
    await wait(kit, NOTICE_GRACE / 2)
    user = await next_human_turn(kit, t)  # anna acted half-way through her grace

    await wait(kit, NOTICE_GRACE / 2)  # anna's grace would be over now; bob's is not

    assert notices(kit) == []
    await wait(kit, NOTICE_GRACE / 2)
    [notice] = notices(kit)
    assert notice["content"].startswith(f"<@{user}>, your turn")


async def test_a_short_turn_timer_halves_the_grace(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    t, (anna, bob) = await seated(kit, turn_timer=20)
    await kit.click(f"kj:start:{t}", anna)
    await wait(kit, 9)
    assert notices(kit) == []

    await wait(kit, 1)  # half the 20 s turn timer: told before the computer plays for her

    [notice] = notices(kit)
    assert notice["content"].startswith(f"<@{anna}>, your turn")


async def test_no_notice_when_the_same_player_acts_again(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_humans_playing(make_harness, monkeypatch)
    again = 0
    async for found in first_hand_turns(kit, t):
        await kit.act(t)
        await kit.run_computers(t)
        await wait(kit)
        after = notices(kit)
        if kit.to_act(t) == found:  # won the trick with the last card: leads again
            again += 1
            assert after == []  # no notice: they are looking at the table
        elif (now := kit.to_act(t)) is not None:
            assert [m["content"][: len(f"<@{now[1]}>")] for m in after] == [f"<@{now[1]}>"]
    assert again >= 1, "the seed gave no trick won by its last card: choose another"


async def test_dm_preference_sends_a_direct_message_with_a_jump_link(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    t, (anna, bob) = await seated(kit)
    chose = await kit.harness.slash("notify", {"mode": "dm"}, user=anna)
    assert "direct message" in chose.reply.content
    dm_id = dm_channel(kit, anna, "anna")

    await kit.click(f"kj:start:{t}", anna)
    assert kit.world.channel_messages(dm_id) == []  # within the grace: nothing yet
    await wait(kit)

    assert notices(kit) == []  # no mention in the channel
    [dm] = kit.world.channel_messages(dm_id)
    link = f"https://discord.com/channels/{kit.world.guild_id}/{kit.world.channel_id}/"
    assert dm["content"] == f"Your turn at table {t}: {link}{kit.public(t)['id']}"


async def test_a_refused_dm_falls_back_to_nothing_and_is_not_retried(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    t, (anna, bob) = await seated(kit)
    await kit.harness.slash("notify", {"mode": "dm"}, user=anna)
    dm_id = dm_channel(kit, anna, "anna")
    refused: list[Call] = []

    def post(call: Call) -> Any:
        if call.url.endswith(f"/channels/{dm_id}/messages"):
            refused.append(call)
            raise http_error(403, 50007, "Cannot send messages to this user")
        return kit.world.new_message(int(call.url.split("/")[-2]), call.json or {})

    kit.harness.override("POST", CHANNEL_MESSAGES, post)
    await kit.click(f"kj:start:{t}", anna)
    await wait(kit)
    for _ in range(3):
        await next_human_turn(kit, t)
        await wait(kit)

    assert len(refused) == 1  # tried once, then never again
    assert not kit.harness.task_errors
    assert notices(kit) == [] or all(f"<@{anna}>" not in m["content"] for m in notices(kit))


async def test_off_sends_nothing(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    t, (anna, bob) = await seated(kit)
    for user in (anna, bob):
        chose = await kit.harness.slash("notify", {"mode": "off"}, user=user)
        assert "turn notices are off" in chose.reply.content

    await kit.click(f"kj:start:{t}", anna)
    await wait(kit)
    await next_human_turn(kit, t)
    await wait(kit)
    await next_human_turn(kit, t)
    await wait(kit)

    assert notices(kit) == []
    assert kit.harness.rest_calls("POST", USER_CHANNELS) == []


async def test_a_restart_starts_the_grace_again_for_the_player_the_table_waits_for(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, t, anna, _bob = await anna_to_name_trump(make_harness, monkeypatch)
    await wait(first, NOTICE_GRACE - 1)  # anna's grace is nearly over when the bot stops
    assert notices(first) == []
    await first.harness.close()

    second = await start(make_harness)  # a new process on the same database
    assert second.to_act(t) == (0, anna)
    await wait(second, NOTICE_GRACE - 1)
    assert notices(second) == []  # a new grace: she may be looking at the refreshed table
    await wait(second, 1)
    [told] = notices(second)
    assert told["content"].startswith(f"<@{anna}>, your turn at table {t}.")
    second.check_payloads()


async def test_a_mention_left_standing_by_a_restart_goes_when_the_turn_moves(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, t, anna, _bob = await anna_to_name_trump(make_harness, monkeypatch)
    await wait(first)
    [told] = notices(first)
    await first.harness.close()  # the mention is still in the channel

    second = await start(make_harness)
    assert notices(second) == [told]  # nothing moved: it still says the truth
    await next_human_turn(second, t)  # anna names trump (or passes): her mention goes

    assert int(told["id"]) in second.world.deleted_messages
    assert notices(second) == []
    assert await second.service.standing_notices() == []
    second.check_payloads()


async def test_a_mention_of_a_table_closed_while_the_bot_was_down_goes_at_start_up(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch, database_path: Path
) -> None:
    first, t, anna, _bob = await anna_to_name_trump(make_harness, monkeypatch)
    await wait(first)
    [told] = notices(first)
    await first.harness.close()
    # Another front end on the same database (the terminal, an operator) closes it.
    services = await Services.open(database_path, seeds=table_seeds())
    await services.tables.close(t, anna)
    await services.close()

    second = await start(make_harness)

    assert int(told["id"]) in second.world.deleted_messages
    assert await second.service.standing_notices() == []


async def test_the_bot_starts_when_the_standing_notices_cannot_be_read(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def unreadable(self: object) -> list[object]:
        raise OSError("disk gone")

    monkeypatch.setattr(TableService, "standing_notices", unreadable)
    kit, t, anna, _bob = await anna_to_name_trump(make_harness, monkeypatch)

    assert "standing turn notices not read" in caplog.text
    await wait(kit)  # the tables cog is whole: notices work as ever
    [told] = notices(kit)
    assert told["content"].startswith(f"<@{anna}>, your turn at table {t}.")


async def test_the_preference_survives_a_restart(make_harness: StartHarness) -> None:
    first = await start(make_harness)
    anna = first.world.add_user("anna")
    await first.harness.slash("notify", {"mode": "dm"}, user=anna)
    await first.harness.close()

    second = await start(make_harness)  # a new process on the same database

    assert await second.bot.services.preferences.notify_mode(anna) == NotifyMode.DM
    shown = await second.harness.slash("notify", user=anna)
    assert shown.reply.content.startswith("When it is your turn you get a direct message")
    other = second.world.add_user("bob")
    assert await second.bot.services.preferences.notify_mode(other) == NotifyMode.MENTION


# ----------------------------------------------------------------------------- bump


async def test_bump_moves_the_message_and_later_edits_follow(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    t, (anna, bob) = await seated(kit)
    await kit.click(f"kj:start:{t}", anna)
    old_id = int(kit.public(t)["id"])
    kit.world.new_message(kit.world.channel_id, {"content": "chatter"})

    bumped = await kit.on_hand(f"kj:bump:{t}", bob)

    assert "bottom of the channel" in bumped.reply.content
    new_id = int(kit.public(t)["id"])
    assert new_id != old_id and old_id in kit.world.deleted_messages
    table_messages = [
        m for m in kit.world.channel_messages(kit.world.channel_id) if m["flags"] & IS_COMPONENTS_V2
    ]
    assert int(table_messages[-1]["id"]) == new_id  # below the chatter
    assert kit.service.registry.get(t).message_id == new_id  # the stored id followed
    await kit.act(t)
    edits = kit.harness.rest_calls("PATCH", CHANNEL_MESSAGE)
    assert edits and edits[-1].url.endswith(f"/messages/{new_id}")
    await kit.harness.close()

    again = await start(make_harness)  # a restart refreshes the new message in place
    [refresh] = again.harness.rest_calls("PATCH", CHANNEL_MESSAGE)
    assert refresh.url.endswith(f"/messages/{new_id}")


async def test_bump_is_rate_limited_and_only_for_seated_players(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    t, (anna, bob) = await seated(kit)
    carl = kit.world.add_user("carl")
    await kit.click(f"kj:start:{t}", anna)
    before = int(kit.public(t)["id"])
    outsider = await kit.click(f"kj:bump:{t}", carl)
    assert "only its players" in outsider.reply.content  # not_seated, for a spectator
    assert int(kit.public(t)["id"]) == before

    await kit.harness.slash("table bump", user=anna)
    first_id = int(kit.public(t)["id"])
    now = kit.bot.clock.time
    refused = await kit.harness.slash("table bump", user=bob)

    assert refused.reply.content == (
        f"The table was bumped a moment ago; it can be bumped again <t:{int(now + 60)}:R>."
    )
    assert int(kit.public(t)["id"]) == first_id  # nothing moved
    kit.bot.clock.time = now + 60
    allowed = await kit.harness.slash("table bump", user=bob)
    assert "bottom of the channel" in allowed.reply.content
    assert int(kit.public(t)["id"]) != first_id


async def test_a_channel_that_refuses_notices_is_not_asked_again(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    t, (anna, bob) = await seated(kit)
    refused: list[Call] = []

    def post(call: Call) -> Any:
        if "your turn" in str(call.json):
            refused.append(call)
            raise http_error(403, 50013, "Missing Permissions")
        return kit.world.new_message(int(call.url.split("/")[-2]), call.json or {})

    kit.harness.override("POST", CHANNEL_MESSAGES, post)
    await kit.click(f"kj:start:{t}", anna)
    await wait(kit)
    await next_human_turn(kit, t)
    await wait(kit)

    assert len(refused) == 1
    assert not kit.harness.task_errors
