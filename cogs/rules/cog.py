"""Rules at the table: `/rules`, and the calculators `/roem`, `/legal`, `/score`, `/cards`.

Players settle arguments with these, so every answer comes from the engine (legal cards and
their reasons, roem of a trick, the score of a hand, the card tables), under the rule set
of the table in the channel, or the variant the user chose, or the default rules. This
module only reads the options (options.py), asks the engine (actions.py), and hands the
answer to the renderers (ui.py). Each command runs in the common guard
(cogs/common/replies.py): bad input gets a private answer naming the offending option.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import ENGINE_PRESET_NAMES, Suit
from bot.engine.seats import TRICKS_PER_HAND
from bot.engine.tricks import DOUBLED_HAND_TOTAL, hand_total
from bot.texts.rulebook import TOPICS, search_topics
from bot.texts.rulebook import topic as rulebook_topic
from cogs.common.components import RenderedView
from cogs.common.replies import guarded
from cogs.common.text import command_named, command_text, options_from, suit_text
from cogs.rules.actions import legal_answer, roem_answer, rules_here, score
from cogs.rules.errors import CARDS, HAND, REFUSALS, TRICK, TRUMP
from cogs.rules.items import RULES, TopicMenu
from cogs.rules.options import parse_card_list, parse_suit, score_question, topic_key
from cogs.rules.ui import (
    RulesInEffect,
    cards_embed,
    cards_file,
    hand_roem_embed,
    index_embed,
    legal_embed,
    roem_embed,
    score_embed,
    topic_embeds,
    topic_menu,
)

if TYPE_CHECKING:
    from bot.client import KlaverjasBot

__all__ = ["RulesCog"]

log = logging.getLogger(__name__)

AUTOCOMPLETE_MAX = 25
CHOICE_NAME_MAX = 100


VARIANT_CHOICES = [app_commands.Choice(name=name, value=name) for name in ENGINE_PRESET_NAMES]
# The last call of a kraken hand (docs/rules.md 2.5): its Dutch name in every language.
CALL_CHOICES = [
    app_commands.Choice(name=name, value=level)
    for level, name in enumerate(("kraak", "rekraak", "superkraak"), 1)
]
MAKERS_CHOICES = [
    app_commands.Choice(name=command_text("rules.cmd.choice.us"), value="us"),
    app_commands.Choice(name=command_text("rules.cmd.choice.them"), value="them"),
]
VARIANT_DESC = command_text("rules.cmd.opt.variant.desc")
PUBLIC_DESC = command_text("rules.cmd.opt.public.desc")
TRUMP_DESC = command_text("rules.cmd.opt.trump.desc")


class RulesCog(commands.Cog, name="Rules"):
    """The rules and the calculators players use to settle arguments at the table."""

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Route the topic menu."""
        self.bot.add_routed_items(*RULES.items)

    async def cog_unload(self) -> None:
        """Undo `cog_load`."""
        self.bot.remove_routed_items(*RULES.items)

    # ---------------------------------------------------------------- helpers

    def rules_here(
        self, interaction: discord.Interaction[Any], variant: str | None
    ) -> RulesInEffect:
        """The rule set a question is answered under (`actions.rules_here`)."""
        return rules_here(self.bot.services.tables, interaction.channel_id, variant)

    # ---------------------------------------------------------------- /rules

    @app_commands.command(**command_named("rules.cmd.rules"))
    @options_from("rules.cmd.opt")
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def rules(
        self,
        interaction: discord.Interaction[Any],
        topic: str | None = None,
        variant: str | None = None,
        public: bool = False,
    ) -> None:
        """The rulebook: its index, or one topic, under the rules in effect here; below
        either, the menu of topics."""
        locale = interaction.locale
        async with guarded(interaction, _command(interaction), REFUSALS):
            ctx = self.rules_here(interaction, variant)
            key = topic_key(topic, locale.value) if topic else None
            embeds, view = _rules_page(locale, key, ctx, variant, public)
            await interaction.response.send_message(embeds=embeds, view=view, ephemeral=not public)

    async def show_topic(self, interaction: discord.Interaction[Any], menu: TopicMenu) -> None:
        """A choice in the topic menu: that topic in place of the private answer it sits
        on; under a public answer, privately to the one who chose (their own menu)."""
        data: Any = interaction.data or {}
        values = data.get("values") or []
        key = str(values[0]) if values else ""
        variant, public = menu.variant, menu.public
        locale = interaction.locale
        async with guarded(interaction, "/rules menu", REFUSALS):
            ctx = self.rules_here(interaction, variant)
            chosen = key if key in TOPICS else None
            embeds, view = _rules_page(locale, chosen, ctx, variant, False)
            if public:
                await interaction.response.send_message(embeds=embeds, view=view, ephemeral=True)
            else:
                await interaction.response.edit_message(embeds=embeds, view=view)

    @rules.autocomplete("topic")
    async def rules_topic_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The topics whose words hold what was typed, in the reader's language."""
        locale = interaction.locale.value
        return [
            app_commands.Choice(name=_choice_name(rulebook_topic(key, locale).summary), value=key)
            for key in search_topics(current, locale)[:AUTOCOMPLETE_MAX]
        ]

    # ---------------------------------------------------------------- /roem

    @app_commands.command(**command_named("rules.cmd.roem"))
    @options_from("rules.cmd.opt")
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def roem(
        self,
        interaction: discord.Interaction[Any],
        cards: str,
        trump: str,
        variant: str | None = None,
        public: bool = False,
    ) -> None:
        """The roem in a trick (or in the cards of one that hold it); with roem from the
        hand, a hand's combinations and when its pair scores them."""
        locale = interaction.locale
        async with guarded(interaction, _command(interaction), REFUSALS):
            trick = parse_card_list(cards, CARDS, locale)
            suit = parse_suit(trump, TRUMP, locale)
            ctx = self.rules_here(interaction, variant)
            found = roem_answer(trick, suit, ctx.rules)
            if isinstance(found, tuple):
                embed = hand_roem_embed(locale, trick, suit, found, ctx)
            else:
                embed = roem_embed(locale, trick, suit, found, ctx)
            await interaction.response.send_message(embed=embed, ephemeral=not public)

    @roem.autocomplete("trump")
    async def roem_trump_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The suits to name as trump, in the reader's language."""
        return _suit_choices(interaction, current)

    # ---------------------------------------------------------------- /legal

    @app_commands.command(**command_named("rules.cmd.legal"))
    @options_from("rules.cmd.opt")
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def legal(
        self,
        interaction: discord.Interaction[Any],
        hand: str,
        trump: str,
        trick: str | None = None,
        variant: str | None = None,
        public: bool = False,
    ) -> None:
        """The cards a hand may play to a trick, and why the others may not."""
        locale = interaction.locale
        async with guarded(interaction, _command(interaction), REFUSALS):
            held = parse_card_list(hand, HAND, locale)
            played = parse_card_list(trick, TRICK, locale)
            suit = parse_suit(trump, TRUMP, locale)
            ctx = self.rules_here(interaction, variant)
            answer = legal_answer(held, played, suit, ctx.rules)
            embed = legal_embed(locale, answer, ctx)
            await interaction.response.send_message(embed=embed, ephemeral=not public)

    @legal.autocomplete("trump")
    async def legal_trump_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The suits to name as trump, in the reader's language."""
        return _suit_choices(interaction, current)

    # ---------------------------------------------------------------- /score

    @app_commands.command(**command_named("rules.cmd.score"))
    @options_from("rules.cmd.opt")
    @app_commands.choices(makers=MAKERS_CHOICES, variant=VARIANT_CHOICES)
    @app_commands.choices(calls=CALL_CHOICES)
    async def score(
        self,
        interaction: discord.Interaction[Any],
        makers: str,
        points: app_commands.Range[int, 0, DOUBLED_HAND_TOTAL],
        roem_makers: app_commands.Range[int, 0, 10_000] = 0,
        roem_defenders: app_commands.Range[int, 0, 10_000] = 0,
        tricks: app_commands.Range[int, 0, TRICKS_PER_HAND] | None = None,
        variant: str | None = None,
        public: bool = False,
        calls: int = 0,
        spades: bool = False,
    ) -> None:
        """The score of one hand from the makers' points, the roem and the tricks; a kraken
        hand's last call and double spades (docs/rules.md 2.5, 2.7)."""
        locale = interaction.locale
        async with guarded(interaction, _command(interaction), REFUSALS):
            ctx = self.rules_here(interaction, variant)
            total = hand_total(spades, ctx.rules)
            question = score_question(
                makers, points, roem_makers, roem_defenders, tricks, calls, spades, total
            )
            result = score(question, ctx.rules)
            embed = score_embed(locale, question, result, ctx)
            await interaction.response.send_message(embed=embed, ephemeral=not public)

    # ---------------------------------------------------------------- /cards

    @app_commands.command(**command_named("rules.cmd.cards"))
    @options_from("rules.cmd.opt")
    async def cards(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        """/cards: the order of the cards, in and out of trump, as a picture."""
        locale = interaction.locale
        await interaction.response.send_message(
            embed=cards_embed(locale), file=cards_file(locale), ephemeral=not public
        )


# --------------------------------------------------------------------------- helpers


def _command(interaction: discord.Interaction[Any]) -> str:
    command = interaction.command
    return f"/{command.qualified_name}" if command is not None else "?"


def _rules_page(
    locale: discord.Locale, key: str | None, ctx: RulesInEffect, variant: str | None, public: bool
) -> tuple[list[discord.Embed], RenderedView]:
    """The index (no `key`) or a topic, and the topic menu under it."""
    embeds = [index_embed(locale, ctx)] if key is None else topic_embeds(locale, key, ctx)
    return embeds, RenderedView([[topic_menu(locale, variant, public, key)]])


def _choice_name(text: str) -> str:
    return text if len(text) <= CHOICE_NAME_MAX else text[: CHOICE_NAME_MAX - 1] + "…"


def _suit_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    needle = current.strip().casefold()
    choices = []
    for suit in Suit:
        label = suit_text(suit, interaction.locale)
        if not needle or needle in label.casefold() or needle == suit.letter:
            choices.append(app_commands.Choice(name=label, value=suit.letter))
    return choices
