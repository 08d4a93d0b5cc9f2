"""Every click and every value gets an answer: outdated or forged buttons, values the engine
refuses, unknown languages, buttons used in the wrong channel or on the wrong message."""

from __future__ import annotations

from typing import Any

import pytest

from bot.tables import SeatKind
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    enabled,
    fix_seed,
    message_text,
    seed_with_first_dealer,
    start,
)
from tests.harness.limits import assert_ephemeral
from tests.harness.recorder import Dispatch

OUT_OF_DATE = (
    "This button is out of date and does nothing any more. "
    "Use the latest message, or run the command again."
)


def answer(result: Dispatch) -> str:
    """The one private answer an interaction got (a reply, not an edit of the clicked one)."""
    reply = result.reply
    assert reply.callback_type == 4, reply.route
    assert_ephemeral(reply)
    return reply.content


def public_message(kit: Kit, channel: int, custom_id: str) -> dict[str, Any]:
    """A public message in `channel` carrying one button (as a forged or copied id would)."""
    button = {"type": 2, "style": 2, "label": "?", "custom_id": custom_id}
    return kit.world.new_message(channel, {"components": [{"type": 1, "components": [button]}]})


async def lobby(make_harness: StartHarness) -> tuple[Kit, int, int]:
    kit = await start(make_harness)
    anna = kit.world.add_user("anna")
    return kit, await kit.open(anna), anna


@pytest.mark.parametrize(
    "custom_id",
    [
        "kj:nuke:{t}",  # no such kind
        "kj:card:{t}:-1:Jh",  # a negative seq
        "kj:card:{t}:3:Xx",  # no such card
        "kj:trump:{t}:3:joker",  # no such trump choice
        "kj:sit:{t}:7",  # no such seat
        "kj:hand:" + "9" * 95,  # an over-long table id
        "kj:",
    ],
)
async def test_an_outdated_or_malformed_button_is_answered(
    make_harness: StartHarness, custom_id: str
) -> None:
    kit, t, anna = await lobby(make_harness)
    before = kit.table(t).to_dict()

    result = await kit.click(custom_id.format(t=t), anna, message=kit.public(t))

    assert answer(result) == OUT_OF_DATE  # not Discord's "This interaction failed"
    assert kit.table(t).to_dict() == before


async def test_a_known_button_is_answered_once(make_harness: StartHarness) -> None:
    kit, t, anna = await lobby(make_harness)
    bob = kit.world.add_user("bob")

    result = await kit.click(f"kj:sit:{t}:1", bob, message=kit.public(t))

    [reply] = result.replies  # the sit's own answer, and no out-of-date one besides
    assert reply.content != OUT_OF_DATE
    assert kit.table(t).seat_of(bob) == 1


async def test_a_click_that_is_not_ours_is_left_alone(make_harness: StartHarness) -> None:
    kit, t, anna = await lobby(make_harness)
    kit.harness.allow_unanswered = True  # not ours to answer
    result = await kit.click("someone-else:button", anna, message=kit.public(t))
    assert result.replies == []


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (
            {"preset": "nonsense"},
            "There is no rule preset “nonsense”: choose one of amsterdam, rotterdam, utrecht, "
            "online-classic, online-1500, online-short.",
        ),
        ({"hands": 0}, "hands must be between 1 and 64, not 0."),
        ({"hands": 10**15}, "hands must be between 1 and 64, not 10000000000…."),
        ({"target": -5}, "target must be between 100 and 10000, not -5."),
        (
            {"preset": "x" * 300},
            "There is no rule preset “xxxxxxxxxxxxxxxxxxxxxxx…”: choose one of",
        ),
        (
            {"language": "klingon"},
            'There is no language "klingon": choose one of en, nl, pt-BR, es-ES, it.',
        ),
    ],
)
async def test_open_answers_a_refused_value_with_its_reason(
    make_harness: StartHarness, options: dict[str, Any], said: str
) -> None:
    kit = await start(make_harness)
    anna = kit.world.add_user("anna")

    result = await kit.harness.slash("table open", options, user=anna)

    assert answer(result).startswith(said)
    assert kit.service.in_channel(kit.world.channel_id) is None  # nothing was opened
    posted = kit.world.channel_messages(kit.world.channel_id)
    assert [m for m in posted if not m["flags"] & 64] == []  # no table message either


