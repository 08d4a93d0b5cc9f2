"""A kraken table through the harness (docs/rules.md 2.5, 2.6): /table open offers the
kraken presets, the kraak round on the hand message, calls by people and by computers to
the final sheet, the refusals of a call out of turn, by the wrong pair, stale, forged,
foreign or after the first lead, and the calls, multiplier and hand roem on the public
message (docs/table-ux.md 2.14) and the sheet."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pytest

from bot.engine import Card, Match, Phase, RuleSet, Suit
from bot.engine.handroem import Combination, ComboKind
from bot.players.calls import answered
from bot.players.hint import Hint
from bot.tables.answers import HintAnswer
from bot.texts.catalog import t
from cogs.common.text import call_label
from cogs.tables.ui_kraak import calls_text, hand_roem_lines
from cogs.tables.ui_text import hint_reply
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    enabled,
    fix_seed,
    message_text,
    seed_with_first_dealer,
    start,
)
from tests.cogs.tables.test_tables_phone import two_cards_down
from tests.cogs.tables.test_tables_play import play_until
from tests.harness.limits import assert_ephemeral

KRAKEN = RuleSet.preset("kraken")


async def _kraken_table(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> tuple[Kit, int, int, int]:
    """anna (seat 1) and bob (seat 3) against two computers, one hand of `kraken`; seat 1
    deals, so the computer at seat 2 names trump and bob is asked to kraak first."""
    fix_seed(seed_with_first_dealer(0, KRAKEN))
    kit = await start(make_harness)
    t, anna, bob = await kit.two_humans_playing(preset="kraken", hands=1)
    await kit.run_computers(t)
    return kit, t, anna, bob


def seed_for_a_computer_kraak(rules: RuleSet) -> str:
    """A table seed whose first hand seat 4 deals, so anna (seat 1) names trump, on a deal
    where, with clubs trump, the computers' pair holds a kraak by the normal player's rule
    (`bot.players.calls`)."""
    for i in itertools.count():
        seed = f"kj-test-{i}"
        match = Match(rules, f"{seed}/1")
        if match.first_dealer == 3 and answered(match.deal_of(1), 0, 0, Suit.CLUBS, rules):
            return seed
    raise AssertionError("unreachable")


def _phase(kit: Kit, t: int) -> Phase:
    hand = kit.table(t).match.hand  # type: ignore[union-attr]
    assert hand is not None
    return hand.phase


async def test_a_kraken_table_plays_from_open_to_the_final_sheet_with_calls(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await _kraken_table(make_harness, monkeypatch)
    assert kit.table(t).rules.name == "kraken"
    assert _phase(kit, t) == Phase.DOUBLING and kit.to_act(t) == (2, bob)
    assert "**bob** may call kraak or pass" in message_text(kit.public(t))

    waiting = await kit.hand(t, anna)
    assert not enabled(waiting.components, "kj:kraak:")  # offered only to the seat asked
    assert "bob may call kraak." in waiting.text()
    hand = await kit.hand(t, bob)
    seq = kit.table(t).seq
    assert enabled(hand.components, "kj:kraak:") == [
        f"kj:kraak:{t}:{seq}:1:call",
        f"kj:kraak:{t}:{seq}:1:pass",
    ]
    assert "Your call: kraak (×2) or pass." in hand.text()

    called = await kit.click(f"kj:kraak:{t}:{seq}:1:call", bob, message=hand.message_id)
    assert_ephemeral(called.response)
    assert "You called kraak." in called.response.text()
    await kit.run_computers(t)
    assert "Kraak by bob" in (await kit.hand(t, anna)).text()  # each call, by its caller
    # The computers answer as their level does; the people call whatever is asked of them.
    await play_until(kit, t, lambda: _phase(kit, t) == Phase.PLAY)
    callers = kit.table(t).match.hand.calls  # type: ignore[union-attr]
    public = message_text(kit.public(t))
    assert callers[0] == 2 and f"×{2 ** len(callers)} · bearing pair" in public
    await play_until(kit, t, lambda: not kit.table(t).is_open)
    [line] = kit.table(t).match.sheet  # type: ignore[union-attr]
    assert line.callers == tuple(callers) and line.multiplier == 2 ** len(callers)
    sheet = kit.world.channel_messages(kit.world.channel_id)[-1]
    assert f"×{line.multiplier}" in str(sheet["embeds"])
    kit.check_payloads()


async def test_bad_kraak_clicks_are_refused_and_change_nothing(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await _kraken_table(make_harness, monkeypatch)
    carl = kit.world.add_user("carl")
    seq = kit.table(t).seq
    before = kit.table(t).to_dict()
    cases = {
        (f"kj:kraak:{t}:{seq}:1:call", anna): "It is not your turn: bob is to act.",
        (f"kj:kraak:{t}:{seq}:2:call", bob): "That call is no longer asked for",
        (f"kj:kraak:{t}:{seq}:1:call", carl): "You are watching this match",
        (f"kj:kraak:{t}:{seq + 5}:1:call", bob): "The table moved on since this was shown",
    }
    for (custom_id, user), said in cases.items():
        click = await kit.click_earlier(t, custom_id, user)
        assert click.replies, custom_id
        text = click.replies[-1].text()
        assert said in text, (custom_id, text)
        assert kit.table(t).to_dict() == before

    pass_ = await kit.click_earlier(t, f"kj:kraak:{t}:{seq}:1:pass", bob)
    assert "You passed." in pass_.response.text()
    seq = kit.table(t).seq
    foreign = await kit.click_earlier(t, f"kj:kraak:{t}:{seq}:1:call", carl)
    assert "You are watching this match" in foreign.replies[-1].text()
    await kit.click_earlier(t, f"kj:kraak:{t}:{seq}:1:pass", anna)
    await kit.run_computers(t)
    assert _phase(kit, t) == Phase.PLAY
    assert kit.table(t).match.hand.current, "the computer left of the dealer led"  # type: ignore[union-attr]
    late = kit.table(t).seq
    after = kit.table(t).to_dict()
    for custom_id in (f"kj:kraak:{t}:{late}:1:call", f"kj:kraak:{t}:{late}:2:call"):
        click = await kit.click_earlier(t, custom_id, bob)
        assert_ephemeral(click.response)
        said = "Too late to call: the calls are over and play has begun."
        assert said in click.response.text(), custom_id
        assert kit.table(t).to_dict() == after
    kit.check_payloads()


async def test_computers_and_people_call_at_one_table_to_the_final_sheet(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_for_a_computer_kraak(KRAKEN))
    kit = await start(make_harness)
    t, anna, bob = await kit.two_humans_playing(preset="kraken", hands=1, level="normal")
    assert kit.to_act(t) == (0, anna)
    hand = await kit.hand(t, anna)
    await kit.click(f"kj:trump:{t}:{kit.table(t).seq}:c", anna, message=hand.message_id)
    await kit.run_computers(t)
    [computer] = kit.table(t).match.hand.calls  # type: ignore[union-attr]
    assert computer in (1, 3)  # a computer's kraak, now the people's rekraak to answer
    names = " & ".join(str(kit.table(t).seats[seat].name) for seat in (1, 3))
    assert f"Trump ♣ clubs · kraak ×2 · bearing pair {names}" in message_text(kit.public(t))
    seat, user = kit.to_act(t) or (None, None)
    assert seat in (0, 2) and _phase(kit, t) == Phase.DOUBLING
    asked = await kit.hand(t, user)  # type: ignore[arg-type]
    assert "Your call: rekraak (×4) or pass." in asked.text()
    assert f"Kraak by {kit.table(t).seats[computer].name}" in asked.text()
    rekraak = f"kj:kraak:{t}:{kit.table(t).seq}:2:call"
    called = await kit.click(rekraak, user, message=asked.message_id)  # type: ignore[arg-type]
    assert "You called rekraak." in called.response.text()
    await play_until(kit, t, lambda: not kit.table(t).is_open)
    [line] = kit.table(t).match.sheet  # type: ignore[union-attr]
    assert line.callers[:2] == (computer, seat) and line.multiplier == 2 ** len(line.callers)
    sheet = kit.world.channel_messages(kit.world.channel_id)[-1]
    assert f"×{line.multiplier}" in str(sheet["embeds"])
    kit.check_payloads()


async def test_the_kraken_lines_of_the_table_message(
    tmp_path: Path,
) -> None:
    public, _ = await two_cards_down(tmp_path, KRAKEN, trick=1)
    assert public.kraak is not None
    run = Combination(0, ComboKind.RUN, 20, (Card.parse("7S"), Card.parse("8S"), Card.parse("9S")))
    stuk = Combination(2, ComboKind.STUK, 20, (Card.parse("QC"), Card.parse("KC")))
    fifty = Combination(
        1, ComboKind.RUN, 50, tuple(Card.parse(c) for c in ("9H", "10H", "JH", "QH"))
    )
    # Pair 2 scores its run; pair 1 scores only its stuk, never its run.
    kraak = replace(public.kraak, announced=(fifty, run, stuk), hand_roem=(20, 50))
    names = [seat.name for seat in public.seats]
    [line] = hand_roem_lines(replace(public, kraak=kraak), "en")
    assert line == (
        f"**Hand roem:** {names[1]} 9♥–Q♥: 50 · ~~{names[0]} 7♠–9♠: 20~~ · {names[2]} Q♣ K♣: 20"
    )
    both = replace(kraak, hand_roem=(40, 50))  # pair_total, equal sums: both pairs score
    assert "~~" not in hand_roem_lines(replace(public, kraak=both), "en")[0]
    # Spades doubled, nothing called: the makers bear the hand, named in the trump line.
    spades = replace(kraak, callers=(), multiplier=2, bearing_pair=0)
    assert calls_text(replace(public, kraak=spades), "en") == (
        f"×2 · bearing pair {names[0]} & {names[2]}"
    )
    assert calls_text(public, "en") == ""  # every call passed: the usual trump line
    later, _ = await two_cards_down(tmp_path / "later", KRAKEN, trick=2)
    assert hand_roem_lines(replace(later, kraak=kraak), "en") == []  # the cards went back


@pytest.mark.parametrize("locale", ["en", "nl", "pt-BR", "es-ES", "it"])
@pytest.mark.parametrize(("reason", "level"), [("call", 1), ("no_call", 2), ("call", 3)])
def test_the_hint_on_a_call_names_the_buttons(locale: str, reason: str, level: int) -> None:
    """/hint in the kraak round says which button to press, in the buttons' own words."""
    hint = Hint(reason, margin=12.4, samples=40, level=level)
    text = hint_reply(HintAnswer(hint, uncounted=False), locale)
    call, pass_ = call_label(level, locale), t("tables.button.pass", locale)
    choice, other = (call, pass_) if reason == "call" else (pass_, call)
    assert f"**{choice}**:" in text and f"**{other}**" in text and "12" in text
    assert text.index(choice) < text.index(other)
