"""Analyse through the offline harness: the button on a table's review and on a scored
challenge deal, the private answer within a phone's width in every language, and every
bad click refused privately with nothing changed."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.analysis import Analysis, Valued
from bot.engine import Card, RuleSet, Suit
from bot.texts.catalog import LOCALES
from cogs.analysis.ui import analysis_text
from cogs.common.text import NO_EMOJIS, card_text, text_width
from tests.analysis.test_service import as_game
from tests.cogs.challenge.kit import ClockedBot as ChallengeBot
from tests.cogs.challenge.kit import Member
from tests.cogs.tables.tables_kit import Kit, StartHarness, custom_ids, two_humans_started
from tests.cogs.tables.test_tables_review import carrying, from_sheet, play_until_scored
from tests.games import OTHER_GAME_PRESETS
from tests.harness.limits import assert_ephemeral, assert_within_discord_limits
from tests.harness.recorder import Call

EMOJI = re.compile(r"<:\w+:\d+>")
ANALYSE = re.compile(r"kj:an:[tc]:\d+:\d+:[0-9a-f]{8}")


def answer_lines(text: str) -> list[str]:
    """The answer's lines as a phone shows them: markdown marks take no room, a card's
    picture two columns."""
    shown = EMOJI.sub("🂠", text.replace("**", ""))
    return [line for line in shown.splitlines() if not line.startswith("-# ")]


async def logged(kit: Kit, t: int) -> int:
    return len(await kit.harness.bot.services.store.tables.actions(t))


async def reviewed(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> tuple[Kit, int, int, Call, str]:
    """Hand 1 scored and reviewed by anna: (kit, table, anna, the review, its Analyse)."""
    kit, t, anna, bob = await two_humans_started(make_harness, monkeypatch)
    await play_until_scored(kit, t)
    sheet = await from_sheet(kit, t, anna)
    review = (await kit.click(f"kj:review:{t}:1", anna, message=sheet.message_id)).response
    [analyse] = [c for c in review.custom_ids() if c.startswith("kj:an:")]
    assert ANALYSE.fullmatch(analyse) and analyse.startswith(f"kj:an:t:{t}:1:")
    return kit, t, anna, review, analyse


async def test_analyse_on_a_review_answers_the_player_privately(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, review, analyse = await reviewed(make_harness, monkeypatch)
    before = await logged(kit, t)

    asked = await kit.click(analyse, anna, message=review.message_id)
    answer = asked.replies[-1]
    assert_ephemeral(answer)
    assert_within_discord_limits(answer)
    assert answer.content.startswith("**Hand 1: your decisions**")
    assert "Valued by the strong computer" in answer.content
    assert all(text_width(line) <= 36 for line in answer_lines(answer.content)[2:])
    lines = answer.content.splitlines()
    for at, line in enumerate(lines):  # each trick's decision shows the trick as found
        if line.startswith("Trick "):
            assert lines[at + 1].startswith(("-# on the table: ", "-# you led"))
    assert await logged(kit, t) == before
    kit.check_payloads()


async def test_bad_analyse_clicks_are_refused_privately(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, review, analyse = await reviewed(make_harness, monkeypatch)
    carl = kit.world.add_user("carl")
    before = await logged(kit, t)
    stale = f"kj:an:t:{t}:1:00000000"
    cases = {
        stale: (anna, "This button is out of date"),
        analyse: (carl, "You took no decisions in this hand"),
        f"kj:an:t:{t}:2:{analyse[-8:]}": (anna, "Hand 2 is not scored here"),
        f"kj:an:t:{t + 40}:1:{analyse[-8:]}": (anna, "Hand 1 is not scored here"),
    }
    for custom_id, (user, sentence) in cases.items():
        result = await kit.click(custom_id, user, message=carrying(kit, custom_id))
        reply = result.replies[-1]
        assert_ephemeral(reply)
        assert reply.content.startswith(sentence), reply.content
    assert await logged(kit, t) == before
    kit.check_payloads()


async def test_a_league_tables_review_has_no_analyse(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await two_humans_started(make_harness, monkeypatch)
    await play_until_scored(kit, t)
    held = kit.table(t)
    held.settings = replace(held.settings, league=True)
    sheet = await from_sheet(kit, t, anna)
    review = (await kit.click(f"kj:review:{t}:1", anna, message=sheet.message_id)).response
    assert not [c for c in review.custom_ids() if c.startswith("kj:an:")]
    assert not [c for c in custom_ids(kit.public(t)) if c.startswith("kj:an:")]


async def test_analyse_a_scored_challenge_deal(make_harness: StartHarness) -> None:
    harness = await make_harness(
        bot_class=ChallengeBot, extensions=("cogs.errors", "cogs.challenge", "cogs.analysis")
    )
    harness.bot.services.challenges._seed = lambda: "fixed-test-seed"
    ann = Member(harness, "ann")
    await ann.open()
    await ann.press(ann.enabled()[0])
    for _ in range(60):
        if ann.enabled("kj:an:"):
            break
        await ann.step()
    [analyse] = ann.enabled("kj:an:")
    assert analyse.startswith("kj:an:c:1:1:")
    asked = await ann.click(analyse)
    answer = asked.replies[-1]
    assert_ephemeral(answer)
    assert answer.content.startswith("**Deal 1: your decisions**")
    bob = Member(harness, "bob")  # never played it
    other = await bob.click(analyse, message=ann.message)
    assert other.replies[-1].content.startswith("You took no decisions")
    assert_ephemeral(other.replies[-1])


@pytest.mark.parametrize("locale", LOCALES)
def test_every_decision_line_fits_a_phone(locale: str) -> None:
    ten, ace = Card.parse("Tc"), Card.parse("Ac")
    on_table = (Card.parse("Th"), Card.parse("Kh"), Card.parse("Ah"))
    costly = (
        Valued(30, 8, ten, ace, 162.0, on_table),
        Valued(3, 0, None, Suit.parse("h"), 88.4),
        Valued(5, 0, Suit.parse("d"), None, 1.0),
    )
    for kind in ("table", "challenge"):
        text = analysis_text(Analysis(kind, 1, 16, 9, costly), locale, NO_EMOJIS)
        lines = answer_lines(text)
        assert len(lines) == 2 + 2 * len(costly)
        for line in lines[2:]:
            assert text_width(line) <= 36, (locale, line)
        small = [line for line in text.splitlines() if line.startswith("-# ")][:-1]
        assert len(small) == 1 and text_width(small[0][3:]) <= 36, (locale, small)
        assert all(card_text(card, locale) in small[0] for card in on_table)


@pytest.mark.parametrize("name", OTHER_GAME_PRESETS)
async def test_analyse_on_a_hand_of_another_game_is_refused_naming_it(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    kit, t, anna, review, analyse = await reviewed(make_harness, monkeypatch)
    before = await logged(kit, t)
    as_game(kit.harness.bot.services.store, name, monkeypatch)
    asked = await kit.click(analyse, anna, message=review.message_id)
    reply = asked.replies[-1]
    assert_ephemeral(reply)
    game = RuleSet.game_preset(name).game
    said = f"Analysis looks at four-player Klaverjas hands; hands of {game} are not analysed yet."
    assert reply.content == said
    assert await logged(kit, t) == before
    kit.check_payloads()
