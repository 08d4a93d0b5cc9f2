"""Who asks, as the services tell organisers apart: the one `Actor` every cog builds from
an interaction (the league's commands, the ratings' new season)."""

from __future__ import annotations

from typing import Any

import discord

from bot.league.refs import Actor

__all__ = ["actor_of"]


def actor_of(interaction: discord.Interaction[Any]) -> Actor:
    """Who asks: their id, roles, and whether they have Manage Server."""
    user = interaction.user
    roles = tuple(role.id for role in getattr(user, "roles", ()))
    return Actor(user.id, roles, bool(interaction.permissions.manage_guild))
