"""The check-in message's and a result's buttons, declared once: custom ids carrying their
state, the components and the handlers (`LeagueActions.on_check`, `on_confirm`).

    kj:league:in:{night}:{version}     Check in
    kj:league:out:{night}:{version}    Check out
    kj:league:ok:{night}:{round}:{table}:{version}    Confirm a result a player entered

`version` is the number of rounds drawn when the message was posted: each draw posts a
fresh check-in message for the next round, so a click on an older one is refused as stale
(it would say "for round 2" while round 3 is next). A Confirm click carries the result's
version: once the result was corrected, voided or entered again, the click is refused as
stale (the service checks it, and that the clicker is the opponent asked or an organiser).
These formats are a promise to messages already in Discord.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import discord

from cogs.common.buttons import Buttons, Click, number
from cogs.common.components import rendered_view
from cogs.common.text import t

__all__ = [
    "LEAGUE",
    "Check",
    "CheckButton",
    "CheckKind",
    "Confirm",
    "ConfirmButton",
    "checkin_view",
    "confirm_view",
]

LEAGUE: Final = Buttons("League")
CheckKind = Literal["in", "out"]
VERSION = number("[0-9]{1,4}")
SMALL = number("[0-9]{1,3}")


@LEAGUE.button("kj:league:{kind}:{night}:{version}", "on_check", version=VERSION)
@dataclass(frozen=True, slots=True)
class Check(Click):
    """Check in or out for the round after `version` rounds drawn."""

    kind: CheckKind
    night: int
    version: int


@LEAGUE.button(
    "kj:league:ok:{night}:{round}:{table}:{version}",
    "on_confirm",
    round=SMALL,
    table=SMALL,
    version=VERSION,
)
@dataclass(frozen=True, slots=True)
class Confirm(Click):
    """Confirm version `version` of round `round`, table `table`'s result (from 0)."""

    night: int
    round: int
    table: int
    version: int


CheckButton = Check.item
ConfirmButton = Confirm.item


def checkin_view(night_id: int, version: int, locale: str) -> discord.ui.View:
    """Check in / Check out for the round after `version` rounds drawn."""
    check_in = Check("in", night_id, version)
    check_out = Check("out", night_id, version)
    return rendered_view(
        [
            [
                check_in.component(
                    t("league.button.check_in", locale), discord.ButtonStyle.success
                ),
                check_out.component(t("league.button.check_out", locale)),
            ]
        ]
    )


def confirm_view(
    night_id: int, round_no: int, table_no: int, version: int, locale: str
) -> discord.ui.View:
    """The Confirm button under a result a player entered."""
    label = t("league.button.confirm", locale)
    confirm = Confirm(night_id, round_no, table_no, version)
    return rendered_view([[confirm.component(label, discord.ButtonStyle.success)]])
