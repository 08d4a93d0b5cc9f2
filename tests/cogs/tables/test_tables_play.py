"""Playing by clicks: trump choice, cards, refusals, stale buttons and roem claims."""

from __future__ import annotations

import copy

import pytest

from bot.engine import Card, Hand, Phase, Suit
from bot.tables import private_hand
from tests.cogs.tables.tables_kit import (
    CARD_TEXT,
    Kit,
    StartHarness,
    custom_ids,
    drawn_earlier,
    enabled,
    fix_seed,
    message_text,
    seed_with_first_dealer,
    start,
    two_humans_started,
)
from tests.harness.limits import assert_ephemeral
from tests.harness.world import ORIGINAL

SUIT_WORDS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


async def two_humans(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> tuple[Kit, int, int, int]:
    """Anna (seat 1) and Bob (seat 3) against two computers; seat 4 deals the first hand,
    so Anna, left of the dealer, names trump (or passes) first."""
    kit, t, anna, bob = await two_humans_started(make_harness, monkeypatch)
    return kit, t, anna, bob


async def play_until(kit: Kit, t: int, done: object, limit: int = 200) -> None:
    """Let computers and humans (first enabled button) play until `done()` is true."""
    for _ in range(limit):
        await kit.run_computers(t)
        if done():  # type: ignore[operator]
            return
        if kit.to_act(t) is not None:
            await kit.act(t)
    raise AssertionError("the condition was never reached")


async def test_a_complete_hand_by_clicks_with_the_trump_choice(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await two_humans(make_harness, monkeypatch)
    table = kit.table(t)
    assert kit.to_act(t) == (0, anna)
    public = message_text(kit.public(t))
    assert "**anna** chooses trump" in public
    assert not CARD_TEXT.search(public), "the public message shows no card before play"

    hand = await kit.hand(t, anna)
    seq = table.seq
    assert [c for c in hand.custom_ids() if c.startswith("kj:trump:")] == [
        f"kj:trump:{t}:{seq}:{s}" for s in ("c", "d", "h", "s", "pass")
    ]
    assert not [c for c in hand.custom_ids() if c.startswith("kj:card:")]
    assert "Your turn: name trump, or pass." in hand.text()
    chose = await kit.click(f"kj:trump:{t}:{seq}:h", anna, message=hand.message_id)

    assert chose.response.callback_type == 7  # the same ephemeral message, edited
    assert_ephemeral(chose.response)
    assert "You chose ♥ hearts as trump." in chose.response.text()
    assert kit.table(t).match.hand.trump == Suit.HEARTS  # type: ignore[union-attr]
    assert "Trump ♥ hearts, chosen by anna" in message_text(kit.public(t))

    await play_until(kit, t, lambda: bool(kit.table(t).match.sheet))  # type: ignore[union-attr]

    [line] = kit.table(t).match.sheet  # type: ignore[union-attr]
    assert (line.number, line.trump, line.makers, line.chooser) == (1, "h", 0, 0)
    text = message_text(kit.public(t))
    assert f"Hand 1: {line.scores[0]} – {line.scores[1]}" in text
    assert "hand 2 of 16" in text
    kit.check_payloads()


async def test_an_illegal_card_is_refused_with_the_reason_and_changes_nothing(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await two_humans(make_harness, monkeypatch)

    def must_follow() -> bool:
        found = kit.to_act(t)
        if found is None:
            return False
        reasons = private_hand(kit.table(t), found[0]).reasons
        return any(r.code == "must_follow" for r in reasons.values())

    await play_until(kit, t, must_follow)
    seat, user = kit.to_act(t)  # type: ignore[misc]
    view = private_hand(kit.table(t), seat)
    card, reason = next((c, r) for c, r in view.reasons.items() if r.code == "must_follow")
    why = f"You must follow {SUIT_WORDS[reason.suit.letter]}"  # type: ignore[union-attr]
    hand = await kit.hand(t, user)
    custom_id = f"kj:card:{t}:{view.seq}:{card.code}"
    assert custom_id not in hand.custom_ids()  # a card that may not be played is words
    assert f"-# Not playable now: y{why[1:]}." in hand.text()  # one line says why
    before = kit.table(t).to_dict()

    forged = drawn_earlier(hand.message, custom_id)  # a forged click, or a stale client's
    click = await kit.click(custom_id, user, message=forged)

    assert click.response.callback_type == 7
    assert_ephemeral(click.response)
    assert f"You may not play {card}: y{why[1:]}." in click.response.text()
    assert kit.table(t).to_dict() == before
    kit.check_payloads()


async def test_clicks_out_of_turn_and_by_someone_not_seated(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await two_humans(make_harness, monkeypatch)
    carl = kit.world.add_user("carl")
    await kit.act(t, lambda ids: next(i for i in ids if i.endswith(":s")))
    await play_until(kit, t, lambda: kit.to_act(t) is not None)
    seat, user = kit.to_act(t)  # type: ignore[misc]
    waiting = bob if user == anna else anna
    name = "anna" if user == anna else "bob"
    hand = await kit.hand(t, waiting)
    assert "is to play" in hand.text() and not enabled(hand.components, "kj:card:")
    before = kit.table(t).to_dict()

    card = private_hand(kit.table(t), 0 if waiting == anna else 2).cards[0]
    forged = f"kj:card:{t}:{kit.table(t).seq}:{card.code}"
    out_of_turn = await kit.click(forged, waiting, message=drawn_earlier(hand.message, forged))
    my_hand = await kit.click(f"kj:hand:{t}", carl, message=kit.public(t))
    earlier = drawn_earlier(kit.public(t), f"kj:roem:{t}", f"kj:back:{t}")
    roem = await kit.click(f"kj:roem:{t}", carl, message=earlier)
    back = await kit.click(f"kj:back:{t}", carl, message=earlier)
    slash = await kit.harness.slash("hand", user=carl)
    sheet = await kit.click(f"kj:sheet:{t}", carl, message=kit.public(t))

    assert f"It is not your turn: {name} is to act." in out_of_turn.response.text()
    assert_ephemeral(out_of_turn.response)
    for refused in (my_hand, roem, back, slash):  # a spectator is told how to play
        assert refused.reply.content == (
            "You are watching this match: only its players can do that. When it is over, "
            "open the next table with /table open and take a seat, or join one that has a "
            "free seat."
        )
        assert_ephemeral(refused.reply)
    assert_ephemeral(sheet.reply)  # spectators may read the score sheet
    assert "Score sheet" in sheet.reply.text()
    assert kit.table(t).to_dict() == before
    kit.check_payloads()


async def test_a_stale_button_shows_the_current_hand_instead_of_acting(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, _ = await two_humans(make_harness, monkeypatch)
    old = await kit.hand(t, anna)
    new = await kit.hand(t, anna)
    await kit.click(f"kj:trump:{t}:{kit.table(t).seq}:h", anna, message=new.message_id)
    seq_after = kit.table(t).seq
    old_id = next(c for c in old.custom_ids() if c.endswith(":s"))

    stale = await kit.click(old_id, anna, message=old.message_id)

    assert stale.response.callback_type == 7
    assert_ephemeral(stale.response)
    assert "The table moved on since this was shown" in stale.response.text()
    assert kit.table(t).seq == seq_after
    assert kit.table(t).match.hand.trump == Suit.HEARTS  # type: ignore[union-attr]
    cards = [c for c in stale.response.custom_ids() if c.startswith("kj:card")]
    assert cards and all(f":{seq_after}:" in c for c in cards)
    kit.check_payloads()


# ----------------------------------------------------------------------------- roem


def find_trick(hand: Hand, with_roem: bool) -> list[Card] | None:
    """Legal cards for the four seats that make a trick with (or without) roem."""
    return _search(hand, [], with_roem)


def _search(hand: Hand, played: list[Card], with_roem: bool) -> list[Card] | None:
    if len(played) == 4:
        trick = hand.last_trick
        return played if trick is not None and bool(trick.roem) == with_roem else None
    seat = hand.to_act
    assert seat is not None
    for card in hand.legal(seat):
        copy = Hand.from_dict(hand.rules, hand.to_dict())
        copy.play(seat, card)
        found = _search(copy, [*played, card], with_roem)
        if found is not None:
            return found
    return None


async def four_humans(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> tuple[Kit, int, list[int]]:
    fix_seed("roem-test")
    kit = await start(make_harness)
    users = [kit.world.add_user(name) for name in ("anna", "bob", "carl", "dirk")]
    t = await kit.open(users[0])
    for seat in (1, 2, 3):
        await kit.click(f"kj:sit:{t}:{seat}", users[seat])
    await kit.click(f"kj:start:{t}", users[0])
    return kit, t, users


async def play_cards(kit: Kit, t: int, users: list[int], cards: list[Card]) -> None:
    for card in cards:
        seat, user = kit.to_act(t)  # type: ignore[misc]
        assert users[seat] == user
        hand = await kit.hand(t, user)
        custom_id = f"kj:card:{t}:{kit.table(t).seq}:{card.code}"
        assert custom_id in enabled(hand.components, "kj:card:")
        await kit.click(custom_id, user, message=hand.message_id)


async def test_roem_claims_accepted_and_refused(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_humans(make_harness, monkeypatch)
    refused_empty = False
    for _ in range(8 * 16):
        hand = kit.table(t).match.hand  # type: ignore[union-attr]
        assert hand is not None
        if hand.phase == Phase.TRUMP:
            await kit.act(t)
            continue
        plan = find_trick(hand, with_roem=refused_empty) or find_trick(hand, with_roem=False)
        assert plan is not None
        await play_cards(kit, t, users, plan)
        trick = kit.table(t).match.hand.last_trick  # type: ignore[union-attr]
        if trick is None or (trick.roem and not refused_empty):
            continue
        if not trick.roem:
            await claim_without_roem(kit, t, users, trick.winner)
            refused_empty = True
            continue
        await claim_roem(kit, t, users, trick.winner, trick.roem.points)
        break
    else:
        raise AssertionError("no trick with roem in 16 hands")
    kit.check_payloads()


async def claim_without_roem(kit: Kit, t: int, users: list[int], winner: int) -> None:
    before = kit.table(t).to_dict()
    refused = await kit.click(f"kj:roem:{t}", users[winner], message=kit.public(t))
    assert refused.reply.content == "That trick holds no roem: nothing was credited."
    assert_ephemeral(refused.reply)
    assert kit.table(t).to_dict() == before


async def claim_roem(kit: Kit, t: int, users: list[int], winner: int, points: int) -> None:
    pair = winner % 2
    other = await kit.hand(t, users[(winner + 1) % 4])
    mine = await kit.hand(t, users[(winner + 2) % 4])
    assert f"kj:roem:{t}" not in enabled(other.components, "kj:roem:")
    assert f"kj:roem:{t}" in enabled(mine.components, "kj:roem:")
    assert "Roem in your pair's trick? Press **Roem!**" in mine.text()
    match = kit.table(t).match
    assert match is not None and match.hand is not None
    roem_before, hands_before = match.hand.roem[pair], len(match.sheet)

    wrong = await kit.click(f"kj:roem:{t}", users[(winner + 1) % 4], message=kit.public(t))
    drawn_before = copy.deepcopy(kit.public(t))
    accepted = await kit.click(f"kj:roem:{t}", users[(winner + 2) % 4], message=mine.message_id)
    # a click on the message as it was drawn before the claim (the edit not seen yet)
    again = await kit.click(f"kj:roem:{t}", users[winner], message=drawn_before)

    assert wrong.reply.content == "Only the pair that took the trick may claim its roem."
    assert accepted.response.callback_type == 7  # answered in the hand it was clicked in
    assert_ephemeral(accepted.response)
    assert "Roem credited: " in accepted.response.text()
    assert f": {points}." in accepted.response.text()
    assert again.reply.content == "The roem of that trick is already claimed."
    match = kit.table(t).match  # fetched again: a refusal restores the table from a snapshot
    assert match is not None and match.hand is not None
    if len(match.sheet) > hands_before:  # a claim on the last trick scores the hand
        assert match.sheet[-1].roem[pair] == roem_before + points
    else:
        assert match.hand.roem[pair] == roem_before + points
        claimer = kit.world.users[users[(winner + 2) % 4]]
        assert f"roem {points}, " in message_text(kit.public(t))
        assert f", claimed by {claimer}" in message_text(kit.public(t))
    # the claim is made: Roem! goes, from the table and from the claimer's hand
    assert f"kj:roem:{t}" not in custom_ids(kit.public(t))
    assert f"kj:roem:{t}" not in accepted.response.custom_ids()
    assert "press Roem!" not in accepted.response.text()


async def test_a_hand_drawn_earlier_is_redrawn_when_the_turn_comes(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await two_humans(make_harness, monkeypatch)
    await kit.act(t, lambda ids: next(i for i in ids if i.endswith(":h")))
    await kit.act(t)  # anna leads; the computer at seat 2 plays next, then bob
    early = await kit.hand(t, bob)
    assert not enabled(early.components, "kj:card:")

    await kit.run_computers(t)

    assert kit.to_act(t) == (2, bob)
    redraws = [c for c in kit.harness.calls if c.route == f"PATCH {ORIGINAL}"]
    assert [c.message_id for c in redraws] == [early.message_id]
    assert_ephemeral(redraws[0])
    shown = kit.world.messages[early.message_id or 0]
    cards = enabled(shown["components"], "kj:card:")
    assert cards and all(f":{kit.table(t).seq}:" in c for c in cards)
    played = await kit.click(cards[0], bob, message=early.message_id)
    assert "You played" in played.response.text()

    # Fifteen minutes on, the token that drew the hand is dead: the redraw fails quietly,
    # and My hand still works.
    kit.world.advance(minutes=16)
    await play_until(kit, t, lambda: kit.to_act(t) == (2, bob))
    refused = [c for c in kit.harness.calls if c.route == f"PATCH {ORIGINAL}" and not c.message]
    tokens = [c.url for c in refused]
    assert tokens and len(tokens) == len(set(tokens))  # each dead token tried once, forgotten
    assert enabled(kit.world.messages[early.message_id or 0]["components"], "kj:card:") == []
    fresh = await kit.hand(t, bob)
    assert enabled(fresh.components, "kj:card:")
    kit.check_payloads()


async def test_a_forced_trump_choice_disables_pass(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    anna = kit.world.add_user("anna")
    t = await kit.open(anna, preset="utrecht")  # left of the dealer must name trump
    for _ in range(3):
        await kit.click(f"kj:addbot:{t}", anna)

    started = await kit.click(f"kj:start:{t}", anna)

    buttons = {
        b["custom_id"].rsplit(":", 1)[1]: b
        for b in started.response.buttons()
        if b["custom_id"].startswith("kj:trump:")
    }
    assert list(buttons) == ["c", "d", "h", "s", "pass"]
    assert buttons["pass"]["disabled"] is True
    assert not any(b.get("disabled") for key, b in buttons.items() if key != "pass")
    assert "you must name trump" in started.response.text()
    refused = await kit.click(
        buttons["pass"]["custom_id"], anna, message=started.response.message_id
    )
    assert "You may not pass: you must name trump." in refused.response.text()


async def test_two_clicks_at_once_play_one_card(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, _ = await two_humans(make_harness, monkeypatch)
    await kit.act(t, lambda ids: next(i for i in ids if i.endswith(":h")))
    hand = await kit.hand(t, anna)  # anna leads: every card is playable
    first, second = enabled(hand.components, "kj:card:")[:2]
    harness = kit.harness
    payloads = [
        harness.component_payload(custom_id, message=hand.message_id, user=anna)
        for custom_id in (first, second)
    ]
    seq = kit.table(t).seq

    for payload in payloads:  # both arrive before either is answered
        harness.world.remember_interaction(payload)
        harness.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    await kit.flush()

    answers = [harness.replies_for(int(p["id"]))[0] for p in payloads]
    texts = sorted(a.text() for a in answers)
    assert sum("You played" in text for text in texts) == 1
    assert sum("The table moved on" in text for text in texts) == 1
    assert kit.table(t).seq == seq + 1
    assert len(kit.table(t).match.hand.current) == 1  # type: ignore[union-attr]
