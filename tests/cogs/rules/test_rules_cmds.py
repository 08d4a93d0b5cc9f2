"""The rules commands through the offline harness: /rules, /roem, /legal, /score, /cards.

Every calculator is checked against the engine on the worked examples of docs/rules.md
(1.5, 1.7, 1.8), every refusal against the option it names, and every reply against
Discord's limits. Replies are private unless `public` is set.
"""

from __future__ import annotations

import io
import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from PIL import Image

from bot.engine import (
    Card,
    Rank,
    RuleSet,
    Suit,
    explain_illegal,
    legal_cards,
    parse_cards,
    roem_of_trick,
    score_hand,
)
from bot.engine.tricks import PLAIN_ORDER, PLAIN_POINTS, TRUMP_ORDER, TRUMP_POINTS
from bot.settings import Settings
from bot.texts.catalog import LOCALES, catalogue, t
from bot.texts.rulebook import TOPICS, search_topics, topic
from cogs.rules.actions import score
from cogs.rules.options import score_question
from cogs.rules.ui import RulesInEffect, roem_embed, score_embed, topic_embeds
from tests.harness.harness import Harness
from tests.harness.limits import (
    assert_ephemeral,
    assert_not_ephemeral,
    assert_within_discord_limits,
)
from tests.harness.recorder import Call, Dispatch
from tests.harness.world import FAKE_TOKEN, GUILD_COMMANDS

StartHarness = Callable[..., Awaitable[Harness]]

EN, NL = "en-US", "nl"
TWO_LOCALES = (EN, NL)
DISCORD_LOCALES = (EN, NL, "pt-BR", "es-ES", "it")
RULES_COMMANDS = ("rules", "roem", "legal", "score", "cards")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PHONE_COLUMNS = 42  # characters of embed text a 400 px wide phone shows on a line
MONOSPACE_COLUMNS = 36  # a code block's line on a 400 px wide phone
INDEX_LINES = 12  # /rules without a topic: a short page above its menu


def cards(text: str) -> list[Card]:
    return parse_cards(text)


FACE_KEYS = {"J": "common.rank.j", "Q": "common.rank.q", "K": "common.rank.k", "A": "common.rank.a"}


def shown(text: str, locale: str) -> str:
    """Cards written in English letters (`Q♥`) as the locale prints them (`V♥` in Dutch)."""
    return re.sub(r"\b([JQKA])(?=[♣♦♥♠])", lambda m: t(FACE_KEYS[m[1]], locale), text)


def rank_shown(rank: Rank, locale: str) -> str:
    return t(FACE_KEYS[rank.label], locale) if rank.label in FACE_KEYS else rank.label


def answered(result: Dispatch) -> Call:
    """The single reply: an immediate message, within limits, never an error code."""
    reply = result.reply
    assert reply.callback_type == 4
    assert_within_discord_limits(reply)
    assert "error code" not in reply.text()
    return reply


def private(result: Dispatch) -> Call:
    reply = answered(result)
    assert_ephemeral(reply)
    return reply


def refusal(result: Dispatch, locale: str, option: str | None, *fragments: str) -> str:
    """A private plain-text refusal that names the option (as the user sees it) and parts."""
    reply = private(result)
    assert not reply.embeds
    content = reply.content
    if option is not None:
        assert f"**{t(f'rules.cmd.opt.{option}.name', locale)}**" in content, content
    for fragment in fragments:
        assert fragment in content, (fragment, content)
    return content


def field(reply: Call, name_start: str, index: int = 0) -> str:
    for f in reply.embeds[index].get("fields") or []:
        if f["name"].startswith(name_start):
            return str(f["value"])
    raise AssertionError(f"no field starting with {name_start!r} in {reply.embeds[index]}")


async def open_table(harness: Harness, rules: RuleSet, channel: int | None = None) -> None:
    anna = harness.world.add_user("anna")
    await harness.bot.services.tables.open(
        harness.world.guild_id,
        channel if channel is not None else harness.world.channel_id,
        anna,
        "anna",
        rules=rules,
    )
    await harness.settle()


# --------------------------------------------------------------------------- /rules


