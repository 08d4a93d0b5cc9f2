"""Localised command names and descriptions, from the same message catalogues as replies.

A command declares ``command_text("tables.cmd.open.desc")`` (`cogs/common/text.py`);
at sync time discord.py asks this translator for each Discord locale we support.
"""

from __future__ import annotations

from discord import Locale, app_commands

from bot.texts.catalog import catalogue, normalize_locale

# Discord locales we translate into (English ones use the default text). Latin American
# Spanish clients get the Spanish catalogue, as their replies do (`normalize_locale`).
SUPPORTED = {
    Locale.dutch,
    Locale.brazil_portuguese,
    Locale.spain_spanish,
    Locale.latin_american_spanish,
    Locale.italian,
}


class CatalogueTranslator(app_commands.Translator):
    """Command names and descriptions in each supported locale, from the catalogues."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The catalogue's text of `string`'s key in `locale`; None for English or no key."""
        key = string.extras.get("key")
        if key is None or locale not in SUPPORTED:
            return None
        text = catalogue(normalize_locale(locale)).get(key)
        return text if isinstance(text, str) else None
