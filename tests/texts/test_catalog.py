"""Every catalogue has every key, with the same placeholders, within Discord's limits."""

from __future__ import annotations

import string
from importlib import resources

import pytest

from bot.texts.catalog import FALLBACK, LOCALES, catalogue, normalize_locale, t, templates


def domains() -> set[str]:
    folder = resources.files("bot.texts") / "messages"
    return {entry.name.split(".")[0] for entry in folder.iterdir() if entry.name.endswith(".json")}


def keys_of(domain: str, locale: str) -> set[str]:
    return {k for k in catalogue(locale) if k.startswith(f"{domain}.")}


def fields(value: str | dict[str, str]) -> set[str]:
    return {
        name
        for text in templates(value)
        for _, name, _, _ in string.Formatter().parse(text)
        if name
    }


@pytest.mark.parametrize("locale", LOCALES)
def test_locales_have_every_key_with_the_same_placeholders(locale: str) -> None:
    english = catalogue(FALLBACK)
    for domain in domains():
        missing = keys_of(domain, FALLBACK) - keys_of(domain, locale)
        extra = keys_of(domain, locale) - keys_of(domain, FALLBACK)
        assert not missing and not extra, (domain, locale, sorted(missing), sorted(extra))
        for key in keys_of(domain, locale):
            assert fields(catalogue(locale)[key]) == fields(english[key]), (locale, key)


def test_every_domain_has_a_file_for_every_locale() -> None:
    """No domain is English-only or Dutch-only: a player reads every feature in their language."""
    folder = resources.files("bot.texts") / "messages"
    names = {entry.name for entry in folder.iterdir()}
    missing = [f"{d}.{loc}.json" for d in sorted(domains()) for loc in LOCALES]
    assert [name for name in missing if name not in names] == []
    assert {"common", "meta", "rules", "standings", "tables"} <= domains()


@pytest.mark.parametrize("locale", LOCALES)
def test_texts_fit_discord_limits(locale: str) -> None:
    for key, value in catalogue(locale).items():
        for text in templates(value):
            assert text.strip(), key
            assert len(text) <= 2000, key
            if ".label." in key or key.endswith(".label"):
                assert len(text) <= 80, key


def test_fallback_and_locale_mapping() -> None:
    assert normalize_locale("en-US") == "en"
    assert normalize_locale("nl") == "nl"
    assert normalize_locale("pt-BR") == "pt-BR"
    assert normalize_locale("fr") == "en"
    assert t("common.suit.h", "nl") == "harten"
    assert t("common.suit.h", "fr") == "hearts"
    assert "4f2a" in t("common.error.unexpected", "it", code="4f2a")
    with pytest.raises(KeyError):
        t("no.such.key", "en")


@pytest.mark.parametrize("locale", LOCALES)
def test_command_names_and_descriptions_fit_discord(locale: str) -> None:
    """Discord refuses the whole command tree for one name it cannot take: at most 32
    lowercase letters, digits, '-' or '_'; a description or choice at most 100 characters."""
    wrong = []
    for key, value in catalogue(locale).items():
        if ".cmd." not in key or not isinstance(value, str):
            continue
        if key.endswith(".name"):
            plain = value.replace("-", "").replace("_", "")
            if not (0 < len(value) <= 32 and plain.isalnum() and value == value.lower()):
                wrong.append((key, value))
        elif not 0 < len(value) <= 100:
            wrong.append((key, len(value)))
    assert wrong == []
