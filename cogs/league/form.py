"""/night enter's form: a table's score sheet typed on a phone, in a modal with a field per
four hands (or, for rounds of four hands or fewer, a field per hand) instead of sixteen
lines in one text option.

The modal carries what it enters in its custom id (`kj:league:sheet:{night}:{round}:{table}:
{confirmed_by}`, 0 for nobody), like a button: its submission is routed by that id (the
league cog's listener), not kept by discord.py, so a form opened before a restart is still
entered after it. The fields' lines are read in order as one sheet, through the same
parser and the same service call (`record_sheet`) as the `lines` option, so a refusal
names the line as it would there; the form itself checks nothing.

Fields (Discord allows five in a modal): a round of N hands gets ceil(N / 4) fields of four
hands (16 hands: 1-4, 5-8, 9-12, 13-16), one more for the hands a tie adds when the rules
play on after a tie and a field is left, and with more than twenty hands five fields that
share them out. A round played to a target has no number of hands: five fields of four
hands, the last open-ended. A round entered as totals keeps the one-line options (totals,
hands, roem): docs/decisions.md.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import discord

from bot.engine import RuleSet
from cogs.common.text import t

__all__ = [
    "FORM_ID",
    "FormField",
    "SheetForm",
    "form_fields",
    "line_marks",
    "sheet_modal",
    "submitted_lines",
]

MAX_FIELDS: Final = 5  # text inputs a modal holds
PER_FIELD: Final = 4  # hands a field holds
LINE_MAX: Final = 100  # characters of one hand's field
FIELD_MAX: Final = 1000  # characters of a field of several hands
FORM_ID: Final = re.compile(r"kj:league:sheet(3?):(\d{1,19}):(\d{1,2}):(\d{1,3}):(\d{1,19})")
EXAMPLE: Final = "1 100 62 20 0"  # a hand's line: makers, points, roem (the same in every language)
THREE_EXAMPLE: Final = "13 149 13"  # a table of three's line: each player's score in seat order


@dataclass(frozen=True, slots=True)
class SheetForm:
    """What a sheet form enters: the night, round (from 1), table (from 0) and the opponent
    asked to confirm (None: an organiser's entry); `three`: a table of three's sheet, three
    scores a line (its id says so: `kj:league:sheet3:...`)."""

    night_id: int
    round_no: int
    table_no: int
    confirmed_by: int | None
    three: bool = False

    @property
    def custom_id(self) -> str:
        """The modal's custom id, which carries this form."""
        confirm = self.confirmed_by or 0
        kind = "sheet3" if self.three else "sheet"
        return f"kj:league:{kind}:{self.night_id}:{self.round_no}:{self.table_no}:{confirm}"

    @classmethod
    def of(cls, custom_id: str) -> SheetForm | None:
        """The form a modal's custom id carries; None for any other id."""
        found = FORM_ID.fullmatch(custom_id)
        if found is None:
            return None
        three, *numbers = found.groups()
        night, round_no, table_no, confirm = (int(part) for part in numbers)
        return cls(night, round_no, table_no, confirm or None, bool(three))


@dataclass(frozen=True, slots=True)
class FormField:
    """One field of the form: hands `first` to `last` (from 1; None: any number from
    `first` on); `extra`: the hands a tie adds."""

    first: int
    last: int | None
    extra: bool = False

    @property
    def single(self) -> bool:
        """Whether the field holds one hand's line."""
        return self.first == self.last

    def label(self, locale: str) -> str:
        """The field's label: "Hands 5 to 8", "Hand 3", "Hands 17 and on"."""
        if self.extra:
            return t("league.form.extra", locale, first=self.first, last=self.last)
        if self.last is None:
            return t("league.form.hands_on", locale, first=self.first)
        if self.single:
            return t("league.form.hand", locale, first=self.first)
        return t("league.form.hands", locale, first=self.first, last=self.last)


def form_fields(hands: int | None, extra: int = 0) -> list[FormField]:
    """The fields for a round of `hands` hands (None: played to a target) whose rules
    add `extra` hands after a tie (see the module's docstring)."""
    if hands is None:
        fields = [FormField(1 + PER_FIELD * i, PER_FIELD * (i + 1)) for i in range(MAX_FIELDS)]
        return [*fields[:-1], FormField(fields[-1].first, None)]
    per = 1 if hands <= PER_FIELD else PER_FIELD
    if math.ceil(hands / per) > MAX_FIELDS:
        per = math.ceil(hands / MAX_FIELDS)
    fields = [FormField(first, min(hands, first + per - 1)) for first in range(1, hands + 1, per)]
    if extra and len(fields) < MAX_FIELDS:
        fields.append(FormField(hands + 1, hands + extra, extra=True))
    elif extra:  # no field left: the last takes the tie's hands too
        fields[-1] = FormField(fields[-1].first, None)
    return fields


def line_marks(rules: RuleSet) -> str:
    """The kraken marks a line may carry under `rules` (docs/rules.md 2.5 to 2.7, typed as
    cogs/league/parse.py reads them), for the form's hint: "[k|rk|sk] [h roem1 roem2]";
    empty for rules without them."""
    marks = [
        "[k|rk|sk]" if rules.doubling != "off" else "",
        "[sp]" if rules.spades_double != "off" else "",
        "[h roem1 roem2]" if rules.hand_roem else "",
    ]
    return " ".join(mark for mark in marks if mark)


def sheet_modal(
    form: SheetForm, fields: Sequence[FormField], locale: str, marks: str = ""
) -> discord.ui.Modal:
    """The modal for `form`: a field per entry of `fields`, the first one required, each
    hinting at a line's shape with `marks` (`line_marks`) after it. It is stopped before
    it is sent, so discord.py does not keep it: its submission is routed by its custom id
    (the module's docstring)."""
    title = t("league.form.title", locale, round=form.round_no, table=form.table_no + 1)
    modal = discord.ui.Modal(title=title[:45], custom_id=form.custom_id)
    for index, field in enumerate(fields):
        style = discord.TextStyle.short if field.single else discord.TextStyle.paragraph
        placeholder = EXAMPLE if field.single else t("league.form.placeholder", locale)
        if form.three:
            placeholder = THREE_EXAMPLE if field.single else t("league.form.placeholder3", locale)
        placeholder = f"{placeholder} {marks}" if marks else placeholder
        text: discord.ui.TextInput[Any] = discord.ui.TextInput(
            custom_id=f"l{index}",
            style=style,
            required=index == 0,
            placeholder=placeholder[:100],
            max_length=LINE_MAX if field.single else FIELD_MAX,
        )
        modal.add_item(discord.ui.Label(text=field.label(locale)[:45], component=text))
    modal.stop()
    return modal


def submitted_lines(data: Mapping[str, Any]) -> str:
    """A submitted form's fields (in the order they were shown) as one sheet text, a line
    per hand: what the `lines` option of /night enter takes."""
    values: dict[str, str] = {}
    for component in _inputs(data.get("components") or []):
        custom_id, value = component.get("custom_id"), component.get("value")
        if isinstance(custom_id, str) and isinstance(value, str):
            values[custom_id] = value
    order = sorted(values, key=lambda key: (len(key), key))  # l0, l1, ... l4
    return "\n".join(values[key].strip() for key in order if values[key].strip())


def _inputs(components: Sequence[Mapping[str, Any]]) -> Iterator[Mapping[str, Any]]:
    """The text inputs of a submission, through action rows and labels."""
    for component in components:
        if component.get("type") == 1:
            yield from _inputs(component.get("components") or [])
        elif component.get("type") == 18 and component.get("component"):
            yield from _inputs([component["component"]])
        else:
            yield component
