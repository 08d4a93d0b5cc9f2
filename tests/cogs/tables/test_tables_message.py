"""The public table message at a glance (docs/table-ux.md 2.2): the pairs, trump, dealer and
whose turn; the trick in playing order with its leader and the engine's winning card
marked (no empty trick while trump is chosen); each pair's score, the hand's and the
match's without repeating a "0 – 0"; only the buttons that apply; and the score sheet's
columns with long names."""

from __future__ import annotations

import re

import pytest

from bot.engine import Card, Hand, Phase, RuleSet, SheetLine
from bot.tables import Status, public_table
from bot.texts.catalog import LOCALES, has
from cogs.common.text import card_text, suit_text, text_width
from cogs.tables.publisher import EditBudget
from cogs.tables.ui import rules_words
from cogs.tables.ui_sheet import SHEET_WIDTH
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    custom_ids,
    fix_seed,
    message_text,
    seed_with_first_dealer,
    sheet_block,
    sheet_hands,
    start,
    text_displays,
)
from tests.harness.limits import IS_COMPONENTS_V2, assert_ephemeral

NAMES = ("anna", "bob", "carl", "dirk")


async def four_players(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch, names: tuple[str, ...] = NAMES
) -> tuple[Kit, int, list[int]]:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    users = [kit.world.add_user(name) for name in names]
    t = await kit.open(users[0])
    for seat in (1, 2, 3):
        await kit.click(f"kj:sit:{t}:{seat}", users[seat])
    await kit.click(f"kj:start:{t}", users[0])
    return kit, t, users


def texts(kit: Kit, t: int) -> list[str]:
    """The text displays of the table message, in order."""
    return text_displays(kit.public(t))


def trick_text(kit: Kit, t: int) -> str | None:
    """The table message's trick: its title line, then one line per seat."""
    return next((text for text in texts(kit, t) if text.startswith(("**Trick", "**Slag"))), None)


def hand_of(kit: Kit, t: int) -> Hand:
    match = kit.table(t).match
    assert match is not None and match.hand is not None
    return match.hand


FACE = re.compile(r"<:kj_(\w\w)_\w+:\d+> ")  # a card's face (the bot's card emoji)


def trick_rows(text: str) -> list[tuple[str, str]]:
    """(name, what follows it) per seat line of a trick, in the order shown; a card's face
    is checked to be that card's and then left out."""
    rows = []
    for line in text.splitlines()[1:]:
        if " — " in line:
            name, rest = line.split(" — ", 1)
            face = FACE.match(rest)
            if face is not None:
                rest = rest[face.end() :]
                assert face[1] == Card.parse(face[1]).code.lower() and rest.startswith("**")
                assert card_text(Card.parse(face[1]), "en") in rest
            rows.append((name.removesuffix(" 🤖"), rest))
    return rows


