"""Test-only extension exercising every path the harness models.

Slash commands with groups and a user option, an ephemeral message with a DynamicItem
button (survives restarts), a public message with a classic View (has a timeout task),
REST sends, and thread creation. Real cogs follow the same patterns.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands


class Counter(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"demo:count:(?P<n>[0-9]+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"demo:count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(
            content=f"count {self.n + 1}", view=counter_view(self.n + 1)
        )


def counter_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(Counter(n))
    return view


class HelloView(discord.ui.View):
    """A classic (non-persistent) view: discord.py starts a timeout task for it."""

    @discord.ui.button(label="Hello", custom_id="demo:hello")
    async def hello(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.send_message(f"hello {interaction.user.name}", ephemeral=True)


class Demo(commands.Cog):
    demo = app_commands.Group(name="demo", description="Harness self-test commands.")
    deep = app_commands.Group(name="deep", description="A nested group.", parent=demo)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.last_interaction: discord.Interaction[Any] | None = None

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(Counter)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(Counter)

    @demo.command(name="counter", description="An ephemeral counter.")
    async def counter(self, interaction: discord.Interaction[Any]) -> None:
        self.last_interaction = interaction
        await interaction.response.send_message("count 0", view=counter_view(0), ephemeral=True)

    @demo.command(name="public", description="Post a public message, maybe in a new thread.")
    async def public(
        self, interaction: discord.Interaction[Any], title: str, thread: bool = False
    ) -> None:
        channel: Any = interaction.channel
        if thread:
            channel = await channel.create_thread(
                name=title, type=discord.ChannelType.public_thread
            )
        await channel.send(embed=discord.Embed(title=title), view=HelloView())
        await interaction.response.send_message(f"posted in {channel.mention}", ephemeral=True)

    @demo.command(name="pick", description="Pick an opponent.")
    async def pick(self, interaction: discord.Interaction[Any], opponent: discord.Member) -> None:
        await interaction.response.send_message(f"you picked {opponent.name}", ephemeral=True)

    @deep.command(name="ping", description="Three levels deep.")
    async def ping(self, interaction: discord.Interaction[Any], times: int = 1) -> None:
        await interaction.response.send_message("pong " * times, ephemeral=True)


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    remark: discord.ui.TextInput[FeedbackModal] = discord.ui.TextInput(
        label="Remark", custom_id="demo:remark"
    )

    def __init__(self) -> None:
        super().__init__(custom_id="demo:feedback")

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"noted: {self.remark.value}", ephemeral=True)


class DemoExtras(commands.Cog):
    """Modal and autocomplete paths."""

    @app_commands.command(name="feedback", description="Open a modal.")
    async def feedback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(FeedbackModal())

    @app_commands.command(name="city", description="Autocomplete a city.")
    async def city(self, interaction: discord.Interaction[Any], name: str) -> None:
        await interaction.response.send_message(f"city {name}", ephemeral=True)

    @city.autocomplete("name")
    async def city_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        cities = ("Amsterdam", "Arnhem", "Utrecht")
        return [app_commands.Choice(name=c, value=c) for c in cities if c.startswith(current)]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Demo(bot))
    await bot.add_cog(DemoExtras())
