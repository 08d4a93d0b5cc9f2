"""The /rules texts: complete in every language, within Discord's limits, true to docs/rules.md."""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

import pytest

from bot.engine import KRAKEN_PRESET_NAMES, PRESET_NAMES
from bot.texts import rulebook
from bot.texts.catalog import t
from bot.texts.rulebook import (
    BODY_MAX,
    LOCALES,
    SEARCH_LIMIT,
    SUMMARY_MAX,
    TITLE_MAX,
    TOPICS,
    RuleTopic,
    resolve_locale,
    search_topics,
    topic,
)
from cogs.common.text import text_width

MONOSPACE_COLUMNS = 36  # a code block's line on a 400 px wide phone
EXPECTED_TOPICS = (
    "overview",
    "dealing",
    "choosing_trump",
    "card_order",
    "following_amsterdam",
    "following_rotterdam",
    "winning_trick",
    "roem",
    "claiming_roem",
    "scoring",
    "nat",
    "pit",
    "match",
    "variants",
    "kraken",
    "hand_roem",
    "double_spades",
    "driemans",
    "tweemans",
    "ledig",
    "glossary",
    "examples",
)
OPTION_NAMES = (
    "obligations",
    "undertrump_obligation",
    "trump_selection",
    "four_jacks",
    "four_nines",
    "roem_claiming",
    "nat_counts_roem",
    "nat_enabled",
    "pit_bonus",
    "zero_bonus",
    "match_hands",
    "target_score",
    "tie_break",
    "counter_pit_bonus",
)
PRESETS = PRESET_NAMES + KRAKEN_PRESET_NAMES  # every four-player preset the bot offers
DUTCH_TERMS = ("roem", "stuk", "nat", "pit", "mars", "troef", "maat", "laatste slag")


def _raw(locale: str) -> dict[str, Any]:
    text = resources.files(rulebook).joinpath(f"{locale}.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+", text))


def _letters(text: str, locale: str) -> str:
    """English card letters (J Q K A) as the locale prints them (B V H A in Dutch), as the
    bot's card displays do (`cogs/common/text.py`, `common.rank.*` in the catalogue)."""
    return re.sub(r"\b[JQKA]\b", lambda m: t(f"common.rank.{m[0].lower()}", locale), text)


def test_topic_constants() -> None:
    assert TOPICS == EXPECTED_TOPICS
    assert LOCALES == ("en", "nl", "pt-BR", "es-ES", "it")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_locale_has_the_english_topics_in_order(locale: str) -> None:
    english = list(_raw("en")["topics"])
    assert english == list(TOPICS)
    assert list(_raw(locale)["topics"]) == english
    assert set(_raw(locale)) == {"topics"}


@pytest.mark.parametrize("locale", LOCALES)
def test_texts_are_present_and_within_limits(locale: str) -> None:
    for key, entry in _raw(locale)["topics"].items():
        assert set(entry) == {"title", "summary", "body"}, (locale, key)
        for field, limit in (("title", TITLE_MAX), ("summary", SUMMARY_MAX), ("body", BODY_MAX)):
            value = entry[field]
            assert isinstance(value, str) and value.strip(), (locale, key, field)
            assert len(value) <= limit, (locale, key, field, len(value))
        assert "\n" not in entry["title"] and "\n" not in entry["summary"], (locale, key)
        # A summary is a whole sentence: one cut to fit the menu's 100 characters is not.
        assert entry["summary"].endswith((".", "!", "?", ")")), (locale, key, "cut short")
        assert entry["body"].count("```") % 2 == 0, (locale, key, "unclosed code block")
        assert entry["body"].count("**") % 2 == 0, (locale, key, "unbalanced bold")
    assert TITLE_MAX <= 256 and BODY_MAX <= 4096 and SUMMARY_MAX <= 100


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("key", TOPICS)
def test_code_blocks_fit_a_phone(locale: str, key: str) -> None:
    # The card order, four-of-a-kind and presets tables were 37-50 columns: they wrapped.
    blocks = topic(key, locale).body.split("```")[1::2]
    for line in (line for block in blocks for line in block.split("\n")):
        assert text_width(line) <= MONOSPACE_COLUMNS, (locale, key, line)


