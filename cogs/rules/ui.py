"""Renderers for the rules commands: embeds and the card-order picture.

Everything here turns answers the engine already gave (legal cards and reason codes, a
`Roem`, a `HandScore`, the card tables of `bot.engine.tricks`) into text and pictures in
the user's language. No rule is decided here; the numbers shown come from the engine.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import discord
from PIL import Image, ImageDraw, ImageFont

from bot.engine import (
    Card,
    HandScore,
    IllegalReason,
    PlayOptions,
    Rank,
    Roem,
    RoemKind,
    RuleSet,
    Suit,
)
from bot.engine.handroem import Combination, ComboKind
from bot.engine.seats import SIDES
from bot.engine.tricks import (
    HAND_TOTAL,
    LAST_TRICK_BONUS,
    PLAIN_ORDER,
    PLAIN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
    sort_key,
)
from bot.texts.catalog import normalize_locale
from bot.texts.rulebook import TOPICS, topic
from cogs.common.components import EMBED_COLOUR, Component
from cogs.common.text import card_text, cards_text, rank_text, suit_text, t
from cogs.rules.items import TopicMenu

__all__ = [
    "CARDS_FILENAME",
    "FOLLOWING_TOPICS",
    "LegalAnswer",
    "RulesInEffect",
    "ScoreQuestion",
    "cards_embed",
    "cards_png",
    "hand_roem_embed",
    "index_embed",
    "legal_embed",
    "roem_embed",
    "score_embed",
    "topic_embeds",
    "topic_menu",
]

Source = Literal["table", "chosen", "default"]

COLOUR = EMBED_COLOUR
COLOUR_OTHER = discord.Colour.light_grey()
COLOUR_NAT = discord.Colour.dark_red()
CARDS_FILENAME = "cards.png"
FOLLOWING_TOPICS = ("following_amsterdam", "following_rotterdam")
_DEFAULT_RULES = RuleSet()


@dataclass(frozen=True, slots=True)
class RulesInEffect:
    """The rule set an answer uses, and where it came from.

    `table_rules` is the rule set of the table in this channel, if there is one (it may
    differ from `rules` when the user chose a variant).
    """

    rules: RuleSet
    source: Source
    table_rules: RuleSet | None = None


# --------------------------------------------------------------------------- shared bits


def rules_line(locale: object, ctx: RulesInEffect) -> str:
    """One line saying which rules the answer used, for a footer."""
    label = rules_label(ctx.rules, locale)
    if ctx.source == "table":
        return t("rules.footer.table", locale, label=label)
    if ctx.source == "chosen":
        line = t("rules.footer.chosen", locale, label=label)
        if ctx.table_rules is not None and ctx.table_rules != ctx.rules:
            plays = rules_label(ctx.table_rules, locale)
            line += " · " + t("rules.footer.table_plays", locale, label=plays)
        return line
    return t("rules.footer.default", locale, label=label)


def rules_label(rules: RuleSet, locale: object) -> str:
    """``RuleSet.label``, with ledig named a house rule in the reader's words (docs/rules.md
    2.10) rather than as the option the code writes."""
    if not rules.ledig_enabled:
        return rules.label
    plain = rules.with_options(ledig_enabled=False).label
    return f"{plain} + {t('rules.house_rule.ledig', locale)}"


def _differences(rules: RuleSet, locale: object) -> list[str]:
    default = _DEFAULT_RULES.to_dict()
    return [
        t("rules.house_rule.ledig", locale) if key == "ledig_enabled" else f"`{key}` = `{value}`"
        for key, value in rules.to_dict().items()
        if key != "name" and default.get(key) != value
    ]


def rules_field_value(locale: object, ctx: RulesInEffect) -> str:
    """Which rules apply here, with every option that differs from the default rules."""
    lines = [rules_line(locale, ctx)]
    differences = _differences(ctx.rules, locale)
    if differences:
        lines.append(
            t("rules.rules.differences", locale, default=_DEFAULT_RULES.name)
            + " "
            + ", ".join(differences)
        )
    else:
        lines.append(t("rules.rules.no_differences", locale))
    return _clip("\n".join(lines), 1024)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _embed(title: str, description: str, colour: discord.Colour = COLOUR) -> discord.Embed:
    return discord.Embed(
        title=_clip(title, 256), description=_clip(description, 4096), colour=colour
    )


# --------------------------------------------------------------------------- /rules


def _rulebook_locale(locale: object) -> str:
    return normalize_locale(locale)


def index_embed(locale: object, ctx: RulesInEffect) -> discord.Embed:
    """No topic chosen: a line pointing at the topic menu below, and the rules that apply
    here (the topics themselves are the menu's options: one row on a phone)."""
    intro = t("rules.rules.index_intro", locale, option=t("rules.cmd.opt.topic.name", locale))
    embed = _embed(t("rules.rules.index_title", locale), intro)
    embed.add_field(name=t("rules.rules.field_rules", locale), value=rules_field_value(locale, ctx))
    return embed


def topic_menu(
    locale: object, variant: str | None, public: bool, current: str | None = None
) -> Component:
    """The select menu of every topic (title, and its summary below it), `current` chosen;
    a choice shows that topic (cogs/rules/items.py)."""
    book = _rulebook_locale(locale)
    options = []
    for key in TOPICS:
        entry = topic(key, book)
        options.append(
            {
                "label": _clip(entry.title, 100),
                "value": key,
                "description": _clip(entry.summary, 100),
                "default": key == current,
            }
        )
    return {
        "type": 3,
        "custom_id": TopicMenu.of(variant, public).custom_id,
        "placeholder": _clip(t("rules.rules.menu", locale), 150),
        "options": options,
    }


def topic_embeds(locale: object, key: str, ctx: RulesInEffect) -> list[discord.Embed]:
    """One embed per topic; the two "following" topics side by side, the one in force marked."""
    book = _rulebook_locale(locale)
    if key not in FOLLOWING_TOPICS:
        entry = topic(key, book)
        embed = _embed(entry.title, entry.body + _topic_note(locale, key, ctx.rules))
        embed.add_field(
            name=t("rules.rules.field_rules", locale), value=rules_field_value(locale, ctx)
        )
        return [embed]
    applies = f"following_{ctx.rules.obligations}"
    embeds = []
    for name in FOLLOWING_TOPICS:
        entry = topic(name, book)
        in_force = name == applies
        embed = _embed(
            ("✅ " if in_force else "") + entry.title,
            entry.body,
            COLOUR if in_force else COLOUR_OTHER,
        )
        marker = "rules.rules.applies" if in_force else "rules.rules.does_not_apply"
        embed.set_footer(text=t(marker, locale, label=rules_label(ctx.rules, locale)))
        embeds.append(embed)
    embeds[-1].add_field(
        name=t("rules.rules.field_rules", locale), value=rules_field_value(locale, ctx)
    )
    return embeds


def _topic_note(locale: object, key: str, rules: RuleSet) -> str:
    """What the rules in effect add to a topic: the pit topic names the counter-pit
    (``counter_pit_bonus``, docs/rules.md 2.1) where the rules have it."""
    if key == "pit" and rules.counter_pit_bonus:
        return "\n\n" + t("rules.rules.counter_pit", locale, bonus=rules.counter_pit_bonus)
    return ""


# --------------------------------------------------------------------------- /roem


_PART_KEYS = {
    RoemKind.RUN3: "rules.roem.part.run3",
    RoemKind.RUN4: "rules.roem.part.run4",
    RoemKind.STUK: "rules.roem.part.stuk",
}
_RANK_KEYS = {rank: f"rules.roem.four.{rank.label.lower()}" for rank in Rank}
# A run in a hand by its length: three, four, five or more (docs/rules.md 2.6).
_RUN_KEYS = {3: "rules.roem.part.run3", 4: "rules.roem.part.run4", 5: "rules.roem.part.run5"}


def roem_parts_text(locale: object, roem: Roem) -> str:
    """``run of three (J♥ Q♥ K♥) 20 + stuk (Q♥ K♥) 20 = 40``."""
    parts = []
    for part in roem.parts:
        if part.kind == RoemKind.FOUR:
            name = t(_RANK_KEYS[part.cards[0].rank], locale)
        else:
            name = t(_PART_KEYS[part.kind], locale)
        parts.append(f"{name} ({cards_text(part.cards, locale)}) {part.points}")
    text = " + ".join(parts)
    if len(roem.parts) > 1:
        text += f" = **{roem.points}**"
    return text


def roem_embed(
    locale: object, cards: Sequence[Card], trump: Suit, roem: Roem, ctx: RulesInEffect
) -> discord.Embed:
    """/roem's answer: the cards, trump and the roem they hold, under the rules in effect."""
    lines = [
        t("rules.roem.cards", locale, cards=cards_text(cards, locale)),
        t("rules.common.trump", locale, suit=suit_text(trump, locale)),
        "",
    ]
    if roem:
        title = t("rules.roem.title", locale, points=roem.points)
        lines.append(roem_parts_text(locale, roem))
        if any(p.kind == RoemKind.STUK for p in roem.parts):
            lines.append(t("rules.roem.explain_stuk", locale, suit=suit_text(trump, locale)))
    else:
        title = t("rules.roem.title_none", locale)
        lines.append(t("rules.roem.none", locale))
    lines.append("")
    lines.append(t("rules.roem.explain_roem", locale))
    if len(cards) < 4:
        lines.append(t("rules.roem.partial", locale, count=len(cards)))
    embed = _embed(title, "\n".join(lines))
    rules = ctx.rules
    options = t(
        "rules.roem.options",
        locale,
        four_jacks=rules.four_jacks,
        four_nines=rules.four_nines,
        claiming=t(f"rules.roem.claiming.{rules.roem_claiming}", locale),
    )
    embed.set_footer(text=_clip(f"{rules_line(locale, ctx)}\n{options}", 2048))
    return embed


def hand_roem_embed(
    locale: object,
    cards: Sequence[Card],
    trump: Suit,
    combos: Sequence[Combination],
    ctx: RulesInEffect,
) -> discord.Embed:
    """One player's hand as dealt (docs/rules.md 2.6): each combination with its cards
    and value, the best one (what the table is told), and when the pair scores them under
    the rules asked (``hand_roem_award``, ``hand_roem_card_reuse``)."""
    rules = ctx.rules
    lines = [
        t("rules.roem.cards", locale, cards=cards_text(cards, locale)),
        t("rules.common.trump", locale, suit=suit_text(trump, locale)),
        "",
    ]
    total = sum(c.points for c in combos)
    if combos:
        title = t("rules.roem.hand_title", locale, points=total)
        lines.extend(f"• {_combination_text(locale, c)}" for c in combos)
        best = max(
            (c for c in combos if c.kind != ComboKind.STUK), key=lambda c: c.rank_key, default=None
        )
        if best is not None:
            lines.append(t("rules.roem.hand_best", locale, combo=_combination_text(locale, best)))
    else:
        title = t("rules.roem.title_none", locale)
        lines.append(t("rules.roem.hand_none", locale))
    lines.append("")
    lines.append(t(f"rules.roem.hand_award.{rules.hand_roem_award}", locale))
    if not rules.hand_roem_card_reuse:
        lines.append(t("rules.roem.hand_once", locale))
    embed = _embed(title, "\n".join(lines))
    embed.set_footer(text=_clip(rules_line(locale, ctx), 2048))
    return embed


def _combination_text(locale: object, combo: Combination) -> str:
    """``run of four (10♥ J♥ Q♥ K♥) **50**``."""
    if combo.kind == ComboKind.FOUR:
        name = t(_RANK_KEYS[combo.cards[0].rank], locale)
    elif combo.kind == ComboKind.STUK:
        name = t("rules.roem.part.stuk", locale)
    else:
        name = t(_RUN_KEYS[min(len(combo.cards), max(_RUN_KEYS))], locale)
    return f"{name} ({cards_text(combo.cards, locale)}) **{combo.points}**"


# --------------------------------------------------------------------------- /legal


@dataclass(frozen=True, slots=True)
class LegalAnswer:
    """One hand and trick as the user gave them, and what the engine said about them."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit
    options: PlayOptions


def reason_text(locale: object, answer: LegalAnswer, reason: IllegalReason) -> str:
    led = answer.trick[0].suit if answer.trick else None
    values = {
        "suit": suit_text(reason.suit, locale) if reason.suit is not None else "",
        "trump": suit_text(answer.trump, locale),
        "led": suit_text(led, locale) if led is not None else "",
        "top": (
            card_text(top, locale)
            if (top := answer.options.top_trump) is not None
            else answer.trump.symbol
        ),
    }
    return t(f"rules.reason.{reason.code.value}", locale, **values)


def legal_embed(locale: object, answer: LegalAnswer, ctx: RulesInEffect) -> discord.Embed:
    """/legal's answer: the cards that may be played, and why each other one may not."""
    order = sort_key(answer.trump)
    lines = [
        t("rules.common.trump", locale, suit=suit_text(answer.trump, locale)),
        t(
            "rules.legal.hand",
            locale,
            cards=cards_text(sorted(answer.hand, key=order.__getitem__), locale),
        ),
    ]
    if answer.trick:
        lines.append(t("rules.legal.trick", locale, cards=cards_text(answer.trick, locale)))
        who = (
            "rules.legal.partner_winning"
            if answer.options.partner_winning
            else "rules.legal.opponent_winning"
        )
        winning = answer.options.winning
        card = "?" if winning is None else card_text(winning, locale)
        lines.append(t(who, locale, card=card))
    else:
        lines.append(t("rules.legal.leading", locale))
    embed = _embed(t("rules.legal.title", locale), "\n".join(lines))
    legal = sorted(answer.options.legal, key=order.__getitem__)
    embed.add_field(
        name=t("rules.legal.field_legal", locale, count=len(legal)),
        value=cards_text(legal, locale) or "—",
        inline=False,
    )
    if answer.options.refused:
        refused = sorted(answer.options.refused, key=lambda pair: order[pair[0]])
        value = "\n".join(
            f"**{card_text(card, locale)}**: {reason_text(locale, answer, r)}"
            for card, r in refused
        )
        embed.add_field(
            name=t("rules.legal.field_refused", locale, count=len(refused)),
            value=_clip(value, 1024),
            inline=False,
        )
    embed.set_footer(text=rules_line(locale, ctx))
    return embed


# --------------------------------------------------------------------------- /score


@dataclass(frozen=True, slots=True)
class ScoreQuestion:
    """The numbers as the user gave them, per pair (0 = "us", 1 = "them")."""

    makers: int
    points: tuple[int, int]
    roem: tuple[int, int]
    tricks: tuple[int, int]
    tricks_given: bool
    calls: int = 0  # kraak, rekraak, superkraak: 1, 2, 3 (docs/rules.md 2.5)
    spades: bool = False  # spades were trump (double spades, 2.7)
    total: int = HAND_TOTAL  # the hand's card points: 224 when spades double their values


def _pair(locale: object, pair: int) -> str:
    return t("rules.score.us" if pair == 0 else "rules.score.them", locale)


def score_embed(
    locale: object, question: ScoreQuestion, result: HandScore, ctx: RulesInEffect
) -> discord.Embed:
    """/score's answer: the hand's score for each pair, under the rules in effect."""
    rules = ctx.rules
    makers = question.makers
    defenders = 1 - makers
    mp, dp = question.points[makers], question.points[defenders]
    mr, dr = question.roem[makers], question.roem[defenders]
    lines = [
        t(
            "rules.score.makers_are",
            locale,
            makers=_pair(locale, makers),
            defenders=_pair(locale, defenders),
        )
    ]
    if rules.nat_counts_roem:
        lines.append(
            t(
                "rules.score.compare_roem",
                locale,
                mp=mp,
                mr=mr,
                mt=mp + mr,
                dp=dp,
                dr=dr,
                dt=dp + dr,
            )
        )
    else:
        lines.append(t("rules.score.compare_points", locale, mp=mp, dp=dp))
    scores = result.scores
    if result.calls:
        title, colour = t(f"rules.score.title_call.{result.calls}", locale), COLOUR_NAT
        lines.extend(_called(locale, result, rules, question.total))
    elif result.nat and rules.nat_enabled:
        title = t("rules.score.title_nat", locale)
        colour = COLOUR_NAT
        formula = [str(question.total)]
        if mr + dr:
            formula.append(t("rules.score.roem_amount", locale, roem=mr + dr))
        if result.pit == defenders:
            formula.extend(_pit_amounts(locale, rules))
        lines.append(
            t(
                "rules.score.verdict_nat",
                locale,
                makers_score=scores[makers],
                defenders_score=scores[defenders],
                formula=" + ".join(formula),
            )
        )
    elif result.nat:
        title = t("rules.score.title_no_nat", locale)
        colour = COLOUR
        lines.append(t("rules.score.verdict_no_nat", locale))
    else:
        title = t("rules.score.title_made", locale)
        colour = COLOUR
        lines.append(t("rules.score.verdict_made", locale))
    if result.pit is not None:
        side = "us" if result.pit == 0 else "them"  # "we took", not "us took"
        lines.append(t(f"rules.score.pit.{side}", locale, bonus=rules.pit_bonus))
        if result.pit == defenders and rules.counter_pit_bonus:
            lines.append(t("rules.score.counter_pit", locale, bonus=rules.counter_pit_bonus))
    if result.zero_bonus:
        lines.append(t("rules.score.zero_bonus", locale, bonus=rules.zero_bonus))
    if question.spades and result.multiplier != 1 << result.calls:
        lines.append(t("rules.score.spades", locale))
    if question.total != HAND_TOTAL:
        lines.append(t("rules.score.spades_values", locale, total=question.total))
    if result.multiplier > 1 and rules.multiplier_scope == "cards":
        lines.append(t("rules.score.scope_cards", locale))
    lines.append("")
    lines.append(_tricks_note(locale, question))
    embed = _embed(title, "\n".join(lines), colour)
    for pair in SIDES:
        role = "rules.score.role_makers" if pair == makers else "rules.score.role_defenders"
        embed.add_field(
            name=f"{_pair(locale, pair)} ({t(role, locale)})",
            value=f"**{scores[pair]}**",
            inline=True,
        )
    embed.set_footer(text=rules_line(locale, ctx))
    return embed


def _pit_amounts(locale: object, rules: RuleSet) -> list[str]:
    """The defenders' pit in a nat's sum: the pit and, where the rules have it, the
    counter-pit on top (``counter_pit_bonus``, docs/rules.md 2.1)."""
    amounts = [t("rules.score.pit_amount", locale, bonus=rules.pit_bonus)]
    if rules.counter_pit_bonus:
        amounts.append(t("rules.score.counter_pit_amount", locale, bonus=rules.counter_pit_bonus))
    return amounts


def _called(locale: object, result: HandScore, rules: RuleSet, total: int) -> list[str]:
    """A called hand's reason (docs/rules.md 2.5) as the rule set's options say it: who
    had to get more than half after the last call and who loses a tie (``double_tie``),
    who lost and is marked nat, and what each pair scores (``doubled_result``)."""
    bearing = "makers" if result.bearing_pair == result.makers else "defenders"
    loser = "makers" if result.loser == result.makers else "defenders"
    if loser == "defenders" and rules.doubled_result == "each_own":
        loser = "each_own"  # the makers won: each pair keeps its own total
    must = t(f"rules.score.bearing.{bearing}", locale)
    tie = t(f"rules.score.tie.{rules.double_tie}", locale)
    return [
        f"{must} {tie}",
        t(f"rules.score.called_lost.{loser}", locale, multiplier=result.multiplier, total=total),
    ]


def _tricks_note(locale: object, question: ScoreQuestion) -> str:
    makers_tricks = question.tricks[question.makers]
    if question.tricks_given:
        return t("rules.score.tricks_given", locale, tricks=makers_tricks)
    option = t("rules.cmd.opt.tricks.name", locale)
    if makers_tricks == sum(question.tricks):
        return t("rules.score.tricks_assumed_makers_all", locale, option=option)
    if makers_tricks == 0:
        return t("rules.score.tricks_assumed_defenders_all", locale, option=option)
    return t("rules.score.tricks_assumed_some", locale, option=option)


# --------------------------------------------------------------------------- /cards


CARD_COLUMN = 3  # a rank or its points ("10", "20") and a space before it


def _order(order: dict[Rank, int]) -> list[Rank]:
    return sorted(order, key=lambda rank: -order[rank])


def _order_block(locale: object, order: dict[Rank, int], points: dict[Rank, int]) -> str:
    """A card order as two monospace rows, ranks over points, in `CARD_COLUMN`-wide columns:
    with the locale's longer label, within a phone's 36 columns."""
    ranks = _order(order)
    card_label = t("rules.cards.row_card", locale)
    points_label = t("rules.cards.row_points", locale)
    width = max(len(card_label), len(points_label))
    top = card_label.ljust(width) + "".join(
        rank_text(rank, locale).rjust(CARD_COLUMN) for rank in ranks
    )
    bottom = points_label.ljust(width) + "".join(str(points[r]).rjust(CARD_COLUMN) for r in ranks)
    return f"```\n{top}\n{bottom}\n```"


def _totals() -> dict[str, int]:
    trump = sum(TRUMP_POINTS.values())
    plain = sum(PLAIN_POINTS.values())
    others = len(Suit) - 1
    return {
        "trump": trump,
        "plain": plain,
        "others": others,
        "cards": trump + others * plain,
        "last": LAST_TRICK_BONUS,
        "total": HAND_TOTAL,
    }


def cards_embed(locale: object) -> discord.Embed:
    """The two card orders as text, with the picture attached as ``cards.png``."""
    lines = [
        t("rules.cards.legend", locale),
        "",
        t("rules.cards.trump_heading", locale),
        _order_block(locale, TRUMP_ORDER, TRUMP_POINTS),
        t("rules.cards.plain_heading", locale),
        _order_block(locale, PLAIN_ORDER, PLAIN_POINTS),
        t("rules.cards.totals", locale, **_totals()),
    ]
    embed = _embed(t("rules.cards.title", locale), "\n".join(lines))
    embed.set_image(url=f"attachment://{CARDS_FILENAME}")
    return embed


def cards_file(locale: object) -> discord.File:
    return discord.File(io.BytesIO(cards_png(normalize_locale(locale))), filename=CARDS_FILENAME)


# The picture. Pillow's built-in font has Latin letters without accents, so the few words
# drawn are folded to ASCII ("più" -> "piu"); the full text is in the embed anyway.
_BACKGROUND = (14, 90, 48)
_CARD = (250, 250, 245)
_TRUMP_CARD = (255, 243, 196)
_TRUMP_EDGE = (212, 160, 23)
_EDGE = (60, 60, 60)
_INK = (20, 20, 20)
_LIGHT_INK = (240, 240, 230)
_CELL, _CARD_W, _CARD_H, _MARGIN = 76, 60, 84, 24


def _ascii(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if ord(ch) < 128)


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=size)
    except (ImportError, OSError, TypeError):  # Pillow built without FreeType
        return ImageFont.load_default()