async def test_the_public_message_tells_pairs_trump_turn_trick_and_scores(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_players(make_harness, monkeypatch)
    assert kit.public(t)["flags"] & IS_COMPONENTS_V2  # one box: text, then the buttons
    while hand_of(kit, t).phase == Phase.TRUMP:
        shown = "\n".join(texts(kit, t))
        assert trick_text(kit, t) is None  # no empty trick while trump is chosen
        assert "Match" not in shown and "**0 – 0**" not in shown  # no "0 – 0" twice
        assert "\nanna & carl – bob & dirk" in shown  # the pairs, named
        assert "Dealer: dirk" in shown
        to_act = hand_of(kit, t).to_act
        assert to_act is not None and f"⏳ **{NAMES[to_act]}** chooses trump" in shown
        await kit.act(t)
    hand = hand_of(kit, t)
    assert hand.trump is not None and hand.chooser is not None
    shown = "\n".join(texts(kit, t))
    assert f"Trump {suit_text(hand.trump, 'en')}, chosen by {NAMES[hand.chooser]}" in shown
    assert "dealer" not in shown and "hand 1 of 16" in shown  # the picture shows the dealer

    seen_taken = seen_playing = 0
    for _ in range(12):  # three tricks, card by card
        await kit.act(t)
        hand = hand_of(kit, t)
        trick = trick_text(kit, t)
        assert trick is not None
        rows = trick_rows(trick)
        if hand.current:
            seen_playing += 1
            leader, cards, winner = hand.leader, list(hand.current), hand.current_winner()
            assert trick.startswith(f"**Trick {hand.trick_number} of 8**")
        else:  # a trick was just taken: it stays on the table until the next card
            seen_taken += 1
            last = hand.last_trick
            assert last is not None
            leader, cards, winner = last.leader, list(last.cards), last.winner
            assert trick.startswith(f"**Trick {len(hand.tricks)} · taken by {NAMES[winner]}**")
            picture = kit.cog.publisher.picture(t)
            if picture is not None and picture.shows_last_trick(public_table(kit.table(t))):
                assert rows == []  # the picture under its title shows the cards
                continue
        # one line per card played, in playing order from the leader
        assert [name for name, _ in rows] == [NAMES[(leader + i) % 4] for i in range(len(cards))]
        for i, (name, rest) in enumerate(rows):
            seat = (leader + i) % 4
            assert rest.startswith(f"**{card_text(cards[i], 'en')}**"), (name, rest)
            assert ("🏆" in rest) == (seat == winner), (name, rest)
            assert rest.endswith(" · led") == (i == 0 and bool(cards)), (name, rest)
        assert "▶" not in trick  # no mark that reads as "led" for whoever is to act

        points = [
            f"{hand.points[p]} + {hand.roem[p]} roem" if hand.roem[p] else str(hand.points[p])
            for p in (0, 1)
        ]
        scores = texts(kit, t)[-1].splitlines()
        assert scores == [f"anna & carl **{points[0]} – {points[1]}** bob & dirk"]
    assert seen_taken and seen_playing
    kit.check_payloads()


async def test_the_match_score_joins_the_hand_score_once_a_hand_is_scored(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_players(make_harness, monkeypatch)
    for _ in range(200):
        match = kit.table(t).match
        assert match is not None
        if match.sheet:
            break
        await kit.act(t)
        await kit.run_computers(t)
    match = kit.table(t).match
    assert match is not None and match.sheet and match.hand is not None
    line = match.sheet[-1]
    while hand_of(kit, t).phase == Phase.TRUMP:  # the next hand: only the match's totals
        scores = texts(kit, t)[-1].splitlines()
        one, two = match.totals
        assert scores == [
            f"Match: anna & carl **{one} – {two}** bob & dirk",
            f"-# Hand 1: {line.scores[0]} – {line.scores[1]}" + _flag(line),
        ]
        await kit.act(t)
    await kit.act(t)
    scores = texts(kit, t)[-1].splitlines()
    assert scores[0].startswith("anna & carl **") and scores[0].endswith("** bob & dirk")
    assert scores[1] == f"-# Match: {match.totals[0]} – {match.totals[1]}"
    kit.check_payloads()


def _flag(line: SheetLine) -> str:
    return " · nat" if line.nat else (" · pit" if line.pit is not None else "")


async def test_roem_and_last_trick_buttons_show_only_when_they_apply(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_players(make_harness, monkeypatch)
    windows = 0
    for _ in range(20):
        hand = hand_of(kit, t)
        ids = custom_ids(kit.public(t))
        assert (f"kj:roem:{t}" in ids) == hand.claimable
        picture = kit.cog.publisher.picture(t)  # Previous trick, unless the picture shows it
        pictured = picture is not None and picture.shows_last_trick(public_table(kit.table(t)))
        assert (f"kj:last:{t}" in ids) == (hand.last_trick is not None and not pictured)
        assert f"kj:back:{t}" not in ids  # nobody is away
        windows += hand.claim_open
        await kit.act(t)
    assert windows >= 2  # the run passed through claim windows, and out of them again

    kit.cog.publisher.pictures = EditBudget(rate=0.001, burst=0.5)  # no picture more
    while f"kj:last:{t}" not in custom_ids(kit.public(t)) or not hand_of(kit, t).current:
        await kit.act(t)  # until a trick is played that the picture does not show
    hand = hand_of(kit, t)
    last = hand.last_trick
    assert last is not None and hand.current  # a trick is being played: the last one is shown
    spectator = kit.world.add_user("eve")
    shown = await kit.click(f"kj:last:{t}", spectator, message=kit.public(t))
    assert_ephemeral(shown.reply)
    [answer] = shown.reply.embeds
    assert answer["title"] == f"Trick {len(hand.tricks)} · taken by {NAMES[last.winner]}"
    rows = trick_rows("title\n" + answer["description"])
    assert [name for name, _ in rows] == [NAMES[last.seat_of(i)] for i in range(4)]
    for i, (_, rest) in enumerate(rows):
        assert rest.startswith(f"**{card_text(last.cards[i], 'en')}**")
        assert ("🏆" in rest) == (last.seat_of(i) == last.winner)
        assert rest.endswith(" · led") == (i == 0)  # the taken trick marks its leader
    assert "⏳" not in answer["description"] and "▶" not in answer["description"]
    kit.check_payloads()


async def test_the_dutch_message_uses_dutch_words_and_letters(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    users = [kit.world.add_user(name) for name in NAMES]
    t = await kit.open(users[0], language="nl")
    for seat in (1, 2, 3):
        await kit.click(f"kj:sit:{t}:{seat}", users[seat])
    await kit.click(f"kj:start:{t}", users[0])
    while hand_of(kit, t).phase == Phase.TRUMP:
        await kit.act(t)
    await kit.act(t)
    hand = hand_of(kit, t)
    assert hand.trump is not None
    shown = "\n".join(texts(kit, t))
    assert f"Troef {suit_text(hand.trump, 'nl')}, gekozen door" in shown
    trick = trick_text(kit, t)
    assert trick is not None and trick.startswith("**Slag 1 van 8**")
    assert f"**{card_text(hand.current[0], 'nl')}**" in trick and " · kwam uit" in trick
    assert texts(kit, t)[-1] == "anna & carl **0 – 0** bob & dirk"  # the scoreboard


LONG = (
    "Annemarie van den Heuvel-Jansen!",  # 32 characters
    "Bartholomeus Christiaan Verbeek2",
    "山田太郎山田太郎山田太郎山田太郎山田太郎山田太郎山田太郎山田太郎",  # 32 wide characters
    "Dirk-Jan `tick` van Oldenbarnevt",
)


async def test_the_sheet_fits_a_phone_and_names_the_pairs_with_32_character_names(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert all(len(name) == 32 for name in LONG)
    kit, t, users = await four_players(make_harness, monkeypatch, LONG)
    for _ in range(400):
        await kit.run_computers(t)
        match = kit.table(t).match
        if match is None or len(match.sheet) >= 3 or kit.table(t).status != Status.PLAYING:
            break
        await kit.act(t)
    assert len(kit.table(t).match.sheet) >= 3  # type: ignore[union-attr]

    # the table message shortens a long name with an ellipsis rather than cutting it off
    shown = message_text(kit.public(t))
    assert "Annemarie v…" in shown and LONG[0] not in shown  # 12 columns at play (2.13)
    assert "山田太郎山…" in shown

    asked = await kit.harness.slash("table sheet", user=users[1])
    description = asked.reply.embeds[0]["description"]
    block = sheet_block(description)
    assert block[0].split() == ["#", "Pair", "1", "Pair", "2"]
    assert len(sheet_hands(description)) == len(kit.table(t).match.sheet)  # type: ignore[union-attr]
    assert all(text_width(row) <= SHEET_WIDTH for row in block)
    # the names are above the block, shortened; none reaches into it
    assert "Pair 1: Annemarie van den Heuve… & 山田太郎山田太郎山田太…" in description
    assert "Dirk-Jan \\`tick\\` van Old…" in description
    assert not any(name[:8] in "\n".join(block) for name in LONG)
    kit.check_payloads()


def test_the_rules_line_says_a_changed_option_in_the_readers_words() -> None:
    """/table settings names the rules with what was changed, never as the code writes it;
    the match's length has its own words (the lobby, the heading)."""
    rules = RuleSet.preset("amsterdam").with_options(roem_claiming="automatic", match_hands=8)
    assert rules.label == "amsterdam + match_hands=8, roem_claiming=automatic"  # the code's
    assert rules_words(rules, "en") == "amsterdam + roem counted by the bot"
    assert rules_words(rules, "nl") == "amsterdam + roem telt vanzelf"
    assert rules_words(RuleSet.preset("amsterdam"), "it") == "amsterdam"
    for locale in LOCALES:
        for value in ("automatic", "manual"):
            assert has(f"tables.rules.roem_claiming.{value}", locale)
