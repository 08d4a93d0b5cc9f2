"""Rules at the table: `/rules`, and the calculators `/roem`, `/legal`, `/score`, `/cards`.

Players settle arguments with these, so every answer comes from the engine (legal cards and
their reasons, roem of a trick, the score of a hand, the card tables), under the rule set
of the table in the channel, or the variant the user chose, or the default rules. This
module only reads the options (`cogs.rules.options`), asks the engine, and hands the answer
to the renderers (`cogs.rules.ui`). Bad input gets a private answer naming the offending
option; nothing is left to the error handler.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import (
    PRESET_NAMES,
    Card,
    HandScore,
    RuleSet,
    Suit,
    explain_illegal,
    legal_cards,
    partner_is_winning,
    roem_of_trick,
    score_hand,
    trick_winner,
)
from bot.engine.tricks import HAND_TOTAL
from bot.texts.rulebook import TOPICS, search_topics
from bot.texts.rulebook import topic as rulebook_topic
from cogs.errors.cog import send_ephemeral
from cogs.rules.options import (
    InputProblem,
    parse_card_list,
    parse_suit,
    parse_variant,
    quote,
    require_disjoint,
)
from cogs.rules.ui import (
    LegalAnswer,
    RulesInEffect,
    ScoreQuestion,
    cards_embed,
    cards_file,
    index_embed,
    legal_embed,
    roem_embed,
    score_embed,
    suit_text,
    topic_embeds,
)

if TYPE_CHECKING:
    from bot.client import KlaverjasBot

__all__ = ["RulesCog"]

log = logging.getLogger(__name__)

AUTOCOMPLETE_MAX = 25
CHOICE_NAME_MAX = 100
HAND_MAX = 8
TRICK_MAX = 3  # cards already in a trick the acting player still plays to
ROEM_CARDS = (2, 4)
TRICKS_PER_HAND = 8


def _ls(text: str, key: str) -> app_commands.locale_str:
    """A localisable command text; the translator looks ``key`` up in the catalogues."""
    return app_commands.locale_str(text, key=key)


def _opt(option: str) -> str:
    """Catalogue key of an option's name (also used to name it in error messages)."""
    return f"cmd.rules.opt.{option}.name"


def _name(option: str) -> app_commands.locale_str:
    return _ls(option, _opt(option))


def _desc(option: str, text: str) -> app_commands.locale_str:
    return _ls(text, f"cmd.rules.opt.{option}.desc")


VARIANT_CHOICES = [app_commands.Choice(name=name, value=name) for name in PRESET_NAMES]
MAKERS_CHOICES = [
    app_commands.Choice(name=_ls("us", "cmd.rules.choice.us"), value="us"),
    app_commands.Choice(name=_ls("them", "cmd.rules.choice.them"), value="them"),
]
VARIANT_DESC = _desc("variant", "Rules to use; default: this channel's table, else amsterdam")
PUBLIC_DESC = _desc("public", "Show the answer to everyone in the channel (default: only you)")
TRUMP_DESC = _desc("trump", "The trump suit (troef): c d h s, ♣ ♦ ♥ ♠ or its name")


