"""`/stats` agrees with itself and speaks in words: each count says where it comes from, so
hands against par from a challenge do not sit under "no hands", a rating from a league
round does not outnumber the matches above it, and no "±" or "(95%)" is shown."""

from __future__ import annotations

from typing import Any

import pytest

from bot.texts.catalog import t
from tests.cogs.challenge.kit import ClockedBot, Member, StartHarness, service_of
from tests.cogs.standings.test_standings import check, store_of, users
from tests.harness.harness import Harness
from tests.ratings.kit import ORGANISER, PAIR_0_WINS, league_night, record_match

EXTENSIONS = ("cogs.errors", "cogs.challenge", "cogs.standings")
LOCALES = ("en", "nl", "pt-BR", "es-ES", "it")
# docs/glossary.md's word for a challenge, as it starts in each language
CHALLENGE = {
    "en": "challenge",
    "nl": "uitdaging",
    "pt-BR": "desafio",
    "es-ES": "desaf",
    "it": "sfid",
}
SCALE_WORDS = ("±", "95%", "95 %", "(95")


async def _after_a_challenge(make_harness: StartHarness) -> tuple[Harness, Member]:
    """A server where one member played a whole challenge and nothing else."""
    harness = await make_harness(bot_class=ClockedBot, extensions=EXTENSIONS)
    ann = Member(harness, "ann")
    await ann.open()
    await ann.press(ann.enabled()[0])
    await ann.play_to_end()
    await service_of(harness).pars.run_once()
    return harness, ann


def _fields(reply: Any) -> dict[str, str]:
    [embed] = reply.embeds
    return {field["name"]: field["value"] for field in embed["fields"]}


def _shown(reply: Any) -> str:
    [embed] = reply.embeds
    return "\n".join([embed["title"], *(f"{f['name']}\n{f['value']}" for f in embed["fields"])])


async def test_hands_against_par_from_a_challenge_are_not_under_no_hands(
    make_harness: StartHarness,
) -> None:
    harness, ann = await _after_a_challenge(make_harness)

    reply = (await ann.slash("stats")).replies[-1]

    check(reply)
    fields = _fields(reply)
    # It read "All time: No finished hands." above "Against par: … over 8 hands".
    assert fields["At the tables · All time"] == "No hands played at a table yet."
    par = fields["Against par · All time"].split("\n")
    assert "over 8 hands" in par
    assert par[-1].startswith("Challenge deals and hands at tables with three computers:")


@pytest.mark.parametrize("locale", LOCALES)
async def test_every_language_says_where_the_hands_come_from_in_words(
    make_harness: StartHarness, locale: str
) -> None:
    harness, ann = await _after_a_challenge(make_harness)

    reply = (await ann.slash("stats", locale=locale)).replies[-1]

    check(reply)
    fields = _fields(reply)
    period = t("standings.period.all", locale)
    tables = fields[t("standings.stats.tables", locale, period=period)]
    assert tables == t("standings.stats.none", locale)
    par = fields[t("standings.stats.par.name", locale, period=period)]
    assert CHALLENGE[locale] in par.split("\n")[-1].lower()  # the deals it counts, named
    assert not any(word in _shown(reply) for word in SCALE_WORDS), _shown(reply)


async def test_a_league_round_in_the_rating_is_named_beside_the_tables_matches(
    make_harness: StartHarness,
) -> None:
    harness = await make_harness(extensions=EXTENSIONS[::2])
    world = harness.world
    me = world.default_user_id
    others = users(world, 3)
    now = world.now.timestamp()
    await record_match(store_of(harness), world.guild_id, [me, *others], at=now)
    leagues = harness.bot.services.leagues
    night = await league_night(leagues, world.guild_id, [me, *others])
    await leagues.start_round(night, ORGANISER, deal=False)
    await leagues.record_sheet(night, 1, 0, PAIR_0_WINS, ORGANISER)  # a face-to-face round

    reply = (await harness.slash("stats")).reply

    check(reply)
    fields = _fields(reply)
    # It read "Matches: 1" above a rating "from 2 matches", with nothing saying why.
    assert "Matches: **1**" in fields["At the tables · All time"]
    rating = fields["Rating · season 1"]
    assert rating.endswith("from 2 matches this season, at tables and in league rounds")
    assert not any(word in _shown(reply) for word in SCALE_WORDS), _shown(reply)
