"""/night enter's form: a modal with a field per four hands (or per hand), entered through
the same service call and checks as the `lines` option; a refused form answers privately
with the line and what was typed, and changes nothing; a form outlives a restart."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import RuleSet, score_hand
from bot.texts.catalog import LOCALES
from cogs.league.form import (
    FormField,
    SheetForm,
    form_fields,
    line_marks,
    sheet_modal,
    submitted_lines,
)
from tests.cogs.league.league_kit import LeagueKit, start_league
from tests.cogs.league.test_league_entry import face_to_face_round
from tests.cogs.league.test_league_entry_checks import rows
from tests.cogs.tables.tables_kit import StartHarness
from tests.harness.limits import assert_ephemeral, assert_within_discord_limits

MODAL = 9


def labels(modal: dict[str, Any]) -> list[str]:
    return [component["label"] for component in modal["components"]]


async def open_form(kit: LeagueKit, user: int, **options: Any) -> dict[str, Any]:
    """/night enter without lines or totals: the form's modal, checked against Discord's
    limits."""
    opened = await kit.player("night enter", user, round=1, table=1, **options)
    assert opened.response.callback_type == MODAL, opened.response.text()
    assert_within_discord_limits(opened.response)
    data: dict[str, Any] = opened.response.json["data"]
    return data


def test_fields_hold_four_hands_each_or_one_hand_each() -> None:
    assert form_fields(16) == [
        FormField(1, 4),
        FormField(5, 8),
        FormField(9, 12),
        FormField(13, 16),
    ]
    assert form_fields(16, extra=4)[-1] == FormField(17, 20, extra=True)
    assert form_fields(4) == [FormField(n, n) for n in range(1, 5)]
    assert form_fields(2, extra=4) == [FormField(1, 1), FormField(2, 2), FormField(3, 6, True)]
    assert form_fields(5) == [FormField(1, 4), FormField(5, 5)]
    assert form_fields(20, extra=4) == [
        FormField(1, 4),
        FormField(5, 8),
        FormField(9, 12),
        FormField(13, 16),
        FormField(17, None),  # no field left for the tie's hands: the last takes them
    ]
    many = form_fields(64)
    assert len(many) == 5 and many[0] == FormField(1, 13) and many[-1] == FormField(53, 64)
    target = form_fields(None)  # a round to a target: hands unknown, the last open-ended
    assert [(f.first, f.last) for f in target] == [(1, 4), (5, 8), (9, 12), (13, 16), (17, None)]
    form = SheetForm(12, 3, 0, None)
    assert SheetForm.of(form.custom_id) == form and SheetForm.of("kj:league:ok:1") is None
    submitted = {
        "components": [
            {"type": 18, "component": {"type": 4, "custom_id": "l1", "value": " 2 90 72 "}},
            {"type": 1, "components": [{"type": 4, "custom_id": "l0", "value": "1 100 62\n"}]},
            {"type": 18, "component": {"type": 4, "custom_id": "l2", "value": ""}},
        ]
    }
    assert submitted_lines(submitted) == "1 100 62\n2 90 72"


async def test_a_player_enters_the_sheet_in_the_form(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    _, _, seats = await face_to_face_round(kit)  # rounds of 2 hands
    modal = await open_form(kit, seats[0], confirmed_by=seats[1])
    assert modal["title"] == "Score sheet · round 1, table 1"
    assert labels(modal) == ["Hand 1", "Hand 2"]
    assert modal["custom_id"] == f"kj:league:sheet:1:1:0:{seats[1]}"
    before = await rows(kit)
    assert before["league_results"] == []  # opening the form stores nothing

    fields = {"l0": "1 100 62 20 0", "l1": "2 90 72"}
    entered = await kit.harness.submit_modal(modal["custom_id"], fields, user=seats[0])
    await kit.flush()
    assert_ephemeral(entered.response)
    assert "Result saved" in entered.response.text()
    rules = RuleSet.preset("amsterdam").with_options(match_hands=2, target_score=None)
    one = score_hand(0, (100, 62), (20, 0), (4, 4), rules).scores
    two = score_hand(1, (90, 72), (0, 0), (4, 4), rules).scores
    [result] = (await kit.leagues.results(1)).values()
    assert result.totals == (one[0] + two[0], one[1] + two[1])  # as the lines option scores
    assert f"<@{seats[1]}>, please confirm this result" in kit.channel_texts()[-1]
    [entry] = await kit.leagues.history(1)
    assert (entry.kind, entry.actor, entry.subject) == ("enter", seats[0], seats[1])


async def test_a_refused_form_names_the_line_gives_back_the_text_and_changes_nothing(
    make_harness: StartHarness,
) -> None:
    kit = await start_league(make_harness)
    boss, _, _ = await face_to_face_round(kit)
    modal = await open_form(kit, boss)
    custom_id = modal["custom_id"]

    async def refused(user: int, fields: dict[str, str], expected: str) -> str:
        before = await rows(kit)
        answer = await kit.harness.submit_modal(custom_id, fields, user=user)
        await kit.flush()
        assert_ephemeral(answer.response)
        assert_within_discord_limits(answer.response)
        text = answer.response.text()
        assert expected in text, text
        assert await rows(kit) == before
        return text

    text = await refused(boss, {"l0": "1 100 62", "l1": "1 100 60"}, "Line 2: card points")
    assert "```\n1 100 62\n1 100 60\n```" in text  # what was typed, to copy and send again
    await refused(boss, {"l0": "1 100 62 25 0", "l1": "2 90 72"}, "roem comes in tens")
    long = {f"l{n}": "\n".join(["1 100 62 20 0 `x`"] * 50)[:1000] for n in range(5)}
    text = await refused(boss, long, "Line 1")  # what was typed, cut to fit a message
    block = text.split("```\n", 1)[1]  # the typed text, its backticks made harmless
    assert len(text) <= 2000 and block.endswith("…\n```") and "`x`" not in block
    await refused(boss, {"l0": "1 abc"}, 'Line 1 is unreadable: "1 abc"')
    await refused(
        boss, {"l0": "1 100 62\n1 -100 62"}, 'Line 2 is unreadable: "1 -100 62". “-100” has a minus'
    )
    await refused(  # one hand of a round of two
        boss, {"l0": "1 100 62"}, "a round lasts 2 hands; what was entered ends after 1 hand,"
    )
    outsider = kit.world.add_user("outsider")  # a form is checked as it is sent, by whom
    await refused(outsider, {"l0": "1 100 62", "l1": "2 90 72"}, "Only an organiser")
    entered = await kit.harness.submit_modal(
        custom_id, {"l0": "1 100 62", "l1": "2 90 72"}, user=boss
    )
    assert "Result saved" in entered.response.text()
    await refused(boss, {"l0": "1 100 62", "l1": "2 90 72"}, "already has a result")
    await kit.organiser("night close", boss)
    await refused(boss, {"l0": "1 100 62", "l1": "2 90 72"}, "That night is closed")


async def test_the_form_is_refused_before_anyone_types(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    _, _, seats = await face_to_face_round(kit)
    for options, expected in (
        ({}, "with an opponent confirming"),
        ({"confirmed_by": seats[2]}, "is your partner"),
        ({"hands": 2}, "either the sheet lines or the totals"),
    ):
        answer = await kit.player("night enter", seats[0], round=1, table=1, **options)
        assert answer.response.callback_type != MODAL
        assert_ephemeral(answer.response)
        assert expected in answer.response.text(), answer.response.text()


async def test_sixteen_hands_in_four_fields_and_a_form_outlives_a_restart(
    make_harness: StartHarness,
) -> None:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    players = [kit.world.add_user(f"player{i}") for i in range(4)]
    await kit.organiser("league create", boss, name="Zestien", rounds=1)  # 16 hands a round
    await kit.organiser("night open", boss)
    for user in players:
        await kit.player("league join", user)
    await kit.organiser("night start", boss, deal=False)
    modal = await open_form(kit, boss)
    assert labels(modal) == ["Hands 1 to 4", "Hands 5 to 8", "Hands 9 to 12", "Hands 13 to 16"]
    await kit.harness.close()

    kit = await start_league(make_harness)
    lines = ["1 100 62", "2 62 100", "1 162 0 pit", "2 81 81"]
    fields = {f"l{n}": "\n".join(lines) for n in range(4)}
    entered = await kit.harness.submit_modal(modal["custom_id"], fields, user=boss)
    await kit.flush()
    assert "Result saved" in entered.response.text()
    [result] = (await kit.leagues.results(1)).values()
    assert result.hands == 16


@pytest.mark.parametrize("locale", LOCALES)
def test_a_kraken_forms_hint_names_its_marks_within_discords_limit(locale: str) -> None:
    rules = RuleSet.preset("kraken").with_options(spades_double="multiply")
    assert line_marks(RuleSet.preset("amsterdam")) == ""
    assert line_marks(rules) == "[k|rk|sk] [sp] [h roem1 roem2]"
    form = SheetForm(1, 1, 0, None)
    modal = sheet_modal(form, form_fields(16) + form_fields(1), locale, line_marks(rules))
    hints = [item.component.placeholder for item in modal.children]  # type: ignore[attr-defined]
    # Cut to Discord's 100 characters, a hint would lose its marks first.
    assert all(hint and hint.endswith(line_marks(rules)) for hint in hints), hints
