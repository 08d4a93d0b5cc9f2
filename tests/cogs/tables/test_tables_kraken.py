"""A kraken table through the harness (docs/rules.md 2.5, 2.6): /table open offers the
kraken presets, the kraak round on the hand message, the refusals of a call out of turn,
by the wrong pair, stale, forged, foreign or after the first lead, and the calls,
multiplier and hand roem on the public message and the sheet."""

from __future__ import annotations

import pytest

from bot.engine import Phase, RuleSet
from bot.players.hint import Hint
from bot.tables.answers import HintAnswer
from bot.texts.catalog import t
from cogs.common.text import call_label
from cogs.tables.ui_text import hint_reply
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    drawn_earlier,
    enabled,
    fix_seed,
    message_text,
    seed_with_first_dealer,
    start,
)
from tests.cogs.tables.test_tables_play import play_until
from tests.harness.limits import assert_ephemeral
from tests.harness.recorder import Dispatch

KRAKEN = RuleSet.preset("kraken")


async def _kraken_table(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> tuple[Kit, int, int, int]:
    """anna (seat 1) and bob (seat 3) against two computers, one hand of `kraken`; seat 1
    deals, so the computer at seat 2 names trump and bob is asked to kraak first."""
    fix_seed(monkeypatch, seed_with_first_dealer(0, KRAKEN))
    kit = await start(make_harness)
    t, anna, bob = await kit.two_humans_playing(preset="kraken", hands=1)
    await kit.run_computers(t)
    return kit, t, anna, bob


async def _click(kit: Kit, t: int, custom_id: str, user: int) -> Dispatch:
    """A click on a kraak button, forged or as drawn on a message earlier."""
    return await kit.click(custom_id, user, message=drawn_earlier(kit.public(t), custom_id))


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
    assert "Kraak by bob" in message_text(kit.public(t))
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
        click = await _click(kit, t, custom_id, user)
        assert click.replies, custom_id
        text = click.replies[-1].text()
        assert said in text, (custom_id, text)
        assert kit.table(t).to_dict() == before

    pass_ = await _click(kit, t, f"kj:kraak:{t}:{seq}:1:pass", bob)
    assert "You passed." in pass_.response.text()
    seq = kit.table(t).seq
    foreign = await _click(kit, t, f"kj:kraak:{t}:{seq}:1:call", carl)
    assert "You are watching this match" in foreign.replies[-1].text()
    await _click(kit, t, f"kj:kraak:{t}:{seq}:1:pass", anna)
    await kit.run_computers(t)
    assert _phase(kit, t) == Phase.PLAY
    late = kit.table(t).seq
    after = kit.table(t).to_dict()
    click = await _click(kit, t, f"kj:kraak:{t}:{late}:1:call", bob)
    assert "That is not possible at this point of the hand." in click.response.text()
    assert kit.table(t).to_dict() == after
    kit.check_payloads()


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
