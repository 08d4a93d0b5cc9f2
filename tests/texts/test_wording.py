"""Wording a reader of each language notices at once, checked mechanically.

- One form of address per language (docs/glossary.md, "Form of address"): es-ES says *tú*
  and never *vosotros*, Italian *tu* and never *voi*, and so on.
- No English left in the other catalogues: telltale English words (articles, pronouns, the
  game's English nouns) do not appear in a Dutch, Portuguese, Spanish or Italian text.
- The rulebook's cross-references (*see Dealing*) name a topic of the same language.
- A text that tells the player to press a button names it with that button's label, in bold.
- No phrase of the glossary's "Phrases a native does not write" (calques, a singular noun
  before two names, a weekday's article, a masculine default for a reader of unknown
  gender), and no bare number before roem ("20 de roem" for "20 pontos de roem").
- Portuguese and Spanish command descriptions say what a command does in the infinitive.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from bot.texts.catalog import FALLBACK, LOCALES, catalogue, t
from bot.texts.rulebook import TOPICS, topic
from tests.texts.glossary import glossary_rows, texts

# Placeholders, bold and italic (Dutch terms, button names), inline code and code blocks.
QUOTED = re.compile(r"```.*?```|\{\w+\}|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|`[^`]*`", re.DOTALL)
OTHERS = [locale for locale in LOCALES if locale != FALLBACK]

# Plural forms of address a pronoun list does not catch: Spanish vosotros verbs (jugáis,
# tenéis) and imperatives with a pronoun (jugadla), Italian voi imperatives (giocatelo).
PLURAL_VERBS = {
    "es-ES": re.compile(r"(?<!\w)\w+(?:áis|éis|[aei]d(?:l[oa]s?|me|nos|selo|sela))(?!\w)"),
    "it": re.compile(r"(?<!\w)\w+(?:ate|ete|ite)(?:lo|la|li|le|ne|ci)(?!\w)"),
}

# English words that are no word of the other languages: one in a Dutch, Portuguese, Spanish
# or Italian text is English left untranslated. Words that are also words of a language
# (Dutch "was", "hand", "last") are allowed there.
TELLTALE_WORDS = """
    the and you your with this that these those not are was were will would should please
    here there which who what when where how why already every none yes yet also only
    seat seats table tables trick tricks player players round rounds night nights league
    check button press click points sheet match leave join claim claimed trump makers
    defenders last previous default preset presets dealer deal bye settings choose
"""
TELLTALE = set(TELLTALE_WORDS.split())
# "match" as in matchpoints, the duplicate term the glossary keeps in these languages.
ALLOWED = {
    "nl": {"was", "hand", "deal", "last"},
    "pt-BR": {"match"},
    "es-ES": {"match"},
    "it": {"match"},
}

# Cross-references in the rulebook: "(see *Dealing*)", "See *Roem* and *Claiming roem*".
SEE = {"en": "see", "nl": "zie", "pt-BR": "veja", "es-ES": "consulta", "it": "vedi"}
AND = {"en": "and", "nl": "en", "pt-BR": "e", "es-ES": "y", "it": "e"}

# Texts that name a button: the text key and the button's key.
BUTTONS_NAMED = (
    ("tables.done.left_match", "tables.button.back"),
    ("tables.err.not_seated.left", "tables.button.back"),
    ("tables.hand.away", "tables.button.back"),
    ("tables.leave.confirm", "tables.button.back"),
    ("tables.err.not_seated.lobby", "tables.button.sit_pair"),
    ("tables.hand.can_claim", "tables.button.roem"),
    ("tables.lobby.ready", "tables.button.start"),
    ("tables.public.finished_again", "tables.button.again"),
    ("challenge.announce.how", "challenge.button.open"),
    ("challenge.err.stale", "challenge.button.look"),
)


def _words(cell: str) -> list[str]:
    """A cell's comma-separated words."""
    return [word.strip() for word in cell.split(",") if word.strip()]


@cache
def forms_not_used() -> dict[str, list[str]]:
    """locale -> the pronouns of another form of address (the glossary's table)."""
    return {locale: _words(words) for locale, _, words in glossary_rows("Form of address")}


