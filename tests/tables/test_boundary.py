"""The table service's boundary (bot/checks.py, `ARGUMENTS` in bot/tables/arguments.py): every
argument of every public method is checked by its name before the method runs; a bad one is
a `TableError` with its code and facts and changes nothing, in memory or in the store.
Discord never sends these values; a future caller (a front end, a tool) might."""

from __future__ import annotations

import inspect
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.checks import NAME_MAX, Arguments, Bad, a_flag, clean_text
from bot.engine import CARDS, Card, RuleSet, Suit
from bot.tables import RefusalCode, SeatKind, TableError, TableService, TableSettings
from bot.tables.arguments import ARGUMENTS

from .helpers import ALICE, BOB, CHANNEL, open_service, table_with

Call = Callable[[TableService, int], Any]  # (service, table id) -> the call's awaitable
ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(),  # lone surrogates included
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from([*CARDS[:3], *Suit, RuleSet(), TableSettings()]),
)


def test_every_public_method_checks_its_arguments() -> None:
    public = [
        name
        for name, member in inspect.getmembers(TableService, inspect.isfunction)
        if not name.startswith("_") and member.__module__.startswith("bot.tables")
    ]
    assert len(public) > 25
    unchecked = [
        name for name in public if not getattr(getattr(TableService, name), "__checked__", False)
    ]
    assert unchecked == []


def test_a_parameter_without_a_check_fails_at_import() -> None:
    arguments = Arguments({"flag": a_flag}, lambda argument, value, problem: ValueError(problem))

    async def method(self: object, flag: bool, extra: int) -> None: ...

    with pytest.raises(TypeError, match=r"no argument check for \['extra'\]"):
        arguments.checked(method)


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(sorted(ARGUMENTS.checks)), value=ANYTHING)
def test_a_check_refuses_with_a_table_error_or_gives_a_clean_value(name: str, value: Any) -> None:
    try:
        checked = ARGUMENTS.check(name, value)
    except TableError as error:
        assert error.code in RefusalCode
        assert all(len(str(fact)) <= 100 for fact in error.facts.values())
        return
    if isinstance(checked, str):  # a name or seed: storable as it is
        assert orjson.dumps(checked) and checked == clean_text(checked)
        assert unicodedata.is_normalized("NFC", checked)
    if name in ("name", "opener_name"):
        assert 0 < len(checked) <= NAME_MAX
    if name in ("seat", "seq", "number", "table_id", "user_id") and checked is not None:
        assert type(checked) is int
    if name == "card":
        assert isinstance(checked, Card)
    if name == "suit" and checked is not None:
        assert isinstance(checked, Suit)


def test_bad_is_never_what_a_caller_sees() -> None:
    with pytest.raises(TableError):
        ARGUMENTS.check("seat", True)
    assert not issubclass(TableError, Bad)


