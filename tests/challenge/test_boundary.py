"""The challenge service's boundary (bot/challenge/arguments.py): every argument of every
public method is checked by its name before the method runs; a bad one is a
`ChallengeError` (`unknown_challenge` for a challenge id, `bad_id` for another id, else
`bad_argument`; a settings value `bad_setting`) and no challenge row changes. Each on both
stores. Discord never sends these values; a future caller (a front end, a tool) might."""

from __future__ import annotations

import unicodedata
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.challenge import ChallengeCode, ChallengeError, ChallengeService, PlayView
from bot.challenge.arguments import ARGUMENTS
from bot.checks import NAME_MAX, clean_text
from bot.engine import CARDS, Card, Suit
from bot.store import Store, open_store
from bot.tables import FakeClock
from tests.backends import rows
from tests.tables.test_boundary import ANYTHING as TRIED

from .kit import CHANNEL, GUILD, SMALL, first_choice, inline

Call = Callable[[ChallengeService, PlayView], Any]  # (service, the member's view) -> awaitable
# What the tables' boundary is tried with, and settings changes named by numbers.
ANYTHING = st.one_of(TRIED, st.dictionaries(st.integers(), st.integers(), max_size=2))


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(sorted(ARGUMENTS.checks)), value=ANYTHING)
def test_a_check_refuses_with_a_challenge_error_or_gives_a_clean_value(
    name: str, value: Any
) -> None:
    try:
        checked = ARGUMENTS.check(name, value)
    except ChallengeError as error:
        codes = (ChallengeCode.UNKNOWN_CHALLENGE, ChallengeCode.BAD_ID, ChallengeCode.BAD_ARGUMENT)
        assert error.code in codes and error.facts["field"] == name
        assert all(len(str(fact)) <= 100 for fact in error.facts.values())
        return
    if name == "name":
        assert checked == clean_text(checked) and 0 < len(checked) <= NAME_MAX
    if name in ("challenge_id", "user_id", "deal", "seq", "number", "limit"):
        assert type(checked) is int
    if name == "card":
        assert isinstance(checked, Card)
    if name == "suit" and checked is not None:
        assert isinstance(checked, Suit)
    if name == "changes":
        assert isinstance(checked, dict) and all(isinstance(key, str) for key in checked)


@asynccontextmanager
async def started(database: str | Path, clock: FakeClock) -> AsyncIterator[tuple[Store, Any]]:
    """A store, the service on it, and member 1 started in the server's challenge."""
    store = await open_store(database)
    try:
        service = ChallengeService(store, inline, clock.now, seeds=lambda: "seed", effort=SMALL)
        view = await service.look(GUILD, 1, CHANNEL)
        view = await service.start(view.challenge.id, 1, "Ann")
        yield store, (service, view)
    finally:
        await store.close()


def _play(s: ChallengeService, v: PlayView, **bad: Any) -> Any:
    """Member 1's next move (a card or a bid) with some arguments replaced by `bad`."""
    kind, value = first_choice(v)
    given = {"challenge_id": v.challenge.id, "user_id": 1, "deal": v.deal, "seq": v.seq}
    given |= {"card" if kind == "play" else "suit": value} | bad
    return (s.play if kind == "play" else s.bid)(**given)