def test_the_glossary_names_a_form_of_address_for_every_locale() -> None:
    assert set(forms_not_used()) == set(LOCALES)
    assert "vosotros" in forms_not_used()["es-ES"] and "voi" in forms_not_used()["it"]


@pytest.mark.parametrize("locale", LOCALES)
def test_one_form_of_address(locale: str) -> None:
    words = forms_not_used()[locale]
    pronoun = re.compile(rf"(?<!\w)(?:{'|'.join(map(re.escape, words))})(?!\w)", re.IGNORECASE)
    verbs = PLURAL_VERBS.get(locale)
    found = []
    for where, text in texts(locale):
        plain = QUOTED.sub(" ", text)
        for pattern in (pronoun if words else None, verbs):
            if pattern is not None:
                found += [f"{where}: {hit[0]!r}" for hit in pattern.finditer(plain)]
    assert found == []


def test_the_address_checks_can_fail() -> None:
    assert PLURAL_VERBS["es-ES"].search("empieza la ronda y jugadla en persona")
    assert PLURAL_VERBS["es-ES"].search("¿tenéis las cartas?")
    assert PLURAL_VERBS["it"].search("inizia il turno e giocatelo dal vivo")
    assert not PLURAL_VERBS["es-ES"].search("en Madrid, con facilidad")
    assert not PLURAL_VERBS["it"].search("mani giocate, serate finite")


@pytest.mark.parametrize("locale", OTHERS)
def test_no_english_left(locale: str) -> None:
    telltale = TELLTALE - ALLOWED[locale]
    found = [
        f"{where}: {word!r}"
        for where, text in texts(locale)
        for word in re.findall(r"[^\W\d_]+", QUOTED.sub(" ", text))
        if word.casefold() in telltale
    ]
    assert found == []


def test_the_telltale_words_are_english() -> None:
    """Each telltale word occurs in the English texts, so the list tracks what the bot says."""
    english = {
        word.casefold()
        for _, text in texts(FALLBACK)
        for word in re.findall(r"[^\W\d_]+", QUOTED.sub(" ", text))
    }
    assert TELLTALE - english <= {"these", "those", "would", "should", "click", "why"}


def _references(body: str, locale: str) -> list[str]:
    see = re.compile(
        rf"(?<!\w){SEE[locale]}\s+\*([^*]+)\*(?:\s+{AND[locale]}\s+\*([^*]+)\*)?", re.IGNORECASE
    )
    return [name for match in see.finditer(body) for name in match.groups() if name]


@pytest.mark.parametrize("locale", LOCALES)
def test_rulebook_cross_references_name_a_topic(locale: str) -> None:
    # A reference may leave out what follows a colon or stands in brackets: *Pit* for
    # "Pit (mars): all eight tricks".
    titles = {topic(name, locale).title for name in TOPICS}
    short = {re.sub(r"\s*\([^)]*\)", "", title.split(":")[0]) for title in titles}
    names = titles | short
    seen = []
    wrong = []
    for name in TOPICS:
        for reference in _references(topic(name, locale).body, locale):
            seen.append(reference)
            if reference not in names:
                wrong.append(f"{name}: *{reference}*")
    assert wrong == []
    assert len(seen) >= 10, locale  # the pattern finds the references


@pytest.mark.parametrize("locale", LOCALES)
def test_a_text_names_a_button_by_its_label(locale: str) -> None:
    wrong = []
    for text_key, button_key in BUTTONS_NAMED:
        # A label with a colon names the button by its first word ("Sit: pair 2" is a Sit button).
        label = re.sub(r"\s*\{\w+\}", "", t(button_key, locale)).split(":")[0].strip()
        if f"**{label}**" not in str(catalogue(locale)[text_key]):
            wrong.append(f"{text_key}: **{label}**")
    assert wrong == []


@pytest.mark.parametrize("locale", LOCALES)
def test_a_pair_is_joined_the_same_way_at_a_table_and_in_the_league(locale: str) -> None:
    """Two names of a pair read "ana e bia" at the table: the league's standings and
    rounds join them with the same word (not "ana & bia" in the one, "ana e bia" in the
    other)."""
    table = t("tables.pair.names", locale, first="A", second="B")
    assert t("league.pair", locale, a="A", b="B") == table