BAD_CALLS: list[tuple[str, Call, RefusalCode, str]] = [
    ("a human seat with no user", lambda s, t: s.sit(t, None, "x"), RefusalCode.BAD_ID, "user_id"),
    ("seat=True", lambda s, t: s.sit(t, BOB, "bob", True), RefusalCode.BAD_SEAT, "seat"),
    ("seat as text", lambda s, t: s.sit(t, BOB, "bob", "2"), RefusalCode.BAD_SEAT, "seat"),
    ("seat 9", lambda s, t: s.remove_computer(t, ALICE, 9), RefusalCode.BAD_SEAT, "seat"),
    ("a name that is not text", lambda s, t: s.sit(t, BOB, 42), RefusalCode.BAD_ARGUMENT, "name"),
    ("an empty name", lambda s, t: s.sit(t, BOB, "\x00\n "), RefusalCode.BAD_ARGUMENT, "name"),
    ("table_id=True", lambda s, t: s.sit(True, BOB, "bob"), RefusalCode.UNKNOWN_TABLE, ""),
    ("seq=True", lambda s, t: s.sit(t, BOB, "bob", seq=True), RefusalCode.BAD_ARGUMENT, "seq"),
    (
        "a channel as text",
        lambda s, t: s.leave(t, ALICE, None, "1"),
        RefusalCode.BAD_ID,
        "channel_id",
    ),
    (
        "a card as a plain int",
        lambda s, t: s.play(t, ALICE, int(CARDS[0])),
        RefusalCode.BAD_ARGUMENT,
        "card",
    ),
    ("a card as text", lambda s, t: s.play(t, ALICE, "Jh"), RefusalCode.BAD_ARGUMENT, "card"),
    (
        "a suit as text",
        lambda s, t: s.choose_trump(t, ALICE, "h"),
        RefusalCode.BAD_ARGUMENT,
        "suit",
    ),
    (
        "a suit as an int",
        lambda s, t: s.choose_trump(t, ALICE, 0),
        RefusalCode.BAD_ARGUMENT,
        "suit",
    ),
    ("moderator='yes'", lambda s, t: s.close(t, BOB, "yes"), RefusalCode.BAD_ARGUMENT, "moderator"),
    (
        "turn_timer=True",
        lambda s, t: s.update_settings(t, ALICE, turn_timer=True),
        RefusalCode.BAD_TURN_TIMER,
        "turn_timer",
    ),
    (
        "a language as a number",
        lambda s, t: s.update_settings(t, ALICE, locale=5),
        RefusalCode.BAD_LOCALE,
        "locale",
    ),
    (
        "a level as a number",
        lambda s, t: s.add_computer(t, ALICE, level=3),
        RefusalCode.BAD_LEVEL,
        "level",
    ),
    ("a hand number as text", lambda s, t: s.review(t, "1"), RefusalCode.BAD_ARGUMENT, "number"),
    ("a negative user id", lambda s, t: s.hint(t, -1), RefusalCode.BAD_ID, "user_id"),
    ("no message id", lambda s, t: s.set_message(t, None), RefusalCode.BAD_ID, "message_id"),
    ("no channel", lambda s, t: s.open(1, None, BOB, "bob"), RefusalCode.BAD_ID, "channel_id"),
    ("sit=1", lambda s, t: s.open(1, 7, BOB, "bob", sit=1), RefusalCode.BAD_ARGUMENT, "sit"),
    (
        "rules as a dict",
        lambda s, t: s.open(1, 7, BOB, "bob", {}),
        RefusalCode.BAD_ARGUMENT,
        "rules",
    ),
    (
        "settings as a dict",
        lambda s, t: s.open(1, 7, BOB, "bob", settings={}),
        RefusalCode.BAD_ARGUMENT,
        "settings",
    ),
    (
        "a seed of a kilobyte",
        lambda s, t: s.open(1, 7, BOB, "bob", deal_seed="x" * 1000),
        RefusalCode.BAD_ARGUMENT,
        "deal_seed",
    ),
    (
        "a bool as a delay",
        lambda s, t: s.open(1, 7, BOB, "bob", settings=TableSettings(bot_delay=True)),
        RefusalCode.BAD_SETTING,
        "bot_delay",
    ),
    (
        "a league flag as text",
        lambda s, t: s.open(1, 7, BOB, "bob", settings=TableSettings(league="no")),
        RefusalCode.BAD_SETTING,
        "league",
    ),
]


@pytest.mark.parametrize(
    ("case", "call", "code", "field"), BAD_CALLS, ids=[c[0] for c in BAD_CALLS]
)
async def test_a_bad_argument_is_refused_and_changes_nothing(
    database: str | Path, case: str, call: Call, code: RefusalCode, field: str
) -> None:
    service = await open_service(database)
    table = await table_with(service, {0: ALICE})  # playing: the checks come first
    before = service.registry.get(table.id).to_dict()
    stored = await service.store.tables.get(table.id)
    actions = await service.store.tables.actions(table.id)

    with pytest.raises(TableError) as refused:
        await call(service, table.id)

    assert refused.value.code == code, refused.value
    if field:
        assert refused.value.facts.get("field", refused.value.facts.get("setting")) == field
    assert service.registry.get(table.id).to_dict() == before
    assert await service.store.tables.get(table.id) == stored
    assert await service.store.tables.actions(table.id) == actions
    assert [t.id for t in await service.store.tables.open_tables()] == [table.id]


async def test_a_name_is_cleaned_and_cut_never_a_type_error(database: str | Path) -> None:
    service = await open_service(database)
    table = await service.open(1, CHANNEL, ALICE, "Ana\u0301\ud800 " + "x" * 1_000_000)
    await service.sit(table.id, BOB, "Bo\x00b\n")

    seats = service.registry.get(table.id).seats
    assert seats[0].name == "Aná " + "x" * (NAME_MAX - 4)  # NFC, the surrogate gone, cut
    assert seats[1].name == "Bob" and seats[1].kind == SeatKind.HUMAN
    stored = await service.store.tables.get(table.id)
    assert stored is not None and [s["name"] for s in stored.snapshot["seats"][:2]] == [
        seats[0].name,
        "Bob",
    ]
