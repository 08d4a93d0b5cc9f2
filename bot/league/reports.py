"""Reports: a night's standings, its audit trail, its export, and the season read from
the closed nights."""

from __future__ import annotations

from .arguments import checked
from .corrections import AuditEntry, AuditKind
from .export import NightExport
from .night_view import League, NightView
from .parts import LeagueParts, check_ids
from .refs import LeagueKey
from .season import SeasonTable, season_table
from .standings import NightRow, UnrankedSeat
from .stats import PlayerSeason, player_season


class ReportOperations(LeagueParts):
    """What a night and a season add up to."""

    @checked
    async def night_standings(self, night_id: int) -> list[NightRow]:
        """The night's ranking so far (live while rounds run, final once closed)."""
        return (await self.view(night_id)).standings()

    @checked
    async def unranked(self, night_id: int) -> list[UnrankedSeat]:
        """The seats a computer finished for a player who left: unranked, credit to nobody."""
        return (await self.view(night_id)).unranked_seats()

    @checked
    async def history(self, night_id: int) -> list[AuditEntry]:
        """The night's audit trail, oldest first: each result entered by hand, confirmed,
        corrected, voided or restored, and each penalty."""
        check_ids(night_id=night_id)
        return [AuditEntry.of(stored) for stored in await self.store.leagues.audit(night_id)]

    @checked
    async def night_export(self, night_id: int) -> NightExport:
        """The night for `bot/league/export.py`: its draws, each table's effective result,
        which results and sheet lines were corrected, and the ranking so far."""
        view = await self.view(night_id)
        lines = frozenset(
            (a.round_no, a.table_no, a.line)
            for a in await self.history(night_id)
            if a.kind is AuditKind.CORRECT_LINE
            and a.round_no is not None
            and a.table_no is not None
            and a.line is not None
        )
        return NightExport(
            view.draws, view.results, view.corrected, lines, view.standings(), view.date()
        )

    @checked
    async def season(self, league: LeagueKey) -> SeasonTable:
        """The season table over the closed nights."""
        found, views = await self._closed(league)
        nights = [{row.user_id: row.points for row in view.standings()} for view in views]
        return season_table(nights, found.settings.counting)

    @checked
    async def player(self, league: LeagueKey, user_id: int) -> PlayerSeason:
        """A player's season statistics over the closed nights."""
        check_ids(user_id=user_id)
        _, views = await self._closed(league)
        return player_season(user_id, [view.data for view in views])

    async def _closed(self, league: LeagueKey) -> tuple[League, list[NightView]]:
        """The league and its closed nights (one read each, after the league's two)."""
        found = await self.league(league)
        views = []
        for night in await self.nights(found.id):
            if night.closed:
                rows = await self.store.leagues.night_rows(night.id)
                assert rows is not None  # a night's rows are never deleted
                views.append(NightView.of(found, rows))
        return found, views
