"""Results a club can trust, through the service on both stores: a player's entry waits
for the named opponent's confirmation, void tables are restored or entered again by an
organiser, and every step is in the audit trail; a refused call leaves the store as it
was."""

from __future__ import annotations

from collections.abc import Awaitable

from bot.league.service import Actor, LeagueService

from .conftest import Opener
from .test_service import ORGANISER, SHEETS, night_with, refused


async def unchanged(service: LeagueService, night: int, code: str, call: Awaitable[object]) -> None:
    """`call` is refused with `code` and the night's rows in the store are as before."""
    before = await service.store.leagues.night_rows(night)
    await refused(code, call)
    assert await service.store.leagues.night_rows(night) == before


async def test_a_players_entry_waits_for_the_named_opponent(reopen: Opener) -> None:
    async with reopen() as service:
        night = await night_with(service, 8)
        draw = (await service.start_round(night, ORGANISER, deal=False)).draw
        a, b, c, d = draw.tables[0].seats
        recorded = await service.record_sheet(night, 1, 0, SHEETS[1], Actor(a), confirmed_by=b)
        assert recorded.view.unconfirmed == {(1, 0): b}
        assert recorded.view.unconfirmed_players() == {a, b, c, d}
    async with reopen() as service:
        view = await service.view(night)
        assert view.unconfirmed == {(1, 0): b} and view.versions[(1, 0)] == 1
        confirm = service.confirm_result
        await unchanged(service, night, "not_asked", confirm(night, 1, 0, 1, Actor(c)))
        await unchanged(service, night, "stale_confirm", confirm(night, 1, 0, 2, Actor(b)))
        await unchanged(service, night, "no_result", confirm(night, 1, 1, 1, Actor(b)))
        confirmed = await service.confirm_result(night, 1, 0, 1, Actor(b))
        assert not confirmed.view.unconfirmed
        await unchanged(
            service, night, "already_confirmed", service.confirm_result(night, 1, 0, 1, Actor(b))
        )
        # the other table: entered by a player, confirmed by an organiser
        e, f, _, _ = draw.tables[1].seats
        await service.record_sheet(night, 1, 1, SHEETS[1], Actor(e), confirmed_by=f)
        await service.confirm_result(night, 1, 1, 1, ORGANISER)
        history = await service.history(night)
    assert [(h.kind, h.actor, h.subject) for h in history] == [
        ("enter", a, b),
        ("confirm", b, None),
        ("enter", e, f),
        ("confirm", ORGANISER.user_id, None),
    ]
    assert history[0].after is not None and history[0].after.totals == (182, 162)


async def test_an_organisers_entry_stands_and_void_tables_come_back(reopen: Opener) -> None:
    async with reopen() as service:
        night = await night_with(service, 8)
        draw = (await service.start_round(night, ORGANISER, deal=False)).draw
        first = await service.record_sheet(night, 1, 0, SHEETS[1], ORGANISER, confirmed_by=None)
        assert not first.view.unconfirmed
        standing = first.view.standings()
        await service.void_table(night, 1, 0, ORGANISER, "wrong table")
    async with reopen() as service:
        a, b, _, _ = draw.tables[0].seats
        player = Actor(a)
        entry = service.record_sheet(night, 1, 0, SHEETS[1], player, confirmed_by=b)
        await unchanged(service, night, "table_voided", entry)
        fix = service.correct_totals(night, 1, 0, (100, 100), 2, ORGANISER, "x")
        await unchanged(service, night, "table_voided", fix)
        await unchanged(
            service, night, "not_organiser", service.restore_table(night, 1, 0, player, "x")
        )
        await unchanged(
            service, night, "reason_required", service.restore_table(night, 1, 0, ORGANISER, " ")
        )
        back = await service.restore_table(night, 1, 0, ORGANISER, "it was the right table")
        assert not back.result.void and back.result == first.result
        assert back.view.standings() == standing
        await unchanged(
            service, night, "not_voided", service.restore_table(night, 1, 0, ORGANISER, "again")
        )
        await service.void_table(night, 1, 0, ORGANISER, "the sheet was wrong")
        again = await service.record_totals(night, 1, 0, (200, 124), 2, ORGANISER)
        assert again.result.totals == (200, 124) and not again.result.void
        # a table voided before it had a result: nothing to restore, an organiser enters it
        await service.void_table(night, 1, 1, ORGANISER, "nobody came")
        await unchanged(
            service, night, "no_result", service.restore_table(night, 1, 1, ORGANISER, "came")
        )
        history = await service.history(night)
    kinds = [(h.kind, h.reason) for h in history]
    assert kinds == [
        ("enter", ""),
        ("void", "wrong table"),
        ("restore", "it was the right table"),
        ("void", "the sheet was wrong"),
        ("enter", ""),
        ("void", "nobody came"),
    ]
    restore, reentry = history[2], history[4]
    assert restore.before is not None and restore.before.void
    assert restore.after is not None and not restore.after.void
    assert reentry.before is not None and reentry.before.void
    assert reentry.after is not None and reentry.after.totals == (200, 124)