class RulesCog(commands.Cog, name="Rules"):
    """The rules and the calculators players use to settle arguments at the table."""

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot

    # ---------------------------------------------------------------- helpers

    def rules_here(
        self, interaction: discord.Interaction[Any], variant: str | None
    ) -> RulesInEffect:
        """The chosen variant, else the rule set of this channel's table, else the default."""
        table = None
        if interaction.channel_id is not None:
            table = self.bot.services.tables.in_channel(interaction.channel_id)
        table_rules = table.rules if table is not None else None
        if variant:
            return RulesInEffect(parse_variant(variant, _opt("variant")), "chosen", table_rules)
        if table_rules is not None:
            return RulesInEffect(table_rules, "table", table_rules)
        return RulesInEffect(RuleSet(), "default")

    async def _refuse(self, interaction: discord.Interaction[Any], problem: InputProblem) -> None:
        log.debug("refused %s input: %s %s", _command(interaction), problem.key, problem.values)
        await send_ephemeral(interaction, problem.render(interaction.locale))

    # ---------------------------------------------------------------- /rules

    @app_commands.command(
        name=_ls("rules", "cmd.rules.rules.name"),
        description=_ls("Klaverjas rules, as this table plays them", "cmd.rules.rules.desc"),
    )
    @app_commands.rename(topic=_name("topic"), variant=_name("variant"), public=_name("public"))
    @app_commands.describe(
        topic=_desc("topic", "The rules topic; leave empty for the list of topics"),
        variant=VARIANT_DESC,
        public=PUBLIC_DESC,
    )
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def rules(
        self,
        interaction: discord.Interaction[Any],
        topic: str | None = None,
        variant: str | None = None,
        public: bool = False,
    ) -> None:
        locale = interaction.locale
        try:
            ctx = self.rules_here(interaction, variant)
            key = _topic_key(topic, locale.value) if topic else None
        except InputProblem as problem:
            await self._refuse(interaction, problem)
            return
        embeds = [index_embed(locale, ctx)] if key is None else topic_embeds(locale, key, ctx)
        await interaction.response.send_message(embeds=embeds, ephemeral=not public)

    @rules.autocomplete("topic")
    async def rules_topic_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        locale = interaction.locale.value
        return [
            app_commands.Choice(name=_choice_name(rulebook_topic(key, locale).summary), value=key)
            for key in search_topics(current, locale)[:AUTOCOMPLETE_MAX]
        ]

    # ---------------------------------------------------------------- /roem

    @app_commands.command(
        name=_ls("roem", "cmd.rules.roem.name"),
        description=_ls("The roem (bonus) in 2 to 4 cards of a trick", "cmd.rules.roem.desc"),
    )
    @app_commands.rename(
        cards=_name("cards"), trump=_name("trump"), variant=_name("variant"), public=_name("public")
    )
    @app_commands.describe(
        cards=_desc("cards", "The cards of the trick, e.g. Qh Kh Jh 7s"),
        trump=TRUMP_DESC,
        variant=VARIANT_DESC,
        public=PUBLIC_DESC,
    )
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def roem(
        self,
        interaction: discord.Interaction[Any],
        cards: str,
        trump: str,
        variant: str | None = None,
        public: bool = False,
    ) -> None:
        locale = interaction.locale
        try:
            trick = parse_card_list(
                cards, _opt("cards"), minimum=ROEM_CARDS[0], maximum=ROEM_CARDS[1]
            )
            suit = parse_suit(trump, _opt("trump"))
            ctx = self.rules_here(interaction, variant)
        except InputProblem as problem:
            await self._refuse(interaction, problem)
            return
        found = roem_of_trick(trick, suit, ctx.rules)
        embed = roem_embed(locale, trick, suit, found, ctx)
        await interaction.response.send_message(embed=embed, ephemeral=not public)

    @roem.autocomplete("trump")
    async def roem_trump_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return _suit_choices(interaction, current)

    # ---------------------------------------------------------------- /legal

    @app_commands.command(
        name=_ls("legal", "cmd.rules.legal.name"),
        description=_ls(
            "Which cards of a hand may be played to a trick, and why not", "cmd.rules.legal.desc"
        ),
    )
    @app_commands.rename(
        hand=_name("hand"),
        trump=_name("trump"),
        trick=_name("trick"),
        variant=_name("variant"),
        public=_name("public"),
    )
    @app_commands.describe(
        hand=_desc("hand", "The cards in your hand (1 to 8), e.g. Qh 7d"),
        trump=TRUMP_DESC,
        trick=_desc("trick", "The cards played to the trick so far, lead first; empty if you lead"),
        variant=VARIANT_DESC,
        public=PUBLIC_DESC,
    )
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
        locale = interaction.locale
        try:
            held = parse_card_list(hand, _opt("hand"), minimum=1, maximum=HAND_MAX)
            played = _parse_trick(trick)
            require_disjoint(held, played)
            suit = parse_suit(trump, _opt("trump"))
            ctx = self.rules_here(interaction, variant)
        except InputProblem as problem:
            await self._refuse(interaction, problem)
            return
        answer = _legal_answer(held, played, suit, ctx.rules)
        embed = legal_embed(locale, answer, ctx)
        await interaction.response.send_message(embed=embed, ephemeral=not public)

    @legal.autocomplete("trump")
    async def legal_trump_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return _suit_choices(interaction, current)

    # ---------------------------------------------------------------- /score

    @app_commands.command(
        name=_ls("score", "cmd.rules.score.name"),
        description=_ls(
            "Score a hand: both pairs' points, nat or pit, and why", "cmd.rules.score.desc"
        ),
    )
    @app_commands.rename(
        makers=_name("makers"),
        points=_name("points"),
        roem_makers=_name("roem_makers"),
        roem_defenders=_name("roem_defenders"),
        tricks=_name("tricks"),
        variant=_name("variant"),
        public=_name("public"),
    )
    @app_commands.describe(
        makers=_desc("makers", "Which pair chose trump (the makers): us or them"),
        points=_desc("points", "The makers' card points, last trick's 10 included (0 to 162)"),
        roem_makers=_desc("roem_makers", "Roem the makers claimed (default 0)"),
        roem_defenders=_desc("roem_defenders", "Roem the defenders claimed (default 0)"),
        tricks=_desc(
            "tricks", "Tricks the makers took (0-8); default: pit only if the others have nothing"
        ),
        variant=VARIANT_DESC,
        public=PUBLIC_DESC,
    )
    @app_commands.choices(makers=MAKERS_CHOICES, variant=VARIANT_CHOICES)
    async def score(
        self,
        interaction: discord.Interaction[Any],
        makers: str,
        points: app_commands.Range[int, 0, HAND_TOTAL],
        roem_makers: app_commands.Range[int, 0, 10_000] = 0,
        roem_defenders: app_commands.Range[int, 0, 10_000] = 0,
        tricks: app_commands.Range[int, 0, TRICKS_PER_HAND] | None = None,
        variant: str | None = None,
        public: bool = False,
    ) -> None:
        locale = interaction.locale
        try:
            ctx = self.rules_here(interaction, variant)
            question = _score_question(makers, points, roem_makers, roem_defenders, tricks)
            result = _score(question, ctx.rules)
        except InputProblem as problem:
            await self._refuse(interaction, problem)
            return
        embed = score_embed(locale, question, result, ctx)
        await interaction.response.send_message(embed=embed, ephemeral=not public)

    # ---------------------------------------------------------------- /cards

    @app_commands.command(
        name=_ls("cards", "cmd.rules.cards.name"),
        description=_ls(
            "Card order and points, in trump and in the other suits", "cmd.rules.cards.desc"
        ),
    )
    @app_commands.rename(public=_name("public"))
    @app_commands.describe(public=PUBLIC_DESC)
    async def cards(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        locale = interaction.locale
        await interaction.response.send_message(
            embed=cards_embed(locale), file=cards_file(locale), ephemeral=not public
        )


# --------------------------------------------------------------------------- helpers


def _command(interaction: discord.Interaction[Any]) -> str:
    command = interaction.command
    return f"/{command.qualified_name}" if command is not None else "?"


def _choice_name(text: str) -> str:
    return text if len(text) <= CHOICE_NAME_MAX else text[: CHOICE_NAME_MAX - 1] + "…"


def _topic_key(text: str, locale: str) -> str:
    """A topic key from the autocomplete value, or from what the user typed."""
    cleaned = text.strip()
    if cleaned in TOPICS:
        return cleaned
    found = search_topics(cleaned, locale)
    if found:
        return found[0]
    raise InputProblem(
        "rules.err.unknown_topic",
        option=_opt("topic"),
        text=f"`{quote(cleaned)}`",
    )


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


def _parse_trick(text: str | None) -> list[Card]:
    # A trick in progress holds 0 to 3 cards: with 4 it is complete and nobody plays to it.
    played = parse_card_list(text, _opt("trick"), minimum=0, maximum=32)
    if len(played) > TRICK_MAX:
        raise InputProblem("rules.err.trick_complete", option=_opt("trick"), count=len(played))
    return played


def _legal_answer(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit, rules: RuleSet
) -> LegalAnswer:
    """Everything the engine says about playing from ``hand`` to ``trick``."""
    legal = legal_cards(hand, trick, trump, rules)
    refused = []
    for card in hand:
        reason = explain_illegal(card, hand, trick, trump, rules)
        if reason is not None:
            refused.append((card, reason))
    winning = partner = None
    top_trump = None
    if trick:
        index = trick_winner(trick, trump)
        winning = trick[index]
        partner = partner_is_winning(trick, trump)
        trumps = [c for c in trick if c.suit == trump]
        if trumps:
            top_trump = trumps[trick_winner(trumps, trump)]
    return LegalAnswer(
        hand=tuple(hand),
        trick=tuple(trick),
        trump=trump,
        legal=tuple(legal),
        refused=tuple(refused),
        winning=winning,
        partner_winning=bool(partner),
        top_trump=top_trump,
    )


def _score_question(
    makers: str, points: int, roem_makers: int, roem_defenders: int, tricks: int | None
) -> ScoreQuestion:
    """The user's numbers per pair; ``tricks`` defaults as documented in the command."""
    choice = makers.strip().lower()
    if choice not in ("us", "them"):
        raise InputProblem("rules.err.makers", option=_opt("makers"), text=f"`{quote(makers, 20)}`")
    if not 0 <= points <= HAND_TOTAL:
        raise InputProblem(
            "rules.err.points_range", option=_opt("points"), value=points, max=HAND_TOTAL
        )
    for option, roem in (("roem_makers", roem_makers), ("roem_defenders", roem_defenders)):
        if roem < 0:
            raise InputProblem("rules.err.roem_negative", option=_opt(option), value=roem)
    if tricks is not None and not 0 <= tricks <= TRICKS_PER_HAND:
        raise InputProblem(
            "rules.err.tricks_range", option=_opt("tricks"), value=tricks, max=TRICKS_PER_HAND
        )
    pair = 0 if choice == "us" else 1
    others = HAND_TOTAL - points
    given = tricks is not None
    if tricks is None:
        # Not given: a pit only when the other pair has neither card points nor roem;
        # otherwise both pairs took tricks (how many does not change the score).
        if others == 0 and roem_defenders == 0:
            tricks = TRICKS_PER_HAND
        elif points == 0 and roem_makers == 0:
            tricks = 0
        else:
            tricks = TRICKS_PER_HAND // 2
    by_pair = _per_pair(pair, points, others)
    return ScoreQuestion(
        makers=pair,
        points=by_pair,
        roem=_per_pair(pair, roem_makers, roem_defenders),
        tricks=_per_pair(pair, tricks, TRICKS_PER_HAND - tricks),
        tricks_given=given,
    )


def _per_pair(makers: int, mine: int, theirs: int) -> tuple[int, int]:
    return (mine, theirs) if makers == 0 else (theirs, mine)


def _score(question: ScoreQuestion, rules: RuleSet) -> HandScore:
    """The engine's score, or the refusal turned into a message naming the option."""
    try:
        return score_hand(question.makers, question.points, question.roem, question.tricks, rules)
    except ValueError as error:
        raise _score_problem(question, error) from None


def _score_problem(question: ScoreQuestion, error: ValueError) -> InputProblem:
    makers, defenders = question.makers, 1 - question.makers
    for pair, option in ((makers, "roem_makers"), (defenders, "roem_defenders")):
        if question.roem[pair] % 10:
            return InputProblem(
                "rules.err.roem_tens", option=_opt(option), value=question.roem[pair]
            )
    for pair in (makers, defenders):
        other = 1 - pair
        if question.tricks[pair] == TRICKS_PER_HAND and (
            question.points[other] or question.roem[other]
        ):
            key = (
                "rules.err.tricks_all_makers"
                if pair == makers
                else "rules.err.tricks_all_defenders"
            )
            return InputProblem(
                key,
                option=_opt("tricks"),
                tricks=question.tricks[makers],
                points=question.points[other],
                roem=question.roem[other],
            )
    log.info("score_hand refused %s: %s", question, error)
    return InputProblem("rules.err.score_refused", reason=str(error))
