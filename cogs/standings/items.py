"""The leaderboards' Previous/Next buttons and the new rating season's confirmation:
`DynamicItem`s whose custom_id says what they act on.

A wins page carries guild, period, filter and page (`kj:standings:{guild}:{period}:{h}:{page}`,
see ui.py), a ratings page its guild and page (`kj:ratings:{guild}:{page}`), the
confirmation its guild and the season its organiser saw (`kj:ratings:season:{guild}:{n}`,
see ui_ratings.py), so a button keeps working after a restart. The items only parse; a
click is answered by `StandingsActions` (actions.py), looked up on the loaded cog per click.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Protocol

import discord

from bot.ratings import RatingPage, Season
from cogs.common.components import frozen_view
from cogs.common.text import t
from cogs.standings.ui import CUSTOM_ID_TEMPLATE, Board, PageTarget, page_custom_id
from cogs.standings.ui_ratings import (
    NEW_SEASON_TEMPLATE,
    RATING_PAGE_TEMPLATE,
    RatingTarget,
    new_season_custom_id,
    rating_page_custom_id,
)

__all__ = [
    "ALL_ITEMS",
    "NewSeasonButton",
    "RatingPageButton",
    "StandingsPageButton",
    "new_season_view",
    "rating_view",
    "standings_view",
]


class PageActions(Protocol):
    """What a page click asks for; implemented by `cogs.standings.actions.StandingsActions`."""

    async def show_page(
        self, interaction: discord.Interaction[Any], target: PageTarget
    ) -> None: ...

    async def show_rating_page(
        self, interaction: discord.Interaction[Any], target: RatingTarget
    ) -> None: ...

    async def start_season(
        self, interaction: discord.Interaction[Any], guild_id: int, seen: int
    ) -> None: ...


def actions_of(interaction: discord.Interaction[Any]) -> PageActions:
    """The loaded standings cog's actions (looked up per click: the cog may have reloaded)."""
    cog = interaction.client.get_cog("Standings")
    if cog is None:
        raise RuntimeError("the Standings cog is not loaded")
    actions: PageActions = cog.actions
    return actions


class StandingsPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=CUSTOM_ID_TEMPLATE
):
    """Previous/Next on a leaderboard: shows page `target.page` in place of the current one."""

    def __init__(self, target: PageTarget, label: str, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=page_custom_id(target),
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
            )
        )
        self.target = target

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> StandingsPageButton:
        target = PageTarget(
            guild_id=int(match["guild"]),
            period=match["period"],
            humans_only=match["humans"] == "1",
            page=int(match["page"]),
        )
        return cls(target, getattr(item, "label", None) or "…")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the page (`StandingsActions.show_page`, which runs in the common guard)."""
        await actions_of(interaction).show_page(interaction, self.target)


class RatingPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=RATING_PAGE_TEMPLATE
):
    """Previous/Next on the ratings board: shows page `target.page` in its place."""

    def __init__(self, target: RatingTarget, label: str, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=rating_page_custom_id(target),
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
            )
        )
        self.target = target

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> RatingPageButton:
        target = RatingTarget(int(match["guild"]), int(match["page"]))
        return cls(target, getattr(item, "label", None) or "…")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the page (`StandingsActions.show_rating_page`)."""
        await actions_of(interaction).show_rating_page(interaction, self.target)


class NewSeasonButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=NEW_SEASON_TEMPLATE):
    """An organiser's confirmation: start the season after `seen` (refused once another
    season began since)."""

    def __init__(self, guild_id: int, seen: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=new_season_custom_id(guild_id, seen),
                style=discord.ButtonStyle.danger,
            )
        )
        self.guild_id = guild_id
        self.seen = seen

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> NewSeasonButton:
        label = getattr(item, "label", None) or "…"
        return cls(int(match["guild"]), int(match["season"]), label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Start the season (`StandingsActions.start_season`)."""
        await actions_of(interaction).start_season(interaction, self.guild_id, self.seen)


ALL_ITEMS = (StandingsPageButton, RatingPageButton, NewSeasonButton)


def rating_view(guild: int, page: RatingPage, locale: object) -> discord.ui.View | None:
    """Previous/Next on the server's ratings board, disabled at the ends; none for one
    page."""
    if page.pages <= 1:
        return None
    previous = RatingPageButton(
        RatingTarget(guild, max(page.page - 1, 0)),
        t("standings.button.previous.label", locale),
        disabled=page.page == 0,
    )
    following = RatingPageButton(
        RatingTarget(guild, page.page + 1),
        t("standings.button.next.label", locale),
        disabled=page.page + 1 >= page.pages,
    )
    return frozen_view([previous, following])


def new_season_view(guild_id: int, season: Season, locale: object) -> discord.ui.View:
    """The one button that starts the season after `season`."""
    label = t("standings.reset.button", locale, season=season.number + 1)
    return frozen_view([NewSeasonButton(guild_id, season.number, label)])


def standings_view(board: Board, locale: object) -> discord.ui.View | None:
    """Previous/Next, disabled at the ends; none when everything fits on one page."""
    if board.pages <= 1:
        return None
    target = board.target
    # Targets differ (page-1 or 0, page+1), so the two custom_ids never collide.
    previous = StandingsPageButton(
        dataclasses.replace(target, page=max(board.page - 1, 0)),
        t("standings.button.previous.label", locale),
        disabled=not board.has_previous,
    )
    following = StandingsPageButton(
        dataclasses.replace(target, page=board.page + 1),
        t("standings.button.next.label", locale),
        disabled=not board.has_next,
    )
    return frozen_view([previous, following])