def phone_lines(text: str) -> int:
    """How many lines `text` takes in an embed on a phone (about 42 characters a line)."""
    return sum(max(1, -(-len(line) // PHONE_COLUMNS)) for line in text.splitlines())


def topic_menu(call: Call) -> dict[str, Any]:
    """The one select menu under a /rules answer: a row of its own."""
    [[menu]] = [row["components"] for row in call.components]
    assert menu["type"] == 3
    return dict(menu)


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
async def test_rules_without_topic_is_a_short_page_with_a_menu_of_topics(
    harness: Harness, locale: str
) -> None:
    reply = private(await harness.slash("rules", locale=locale))

    [embed] = reply.embeds
    rules_here = field(reply, t("rules.rules.field_rules", locale))
    assert "amsterdam" in rules_here
    # It listed every topic with its summary: 1,230 px tall on a phone.
    assert phone_lines(f"{embed['title']}\n{embed['description']}\n{rules_here}") <= INDEX_LINES
    menu = topic_menu(reply)
    assert [option["value"] for option in menu["options"]] == list(TOPICS)
    assert [option["label"] for option in menu["options"]] == [
        topic(key, locale).title for key in TOPICS
    ]
    assert menu["placeholder"] == t("rules.rules.menu", locale)
    assert not any(option["default"] for option in menu["options"])

    chosen = await harness.click(menu["custom_id"], message=reply, values=["nat"], locale=locale)

    turned = chosen.response
    assert turned.callback_type == 7  # the same private message, turned to the topic
    assert_within_discord_limits(turned)
    assert turned.embeds[0]["title"] == topic("nat", locale).title
    assert turned.embeds[0]["description"] == topic("nat", locale).body
    again = topic_menu(turned)
    assert [option["default"] for option in again["options"]] == [key == "nat" for key in TOPICS]


async def test_a_topic_chosen_under_a_public_index_is_shown_privately(harness: Harness) -> None:
    public = answered(await harness.slash("rules", {"public": True}))
    assert_not_ephemeral(public)
    bob = harness.world.add_user("bob")

    chosen = await harness.click(
        topic_menu(public)["custom_id"], message=public, values=["pit"], user=bob
    )

    reply = chosen.response
    assert reply.callback_type == 4  # a new private message: the channel's page stays
    assert_ephemeral(reply)
    assert reply.embeds[0]["title"] == topic("pit", "en").title
    assert harness.rest_calls("PATCH") == []


async def test_the_menu_keeps_the_variant_chosen_with_the_command(harness: Harness) -> None:
    index = private(await harness.slash("rules", {"preset": "rotterdam"}))

    chosen = await harness.click(
        topic_menu(index)["custom_id"], message=index, values=["following_amsterdam"]
    )

    marked = [e["title"].startswith("✅") for e in chosen.response.embeds]
    assert marked == [False, True]  # Rotterdam's following is in force, as chosen


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
async def test_rules_topic_is_the_rulebook_text_in_the_users_language(
    harness: Harness, locale: str
) -> None:
    reply = private(await harness.slash("rules", {"topic": "roem"}, locale=locale))

    [embed] = reply.embeds
    assert embed["title"] == topic("roem", locale).title
    assert embed["description"] == topic("roem", locale).body
    rules_here = field(reply, t("rules.rules.field_rules", locale))
    assert t("rules.footer.default", locale, label="amsterdam") in rules_here


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
@pytest.mark.parametrize("key", ["driemans", "tweemans"])
async def test_the_games_for_three_and_two_are_topics(
    harness: Harness, locale: str, key: str
) -> None:
    reply = private(await harness.slash("rules", {"topic": key}, locale=locale))
    assert_within_discord_limits(reply)
    [embed] = reply.embeds
    assert (embed["title"], embed["description"]) == (
        topic(key, locale).title,
        topic(key, locale).body,
    )
    menu = topic_menu(reply)
    assert [option["default"] for option in menu["options"]] == [k == key for k in TOPICS]


@pytest.mark.parametrize("locale", TWO_LOCALES)
@pytest.mark.parametrize("key", ["following_amsterdam", "following_rotterdam"])
async def test_following_topics_are_shown_side_by_side(
    harness: Harness, locale: str, key: str
) -> None:
    default = private(await harness.slash("rules", {"topic": key}, locale=locale))
    rotterdam = private(
        await harness.slash("rules", {"topic": key, "preset": "rotterdam"}, locale=locale)
    )

    for reply, in_force in ((default, "following_amsterdam"), (rotterdam, "following_rotterdam")):
        amsterdam_embed, rotterdam_embed = reply.embeds
        assert amsterdam_embed["description"] == topic("following_amsterdam", locale).body
        assert rotterdam_embed["description"] == topic("following_rotterdam", locale).body
        marked = [e["title"].startswith("✅") for e in reply.embeds]
        assert marked == [in_force == "following_amsterdam", in_force == "following_rotterdam"]
    assert "rotterdam" in rotterdam.embeds[1]["footer"]["text"]
    assert "`obligations` = `rotterdam`" in field(
        rotterdam, t("rules.rules.field_rules", locale), index=1
    )


async def test_rules_can_be_public(harness: Harness) -> None:
    reply = answered(await harness.slash("rules", {"topic": "nat", "public": True}))
    assert_not_ephemeral(reply)
    assert reply.embeds[0]["description"] == topic("nat", "en").body


async def test_rules_topic_typed_as_text_is_searched(harness: Harness) -> None:
    reply = private(await harness.slash("rules", {"topic": "woordenlijst"}, locale=NL))
    assert reply.embeds[0]["title"] == topic("glossary", "nl").title


@pytest.mark.parametrize(
    ("locale", "typed", "first"),
    [(EN, "roem", "roem"), (NL, "delen", "dealing"), ("es-ES", "reparto", "dealing")],
)
async def test_rules_topic_autocomplete_in_the_users_language(
    harness: Harness, locale: str, typed: str, first: str
) -> None:
    result = await harness.autocomplete("rules", {"topic": typed}, focused="topic", locale=locale)

    response = result.response
    assert response.callback_type == 8
    choices = response.json["data"]["choices"]
    assert [c["value"] for c in choices] == search_topics(typed, locale)
    assert choices[0]["value"] == first
    assert choices[0]["name"] == topic(first, locale).summary
    assert all(1 <= len(c["name"]) <= 100 for c in choices)


async def test_rules_topic_autocomplete_offers_at_most_25(harness: Harness) -> None:
    result = await harness.autocomplete("rules", {"topic": ""}, focused="topic")
    choices = result.response.json["data"]["choices"]
    assert [c["value"] for c in choices] == list(TOPICS)[:25]


@pytest.mark.parametrize("locale", TWO_LOCALES)
async def test_rules_unknown_topic_and_variant_are_refused(harness: Harness, locale: str) -> None:
    unknown = await harness.slash("rules", {"topic": "bidding wars"}, locale=locale)
    refusal(unknown, locale, "topic", "`bidding wars`")

    # Discord offers only the preset choices; a raw payload may still carry anything.
    variant = await harness.slash("rules", {"preset": "berlin"}, locale=locale)
    refusal(variant, locale, "variant", "`berlin`", "`online-1500`")


# --------------------------------------------------------------------------- table rules


async def test_the_tables_rules_are_the_default_in_its_channel(harness: Harness) -> None:
    await open_table(harness, RuleSet.preset("rotterdam"))
    elsewhere = harness.world.add_channel("other")

    rules = private(await harness.slash("rules", {"topic": "following_amsterdam"}))
    legal = private(await harness.slash("legal", {"hand": "Qh 7d", "trick": "Ac 7c", "trump": "h"}))
    chosen = private(
        await harness.slash(
            "legal", {"hand": "Qh 7d", "trick": "Ac 7c", "trump": "h", "preset": "amsterdam"}
        )
    )
    other = private(
        await harness.slash(
            "legal", {"hand": "Qh 7d", "trick": "Ac 7c", "trump": "h"}, channel=elsewhere
        )
    )

    # /rules marks Rotterdam as the rules in force and says they are the table's.
    assert [e["title"].startswith("✅") for e in rules.embeds] == [False, True]
    table_line = t("rules.footer.table", "en", label="rotterdam")
    assert table_line in field(rules, "Rules that apply", index=1)
    # Rotterdam: void in clubs with partner winning, C must still trump.
    assert field(legal, "Playable") == "Q♥"
    assert "7♦" in field(legal, "Not allowed") and "must play a **troef**" in legal.text()
    assert legal.embeds[0]["footer"]["text"] == table_line
    # A chosen variant wins, and the answer says what the table plays.
    assert field(chosen, "Playable") == "7♦ Q♥"
    assert "this channel's table plays rotterdam" in chosen.embeds[0]["footer"]["text"]
    # Another channel has no table: the default rules.
    assert field(other, "Playable") == "7♦ Q♥"
    assert other.embeds[0]["footer"]["text"] == t("rules.footer.default", "en", label="amsterdam")


async def test_a_tables_changed_options_are_named(harness: Harness) -> None:
    rules = RuleSet().with_options(four_jacks=100, undertrump_obligation=True)
    await open_table(harness, rules)

    reply = private(await harness.slash("rules", {"topic": "roem"}, locale=NL))

    value = field(reply, t("rules.rules.field_rules", "nl"))
    assert rules.label in value
    assert "`four_jacks` = `100`" in value and "`undertrump_obligation` = `True`" in value


# --------------------------------------------------------------------------- /roem


@pytest.mark.parametrize("locale", TWO_LOCALES)
@pytest.mark.parametrize(
    ("trick", "points", "breakdown"),
    [
        # docs/rules.md 1.7: trump Q-K-J = 20 + 20 = 40, trump 10-J-Q-K = 50 + 20 = 70.
        ("Qh Kh Jh 7s", 40, "{run3} (J♥ Q♥ K♥) 20 + stuk (Q♥ K♥) 20 = **40**"),
        ("10h Jh Qh Kh", 70, "{run4} (10♥ J♥ Q♥ K♥) 50 + stuk (Q♥ K♥) 20 = **70**"),
        ("8c 9c 10c Kd", 20, "{run3} (8♣ 9♣ 10♣) 20"),
        ("Q♥, K♥", 20, "stuk (Q♥ K♥) 20"),
        ("Ja Jd Jc Jh", 200, "{jacks} (J♣ J♦ J♥ J♠) 200"),
    ],
)
async def test_roem_matches_the_engine(
    harness: Harness, locale: str, trick: str, points: int, breakdown: str
) -> None:
    trick = trick.replace("Ja", "Js")
    result = await harness.slash("roem", {"cards": trick, "trump": "h"}, locale=locale)

    reply = private(result)
    engine = roem_of_trick(cards(trick), Suit.HEARTS, RuleSet())
    assert engine.points == points
    [embed] = reply.embeds
    assert embed["title"] == t("rules.roem.title", locale, points=points)
    names = {
        "run3": t("rules.roem.part.run3", locale),
        "run4": t("rules.roem.part.run4", locale),
        "jacks": t("rules.roem.four.j", locale),
    }
    assert shown(breakdown.format(**names), locale) in embed["description"]
    assert "amsterdam" in embed["footer"]["text"]


async def test_four_nines_and_four_jacks_follow_the_rule_options(
    make_harness: StartHarness,
) -> None:
    harness = await make_harness()
    nines, jacks = "9c 9d 9h 9s", "Jc Jd Jh Js"

    plain_nines = private(await harness.slash("roem", {"cards": nines, "trump": "s"}))
    await open_table(harness, RuleSet().with_options(four_nines=100, four_jacks=100))
    table_nines = private(await harness.slash("roem", {"cards": nines, "trump": "s"}))
    table_jacks = private(await harness.slash("roem", {"cards": jacks, "trump": "s"}))
    chosen_jacks = private(
        await harness.slash("roem", {"cards": jacks, "trump": "s", "preset": "amsterdam"})
    )

    assert plain_nines.embeds[0]["title"] == "No roem"
    assert "four nines 0" in plain_nines.embeds[0]["footer"]["text"].lower()
    assert table_nines.embeds[0]["title"] == "Roem: 100"
    assert "four nines (9♣ 9♦ 9♥ 9♠) 100" in table_nines.text()
    assert table_jacks.embeds[0]["title"] == "Roem: 100"
    assert chosen_jacks.embeds[0]["title"] == "Roem: 200"


async def test_roem_of_an_incomplete_trick_says_so(harness: Harness) -> None:
    reply = private(await harness.slash("roem", {"cards": "Kd Qd", "trump": "clubs"}))
    assert reply.embeds[0]["title"] == "No roem"
    assert "Only 2 cards" in reply.text()


@pytest.mark.parametrize("locale", TWO_LOCALES)
@pytest.mark.parametrize(
    ("options", "option", "fragments"),
    [
        ({"cards": "Qh Xh Jh", "trump": "h"}, "cards", ["`Xh`"]),
        ({"cards": "Qh Kh Q♥", "trump": "h"}, "cards", ["Q♥"]),
        ({"cards": "Qh Kh Jh 10h 9h", "trump": "h"}, "cards", ["5", "4"]),
        ({"cards": "Qh", "trump": "h"}, "cards", ["1", "2"]),
        ({"cards": "Qh Kh Jh", "trump": "purple"}, "trump", ["`purple`"]),
        ({"cards": "Qh Kh Jh", "trump": "h", "preset": "berlin"}, "variant", ["`berlin`"]),
    ],
)
async def test_roem_refuses_bad_input_naming_the_part(
    harness: Harness, locale: str, options: dict[str, Any], option: str, fragments: list[str]
) -> None:
    result = await harness.slash("roem", options, locale=locale)
    refusal(result, locale, option, *(shown(f, locale) for f in fragments))


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
async def test_roem_of_a_hand_under_roem_from_the_hand(harness: Harness, locale: str) -> None:
    """docs/rules.md 2.6, deal A seat 0 (hearts): a run of four 50, a run of three 20 and
    stuk 20; its best is the run to the king; the kraken preset's award rule is said."""
    cards = "10♥ J♥ Q♥ K♥ 7♠ 8♠ 9♠ A♣"  # symbols: a letter reads otherwise in pt-BR
    options = {"cards": cards, "trump": "♥", "preset": "kraken"}
    [embed] = private(await harness.slash("roem", options, locale=locale)).embeds
    assert embed["title"] == t("rules.roem.hand_title", locale, points=90)
    text = embed["description"]
    for key, points in (("run4", 50), ("run3", 20), ("stuk", 20)):
        assert t(f"rules.roem.part.{key}", locale) in text and f"**{points}**" in text
    best = text.split(t("rules.roem.hand_best", locale, combo="|").split("|")[0])[1]
    assert best.startswith(t("rules.roem.part.run4", locale))
    assert t("rules.roem.hand_award.best_combination", locale) in text
    assert t("rules.roem.hand_once", locale) not in text


async def test_roem_of_a_hand_follows_the_rules_asked(harness: Harness) -> None:
    """Under the default rules 8 cards are no trick; under kraken 9 are no hand; a hand
    without a combination says so."""
    plain = await harness.slash("roem", {"cards": "Th Jh Qh Kh 7s 8s 9s Ac", "trump": "h"})
    refusal(plain, EN, "cards", "8", "4")
    nine = {"cards": "Th Jh Qh Kh 7s 8s 9s Ac Ad", "trump": "h", "preset": "kraken"}
    refusal(await harness.slash("roem", nine, locale=NL), NL, "cards", "9", "8")
    none = {"cards": "7c 9c Jc Kc 7d 9d Jd Kd", "trump": "h", "preset": "kraken"}
    [embed] = private(await harness.slash("roem", none)).embeds
    assert embed["title"] == t("rules.roem.title_none", EN)
    assert t("rules.roem.hand_none", EN) in embed["description"]


async def test_suits_are_read_in_every_language_and_offered_by_autocomplete(
    harness: Harness,
) -> None:
    for trump in ("♥️", "H", "hearts", "harten", "copas", "corazones", "Cuori"):
        reply = private(await harness.slash("roem", {"cards": "Qh Kh", "trump": trump}))
        assert reply.embeds[0]["title"] == "Roem: 20", trump

    result = await harness.autocomplete(
        "roem", {"cards": "Qh Kh", "trump": "har"}, focused="trump", locale=NL
    )
    assert result.response.json["data"]["choices"] == [{"name": "♥ harten", "value": "h"}]


# --------------------------------------------------------------------------- /legal


@pytest.mark.parametrize("locale", TWO_LOCALES)
async def test_legal_partner_winning_frees_the_discard(harness: Harness, locale: str) -> None:
    # docs/rules.md 1.5: hearts trump, A leads A♣, B follows 7♣; C holds Q♥ and 7♦.
    options = {"hand": "Q♥ 7♦", "trick": "A♣ 7♣", "trump": "♥"}
    reply = private(await harness.slash("legal", options, locale=locale))

    engine = legal_cards(cards("Qh 7d"), cards("Ac 7c"), Suit.HEARTS, RuleSet())
    assert engine == cards("7d Qh")
    assert field(reply, t("rules.legal.field_legal", locale, count=2)) == shown("7♦ Q♥", locale)
    assert t("rules.legal.partner_winning", locale, card="A♣") in reply.text()
    assert len(reply.embeds[0]["fields"]) == 1  # nothing refused


@pytest.mark.parametrize("locale", TWO_LOCALES)
async def test_legal_opponent_trumped_means_overtrump(harness: Harness, locale: str) -> None:
    # docs/rules.md 1.5: had B trumped with 8♥, C would have had to overtrump with Q♥.
    options = {"hand": "Qh, 7d", "trick": "Ac, 8h", "trump": "h"}
    reply = private(await harness.slash("legal", options, locale=locale))

    reason = explain_illegal(
        Card.parse("7d"), cards("Qh 7d"), cards("Ac 8h"), Suit.HEARTS, RuleSet()
    )
    assert reason is not None and reason.code == "must_overtrump"
    assert field(reply, t("rules.legal.field_legal", locale, count=1)) == shown("Q♥", locale)
    refused = field(reply, t("rules.legal.field_refused", locale, count=1))
    assert refused.startswith("**7♦**")
    overtrump = "must overtrump" if locale == EN else "overtroeven"
    assert overtrump in refused and "8♥" in refused
    assert t("rules.legal.opponent_winning", locale, card="8♥") in reply.text()


async def test_legal_follow_suit_and_undertrump_reasons(harness: Harness) -> None:
    follow = private(
        await harness.slash("legal", {"hand": "Qh 7d Kc", "trick": "Ac 7c", "trump": "h"})
    )
    under = private(
        await harness.slash("legal", {"hand": "7h Qd", "trick": "Ac 9h", "trump": "h"}, locale=NL)
    )

    assert field(follow, "Playable") == "K♣"
    assert field(under, "Speelbaar") == "V♦"  # vrouw: Dutch letters in a Dutch answer
    assert field(follow, "Not allowed").count("you must follow suit (♣ clubs)") == 2
    # Opponent trumped with the nine; 7♥ would be an undertrump while Q♦ can be discarded.
    assert "**7♥**: **ondertroeven** mag niet" in field(under, "Niet toegestaan")


@pytest.mark.parametrize("locale", TWO_LOCALES)
async def test_legal_over_the_partners_trump_amsterdam_may_rotterdam_must(
    harness: Harness, locale: str
) -> None:
    # docs/rules.md 1.5 rule 4 and section 2: the partner trumped (9♥) and is winning, the
    # player is void in clubs with J♥, Q♥ and 7♦. Amsterdam: discard or overtrump, never
    # the lower Q♥. Rotterdam: overtrump the partner as if an opponent were winning.
    options = {"hand": "Jh Qh 7d", "trick": "Ac 9h Kc", "trump": "h"}
    amsterdam = private(await harness.slash("legal", options, locale=locale))
    rotterdam = private(
        await harness.slash("legal", {**options, "preset": "rotterdam"}, locale=locale)
    )

    playable = t("rules.legal.field_legal", locale, count=2)
    assert field(amsterdam, playable) == shown("7♦ J♥", locale)
    refused = field(amsterdam, t("rules.legal.field_refused", locale, count=1))
    assert refused.startswith(shown("**Q♥**", locale))
    assert ("undertrump" if locale == EN else "ondertroeven") in refused
    assert t("rules.legal.partner_winning", locale, card="9♥") in amsterdam.text()
    assert field(rotterdam, t("rules.legal.field_legal", locale, count=1)) == shown("J♥", locale)
    refused = field(rotterdam, t("rules.legal.field_refused", locale, count=2))
    assert refused.count("must overtrump" if locale == EN else "overtroeven") == 2


async def test_dutch_players_type_and_read_dutch_letters(harness: Harness) -> None:
    # Boer harten, vrouw klaveren, ruiten 7; klaveren (k) is troef; heer klaveren was led.
    options = {"hand": "Bh Vk 7r", "trick": "Hk", "trump": "k"}
    reply = private(await harness.slash("legal", options, locale=NL))

    engine = legal_cards(cards("Jh Qc 7d"), cards("Kc"), Suit.CLUBS, RuleSet())
    assert engine == cards("Qc")
    assert field(reply, "Speelbaar (1)") == "V♣"
    assert "**B♥**" in field(reply, "Niet toegestaan (2)")
    assert "H♣" in reply.text() and "K♣" not in reply.text()
    # The same letters mean nothing special to an English player: `k` is no suit there.
    english = await harness.slash("legal", options)
    refusal(english, "en-US", "hand", "`Vk`", "`7r`")


async def test_legal_when_leading_everything_is_playable(harness: Harness) -> None:
    reply = private(await harness.slash("legal", {"hand": "Jh 9h Ac", "trump": "h"}))
    assert field(reply, "Playable (3)") == "A♣ J♥ 9♥"
    assert "You lead" in reply.text()


@pytest.mark.parametrize("locale", TWO_LOCALES)
@pytest.mark.parametrize(
    ("options", "option", "fragments"),
    [
        ({"hand": "Qh 7x", "trick": "Ac", "trump": "h"}, "hand", ["`7x`"]),
        ({"hand": "Qh 7d", "trick": "Ac 1c", "trump": "h"}, "trick", ["`1c`"]),
        ({"hand": "Jh 10h Th", "trick": "Ac", "trump": "h"}, "hand", ["10♥"]),
        ({"hand": "Qh 7d", "trick": "Ac 7c Ac", "trump": "h"}, "trick", ["A♣"]),
        ({"hand": "Qh 7d Ac", "trick": "Ac 7c", "trump": "h"}, None, ["A♣"]),
        ({"hand": "7c 8c 9c 10c Jc Qc Kc Ac 7d", "trump": "h"}, "hand", ["9", "8"]),
        ({"hand": "Qh 7d", "trick": "Ac 7c Kc 8c", "trump": "h"}, "trick", ["4", "3"]),
        ({"hand": "Qh 7d", "trick": "Ac", "trump": "notrump"}, "trump", ["`notrump`"]),
        ({"hand": " , ", "trump": "h"}, "hand", ["0", "1"]),
    ],
)
async def test_legal_refuses_bad_input_naming_the_part(
    harness: Harness, locale: str, options: dict[str, Any], option: str | None, fragments: list[str]
) -> None:
    result = await harness.slash("legal", options, locale=locale)
    refusal(result, locale, option, *fragments)


# --------------------------------------------------------------------------- /score


@pytest.mark.parametrize("locale", TWO_LOCALES)
async def test_score_nat_counts_the_roem_of_both_pairs(harness: Harness, locale: str) -> None:
    # docs/rules.md 1.8: makers 82, defenders 80 + 20 roem: nat, makers 0, defenders 182.
    options = {"makers": "us", "points": 82, "roem_defenders": 20}
    reply = private(await harness.slash("score", options, locale=locale))

    engine = score_hand(0, (82, 80), (0, 20), (4, 4), RuleSet())
    assert engine.nat and engine.scores == (0, 182)
    [embed] = reply.embeds
    assert embed["title"] == t("rules.score.title_nat", locale)
    assert "**82 + 0**" in embed["description"] and "**80 + 20**" in embed["description"]
    assert "= **182**" in embed["description"] and "162 + 20" in embed["description"]
    us, them = embed["fields"]
    assert us["name"].startswith(t("rules.score.us", locale)) and us["value"] == "**0**"
    assert them["name"].startswith(t("rules.score.them", locale)) and them["value"] == "**182**"
    assert "**nat**" in embed["description"]
    assert (
        t("rules.score.tricks_assumed_some", locale, option=t("rules.cmd.opt.tricks.name", locale))
        in embed["description"]
    )


@pytest.mark.parametrize("locale", TWO_LOCALES)
async def test_score_a_called_hand_with_its_reason(harness: Harness, locale: str) -> None:
    # docs/rules.md 2.5: a kraak fails, 96 + 20 roem against 66: (162 + 20) x 2 for the makers
    options = {"makers": "us", "points": 96, "roem_makers": 20, "calls": 1, "preset": "kraken"}
    reply = private(await harness.slash("score", options, locale=locale))
    [embed] = reply.embeds
    assert embed["title"] == t("rules.score.title_call.1", locale)
    tie = t("rules.score.tie.bearer_loses", locale)
    assert f"{t('rules.score.bearing.defenders', locale)} {tie}" in embed["description"]
    lost = t("rules.score.called_lost.defenders", locale, multiplier=2, total=162)
    assert lost in embed["description"]
    assert [f["value"] for f in embed["fields"]] == ["**364**", "**0**"]
    rekraak = {"makers": "them", "points": 70, "roem_defenders": 50, "calls": 2, "preset": "kraken"}
    [lost_rekraak] = private(await harness.slash("score", rekraak, locale=locale)).embeds
    assert t("rules.score.bearing.makers", locale) in lost_rekraak["description"]
    assert [f["value"] for f in lost_rekraak["fields"]] == ["**848**", "**0**"]


@pytest.mark.parametrize("locale", TWO_LOCALES)
async def test_score_made_by_them(harness: Harness, locale: str) -> None:
    options = {"makers": "them", "points": 82}
    reply = private(await harness.slash("score", options, locale=locale))

    assert score_hand(1, (80, 82), (0, 0), (4, 4), RuleSet()).scores == (80, 82)
    embed = reply.embeds[0]
    assert embed["title"] == t("rules.score.title_made", locale)
    assert [f["value"] for f in embed["fields"]] == ["**80**", "**82**"]
    assert t("rules.score.role_makers", locale) in embed["fields"][1]["name"]


async def test_score_pit_is_assumed_only_when_the_others_have_nothing(harness: Harness) -> None:
    pit = private(await harness.slash("score", {"makers": "us", "points": 162, "roem_makers": 40}))
    seven = private(
        await harness.slash("score", {"makers": "us", "points": 162, "tricks": 7}, locale=NL)
    )
    lost_all = private(await harness.slash("score", {"makers": "them", "points": 0}))

    assert [f["value"] for f in pit.embeds[0]["fields"]] == ["**302**", "**0**"]
    assert "**Pit** (*mars*): we took all 8 tricks, +100." in pit.text()
    assert "I counted all 8 tricks for the makers (pit)" in pit.text()
    assert [f["value"] for f in seven.embeds[0]["fields"]] == ["**162**", "**0**"]
    assert "haalden er 7 van de 8" in seven.text() and "Pit" not in seven.text()
    # The makers took nothing: nat, and the defenders' pit on top of the 162.
    assert [f["value"] for f in lost_all.embeds[0]["fields"]] == ["**262**", "**0**"]
    assert "162 + 100 pit = **262**" in lost_all.text()


async def test_score_under_a_table_without_nat(harness: Harness) -> None:
    await open_table(harness, RuleSet().with_options(nat_enabled=False))
    reply = private(await harness.slash("score", {"makers": "us", "points": 70}))

    assert reply.embeds[0]["title"] == t("rules.score.title_no_nat", "en")
    assert [f["value"] for f in reply.embeds[0]["fields"]] == ["**70**", "**92**"]
    assert "nat_enabled=False" in reply.embeds[0]["footer"]["text"]


@pytest.mark.parametrize("locale", TWO_LOCALES)
@pytest.mark.parametrize(
    ("options", "option", "fragments"),
    [
        ({"makers": "us", "points": 163}, "points", ["163", "162"]),
        ({"makers": "us", "points": -4}, "points", ["-4"]),
        ({"makers": "us", "points": 82, "roem_makers": 15}, "roem_makers", ["15"]),
        ({"makers": "us", "points": 82, "roem_defenders": -20}, "roem_defenders", ["-20"]),
        ({"makers": "us", "points": 82, "tricks": 9}, "tricks", ["9"]),
        ({"makers": "us", "points": 100, "tricks": 8}, "tricks", ["8", "62"]),
        ({"makers": "them", "points": 0, "roem_makers": 20, "tricks": 0}, "tricks", ["20"]),
        ({"makers": "nobody", "points": 82}, "makers", ["`nobody`"]),
        # numbers no hand ends with: the sheet checks of the engine
        ({"makers": "us", "points": 161}, "points", ["161", "1"]),
        ({"makers": "us", "points": 100, "tricks": 1}, "points", ["100", "1"]),
        ({"makers": "us", "points": 82, "roem_makers": 30}, "roem_makers", ["30"]),
        (
            {"makers": "us", "points": 90, "roem_makers": 700, "roem_defenders": 20},
            "roem_defenders",
            ["700", "20"],
        ),
        ({"makers": "them", "points": 10, "roem_makers": 200}, "roem_makers", ["200", "10"]),
        ({"makers": "us", "points": 82, "preset": "berlin"}, "variant", ["`berlin`"]),
    ],
)
async def test_score_refuses_impossible_numbers_naming_the_part(
    harness: Harness, locale: str, options: dict[str, Any], option: str, fragments: list[str]
) -> None:
    result = await harness.slash("score", options, locale=locale)
    refusal(result, locale, option, *fragments)


# Every refusal path of the calculators, in every language: one private sentence naming the
# option and the user's own input, never an error code or an ERROR log line.
REFUSALS = [
    ("legal", {"hand": "Qh 7x", "trump": "h"}, "hand", ["`7x`"]),  # unknown_card
    ("legal", {"hand": "Qh Qh", "trump": "h"}, "hand", ["Q♥"]),  # duplicate_card
    ("legal", {"hand": "Qh 7d", "trick": "A♣ Qh", "trump": "h"}, None, ["Q♥"]),  # in both
    ("legal", {"hand": ";", "trump": "h"}, "hand", ["0", "1"]),  # too_few_cards
    ("legal", {"hand": "Qh", "trick": "7♣ 8♣ 9♣ 10♣", "trump": "h"}, "trick", ["4"]),
    ("legal", {"hand": "Qh", "trump": ""}, "trump", ["—"]),  # unknown_suit, nothing typed
    ("roem", {"cards": "7h 8h 9h 10h Jh", "trump": "h"}, "cards", ["5", "4"]),  # too many
    ("roem", {"cards": "7h", "trump": "h"}, "cards", ["1", "2"]),  # too few
    ("roem", {"cards": "Qh Kh", "trump": "h", "preset": "x"}, "variant", ["`x`"]),
    ("score", {"makers": "us", "points": 170}, "points", ["170", "162"]),  # negative_value
    ("score", {"makers": "them", "points": 82, "roem_defenders": 25}, "roem_defenders", ["25"]),
    ("score", {"makers": "us", "points": 82, "tricks": -1}, "tricks", ["-1", "8"]),
    ("score", {"makers": "us", "points": 0, "tricks": 8}, "tricks", ["8", "162"]),
    ("score", {"makers": "us", "points": 96, "calls": 1}, "calls", ["kraken-rotterdam"]),
]


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
@pytest.mark.parametrize(
    ("command", "options", "option", "fragments"),
    REFUSALS,
    ids=[f"{c}-{i}" for i, (c, *_) in enumerate(REFUSALS)],
)
async def test_every_calculator_refusal_is_private_and_specific(
    harness: Harness,
    caplog: pytest.LogCaptureFixture,
    locale: str,
    command: str,
    options: dict[str, Any],
    option: str | None,
    fragments: list[str],
) -> None:
    result = await harness.slash(command, options, locale=locale)

    content = refusal(result, locale, option, *(shown(f, locale) for f in fragments))
    assert "{" not in content
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


# --------------------------------------------------------------------------- /cards


@pytest.mark.parametrize("locale", TWO_LOCALES)
async def test_cards_sends_a_png_and_the_orders_as_text(
    harness: Harness, locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    uploads: dict[str, bytes] = {}
    record = harness.recorder.on_webhook

    def keep_files(route: Any, body: Any, files: Any, params: Any, reason: Any) -> Any:
        for file in files:
            uploads[file.filename] = file.fp.read()
            file.reset()
        return record(route, body, files, params, reason)

    monkeypatch.setattr(harness.recorder, "on_webhook", keep_files)
    reply = private(await harness.slash("cards", locale=locale))

    assert reply.files == ["cards.png"]
    png = uploads["cards.png"]
    assert png.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(png)) as image:
        image.verify()
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG" and image.width >= 400 and image.height >= 200
    [embed] = reply.embeds
    assert embed["image"]["url"] == "attachment://cards.png"
    assert [a["filename"] for a in reply.body["attachments"]] == ["cards.png"]
    text = embed["description"]
    trump_ranks = sorted(TRUMP_ORDER, key=lambda r: -TRUMP_ORDER[r])
    plain_ranks = sorted(PLAIN_ORDER, key=lambda r: -PLAIN_ORDER[r])
    assert "".join(f"{rank_shown(r, locale):>3}" for r in trump_ranks) in text
    assert "".join(f"{TRUMP_POINTS[r]:>3}" for r in trump_ranks) in text
    assert "".join(f"{rank_shown(r, locale):>3}" for r in plain_ranks) in text
    assert "".join(f"{PLAIN_POINTS[r]:>3}" for r in plain_ranks) in text
    assert "**152**" in text and "**162**" in text


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
async def test_cards_tables_fit_a_phones_monospace_width(harness: Harness, locale: str) -> None:
    reply = private(await harness.slash("cards", locale=locale))

    blocks = re.findall(r"```\n(.*?)```", reply.embeds[0]["description"], re.S)
    assert len(blocks) == 2  # trump and the other suits
    widths = [len(line) for block in blocks for line in block.splitlines()]
    assert max(widths) <= MONOSPACE_COLUMNS, widths  # they were 39 columns wide


async def test_cards_can_be_public(harness: Harness) -> None:
    reply = answered(await harness.slash("cards", {"public": True}, locale="it"))
    assert_not_ephemeral(reply)
    assert reply.embeds[0]["title"] == t("rules.cards.title", "it")


# --------------------------------------------------------------------------- registration


async def test_commands_are_published_with_valid_localisations(
    make_harness: StartHarness,
) -> None:
    guild_id = 123456789012345678
    settings = Settings(discord_token=FAKE_TOKEN, sync_commands=True, dev_guild_id=guild_id)
    harness = await make_harness(settings=settings)

    [sync] = harness.rest_calls("PUT", GUILD_COMMANDS)
    published = {c["name"]: c for c in sync.json if c["name"] in RULES_COMMANDS}
    assert set(published) == set(RULES_COMMANDS)
    for command in published.values():
        for item in [command, *command.get("options", [])]:
            _check_names(item)
            for choice in item.get("choices") or []:
                assert 1 <= len(choice["name"]) <= 100
    score = {o["name"]: o for o in published["score"]["options"]}
    assert score["makers"]["choices"][0]["name_localizations"]["nl"] == "wij"
    assert published["legal"]["name_localizations"]["nl"] == "speelbaar"
    assert [c["value"] for c in score["preset"]["choices"]] == [
        *("amsterdam", "rotterdam", "utrecht", "online-classic", "online-1500", "online-short"),
        *("kraken", "kraken-rotterdam"),
    ]
    assert [c["name"] for c in score["calls"]["choices"]] == ["kraak", "rekraak", "superkraak"]


def _check_names(item: dict[str, Any]) -> None:
    names = [item["name"], *(item.get("name_localizations") or {}).values()]
    descriptions = [item["description"], *(item.get("description_localizations") or {}).values()]
    assert set(item.get("name_localizations") or {}) == {"nl", "pt-BR", "es-ES", "es-419", "it"}
    for name in names:
        assert re.fullmatch(r"[-_\w]{1,32}", name) and name == name.lower(), name
    for description in descriptions:
        assert 1 <= len(description) <= 100, description


def test_command_texts_exist_in_every_language() -> None:
    english = {k for k in catalogue("en") if k.startswith("rules.cmd.")}
    assert english
    for locale in LOCALES:
        assert {k for k in catalogue(locale) if k.startswith("rules.cmd.")} == english


# --------------------------------------------------------------------------- robustness

NASTY = ["", " ", "♥", "10", "1010h", "J♥Q♥", "`` ** @everyone", "🂡 🂱", "x" * 3000, "Jh " * 40]


@pytest.mark.parametrize("text", NASTY)
async def test_nonsense_gets_an_answer_never_an_error(
    harness: Harness, text: str, caplog: pytest.LogCaptureFixture
) -> None:
    results = [
        await harness.slash("legal", {"hand": text, "trick": text, "trump": text}),
        await harness.slash("legal", {"hand": "Qh 7d", "trick": text, "trump": "h"}, locale=NL),
        await harness.slash("roem", {"cards": text, "trump": "s"}, locale="it"),
        await harness.slash("roem", {"cards": "Qs Ks", "trump": text}, locale="pt-BR"),
        await harness.slash("rules", {"topic": text}, locale="es-ES"),
    ]

    for result in results:
        private(result)  # one private answer within limits, no error code
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


async def test_calculators_can_answer_publicly(harness: Harness) -> None:
    roem = answered(await harness.slash("roem", {"cards": "Qs Ks", "trump": "s", "public": True}))
    score = answered(await harness.slash("score", {"makers": "us", "points": 90, "public": True}))
    legal = answered(
        await harness.slash("legal", {"hand": "Qs", "trump": "s", "public": True}, locale=NL)
    )
    for reply in (roem, score, legal):
        assert_not_ephemeral(reply)


def test_score_doubles_with_spades_where_the_rules_say_so() -> None:
    # docs/rules.md 2.7: spades trump, makers 100 + 20 roem, defenders 62: 240 and 124
    rules = RuleSet.preset("kraken").with_options(spades_double="multiply")
    question = score_question("us", 100, 20, 0, None, spades=True)
    result = score(question, rules)
    assert (result.scores, result.multiplier) == ((240, 124), 2)
    embed = score_embed(EN, question, result, RulesInEffect(rules, "chosen"))
    assert t("rules.score.spades", EN) in (embed.description or "")
    plain = score(question, RuleSet.preset("kraken"))  # spades double nothing here
    text = score_embed(EN, question, plain, RulesInEffect(rules, "chosen")).description or ""
    assert plain.scores == (120, 62) and t("rules.score.spades", EN) not in text


@pytest.mark.parametrize("locale", LOCALES)
def test_score_says_the_counter_pit_where_the_rules_have_it(locale: str) -> None:
    # ../shared/VARIANTS.md Example 8.1: the defenders take every trick, 162 + 100 + 100
    rules = RuleSet().with_options(counter_pit_bonus=100)
    question = score_question("us", 0, 0, 0, 0)
    result = score(question, rules)
    assert result.scores == (0, 362)
    text = score_embed(locale, question, result, RulesInEffect(rules, "table")).description
    pit = t("rules.score.pit_amount", locale, bonus=100)
    counter = t("rules.score.counter_pit_amount", locale, bonus=100)
    assert f"162 + {pit} + {counter} = **362**" in (text or "")
    assert t("rules.score.counter_pit", locale, bonus=100) in (text or "")
    plain = score_embed(
        locale, question, score(question, RuleSet()), RulesInEffect(RuleSet(), "table")
    )
    assert t("rules.score.counter_pit", locale, bonus=100) not in (plain.description or "")
    assert counter not in (plain.description or "")
    made = score_question("us", 162, 0, 0, 8)  # the makers' pit has no counter-pit
    text = score_embed(locale, made, score(made, rules), RulesInEffect(rules, "table")).description
    assert t("rules.score.counter_pit", locale, bonus=100) not in (text or "")


@pytest.mark.parametrize("locale", LOCALES)
def test_the_pit_topic_names_the_counter_pit_where_the_rules_have_it(locale: str) -> None:
    rules = RuleSet().with_options(counter_pit_bonus=100)
    note = t("rules.rules.counter_pit", locale, bonus=100)
    [pit] = topic_embeds(locale, "pit", RulesInEffect(rules, "table"))
    assert (pit.description or "").endswith(note)
    [plain] = topic_embeds(locale, "pit", RulesInEffect(RuleSet(), "default"))
    assert plain.description == topic("pit", locale).body
    [other] = topic_embeds(locale, "nat", RulesInEffect(rules, "table"))
    assert note not in (other.description or "")


def test_a_called_counter_pit_is_said_too() -> None:
    rules = RuleSet.preset("kraken").with_options(counter_pit_bonus=100)
    question = score_question("us", 0, 0, 0, 0, 1)
    result = score(question, rules)
    assert result.scores == (0, 724)  # (162 + 100 + 100) x 2
    text = score_embed(EN, question, result, RulesInEffect(rules, "table")).description or ""
    assert t("rules.score.counter_pit", EN, bonus=100) in text


def _called_text(rules: RuleSet, makers: str, points: int, roem: tuple[int, int]) -> str:
    """The /score answer's reason for a kraak under ``rules`` (read in English)."""
    question = score_question(makers, points, roem[0], roem[1], None, 1)
    return (
        score_embed(EN, question, score(question, rules), RulesInEffect(rules, "table")).description
        or ""
    )


def test_a_called_hand_reads_as_its_options_say() -> None:
    """docs/rules.md 2.5: the tie sentence follows double_tie, the result doubled_result,
    and scope cards says what is multiplied."""
    kraken = RuleSet.preset("kraken")
    text = _called_text(kraken, "us", 96, (20, 0))
    assert t("rules.score.tie.bearer_loses", EN) in text
    assert t("rules.score.called_lost.defenders", EN, multiplier=2, total=162) in text
    assert t("rules.score.scope_cards", EN) not in text
    each_own = kraken.with_options(doubled_result="each_own", double_tie="makers_lose")
    text = _called_text(each_own, "us", 96, (20, 0))
    assert t("rules.score.tie.makers_lose", EN) in text
    assert t("rules.score.called_lost.each_own", EN, multiplier=2) in text
    assert "lose and are nat" not in text
    defenders_win = _called_text(each_own, "us", 60, (0, 0))  # as winner_takes_all
    assert t("rules.score.called_lost.makers", EN, multiplier=2, total=162) in defenders_win
    cards = _called_text(kraken.with_options(multiplier_scope="cards"), "us", 96, (20, 0))
    assert t("rules.score.scope_cards", EN) in cards


def test_score_with_the_spades_values_doubled() -> None:
    """docs/rules.md 2.7 (trump_values): the defenders have 224 less the makers' points,
    a nat gives them 224, and the answer says why."""
    rules = RuleSet(spades_double="trump_values")
    question = score_question("us", 112, 0, 0, None, spades=True, total=224)
    result = score(question, rules)
    assert question.points == (112, 112) and result.scores == (0, 224)
    text = score_embed(EN, question, result, RulesInEffect(rules, "table")).description or ""
    assert t("rules.score.spades_values", EN, total=224) in text and "**224**" in text


@pytest.mark.parametrize("locale", LOCALES)
def test_the_roem_answer_names_the_claiming_option_in_the_readers_words(locale: str) -> None:
    """An option's value as a reader's word ("handmatig"), never the stored English one."""
    cards = parse_cards("qh kh jh 7s")
    for claiming in ("manual", "automatic"):
        rules = RuleSet(roem_claiming=claiming)
        roem = roem_of_trick(cards, int(Suit.HEARTS), rules)
        embed = roem_embed(locale, cards, Suit.HEARTS, roem, RulesInEffect(rules, "chosen"))
        options = (embed.footer.text or "").split("\n")[-1]  # under the rules' line
        assert options.endswith(t(f"rules.roem.claiming.{claiming}", locale))
        if locale in ("nl", "it"):
            assert not re.search(rf"\b{claiming}\b", options)