@cache
def phrases_not_written() -> dict[str, list[str]]:
    """locale -> the phrases docs/glossary.md says a native does not write."""
    found: dict[str, list[str]] = {locale: [] for locale in LOCALES}
    for locale, phrases, *_ in glossary_rows("Phrases a native does not write"):
        found[locale] += _words(phrases)
    return found


def test_the_phrase_table_names_known_locales() -> None:
    assert set(phrases_not_written()) == set(LOCALES)
    assert sum(map(len, phrases_not_written().values())) >= 20


@pytest.mark.parametrize("locale", OTHERS)
def test_no_phrase_a_native_does_not_write(locale: str) -> None:
    found = [
        f"{key}: {phrase!r}"
        for key, text in texts(locale)
        for phrase in phrases_not_written()[locale]
        if re.search(rf"(?<!\w){re.escape(phrase)}", text, re.IGNORECASE)
    ]
    assert found == []


# Portuguese and Spanish command descriptions name what a command does in the infinitive
# ("Abrir uma mesa", "Cerrar la mesa"); a present or imperative beside them ("Anula a rodada",
# "Juega el desafío") reads as a slip. Italian says it in the imperative (tests do not check).
INFINITIVE_LOCALES = ("pt-BR", "es-ES")
INFINITIVE = re.compile(r"(\w+)([aei]r)(?:-?se)?")


def _first_words(locale: str) -> dict[str, str]:
    """Command description key -> its first word, in lower case."""
    return {
        key: re.sub(r"\W+$", "", value.split()[0].lstrip("¿(")).casefold()
        for key, value in catalogue(locale).items()
        if ".cmd." in key and key.endswith(".desc") and ".opt." not in key
    }


def _finite_forms(words: set[str]) -> set[str]:
    """The present and imperative of the regular verbs among `words`: anular -> anula, anule."""
    vowels = {"ar": "ae", "er": "ea", "ir": "ea"}
    forms = set()
    for word in words:
        if match := INFINITIVE.fullmatch(word):
            forms |= {match[1] + vowel for vowel in vowels[match[2]]}
    return forms


def _not_infinitive(first: dict[str, str]) -> list[str]:
    finite = _finite_forms(set(first.values()))
    return [f"{key}: {word!r}" for key, word in first.items() if word in finite]


@pytest.mark.parametrize("locale", INFINITIVE_LOCALES)
def test_command_descriptions_use_the_infinitive(locale: str) -> None:
    assert _not_infinitive(_first_words(locale)) == []


def test_the_infinitive_check_can_fail() -> None:
    assert _not_infinitive({"a": "abrir", "b": "anular", "c": "anula"}) == ["c: 'anula'"]
    assert _not_infinitive({"a": "sentarse", "b": "sienta", "c": "senta"}) == ["c: 'senta'"]


# A number before roem (or pit) says what it counts, as a native writes it: "20 pontos de
# roem", "um roem de {roem}", "roem 20", never "20 de roem" (the glossary's table lists the
# literal forms; this finds any number or field).
ROEM_MEASURE = {"pt-BR": "de", "es-ES": "de", "it": "di"}


def _bare_roem(locale: str, text: str) -> list[str]:
    preposition = ROEM_MEASURE[locale]
    pattern = rf"(?:\d+|\{{\w+\}}) {preposition} (?:roem|pit)\b"
    return re.findall(pattern, text, re.IGNORECASE)


@pytest.mark.parametrize("locale", list(ROEM_MEASURE))
def test_a_number_before_roem_says_points(locale: str) -> None:
    found = [f"{key}: {hit!r}" for key, text in texts(locale) for hit in _bare_roem(locale, text)]
    assert found == []


def test_the_roem_measure_check_can_fail() -> None:
    found = _bare_roem("it", "80 + 20 di roem, {roem} di roem, {bonus} di pit")
    assert found == ["20 di roem", "{roem} di roem", "{bonus} di pit"]
    assert _bare_roem("pt-BR", "20 pontos de roem") == []
