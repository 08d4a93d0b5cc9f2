"""Card and suit letters no player can misread, per locale (cogs/common/text.py).

Each locale reads its own suit letters (klaveren `k` in Dutch, paus `p` in Portuguese, ...),
and an English letter only where it cannot mean another suit there: `c` starts copas,
corazones and cuori (hearts), so in those languages it is refused, naming both suits.
The letters are shown in the help, the option descriptions and the refusals.
"""

from __future__ import annotations

import unicodedata

import pytest

from bot.engine import Card, Suit
from bot.texts.catalog import LOCALES, t
from cogs.common.text import (
    AmbiguousLetter,
    ambiguous_letters,
    card_input,
    card_text,
    letters_legend,
    suit_input,
    suit_letters,
)
from cogs.rules.errors import RulesError
from cogs.rules.options import parse_card_list, parse_suit

ENGLISH = {Suit.CLUBS: "c", Suit.DIAMONDS: "d", Suit.HEARTS: "h", Suit.SPADES: "s"}
# locale -> (its suit letters clubs diamonds hearts spades, the English letters refused)
EXPECTED = {
    "en": ("c d h s", ""),
    "nl": ("k r h s", ""),
    "pt-BR": ("p o h e", "c"),
    "es-ES": ("t d h p", "c"),
    "it": ("f q h p", "c"),
}
# Texts that show the letters: the help, the option that takes a suit, the two refusals.
SHOWN_IN = (
    "help.cards",
    "rules.cmd.opt.trump.desc",
    "rules.err.unknown_card",
    "rules.err.bad_suit",
)


def _initial(suit: Suit, locale: str) -> str:
    name = unicodedata.normalize("NFKD", t(f"common.suit.{suit.letter}", locale).casefold())
    return name[0]


@pytest.mark.parametrize("locale", LOCALES)
def test_each_locale_has_its_letters_and_refuses_the_misleading_ones(locale: str) -> None:
    letters, refused = EXPECTED[locale]
    assert " ".join(suit_letters(locale)[suit] for suit in Suit) == letters
    assert "".join(sorted(ambiguous_letters(locale))) == refused
    for suit in Suit:
        shown = suit_letters(locale)[suit]
        assert Suit.parse(suit_input(shown, locale)) is suit, (locale, suit)
        assert Suit.parse(suit_input(shown.upper(), locale)) is suit
        assert card_input(f"10{shown}", locale) == Card.of(Card.parse("10c").rank, suit).code
        # an English letter is read as its English suit, unless it is refused
        english = ENGLISH[suit]
        if english in refused:
            with pytest.raises(AmbiguousLetter):
                suit_input(english, locale)
        else:
            assert Suit.parse(suit_input(english, locale)) is suit, (locale, english)


@pytest.mark.parametrize("locale", LOCALES)
def test_no_letter_means_one_suit_to_the_bot_and_another_to_the_player(locale: str) -> None:
    """A letter the bot reads as a suit is the initial of that suit's name in the locale, or
    the English letter of it and the initial of no other suit's name there."""
    for suit in Suit:
        for letter in {suit_letters(locale)[suit], ENGLISH[suit]} - set(ambiguous_letters(locale)):
            read = Suit.parse(suit_input(letter, locale))
            assert read is suit, (locale, letter)
            others = [s for s in Suit if s is not suit and _initial(s, locale) == letter]
            assert others == [], (locale, letter, others)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_letters_are_shown_in_the_help_and_the_refusals(locale: str) -> None:
    legend = letters_legend(locale)
    for key in SHOWN_IN:
        assert legend in t(key, locale), (locale, key)
    assert len(t("rules.cmd.opt.trump.desc", locale)) <= 100


@pytest.mark.parametrize("locale", ["pt-BR", "es-ES", "it"])
def test_an_ambiguous_letter_is_refused_with_the_choices(locale: str) -> None:
    with pytest.raises(RulesError) as refused:
        parse_card_list("Jh 7c", "rules.cmd.opt.cards.name", locale)
    text = refused.value.render(locale)
    hearts = t("common.suit.h", locale)
    clubs = t("common.suit.c", locale)
    assert (
        "`h` = ♥ " + hearts in text and f"`{suit_letters(locale)[Suit.CLUBS]}` = ♣ {clubs}" in text
    )
    assert "`7c`" in text and t("rules.cmd.opt.cards.name", locale) in text
    with pytest.raises(RulesError):
        parse_suit("c", "rules.cmd.opt.trump.name", locale)
    # the suit's name and symbol are always read
    assert parse_suit(hearts, "rules.cmd.opt.trump.name", locale) is Suit.HEARTS
    assert parse_suit("♣", "rules.cmd.opt.trump.name", locale) is Suit.CLUBS


def test_dutch_faces_and_letters() -> None:
    assert card_input("Bk", "nl") == "Jc" and card_input("Vr", "nl") == "Qd"
    assert card_input("Hh", "nl") == "Kh" and card_input("Jc", "nl") == "Jc"
    assert card_text(Card.parse("Qh"), "nl") == "V♥"
    assert parse_card_list("Bk 10r", "rules.cmd.opt.cards.name", "nl") == [
        Card.parse("Jc"),
        Card.parse("10d"),
    ]


def test_italian_queen_of_diamonds_and_spanish_ten_of_clubs() -> None:
    # The rank is everything before the last character, the suit the last one.
    assert card_input("Qq", "it") == "Qd"
    assert card_input("Tt", "es-ES") == "Tc"
    assert card_input("Jp", "pt-BR") == "Jc" and card_input("Jp", "es-ES") == "Js"