def _fitting(
    draw: ImageDraw.ImageDraw, text: str, room: int, size: int
) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The default font at ``size``, smaller when a translation would not fit in ``room``."""
    font = _font(size)
    while size > 10 and draw.textlength(text, font=font) > room:
        size -= 1
        font = _font(size)
    return font


def _centred(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    text: str,
    font: ImageFont.FreeTypeFont | ImageFont.ImageFont,
    fill: tuple[int, int, int],
) -> None:
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    x = centre[0] - (right - left) / 2 - left
    y = centre[1] - (bottom - top) / 2 - top
    draw.text((x, y), text, font=font, fill=fill)


@lru_cache(maxsize=len(("en", "nl", "pt-BR", "es-ES", "it")) + 1)
def cards_png(locale: str) -> bytes:
    """The two card orders as a PNG: one card per rank, strongest left, points below."""
    rank_font, points_font = _font(30), _font(18)
    sections = (
        (t("rules.cards.image_trump", locale), TRUMP_ORDER, TRUMP_POINTS, True),
        (t("rules.cards.image_plain", locale), PLAIN_ORDER, PLAIN_POINTS, False),
    )
    section_h = 30 + _CARD_H + 34
    width = 2 * _MARGIN + 8 * _CELL
    height = 2 * _MARGIN + len(sections) * section_h + 30
    image = Image.new("RGB", (width, height), _BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = _MARGIN
    for heading, order, points, trump in sections:
        total = sum(points.values())
        title = _ascii(t("rules.cards.image_heading", locale, heading=heading, points=total))
        draw.text(
            (_MARGIN, y),
            title,
            font=_fitting(draw, title, width - 2 * _MARGIN, 20),
            fill=_LIGHT_INK,
        )
        top = y + 30
        for column, rank in enumerate(_order(order)):
            left = _MARGIN + column * _CELL + (_CELL - _CARD_W) // 2
            box = (left, top, left + _CARD_W, top + _CARD_H)
            draw.rounded_rectangle(
                box,
                radius=8,
                fill=_TRUMP_CARD if trump else _CARD,
                outline=_TRUMP_EDGE if trump else _EDGE,
                width=3 if trump else 2,
            )
            centre_x = left + _CARD_W / 2
            _centred(draw, (centre_x, top + _CARD_H / 2), rank_text(rank, locale), rank_font, _INK)
            _centred(
                draw, (centre_x, top + _CARD_H + 16), str(points[rank]), points_font, _LIGHT_INK
            )
        y += section_h
    totals = _ascii(t("rules.cards.image_totals", locale, **_totals()))
    draw.text(
        (_MARGIN, y + 4),
        totals,
        font=_fitting(draw, totals, width - 2 * _MARGIN, 20),
        fill=_LIGHT_INK,
    )
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
