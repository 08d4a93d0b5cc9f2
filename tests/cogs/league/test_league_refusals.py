"""Refusals: organiser commands checked in code, stale and repeated check-in clicks, and a
sentence in every language for every code the league refuses with."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.engine import RuleSet
from bot.engine.driemans_sheets import THREE_SHEET_CODES
from bot.engine.errors import ErrorCode
from bot.engine.sheets import SHEET_CODES
from bot.league.entry import SheetEntry, entry_line, totals_result
from bot.league.errors import LeagueCode, LeagueError
from bot.league.settings import RoundLength
from bot.settings import Settings
from bot.texts.catalog import LOCALES, catalogue
from cogs.league.cog import League
from cogs.league.errors import error_text
from cogs.league.options import (
    SETS,
    CreateOptions,
    ScheduleOptions,
    SeasonOptions,
    SettingsOptions,
    setting_options,
)
from tests.cogs.league.league_kit import start_league
from tests.cogs.tables.tables_kit import StartHarness
from tests.harness.limits import assert_ephemeral
from tests.harness.world import FAKE_TOKEN, GUILD_COMMANDS, THREADS, http_error

# The engine's refusals of a score-sheet line or round totals, passed on with their code.
LINE_CODES = (
    {
        ErrorCode.NOT_A_PAIR,
        ErrorCode.NOT_TWO_PAIRS,
        ErrorCode.NEGATIVE_VALUE,
        ErrorCode.POINTS_TOTAL,
        ErrorCode.ROEM_NOT_TENS,
        ErrorCode.TRICKS_TOTAL,
        ErrorCode.SCORE_WITHOUT_TRICKS,
        ErrorCode.TOO_MANY_CALLS,
        ErrorCode.NO_CALLS,
    }
    | SHEET_CODES
    | THREE_SHEET_CODES
)


ROOT = Path(__file__).resolve().parents[3]


def test_the_league_codes_are_the_codes_raised() -> None:
    """Every `LeagueCode` is raised in bot/league or cogs/league (a LeagueError takes no
    other code but the engine's: mypy checks that); the engine's refusals of a score line
    are passed on with the engine's own code, never listed again."""
    named: set[str] = set()
    for folder in ("bot/league", "cogs/league"):
        for path in (ROOT / folder).glob("*.py"):
            named |= set(re.findall(r"LeagueCode\.([A-Z_]+)", path.read_text(encoding="utf-8")))
    assert {code for code in LeagueCode if code.name not in named} == set()
    assert not {str(code) for code in LINE_CODES} & {str(code) for code in LeagueCode}


@pytest.mark.parametrize("locale", LOCALES)
def test_every_code_has_a_sentence_in_every_language(locale: str) -> None:
    codes = [*LeagueCode, *LINE_CODES]
    missing = {code for code in codes if f"league.err.{code}" not in catalogue(locale)}
    assert not missing
    for code in codes:
        text = error_text(LeagueError(code, line=2, round=1, table=0), locale)
        assert code not in text and text.strip()


@pytest.mark.parametrize("locale", LOCALES)
def test_card_points_no_cards_make_name_the_hands_total(locale: str) -> None:
    """A spades line under spades worth double (docs/rules.md 2.7) adds up to 224."""
    rules = RuleSet.preset("kraken").with_options(spades_double="trump_values")
    with pytest.raises(LeagueError) as raised:
        entry_line(SheetEntry(0, (223, 1), spades=True), rules, 3)
    text = error_text(raised.value, locale)
    assert "224" in text and "162" not in text and "223 / 1" in text


@pytest.mark.parametrize("locale", LOCALES)
def test_totals_the_nats_rule_out_name_the_pair_and_its_range(locale: str) -> None:
    with pytest.raises(LeagueError) as raised:
        totals_result((), (324, 0), 2, RoundLength(hands=2), RuleSet(), (0, 0), (1, 0))
    text = error_text(raised.value, locale)
    assert all(part in text for part in (" 2 ", " 0 ", "1 / 0", "162", "1924")), text


async def test_organiser_commands_are_checked_in_code(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss, helper, player = (kit.world.add_user(n) for n in ("boss", "helper", "player"))
    refused = await kit.player("league create", player, name="Dinsdag")
    assert "needs Manage Server" in refused.response.text()
    await kit.organiser("league create", boss, name="Dinsdag")

    for command in ("night open", "league settings"):
        options = {"rounds": 4} if command == "league settings" else {}
        answer = await kit.player(command, player, **options)
        assert_ephemeral(answer.response)
        assert "Only the league's organisers" in answer.response.text()
    assert await kit.leagues.nights(1) == []
    assert (await kit.leagues.settings(1)).rounds_per_night == 3

    # A listed organiser needs no server permission.
    await kit.organiser("league settings", boss, organiser=helper)
    opened = await kit.player("night open", helper)
    assert "Night 1 is open" in opened.response.text()
    for command in ("night start", "night close"):
        answer = await kit.player(command, player)
        assert "Only the league's organisers" in answer.response.text()
    correct = await kit.player(
        "night correct", player, round=1, table=1, reason="x", totals="1 2", hands=1
    )
    assert "Only the league's organisers" in correct.response.text()


async def test_check_in_twice_and_stale_buttons(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    players = [kit.world.add_user(f"player{i}") for i in range(4)]
    await kit.organiser("league create", boss, name="Dinsdag", hands=1)
    await kit.organiser("night open", boss)
    for user in players:
        await kit.harness.click("kj:league:in:1:0", user=user)
    twice = await kit.harness.click("kj:league:in:1:0", user=players[0])
    assert_ephemeral(twice.response)
    assert "already checked in" in twice.response.text()
    out = await kit.harness.click("kj:league:out:1:0", user=boss)
    assert "not checked in" in out.response.text()
    assert len(await kit.leagues.attendance(1)) == 4

    await kit.organiser("night start", boss, deal=False)
    stale = await kit.harness.click("kj:league:in:1:0", user=boss)
    assert_ephemeral(stale.response)
    assert "out of date" in stale.response.text() and "round 2" in stale.response.text()
    assert len(await kit.leagues.attendance(1)) == 4
    fresh = await kit.harness.click("kj:league:in:1:1", user=boss)
    assert "you play from round 2" in fresh.replies[-1].text()

    started = await kit.organiser("night start", boss)
    assert "The night has started" in started.response.text()
    early = await kit.organiser("night next", boss)
    assert_ephemeral(early.replies[-1])  # refused after the "thinking" answer, in its place
    assert "still being played" in early.replies[-1].text()

    for round_no in (1, 2):
        await kit.organiser("night enter", boss, round=round_no, table=1, totals="100 62", hands=1)
        await kit.organiser("night next", boss, deal=False)
    assert len(await kit.leagues.draws(1)) == 3  # all rounds: no check-in message after it
    done = await kit.harness.click("kj:league:in:1:2", user=kit.world.add_user("late"))
    assert "nothing left to check in" in done.response.text()


async def test_tables_that_could_not_start_are_started_by_night_next(
    make_harness: StartHarness,
) -> None:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    await kit.organiser("league create", boss, name="Dinsdag", hands=1)
    await kit.organiser("night open", boss)
    for user in [kit.world.add_user(f"player{i}") for i in range(4)]:
        await kit.harness.click("kj:league:in:1:0", user=user)

    def forbidden(call: object) -> None:
        raise http_error(403, 50001, "Missing Access")

    kit.harness.override("POST", THREADS, forbidden)
    started = await kit.organiser("night start", boss)
    assert "Create Public Threads" in started.replies[-1].text()
    assert await kit.leagues.round_tables(1) == {}

    kit.harness.override("POST", THREADS, None)
    resumed = await kit.organiser("night next", boss)
    assert "started now" in resumed.replies[-1].text()
    [table_id] = (await kit.leagues.round_tables(1)).values()
    assert f"<#{kit.service.get(table_id).channel_id}>" in kit.channel_texts()[-2]


def _named(items: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for item in items:
        yield item
        yield from _named(item.get("options") or [])


async def test_commands_are_published_in_five_languages(make_harness: StartHarness) -> None:
    """Every name Discord accepts (lowercase, no spaces, at most 32 characters) and each
    command's options named apart in every language; descriptions fit 100 characters."""
    settings = Settings(discord_token=FAKE_TOKEN, sync_commands=True, dev_guild_id=4242)
    harness = await make_harness(settings=settings)
    [sync] = harness.rest_calls("PUT", GUILD_COMMANDS)
    commands = {c["name"]: c for c in sync.json}
    league, night = commands["league"], commands["night"]
    assert league["name_localizations"]["nl"] == "competitie"
    assert night["name_localizations"]["nl"] == "avond"
    assert {o["name"] for o in night["options"]} == {
        "open", "start", "next", "status", "enter", "correct", "void", "restore", "confirm",
        "penalty", "close"
    }  # fmt: skip
    valid = re.compile(r"^[-_\w]{1,32}$")
    for item in _named([league, night]):
        names = [item["name"], *(item.get("name_localizations") or {}).values()]
        assert all(valid.match(n) and n == n.lower() for n in names), names
        descriptions = [
            item["description"],
            *(item.get("description_localizations") or {}).values(),
        ]
        assert all(0 < len(d) <= 100 for d in descriptions), descriptions
        options = item.get("options") or []
        for locale in ("nl", "pt-BR", "es-ES", "it"):
            local = [o.get("name_localizations", {}).get(locale, o["name"]) for o in options]
            assert len(set(local)) == len(local), (item["name"], locale, local)
        assert set(item["name_localizations"]) == {"nl", "pt-BR", "es-ES", "es-419", "it"}


@pytest.mark.parametrize(
    ("expected", "target", "said"),
    [
        (16, None, "a round lasts 16 hands; what was entered ends after 3 hands,"),
        (None, 1500, "a round lasts until a pair reaches 1500 points;"),
        (8, 750, "lasts 8 hands or until a pair reaches 750 points, whichever comes first;"),
    ],
)
def test_an_unfinished_round_says_how_the_round_ends(
    expected: int | None, target: int | None, said: str
) -> None:
    error = LeagueError(LeagueCode.ROUND_UNFINISHED, hands=3, expected=expected, target=target)
    assert said in error_text(error, "en")
    for locale in LOCALES:
        assert "?" not in error_text(error, locale)
    one = LeagueError(LeagueCode.ROUND_UNFINISHED, hands=1, expected=1, target=None)
    assert "lasts 1 hand; what was entered ends after 1 hand," in error_text(one, "en")


# Every setting name the league's checks refuse with (`setting=` in bot/league and
# cogs/league): each is named in the reader's language, never by its name in the code.
SETTING_NAMES = re.compile(
    r'setting="(\w+)"|_refuse_unless\([^"]*"(\w+)"|_(?:choice|minutes)\("(\w+)"'
)


def _refused_settings() -> set[str]:
    found: set[str] = set()
    for path in [*(ROOT / "bot" / "league").glob("*.py"), *(ROOT / "cogs" / "league").glob("*.py")]:
        for match in SETTING_NAMES.finditer(path.read_text(encoding="utf-8")):
            found.add(next(group for group in match.groups() if group))
    return found


def test_the_refused_settings_are_found() -> None:
    assert {"reminders", "tie_breaks", "min_nights", "checkin_minutes", "round"} <= (
        _refused_settings()
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_a_refused_setting_is_named_in_the_readers_language(locale: str) -> None:
    texts = catalogue(locale)
    option_names = {
        value
        for key, value in texts.items()
        if key.startswith("league.cmd.opt.") and key.endswith(".name")
    }
    for setting in _refused_settings():
        sentence = error_text(LeagueError(LeagueCode.BAD_SETTING, setting=setting), locale)
        named = re.findall(r"\*\*([^*]+)\*\*", sentence)
        assert set(named) <= option_names, (setting, sentence)
        assert named or texts["league.what.settings"] in sentence, (setting, sentence)
        rest = sentence.replace(texts["league.what.settings"], "")
        assert setting in option_names or not re.search(rf"\b{setting}\b", rest), sentence


def _declared(*kinds: type) -> dict[str, str]:
    """The options of `kinds`, nested ones opened, by name: the setting each sets."""
    found: dict[str, str] = {}
    for kind in kinds:
        for option in dataclasses.fields(kind):
            if isinstance(option.default, SeasonOptions | ScheduleOptions):
                found |= _declared(type(option.default))
            else:
                found[option.name] = option.metadata[SETS]
    return found


def test_each_option_declares_the_setting_it_sets_under_the_commands_name() -> None:
    create = _declared(CreateOptions)
    changes = _declared(SettingsOptions)
    assert list(create) == [p.name for p in League.create.parameters]
    assert list(changes) == [p.name for p in League.settings.parameters if p.name != "league"]
    assert (create["minimum"], changes["checkin"], changes["role"]) == (
        "min_nights",
        "checkin_minutes",
        "organisers",
    )
    assert setting_options("round") == ("hands", "target")
    assert setting_options("organisers") == ("organiser", "role")
    assert setting_options("settings") == ()


def test_a_refused_setting_names_the_dutch_option() -> None:
    sentence = error_text(LeagueError(LeagueCode.BAD_SETTING, setting="reminders"), "nl")
    assert sentence == "Die instelling kan niet (**herinneringen**)."