async def test_an_unknown_language_is_refused_not_stored(make_harness: StartHarness) -> None:
    kit, t, anna = await lobby(make_harness)
    before = kit.table(t).settings.locale

    refused = await kit.harness.slash("table settings", {"language": "xx-YY"}, user=anna)
    accepted = await kit.harness.slash("table settings", {"language": "NL"}, user=anna)

    assert answer(refused).startswith('There is no language "xx-YY": choose one of')
    assert_ephemeral(accepted.reply)
    assert before != "nl" and kit.table(t).settings.locale == "nl"  # a known one, normalised


async def test_a_seat_number_is_not_echoed_in_full(make_harness: StartHarness) -> None:
    kit, t, anna = await lobby(make_harness)
    bob = kit.world.add_user("bob")

    result = await kit.harness.slash("table join", {"seat": 10**30}, user=bob)

    assert answer(result) == "There is no seat 10000000000…: choose 1 to 4."
    assert kit.table(t).seat_of(bob) is None


async def test_a_sit_button_works_only_in_its_tables_channel(make_harness: StartHarness) -> None:
    kit, t, anna = await lobby(make_harness)
    bob = kit.world.add_user("bob")
    elsewhere = kit.world.add_channel("elsewhere")
    copied = public_message(kit, elsewhere, f"kj:sit:{t}:2")

    result = await kit.click(f"kj:sit:{t}:2", bob, message=copied)

    said = answer(result)
    assert (
        said
        == f"This button belongs to the table in <#{kit.world.channel_id}>: use the buttons there."
    )
    assert kit.table(t).seats[2].kind == SeatKind.EMPTY


@pytest.mark.parametrize("kind", ["trump", "refresh"])
async def test_a_hand_button_never_redraws_a_public_message(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """A trump (or Refresh) button found on a public message answers with a new private
    hand: the public message is never edited into someone's cards."""
    fix_seed(seed_with_first_dealer(3))  # seat 0 (anna) names trump first
    kit, t, anna = await lobby(make_harness)
    for _ in range(3):
        await kit.click(f"kj:addbot:{t}", anna, message=kit.public(t))
    await kit.click(f"kj:start:{t}", anna, message=kit.public(t))
    hand = await kit.hand(t, anna)
    custom_id = enabled(hand.components, "kj:trump:")[0] if kind == "trump" else f"kj:{kind}:{t}"
    shown = public_message(kit, kit.world.channel_id, custom_id)

    result = await kit.click(custom_id, anna, message=shown)

    reply = result.reply
    assert reply.callback_type == 4 and reply.path.endswith("/callback")
    assert_ephemeral(reply)
    assert "Your hand" in reply.text()
    assert kit.world.messages[int(shown["id"])]["edited_timestamp"] is None
    assert "Your hand" not in message_text(kit.world.messages[int(shown["id"])])
    kit.check_payloads()


@pytest.mark.parametrize("kind", ["sheet", "hand", "roem", "leave"])
async def test_a_table_id_beyond_any_table_is_answered(
    make_harness: StartHarness, kind: str
) -> None:
    """The longest id the template takes (20 digits, past SQLite's integers) is refused as
    an unknown table, not as a failure."""
    kit, t, anna = await lobby(make_harness)
    custom_id = f"kj:{kind}:{'9' * 20}"
    shown = public_message(kit, kit.world.channel_id, custom_id)

    result = await kit.click(custom_id, anna, message=shown)

    assert answer(result) == "This table no longer exists."
