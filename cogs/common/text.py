"""The one way a cog gets text: catalogue sentences (`t`) and command strings (`command_text`).

Every user-facing string, English included, lives in `bot/texts/messages/<domain>.<locale>.json`;
code names keys only. A key starts with its catalogue's domain (`tables.err.stale`), and
the strings of slash commands follow one scheme in every domain:

    <domain>.cmd.<command>.name / .desc          a command or group (`tables.cmd.open.name`)
    <domain>.cmd.opt.<option>.name / .desc        an option, shared by the domain's commands
    <domain>.cmd.<command>.opt.<option>.desc      an option's description for one command
    <domain>.cmd.choice.<choice>                  a choice

`tests/texts/test_keys_in_code.py` finds every key named in `bot/` and `cogs/` and checks
it exists in every locale of its domain.

Cards are text too: a Dutch player reads and writes boer, vrouw, heer and aas as B, V, H and
A. The face letters and the suit letters a player may type come from the catalogue
(`common.rank.<j|q|k|a>`, `common.input.suit.<c|d|h|s>`), so every card a cog shows goes
through `card_text`, and every card or suit a user types through `card_input` /
`suit_input`: the locale's letters are mapped onto the engine's, and the engine's parsers
read (and refuse) what results. An English letter is read only where it cannot mean another
suit in the locale: `c` starts copas, corazones and cuori (hearts), so in Portuguese,
Spanish and Italian it is refused with the letters of both suits (`AmbiguousLetter`), and
those locales show hearts as `h` (their own letters: `p o h e`, `t d h p`, `f q h p`).
"""

from __future__ import annotations

import inspect
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, TypedDict, TypeVar

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.client import CardEmojis, TextFaces
from bot.engine import Card, IllegalReason, Rank, Suit
from bot.texts.catalog import CLIP, clip, normalize_locale, t

__all__ = [
    "CLIP",
    "NO_EMOJIS",
    "SEATS_CACHED",
    "AmbiguousLetter",
    "CardEmojis",
    "CardFace",
    "ambiguous_letters",
    "card_face",
    "card_input",
    "card_text",
    "cards_text",
    "clip",
    "command_named",
    "command_text",
    "options_from",
    "face_of",
    "fold",
    "jump_url",
    "letters_legend",
    "locale_of",
    "pad",
    "rank_letters",
    "rank_text",
    "reason_text",
    "shorten",
    "suit_input",
    "suit_letters",
    "suit_text",
    "t",
    "text_width",
]

ELLIPSIS = "…"
# How many drawings the caches keyed by a seat, a name or a table keep: room for every seat
# of the ~1,000 busy tables one process carries (docs/operations.md) and a change or two
# of each, so that tables do not evict each other's.
SEATS_CACHED = 8192


