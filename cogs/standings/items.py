"""The leaderboard's Previous/Next buttons: `DynamicItem`s whose custom_id says which page.

The custom_id carries guild, period, filter and page (`kj:standings:{guild}:{period}:{h}:{page}`,
see ui.py), so a button keeps working after a restart. The item only parses; the click is
answered by `StandingsActions.show_page` (actions.py), looked up on the loaded cog per click.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Protocol

import discord

from cogs.common.components import frozen_view
from cogs.common.text import t
from cogs.standings.ui import CUSTOM_ID_TEMPLATE, Board, PageTarget, page_custom_id

__all__ = ["StandingsPageButton", "standings_view"]


class PageActions(Protocol):
    """What a page click asks for; implemented by `cogs.standings.actions.StandingsActions`."""

    async def show_page(
        self, interaction: discord.Interaction[Any], target: PageTarget
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
