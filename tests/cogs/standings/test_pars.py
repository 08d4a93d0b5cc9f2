"""`/stats`' results against par through the offline harness: hands played alone with
three computers get their par in the background, and `/stats` shows the average, its
interval in words and the hands behind it, in the reader's language, within Discord's limits."""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable

import pytest

from bot.pars import AgainstPar
from bot.texts.catalog import t
from cogs.standings.ui_pars import par_field
from tests.cogs.standings.test_standings import check, play_match, users
from tests.harness.harness import Harness
from tests.harness.limits import assert_ephemeral

StartHarness = Callable[..., Awaitable[Harness]]
EXTENSIONS = ("cogs.errors", "cogs.standings")
LOCALES = ("en", "nl", "pt-BR", "es-ES", "it")
PHONE = 36  # columns of a phone's monospace line; these lines stay near it


async def test_stats_shows_the_average_against_par(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    world = harness.world
    me = world.default_user_id
    [bob, carl, dirk] = users(world, 3)
    await play_match(harness, [me, None, None, None])
    await play_match(harness, [None, me, None, None])
    await play_match(harness, [me, bob, carl, dirk])  # four people: no par
    pars = harness.bot.services.pars
    await pars.worker.run_once()  # what the background worker does when the bot idles
    found = await pars.player(world.guild_id, me, "all", dt.datetime.now(dt.UTC))
    assert (found.hands, found.waiting) == (2, 0) and found.margin is not None

    reply = (await harness.slash("stats")).reply
    assert_ephemeral(reply)
    check(reply)
    field = reply.embeds[0]["fields"][-1]
    assert field["name"] == "Against par · All time"
    lines = field["value"].split("\n")
    low, high = found.average - found.margin, found.average + found.margin
    assert lines[0] == f"**{found.average:+.1f}** points per hand"
    assert lines[1] == f"most likely between {low:+.1f} and {high:+.1f}"  # no ± nor (95%)
    assert lines[2] == "over 2 hands"
    assert lines[3] == t("standings.stats.par.meaning", "en")

    theirs = (await harness.slash("stats", {"player": bob, "period": "week"})).reply
    check(theirs)
    field = theirs.embeds[0]["fields"][-1]
    assert field["name"] == "Against par · Last 7 days"
    assert field["value"] == t("standings.stats.par.none", "en")


async def test_stats_speaks_the_readers_language(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    me = harness.world.default_user_id
    await play_match(harness, [me, None, None, None])
    await harness.bot.services.pars.worker.run_once()
    reply = (await harness.slash("stats", locale="nl")).reply
    check(reply)
    field = reply.embeds[0]["fields"][-1]
    assert field["name"] == "Tegen par · Alle tijden"
    assert field["value"].split("\n")[1] == "over 1 spel"  # one hand: no interval yet
    assert "punten per spel" in field["value"] and "±" not in field["value"]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_field_fits_a_phone_in_every_language(locale: str) -> None:
    many = AgainstPar(hands=1234, average=-12.345, margin=8.25, waiting=17)
    name, value = par_field(many, "month", locale)
    lines = value.split("\n")
    meaning = t("standings.stats.par.meaning", locale)
    assert len(name) <= PHONE
    assert all(len(line.replace("**", "")) <= PHONE for line in lines if line != meaning)
    assert "-12" in lines[0] and "-20" in lines[1] and "-4" in lines[1] and "1234" in lines[2]
    assert "±" not in value and "95" not in value
    assert "17" in lines[-1]
    single = par_field(AgainstPar(1, 20.0, None, 0), "all", locale)[1]
    assert "+20" in single and "±" not in single
    none = par_field(AgainstPar(0, 0.0, None, 2), "all", locale)[1]
    assert none.split("\n") == [
        t("standings.stats.par.none", locale),
        t("standings.stats.par.waiting", locale, count=2),
    ]
