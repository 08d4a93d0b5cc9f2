"""/rules' topic menu, declared once: `kj:rules:topic:{variant}:{shown}` shows the topic
chosen in it (`Rules.show_topic`).

`variant` is the preset the user chose with the command (`-`: the rules in effect in the
channel, read again at each choice); `shown` is `e` for a private answer, turned in place,
or `p` for a public one, whose choices are answered privately, so one player's choice does
not turn the page the channel reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from cogs.common.buttons import Buttons, Click, Codec

__all__ = ["RULES", "RulesTopicSelect", "TopicMenu"]

RULES: Final = Buttons("Rules", via=None)
NO_VARIANT = "-"

VARIANT: Codec[str | None] = Codec(
    "[a-z0-9_-]{1,30}",
    lambda word: None if word == NO_VARIANT else word,
    lambda variant: variant or NO_VARIANT,
)


@RULES.button("kj:rules:topic:{variant}:{shown}", "show_topic", select=True, variant=VARIANT)
@dataclass(frozen=True, slots=True)
class TopicMenu(Click):
    """The topic menu of a /rules answer: the chosen preset (None: the rules in effect)
    and the answer it sits on, public (`p`) or private (`e`)."""

    variant: str | None
    shown: Literal["p", "e"]

    @property
    def public(self) -> bool:
        """Whether the answer the menu sits on is public."""
        return self.shown == "p"

    @classmethod
    def of(cls, variant: str | None, public: bool) -> TopicMenu:
        """The menu of an answer with the preset `variant`, public or not."""
        return cls(variant, "p" if public else "e")


RulesTopicSelect = TopicMenu.item
