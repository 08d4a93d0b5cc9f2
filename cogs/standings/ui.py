"""Renderers for `/standings` and `/stats`: embeds and page custom_ids, no I/O.

Kept apart from the commands so the layout can be checked without an interaction. Every string
comes from the `standings` catalogues; numbers are formatted per locale (decimal comma in
Dutch). Embeds stay within Discord's limits by construction: a page holds at most
`PAGE_SIZE` short rows, and `_clip` guards the description anyway.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Final

import discord

from bot.standings import PlayerStats
from bot.texts.formats import decimal_text, percent_text
from cogs.common.components import EMBED_COLOUR, rendered_view
from cogs.common.text import t
from cogs.standings.items import StandingsPage

__all__ = [
    "PAGE_SIZE",
    "Board",
    "StandingsPage",
    "page_custom_id",
    "parse_page_custom_id",
    "player_embed",
    "standings_embed",
    "standings_view",
]

PAGE_SIZE: Final = 10

DESCRIPTION_MAX: Final = 4096


def page_custom_id(target: StandingsPage) -> str:
    """The custom id of a button showing `target`."""
    return target.custom_id


def parse_page_custom_id(custom_id: str) -> StandingsPage | None:
    """The page a custom id names; None when it is no wins page."""
    return StandingsPage.parse(custom_id)


@dataclass(frozen=True, slots=True)
class Board:
    """One page of a leaderboard as the standings service gave it, and where it sits."""

    target: StandingsPage
    rows: list[PlayerStats]
    players: int  # players on the whole board (every page)

    @property
    def pages(self) -> int:
        """How many pages the board has (at least one)."""
        return max(1, math.ceil(self.players / PAGE_SIZE))

    @property
    def page(self) -> int:
        """The page shown (from 0)."""
        return self.target.page

    @property
    def has_previous(self) -> bool:
        """Whether a page comes before this one."""
        return self.page > 0

    @property
    def has_next(self) -> bool:
        """Whether a page comes after this one."""
        return self.page + 1 < self.pages


# --------------------------------------------------------------------------- embeds


def _clip(text: str, limit: int) -> str:
    """Whole lines up to `limit` characters (a safety net; pages are far below it)."""
    if len(text) <= limit:
        return text
    kept: list[str] = []
    size = 0
    for line in text.split("\n"):
        if size + len(line) + 1 > limit - 1:
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept) + "\n…"


def _row(rank: int, stats: PlayerStats, humans_only: bool, locale: object) -> str:
    computers = ""
    if not humans_only and stats.matches_with_computers:
        computers = t("standings.row.computers", locale, count=stats.matches_with_computers)
    return t(
        "standings.row",
        locale,
        rank=rank,
        player=f"<@{stats.user_id}>",
        matches=stats.matches,
        computers=computers,
        wins=stats.wins,
        draws=stats.draws,
        pph=decimal_text(stats.points_per_hand, locale),
        # A player whose pair never made trump has no nat rate, rather than 0%.
        nat=percent_text(stats.nat_rate, locale) if stats.hands_as_maker else "–",
        pits=stats.pits,
        roem=stats.roem,
    )


def standings_embed(board: Board, locale: object) -> discord.Embed:
    """The leaderboard page, or a friendly note when nobody is on it."""
    target = board.target
    period = t(f"standings.period.{target.period}", locale)
    scope = t("standings.scope.humans" if target.humans else "standings.scope.all", locale)
    embed = discord.Embed(title=t("standings.title", locale, period=period), colour=EMBED_COLOUR)
    if not board.rows:
        empty = "standings.empty.humans" if target.humans else "standings.empty"
        embed.description = t(empty, locale)
        return embed
    first_rank = board.page * PAGE_SIZE + 1
    rows = [
        _row(first_rank + i, stats, target.humans, locale) for i, stats in enumerate(board.rows)
    ]
    embed.description = _clip("\n\n".join([scope, *rows]), DESCRIPTION_MAX)
    footer = t(
        "standings.footer", locale, page=board.page + 1, pages=board.pages, players=board.players
    )
    embed.set_footer(text=footer)
    return embed


def _stats_text(stats: PlayerStats, humans_only: bool, locale: object) -> str:
    if not stats.hands and not stats.matches:
        return t("standings.stats.none", locale)
    text = t(
        "standings.stats.body",
        locale,
        matches=stats.matches,
        wins=stats.wins,
        draws=stats.draws,
        losses=stats.losses,
        hands=stats.hands,
        pph=decimal_text(stats.points_per_hand, locale),
        made=stats.hands_as_maker,
        chose=stats.chose_trump,
        nat=stats.nat,
        nat_rate=percent_text(stats.nat_rate, locale),
        pits=stats.pits,
        roem=stats.roem,
    )
    if not humans_only:
        text += "\n" + t("standings.stats.computers", locale, count=stats.matches_with_computers)
    return text


def _tables(locale: object, period: str) -> str:
    """A statistics field's name: what it counts (the tables' hands) and over when."""
    return t("standings.stats.tables", locale, period=t(f"standings.period.{period}", locale))


def player_embed(
    name: str,
    all_time: PlayerStats,
    in_period: PlayerStats | None,
    period: str,
    humans_only: bool,
    locale: object,
) -> discord.Embed:
    """One player's statistics: all time, plus the chosen period unless that is all time."""
    embed = discord.Embed(
        title=t("standings.stats.title", locale, name=name[:200]),
        description=f"<@{all_time.user_id}>",
        colour=EMBED_COLOUR,
    )
    embed.add_field(
        name=_tables(locale, "all"),
        value=_stats_text(all_time, humans_only, locale),
        inline=False,
    )
    if in_period is not None and period != "all":
        embed.add_field(
            name=_tables(locale, period),
            value=_stats_text(in_period, humans_only, locale),
            inline=False,
        )
    footer = "standings.stats.footer.humans" if humans_only else "standings.stats.footer.all"
    embed.set_footer(text=t(footer, locale))
    return embed


def standings_view(board: Board, locale: object) -> discord.ui.View | None:
    """Previous/Next, disabled at the ends; none when everything fits on one page."""
    if board.pages <= 1:
        return None
    target = board.target
    # Targets differ (page-1 or 0, page+1), so the two custom_ids never collide.
    previous = dataclasses.replace(target, page=max(board.page - 1, 0))
    following = dataclasses.replace(target, page=board.page + 1)
    return rendered_view(
        [
            [
                previous.component(
                    t("standings.button.previous.label", locale), disabled=not board.has_previous
                ),
                following.component(
                    t("standings.button.next.label", locale), disabled=not board.has_next
                ),
            ]
        ]
    )
