"""A league table's messages say where it belongs: its title names the league, night, round
and table, and its end links to the night's standings (or, with no standings message, says
where the result counts) instead of suggesting /table open."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import RuleSet
from bot.tables import LeaguePlace, Table, public_table
from bot.tables.readmodels import private_hand
from cogs.tables.ui import public_parts
from cogs.tables.ui_hand import hand_payload
from cogs.tables.ui_text import finished_hint, league_title

PLACE = LeaguePlace("Dinsdag_", 3, 2, 1, (40, 4000))


def table(place: LeaguePlace | None) -> Table:
    return Table(7, 11, 40, 1, RuleSet(), "seed", 0.0, league=place)


def test_a_league_table_is_titled_with_its_place() -> None:
    public = public_table(table(PLACE))
    assert league_title(public, "en") == "Dinsdag_ · night 3 · round 2 · table 1"
    assert league_title(public, "nl") == "Dinsdag_ · avond 3 · ronde 2 · tafel 1"
    heading = public_parts(public, "en")[0]["content"]
    assert heading.splitlines()[0] == "### Dinsdag_ · night 3 · round 2 · table 1"
    assert league_title(public_table(table(None)), "en") is None


def test_a_league_tables_hand_names_its_place_not_the_bots_table_number() -> None:
    def where(place: LeaguePlace | None) -> str:
        seated = table(place)
        message = hand_payload(public_table(seated), private_hand(seated, 0), "en")
        return str(message["components"][0]["components"][0]["content"]).splitlines()[1]

    assert where(PLACE) == "-# Dinsdag_ · night 3 · round 2 · table 1"
    assert where(None) == "-# Table 7"


def test_a_league_tables_end_links_to_the_nights_standings() -> None:
    end = finished_hint(public_table(table(PLACE)), "en")
    assert "Dinsdag\\_, night 3" in end  # the league's name as written, markdown escaped
    assert "[see the standings](https://discord.com/channels/11/40/4000)" in end
    assert "/table open" not in end
    unlinked = finished_hint(public_table(table(replace(PLACE, standings=None))), "en")
    assert unlinked.endswith("The result counts for Dinsdag\\_, night 3.")
    assert "/table open" in finished_hint(public_table(table(None)), "en")


def test_the_place_is_kept_in_the_snapshot() -> None:
    kept = Table.from_dict(table(PLACE).to_dict())
    assert kept.league == PLACE
    old = table(None).to_dict()
    del old["league"]  # a snapshot from before league places
    assert Table.from_dict(old).league is None