BAD_CALLS: list[tuple[str, Call, ChallengeCode, str]] = [
    ("a card as a plain int", lambda s, v: s.play(v.challenge.id, 1, v.deal, v.seq, int(CARDS[0])),
     ChallengeCode.BAD_ARGUMENT, "card"),
    ("a card as text", lambda s, v: s.play(v.challenge.id, 1, v.deal, v.seq, "Jh"),
     ChallengeCode.BAD_ARGUMENT, "card"),
    ("a suit as text", lambda s, v: s.bid(v.challenge.id, 1, v.deal, v.seq, "h"),
     ChallengeCode.BAD_ARGUMENT, "suit"),
    ("a suit as an int", lambda s, v: s.bid(v.challenge.id, 1, v.deal, v.seq, 0),
     ChallengeCode.BAD_ARGUMENT, "suit"),
    ("deal=True", lambda s, v: _play(s, v, deal=True), ChallengeCode.BAD_ARGUMENT, "deal"),
    ("a move count as text", lambda s, v: _play(s, v, seq="0"), ChallengeCode.BAD_ARGUMENT, "seq"),
    ("no member", lambda s, v: _play(s, v, user_id=None), ChallengeCode.BAD_ID, "user_id"),
    ("a member of 2**64", lambda s, v: _play(s, v, user_id=2**64), ChallengeCode.BAD_ID,
     "user_id"),
    ("challenge_id=True", lambda s, v: _play(s, v, challenge_id=True),
     ChallengeCode.UNKNOWN_CHALLENGE, "challenge_id"),
    ("a server as text", lambda s, v: _play(s, v, guild_id="10"), ChallengeCode.BAD_ID,
     "guild_id"),
    ("no name", lambda s, v: s.start(v.challenge.id, 2, None), ChallengeCode.BAD_ARGUMENT,
     "name"),
    ("an empty name", lambda s, v: s.start(v.challenge.id, 2, "\x00\n \ud800"),
     ChallengeCode.BAD_ARGUMENT, "name"),
    ("a name as a number", lambda s, v: s.start(v.challenge.id, 2, 42),
     ChallengeCode.BAD_ARGUMENT, "name"),
    ("no server to open in", lambda s, v: s.current(None), ChallengeCode.BAD_ID, "guild_id"),
    ("a negative server", lambda s, v: s.look(-1, 2), ChallengeCode.BAD_ID, "guild_id"),
    ("a channel as a flag", lambda s, v: s.look(GUILD, 2, True), ChallengeCode.BAD_ID,
     "channel_id"),
    ("a viewer as text", lambda s, v: s.standings(v.challenge.id, "1"), ChallengeCode.BAD_ID,
     "viewer"),
    ("a number as text", lambda s, v: s.numbered(GUILD, "1"), ChallengeCode.BAD_ARGUMENT,
     "number"),
    ("a limit of 0", lambda s, v: s.past(GUILD, 0), ChallengeCode.BAD_ARGUMENT, "limit"),
    ("a limit of a million", lambda s, v: s.past(GUILD, 10**6), ChallengeCode.BAD_ARGUMENT,
     "limit"),
    ("manager=1", lambda s, v: s.change_settings(GUILD, 1, {"deals": 4}),
     ChallengeCode.BAD_ARGUMENT, "manager"),
    ("changes as a list", lambda s, v: s.change_settings(GUILD, True, [("deals", 4)]),
     ChallengeCode.BAD_ARGUMENT, "changes"),
    ("a change named by a number", lambda s, v: s.change_settings(GUILD, True, {1: 4}),
     ChallengeCode.BAD_ARGUMENT, "changes"),
    ("deals=True", lambda s, v: s.change_settings(GUILD, True, {"deals": True}),
     ChallengeCode.BAD_SETTING, ""),
    ("rules as a list", lambda s, v: s.change_settings(GUILD, True, {"rules": ["amsterdam"]}),
     ChallengeCode.BAD_SETTING, ""),
    ("a time zone as a number", lambda s, v: s.change_settings(GUILD, True, {"timezone": 1}),
     ChallengeCode.UNKNOWN_TIMEZONE, ""),
    ("a message as text", lambda s, v: s.summary_posted(v.challenge.id, "6"),
     ChallengeCode.BAD_ID, "message_id"),
    ("a message of 0", lambda s, v: s.announced(v.challenge.id, 0), ChallengeCode.BAD_ID,
     "message_id"),
    ("a negative wait", lambda s, v: s.close(-1.0), ChallengeCode.BAD_ARGUMENT, "timeout"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "call", "code", "field"), BAD_CALLS, ids=[c[0] for c in BAD_CALLS]
)
async def test_a_bad_argument_is_refused_and_changes_nothing(
    database: str | Path, clock: FakeClock, case: str, call: Call, code: ChallengeCode, field: str
) -> None:
    async with started(database, clock) as (store, (service, view)):
        before = await rows(store, "challenge")

        with pytest.raises(ChallengeError) as refused:
            await call(service, view)

        assert refused.value.code == code, refused.value
        if field:
            assert refused.value.facts["field"] == field
        assert all(len(str(fact)) <= 100 for fact in refused.value.facts.values())
        assert await rows(store, "challenge") == before
        after = await service.place(view.challenge.id, 1)
        assert (after.deal, after.seq, after.hand) == (view.deal, view.seq, view.hand)


async def test_a_name_is_cleaned_and_cut_never_a_type_error(
    database: str | Path, clock: FakeClock
) -> None:
    async with started(database, clock) as (store, (service, view)):
        await service.start(view.challenge.id, 2, "Ana\u0301\ud800 " + "x" * 1_000_000)

        entry = await store.challenges.entry(view.challenge.id, 2)

    assert entry is not None and entry.name == "Aná " + "x" * (NAME_MAX - 4)
    assert unicodedata.is_normalized("NFC", entry.name)