def jump_url(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """Discord's link to a message ("@me" stands for a direct-message channel's guild)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def text_width(text: str) -> int:
    """Columns `text` takes in a monospaced block: wide characters (CJK, most emoji) take
    two, combining marks none, so names in any script line up in a code block."""
    width = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


@lru_cache(maxsize=SEATS_CACHED)
def shorten(text: str, width: int) -> str:
    """`text` in at most `width` columns: a long name ends in an ellipsis rather than being
    cut off mid-word without a sign. Cached: every table message shortens the same few
    names a dozen times, character by character."""
    if text_width(text) <= width:
        return text
    kept = ""
    for ch in text:
        if text_width(kept + ch) > width - 1:
            break
        kept += ch
    return kept.rstrip() + ELLIPSIS


def pad(text: str, width: int, right: bool = False) -> str:
    """`text` padded with spaces to `width` columns (on the left when `right`-aligned)."""
    fill = " " * max(0, width - text_width(text))
    return fill + text if right else text + fill


def command_text(key: str) -> locale_str:
    """A command's name, description, option or choice: the English text from the catalogue,
    the other languages by `key` at sync time (`cogs/common/translator.py`)."""
    return locale_str(t(key), key=key)


class CommandNames(TypedDict):
    """The keywords that name and describe a command or group."""

    name: locale_str
    description: locale_str


def command_named(prefix: str) -> CommandNames:
    """A command's or group's name and description from the catalogue (`<prefix>.name`,
    `<prefix>.desc`), as keywords of its decorator: `@group.command(**command_named(...))`."""
    return CommandNames(
        name=command_text(f"{prefix}.name"), description=command_text(f"{prefix}.desc")
    )


Callback = TypeVar("Callback", bound=Callable[..., Any])
_NOT_OPTIONS = ("self", "interaction")


def options_from(
    prefix: str,
    *,
    own: Mapping[str, str] | None = None,
    described: Mapping[str, str] | None = None,
) -> Callable[[Callback], Callback]:
    """Name and describe every option of a command from the catalogue, in every language:
    option `p` reads `<prefix>.<p>.name` and `<prefix>.<p>.desc` (`command_text`).
    `own` gives an option its own key prefix (name and description), `described` only its
    description's. Put it under the command's decorator; a key missing from the
    catalogue fails at import."""

    def declare(callback: Callback) -> Callback:
        names, descriptions = {}, {}
        params = inspect.signature(callback).parameters
        for param in (name for name in params if name not in _NOT_OPTIONS):
            key = (own or {}).get(param, f"{prefix}.{param}")
            names[param] = command_text(f"{key}.name")
            desc = (described or {}).get(param, key)
            descriptions[param] = command_text(f"{desc}.desc")
        renamed: Callback = app_commands.rename(**names)(callback)
        described_callback: Callback = app_commands.describe(**descriptions)(renamed)
        return described_callback

    return declare


def locale_of(interaction: discord.Interaction[Any]) -> str:
    """The catalogue locale of the user who made the interaction (private replies)."""
    return normalize_locale(interaction.locale)


# ----------------------------------------------------------------------------- cards

_FACE_KEYS = {
    Rank.JACK: "common.rank.j",
    Rank.QUEEN: "common.rank.q",
    Rank.KING: "common.rank.k",
    Rank.ACE: "common.rank.a",
}
_SUIT_INPUT_KEYS = {suit: f"common.input.suit.{suit.letter}" for suit in Suit}


def rank_text(rank: Rank, locale: object) -> str:
    """A rank as the locale prints it: `7`..`10`, then the locale's face letters."""
    key = _FACE_KEYS.get(rank)
    return rank.label if key is None else t(key, locale)


@lru_cache(maxsize=16)
def rank_letters(locale: object) -> Mapping[Rank, str]:
    """Every rank as the locale prints it (`rank_text`), for a picture's card faces: a
    Dutch reader's jack is a B."""
    return MappingProxyType({rank: rank_text(rank, locale) for rank in Rank})


@lru_cache(maxsize=2048)
def card_text(card: Card, locale: object) -> str:
    """A card as the locale prints it: `J♥` in English, `B♥` in Dutch. Cached: a hand
    message labels up to eight cards, two hands a click."""
    return f"{rank_text(card.rank, locale)}{card.suit.symbol}"


# A card is shown as its text in the viewer's letters and, once the bot has its card faces
# as application emojis (`bot.card_faces`, cogs/common/card_faces.py), with its picture: a
# button gets the emoji and the short text as its label, a line of text gets the emoji
# (`<:name:id>`) before the text in bold. Without a picture the text alone says
# everything; suits are told apart by their symbols, never by colour alone.

NO_EMOJIS: CardEmojis = TextFaces()  # every card as text: the renderers' default


@dataclass(frozen=True, slots=True)
class CardFace:
    """One card as the messages show it."""

    text: str  # the card in the viewer's letters: "J♥"
    inline: str  # in a line of text: the picture (if any), then the text in bold
    emoji: dict[str, Any] | None  # a button's "emoji" field, or None for a text-only label


@lru_cache(maxsize=4096)
def card_face(card: Card, locale: str, emoji: discord.PartialEmoji | None) -> CardFace:
    """The card drawn for `locale`, with its picture when `emoji` is given: the one
    function every card of the table's messages is drawn by."""
    text = card_text(card, locale)
    if emoji is None or emoji.id is None:
        return CardFace(text, f"**{text}**", None)
    picture = f"<:{emoji.name}:{emoji.id}>"
    return CardFace(text, f"{picture} **{text}**", {"name": emoji.name, "id": str(emoji.id)})


def face_of(card: Card, locale: str, emojis: CardEmojis) -> CardFace:
    """`card_face` with the card's picture from `emojis`, if there is one."""
    return card_face(card, locale, emojis.emoji(card))


def cards_text(cards: Iterable[Card], locale: object, sep: str = " ") -> str:
    """Cards in the reader's letters, joined by `sep`."""
    return sep.join(card_text(card, locale) for card in cards)


def reason_text(reason: IllegalReason, locale: object) -> str:
    """Why a card may not be played: "You must follow clubs", "You must overtrump" (the
    tables' sentences, wherever a hand is shown)."""
    suit = t(f"common.suit.{reason.suit.letter}", locale) if reason.suit is not None else ""
    return t(f"tables.reason.{reason.code.value}", locale, suit=suit)


def call_name(level: int, locale: object) -> str:
    """A kraak call by level: kraak, rekraak, superkraak (Dutch in every language; the
    tables' words, wherever a call is named)."""
    return t(f"tables.kraak.name.{level}", locale)


def call_label(level: int, locale: object) -> str:
    """The call as its button's label: "Kraak", "Rekraak", "Superkraak"."""
    return call_name(level, locale).capitalize()


def suit_text(suit: Suit | str, locale: object) -> str:
    """A suit as symbol and word ("♥ hearts", "♥ copas"), from a Suit or its letter."""
    suit = suit if isinstance(suit, Suit) else Suit.parse(suit)
    return f"{suit.symbol} {t(f'common.suit.{suit.letter}', locale)}"


class AmbiguousLetter(ValueError):
    """A suit letter that reads as two suits in the user's language: `c` is clubs in
    English but copas (hearts) to a Brazilian player, so the bot asks rather than guesses."""

    def __init__(self, text: str, letter: str, suits: tuple[Suit, ...]) -> None:
        super().__init__(f"ambiguous suit letter {letter!r} in {text!r}")
        self.text = text
        self.letter = letter
        self.suits = suits

    def choices(self, locale: object) -> str:
        """The refusal in the user's language, with the letter of each suit it could mean."""
        shown = suit_letters(normalize_locale(locale))
        parts = [
            t(
                "common.input.choice",
                locale,
                letter=shown[s],
                symbol=s.symbol,
                name=_name(s, locale),
            )
            for s in self.suits
        ]
        return t("common.input.ambiguous", locale, letter=self.letter, choices=" · ".join(parts))


def card_input(text: str, locale: object) -> str:
    """A card typed in the locale's letters, spelled the engine's way (`Bk` -> `Jc` in
    Dutch), for the engine's parsers to read; text that does not read as a card that way
    is returned as typed, so the engine's refusal quotes what the user wrote. A suit
    letter that means two suits in the locale raises `AmbiguousLetter`."""
    raw = text.strip()
    if len(raw) < 2:
        return raw
    ranks, suits = _input_letters(normalize_locale(locale))
    rank, suit = raw[:-1], raw[-1]
    _refuse_ambiguous(raw, suit, normalize_locale(locale))
    mapped = ranks.get(rank.casefold(), rank) + suits.get(suit.casefold(), suit)
    try:
        return Card.parse(mapped).code
    except ValueError:
        return raw


def suit_input(text: str, locale: object) -> str:
    """A suit typed as the locale's letter (`k`: klaveren in Dutch), spelled the engine's
    way; anything else as typed, for `Suit.parse`. A letter that means two suits in the
    locale raises `AmbiguousLetter`."""
    _, suits = _input_letters(normalize_locale(locale))
    raw = text.strip()
    _refuse_ambiguous(raw, raw, normalize_locale(locale))
    return suits.get(raw.casefold(), raw)


def suit_letters(locale: str) -> dict[Suit, str]:
    """The letter each suit is shown with in the locale: its own (`k` for klaveren), else the
    English one where that cannot be misread (`h` for copas: `c` would read as clubs)."""
    return {suit: t(key, locale) for suit, key in _SUIT_INPUT_KEYS.items()}


def letters_legend(locale: object) -> str:
    """The locale's suit letters for a help text or a refusal: `p o h e = ♣ ♦ ♥ ♠`."""
    shown = suit_letters(normalize_locale(locale))
    return f"{' '.join(shown[s] for s in Suit)} = {' '.join(s.symbol for s in Suit)}"


@lru_cache(maxsize=16)
def ambiguous_letters(locale: str) -> dict[str, tuple[Suit, ...]]:
    """English suit letters that start the name of another suit in the locale (`c`:
    clubs, or copas/corazones/cuori), with the two suits each could mean."""
    found: dict[str, tuple[Suit, ...]] = {}
    for suit in Suit:
        initial = fold(_name(suit, locale))[:1]
        english = Suit.parse(initial) if initial in "cdhs" else suit
        if english != suit:
            found[initial] = (suit, english)
    return found


def _refuse_ambiguous(text: str, letter: str, locale: str) -> None:
    suits = ambiguous_letters(locale).get(letter.casefold())
    if suits is not None:
        raise AmbiguousLetter(text, letter, suits)


def _name(suit: Suit, locale: object) -> str:
    return t(f"common.suit.{suit.letter}", locale)


def fold(text: str) -> str:
    """``text`` lower-cased and without accents, for matching what users type
    ("Corazones" and "corazónes" both read as corazones)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=16)
def _input_letters(locale: str) -> tuple[dict[str, str], dict[str, str]]:
    """The locale's face letters and suit letters, mapped to the engine's; the engine
    itself reads the English letters the locale leaves alone."""
    ranks = {t(key, locale).casefold(): rank.label for rank, key in _FACE_KEYS.items()}
    suits = {t(key, locale).casefold(): suit.letter for suit, key in _SUIT_INPUT_KEYS.items()}
    return ranks, suits
