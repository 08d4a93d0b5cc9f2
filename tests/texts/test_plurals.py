"""Plural forms by CLDR: a message that counts has every plural form its locale needs, and
no message builds a plural by hand ("seat(s)", "1 nights")."""

from __future__ import annotations

import re
import string

import pytest

from bot.texts.catalog import COUNT, FALLBACK, LOCALES, catalogue, plural_rule, t, templates
from bot.texts.rulebook import TOPICS, topic

# Nouns a number counts, per locale, in their plural: "{x} nights" in a plain template is a
# plural built by hand (it reads "1 nights"). A rate ("points per hand") is no count. In
# Portuguese, Spanish and Italian a participle agrees with its number too ("1 vinte" for
# one match won): "{wins} ganadas" is a plural by hand as well.
COUNTED = {
    "en": "seats lines nights rounds hands cards tricks seconds minutes players points",
    "nl": "plaatsen regels avonden rondes spellen kaarten slagen seconden minuten spelers punten "
    "verdelingen",
    "pt-BR": "lugares linhas noites rodadas mãos cartas vazas segundos minutos jogadores pontos "
    "distribuições partidas vencidas empatadas perdidas",
    "es-ES": "puestos líneas noches rondas manos cartas bazas segundos minutos jugadores puntos "
    "repartos partidas ganadas empatadas perdidas",
    "it": "posti righe serate turni mani carte prese secondi minuti giocatori punti distribuzioni "
    "partite vinte pareggiate perse",
}
HAND_BUILT = re.compile(r"\((?:s|en|es|e|i|n)\)|\w/[aeio]\b")
RATE = r"(?:\s*/|\s+(?:per|por|pro)\b)"


def plurals(locale: str) -> dict[str, dict[str, str]]:
    return {k: v for k, v in catalogue(locale).items() if isinstance(v, dict)}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def categories(locale: str) -> set[str]:
    """The CLDR plural categories of a locale: nl one/other, pt-BR one/many/other, ..."""
    return set(plural_rule(locale).tags) | {"other"}


def test_english_has_plural_messages() -> None:
    assert len(plurals(FALLBACK)) >= 20
    assert categories("nl") == {"one", "other"}
    assert (
        categories("pt-BR") == categories("es-ES") == categories("it") == {"one", "many", "other"}
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_every_counting_message_has_the_locales_plural_forms(locale: str) -> None:
    english = plurals(FALLBACK)
    mine = plurals(locale)
    assert set(mine) == set(english), "a message counts in one language and not in another"
    for key, forms in mine.items():
        count = forms.get(COUNT, COUNT)
        assert count == english[key].get(COUNT, COUNT), key
        assert set(forms) - {COUNT} == categories(locale), (key, sorted(forms))
        assert count in placeholders(forms["other"]), (key, count)


@pytest.mark.parametrize("locale", LOCALES)
def test_no_message_builds_a_plural_by_hand(locale: str) -> None:
    nouns = "|".join(COUNTED[locale].split())
    counted = re.compile(rf"\{{\w+\}} (?:{nouns})(?!\w){RATE}?", re.IGNORECASE)
    found = []
    for key, value in catalogue(locale).items():
        for text in templates(value):
            if HAND_BUILT.search(text):
                found.append((key, text))
        if isinstance(value, str):
            found += [(key, m[0]) for m in counted.finditer(value) if not re.search(RATE, m[0])]
    for name in TOPICS:
        found += [(name, m[0]) for m in HAND_BUILT.finditer(topic(name, locale).body)]
    assert found == []


# Plural determiners: one of them before the count in a message's "one" form does not agree
# with the singular noun after it ("unos 1 punto", "gli 1 posto").
PLURAL_DETERMINERS = {
    "en": "these those",
    "nl": "deze",
    "pt-BR": "os as uns umas dos das estes estas",
    "es-ES": "los las unos unas estos estas",
    "it": "gli i le dei degli delle questi queste",
}


def _plural_before_count(locale: str, text: str, count: str) -> re.Match[str] | None:
    words = "|".join(PLURAL_DETERMINERS[locale].split())
    return re.search(rf"(?<!\w)(?:{words})\s+\{{{count}\}}", text, re.IGNORECASE)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_one_form_has_no_plural_determiner_before_its_count(locale: str) -> None:
    found = [
        (key, forms["one"])
        for key, forms in plurals(locale).items()
        if "one" in forms and _plural_before_count(locale, forms["one"], forms.get(COUNT, COUNT))
    ]
    assert found == []


def test_the_determiner_check_can_fail() -> None:
    assert _plural_before_count("es-ES", "unos {points} punto peor", "points")
    assert _plural_before_count("it", "gli {n} posto", "n")
    assert not _plural_before_count("es-ES", "alrededor de {points} punto", "points")


@pytest.mark.parametrize(
    ("locale", "free", "expected"),
    [
        ("en", 1, "1 seat free"),
        ("en", 2, "2 seats free"),
        ("en", 0, "0 seats free"),
        ("nl", 1, "nog 1 plaats vrij"),
        ("nl", 3, "nog 3 plaatsen vrij"),
        ("pt-BR", 0, "0 lugar livre"),  # CLDR: Brazilian Portuguese counts 0 as one
        ("pt-BR", 2, "2 lugares livres"),
        ("es-ES", 0, "0 puestos libres"),
        ("es-ES", 1, "1 puesto libre"),
        ("it", 1, "1 posto libero"),
        ("it", 1_000_000, "1000000 di posti liberi"),  # CLDR many: "un milione di"
    ],
)
def test_t_chooses_the_form_by_the_count(locale: str, free: int, expected: str) -> None:
    assert expected in t("tables.lobby.waiting", locale, free=free)


def test_a_message_names_the_value_it_counts_by() -> None:
    assert t("rules.roem.partial", "en", count=1).startswith("Only 1 card:")
    assert "that sheet has 1 line." in t("league.err.no_such_line", "en", line=3, lines=1)
    assert "1 nights" not in t(
        "league.season.row", "en", place=1, player="p", value=1, nights=1, total=9
    )
    # Without its count (a caller reading the placeholders) a plural gives its other form.
    assert t("league.err.no_such_line") == catalogue(FALLBACK)["league.err.no_such_line"]["other"]
    # A count that is no number ("-": no limit) takes the other form.
    assert "at most - hands" in t("league.err.hand_count", "en", most="-", hands=9)