@pytest.mark.parametrize("locale", LOCALES)
def test_titles_differ_between_topics(locale: str) -> None:
    titles = [topic(key, locale).title for key in TOPICS]
    assert len(set(titles)) == len(titles)


@pytest.mark.parametrize("locale", LOCALES)
def test_loader_returns_the_file_contents(locale: str) -> None:
    for key, entry in _raw(locale)["topics"].items():
        assert topic(key, locale) == RuleTopic(entry["title"], entry["summary"], entry["body"])


@pytest.mark.parametrize(
    ("discord_locale", "expected"),
    [
        ("en-US", "en"),
        ("en-GB", "en"),
        ("nl", "nl"),
        ("pt-BR", "pt-BR"),
        ("es-ES", "es-ES"),
        ("it", "it"),
        ("es-419", "es-ES"),
        ("de", "en"),
        ("zh-CN", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_resolve_locale(discord_locale: str | None, expected: str) -> None:
    assert resolve_locale(discord_locale) == expected


def test_unknown_locale_falls_back_to_english() -> None:
    for key in TOPICS:
        assert topic(key, "de") == topic(key, "en")
        assert topic(key, "ja") == topic(key, "en")
    assert topic("roem", "en-GB") == topic("roem", "en")
    assert topic("roem", "en-US") == topic("roem", "en")
    assert topic("roem", "nl") != topic("roem", "en")


def test_unknown_topic_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        topic("bidding", "en")


def test_topic_is_frozen() -> None:
    entry = topic("overview", "en")
    with pytest.raises(AttributeError):
        entry.title = "changed"  # type: ignore[misc]


def test_dutch_rulebook_uses_dutch_card_letters() -> None:
    # Boer, vrouw, heer: a Dutch player reads B V H, in the rulebook as at the table.
    assert "B  9  A 10  H  V  8  7" in topic("card_order", "nl").body
    assert "V♥" in topic("examples", "nl").body and "Q♥" not in topic("examples", "nl").body
    assert "Q♥" in topic("examples", "en").body


@pytest.mark.parametrize("locale", LOCALES)
def test_card_values_and_totals(locale: str) -> None:
    body = topic("card_order", locale).body
    for number in ("20", "14", "11", "10", "4", "3", "2", "152", "162"):
        assert number in _numbers(body), (locale, number)
    assert _letters("J  9  A 10  K  Q  8  7", locale) in body
    assert _letters("A 10  K  Q  J  9  8  7", locale) in body


@pytest.mark.parametrize("locale", LOCALES)
def test_roem_topic(locale: str) -> None:
    body = topic("roem", locale).body
    assert "stuk" in body.lower()
    assert {"20", "50", "100", "200", "40", "70"} <= _numbers(body)
    assert _letters("7 8 9 10 J Q K A", locale) in body
    assert "four_jacks" in body and "four_nines" in body


@pytest.mark.parametrize("locale", LOCALES)
def test_claiming_roem_topic(locale: str) -> None:
    body = topic("claiming_roem", locale).body
    assert "Roem!" in body
    assert "`automatic`" in body and "`manual`" in body
    assert "laatste slag" in body


@pytest.mark.parametrize("locale", LOCALES)
def test_scoring_topic(locale: str) -> None:
    body = topic("scoring", locale).body
    assert {"162", "82", "80", "100", "182", "152", "10"} <= _numbers(body)
    assert "nat" in body and "pit" in body.lower()


@pytest.mark.parametrize("locale", LOCALES)
def test_nat_and_pit_topics(locale: str) -> None:
    nat = topic("nat", locale).body
    assert "nat" in nat.lower()
    assert {"162", "82", "182"} <= _numbers(nat)
    pit = topic("pit", locale).body.lower()
    assert "pit" in pit and "mars" in pit
    assert {"8", "100", "262"} <= _numbers(pit)


@pytest.mark.parametrize("locale", LOCALES)
def test_following_topics_name_each_other(locale: str) -> None:
    amsterdam = topic("following_amsterdam", locale).body
    rotterdam = topic("following_rotterdam", locale).body
    for body in (amsterdam, rotterdam):
        # The difference is spelled out in both, naming both systems by their option value.
        assert "`amsterdam`" in body and "`rotterdam`" in body
        assert "`undertrump_obligation`" in body
        assert "ondertroeven" in body
    assert "`obligations` = `amsterdam`" in amsterdam
    assert "`obligations` = `rotterdam`" in rotterdam


@pytest.mark.parametrize("locale", LOCALES)
def test_match_topic(locale: str) -> None:
    body = topic("match", locale).body
    assert {"16", "8", "1", "1500", "750", "4"} <= _numbers(body)
    for name in ("match_hands", "target_score", "tie_break"):
        assert f"`{name}`" in body
    for preset in ("`online-1500`", "`online-short`"):  # the presets that are not 16 hands
        assert preset in body, (locale, preset)


@pytest.mark.parametrize("locale", LOCALES)
def test_variants_topic_lists_every_option_and_preset(locale: str) -> None:
    body = topic("variants", locale).body
    for name in OPTION_NAMES:
        assert f"`{name}`" in body, (locale, name)
    for value in ("`free`", "`mandatory`", "`proposed`", "`drawn`", "`manual`", "`automatic`"):
        assert value in body, (locale, value)
    for preset in PRESETS:
        assert re.search(rf"^{re.escape(preset)}\s", body, re.MULTILINE), (locale, preset)
    assert {"200", "100", "0", "50", "16", "8", "1", "1500", "750"} <= _numbers(body)


@pytest.mark.parametrize("locale", LOCALES)
def test_choosing_trump_topic(locale: str) -> None:
    body = topic("choosing_trump", locale).body
    for value in ("`free`", "`mandatory`", "`proposed`", "`drawn`"):
        assert value in body, (locale, value)


@pytest.mark.parametrize("locale", LOCALES)
def test_glossary_keeps_the_dutch_terms(locale: str) -> None:
    body = topic("glossary", locale).body
    for term in DUTCH_TERMS:
        assert f"**{term}**" in body, (locale, term)


@pytest.mark.parametrize("locale", LOCALES)
def test_examples_topic_has_the_worked_examples(locale: str) -> None:
    body = topic("examples", locale).body
    for card in ("A♣", "7♣", "Q♥", "7♦", "K♣", "8♥"):
        assert _letters(card[:-1], locale) + card[-1] in body, (locale, card)
    assert "11 + 0 + 0 + 4" in body and "15" in _numbers(body)
    assert {"82", "80", "20", "100", "162", "182"} <= _numbers(body)


@pytest.mark.parametrize("locale", LOCALES)
def test_kraken_topics_keep_the_dutch_calls_and_the_worked_numbers(locale: str) -> None:
    # docs/rules.md 2.5 to 2.7: a failed kraak (162 + 20) x 2 = 364, hand roem values,
    # double spades 240 and 124
    kraken = topic("kraken", locale).body
    for call in ("Kraak", "Rekraak", "Superkraak"):
        assert f"**{call}**" in kraken, (locale, call)
    assert {"96", "66", "364"} <= _numbers(kraken)
    assert {"20", "50", "100", "200", "150"} <= _numbers(topic("hand_roem", locale).body)
    assert {"240", "124", "364", "16"} <= _numbers(topic("double_spades", locale).body)


@pytest.mark.parametrize("locale", LOCALES)
def test_summaries_mention_the_topic_in_search(locale: str) -> None:
    for key in TOPICS:
        assert key in search_topics(key, locale)
        assert key in search_topics(topic(key, locale).title, locale)


def test_search_in_english() -> None:
    assert search_topics("roem", "en")[:3] == ["roem", "hand_roem", "claiming_roem"]
    assert search_topics("ROTTERDAM", "en")[0] == "following_rotterdam"
    assert "pit" in search_topics("mars", "en")
    assert search_topics("no such thing", "en") == []
    assert search_topics("", "en") == list(TOPICS)
    assert search_topics("   ", "en-GB") == list(TOPICS)


def test_search_in_dutch_and_spanish() -> None:
    assert search_topics("delen", "nl")[0] == "dealing"
    assert search_topics("woordenlijst", "nl") == ["glossary"]
    assert "choosing_trump" in search_topics("troef kiezen", "nl")
    # Accents are ignored: "reparto" and "Ámsterdam" match without typing the accent.
    assert search_topics("reparto", "es-ES")[0] == "dealing"
    assert search_topics("amsterdam", "es-ES")[0] == "following_amsterdam"
    assert search_topics("GLOSARIO", "es-ES") == ["glossary"]


def test_search_respects_the_limit_and_falls_back_to_english() -> None:
    for query in ("a", "e", "the", "de"):
        assert len(search_topics(query, "en")) <= SEARCH_LIMIT
    assert search_topics("dealing", "fr") == search_topics("dealing", "en")


GAME_TOPIC_LINES = 45  # a phone screen of embed text, at about 42 characters a line
HOUSE_RULES = {
    "en": "house rules on this bot",
    "nl": "huisregels van deze bot",
    "pt-BR": "regras da casa neste bot",
    "es-ES": "reglas de la casa en este bot",
    "it": "regole della casa di questo bot",
}
# The worked examples of ../shared/VARIANTS.md 5.9 and 6.9 each topic repeats, and its match.
GAME_NUMBERS = {
    "driemans": {"149", "13", "90", "112", "202", "100", "12"},
    "tweemans": {"110", "72", "362", "100", "1500"},
}


def _phone_lines(text: str) -> int:
    return sum(max(1, -(-len(line) // 42)) for line in text.splitlines())


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("key", list(GAME_NUMBERS))
def test_each_game_for_three_or_two_is_a_phone_screen_with_its_examples(
    locale: str, key: str
) -> None:
    entry = topic(key, locale)
    assert _phone_lines(f"{entry.title}\n{entry.body}") <= GAME_TOPIC_LINES, locale
    assert GAME_NUMBERS[key] <= _numbers(entry.body), GAME_NUMBERS[key] - _numbers(entry.body)
    assert entry.title.startswith(key.capitalize()) and f"**{key}**" in entry.body.lower()
    # The sources' certainty: what no source gives is said to be this bot's house rule.
    assert f"**{HOUSE_RULES[locale]}**" in entry.body
    assert key in search_topics(key, locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_driemans_topic_says_where_it_is_played(locale: str) -> None:
    # the command and its option as the reader's client names them
    body = topic("driemans", locale).body
    group, command = t("tables.cmd.table.name", locale), t("tables.cmd.open.name", locale)
    assert f"`/{group} {command}`" in body
    assert f"`{t('tables.cmd.opt.preset.name', locale)}: driemans`" in body
    assert f"`{t('league.cmd.opt.three.name', locale)}`" in body  # a league's table of three


@pytest.mark.parametrize("locale", LOCALES)
def test_the_variants_topic_leads_to_the_games_for_three_and_two(locale: str) -> None:
    body = topic("variants", locale).body
    assert "*Driemans*" in body and "*Tweemans*" in body


# What the bot offers beyond section 1 of docs/rules.md, each in a topic of its own.
OWN_TOPICS = ("kraken", "hand_roem", "double_spades", "ledig", "driemans", "tweemans")


@pytest.mark.parametrize("locale", LOCALES)
def test_the_variants_topic_points_to_every_topic_of_what_the_bot_offers(locale: str) -> None:
    body = topic("variants", locale).body
    for key in OWN_TOPICS:
        name = re.split(r"[:(]", topic(key, locale).title)[0].strip()
        assert f"*{name}*" in body, (locale, key, name)
    # nothing the bot plays is called "not covered" any more (the old closing line)
    for word in ("Not covered", "Niet in deze bot", "Não incluído", "No incluido", "Non incluso"):
        assert word not in body, (locale, word)
