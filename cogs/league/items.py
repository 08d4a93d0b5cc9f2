"""The check-in message's buttons: `DynamicItem`s whose custom_id carries their state.

    kj:league:in:{night}:{version}     Check in
    kj:league:out:{night}:{version}    Check out
    kj:league:ok:{night}:{round}:{table}:{version}    Confirm a result a player entered

`version` is the number of rounds drawn when the message was posted: each draw posts a
fresh check-in message for the next round, so a click on an older one is refused as stale
(it would say "for round 2" while round 3 is next). The items only parse; the click is
answered by `LeagueActions.on_check` (actions.py), looked up on the loaded cog per click.
A Confirm click carries the result's version: once the result was corrected, voided or
entered again, the click is refused as stale (the service checks it, and that the clicker
is the opponent asked or an organiser; `LeagueActions.on_confirm`).
These formats are a promise to messages already in Discord.
"""

from __future__ import annotations

import re
from typing import Any, Literal, Protocol

import discord

from cogs.common.components import frozen_view
from cogs.common.text import t

__all__ = ["CheckButton", "CheckKind", "ConfirmButton", "checkin_view", "confirm_view"]

CheckKind = Literal["in", "out"]


class CheckActions(Protocol):
    """What a click asks for; implemented by `cogs.league.actions.LeagueActions`."""

    async def on_check(
        self, interaction: discord.Interaction[Any], kind: CheckKind, night_id: int, version: int
    ) -> None: ...

    async def on_confirm(
        self, interaction: discord.Interaction[Any], night_id: int, where: tuple[int, int, int]
    ) -> None: ...


def actions_of(interaction: discord.Interaction[Any]) -> CheckActions:
    """The loaded league cog's actions (looked up per click: the cog may have reloaded)."""
    cog = interaction.client.get_cog("League")
    if cog is None:
        raise RuntimeError("the League cog is not loaded")
    actions: CheckActions = cog.actions
    return actions


class CheckButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"kj:league:(?P<kind>in|out):(?P<night>[0-9]{1,20}):(?P<version>[0-9]{1,4})",
):
    def __init__(self, kind: CheckKind, night_id: int, version: int, label: str = "") -> None:
        style = discord.ButtonStyle.success if kind == "in" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=(label or kind)[:80],
                style=style,
                custom_id=f"kj:league:{kind}:{night_id}:{version}",
            )
        )
        self.kind: CheckKind = kind
        self.night_id = night_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CheckButton:
        kind: CheckKind = "in" if match["kind"] == "in" else "out"
        return cls(kind, int(match["night"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await actions_of(interaction).on_check(interaction, self.kind, self.night_id, self.version)


def checkin_view(night_id: int, version: int, locale: str) -> discord.ui.View:
    """Check in / Check out for the round after `version` rounds drawn."""
    return frozen_view(
        [
            CheckButton("in", night_id, version, t("league.button.check_in", locale)),
            CheckButton("out", night_id, version, t("league.button.check_out", locale)),
        ]
    )


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"kj:league:ok:(?P<night>[0-9]{1,20}):(?P<round>[0-9]{1,3}):(?P<table>[0-9]{1,3})"
    r":(?P<version>[0-9]{1,4})",
):
    """Confirm version `version` of round `round_no`, table `table_no`'s result (from 0)."""

    def __init__(
        self, night_id: int, round_no: int, table_no: int, version: int, label: str = ""
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or "ok")[:80],
                style=discord.ButtonStyle.success,
                custom_id=f"kj:league:ok:{night_id}:{round_no}:{table_no}:{version}",
            )
        )
        self.night_id = night_id
        self.where = (round_no, table_no, version)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConfirmButton:
        numbers = (int(match["round"]), int(match["table"]), int(match["version"]))
        return cls(int(match["night"]), *numbers)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await actions_of(interaction).on_confirm(interaction, self.night_id, self.where)


def confirm_view(
    night_id: int, round_no: int, table_no: int, version: int, locale: str
) -> discord.ui.View:
    """The Confirm button under a result a player entered."""
    label = t("league.button.confirm", locale)
    return frozen_view([ConfirmButton(night_id, round_no, table_no, version, label)])
