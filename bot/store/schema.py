"""The one ordered list of schema migrations, with each back end's SQL.

`migrations/NNNN_name.sql` serves both back ends; where their SQL differs (identity columns,
trigger syntax, column types) a number has `NNNN_name.sqlite.sql` and
`NNNN_name.postgresql.sql` instead. Both back ends therefore count the same versions, so a
"schema too new" check means the same on either, and `migrate-store` can tell whether a
source and a target hold the same schema.
"""

from __future__ import annotations

import re
from importlib.resources import files
from typing import Final, Literal

from .errors import StoreError

__all__ = ["DIALECTS", "Dialect", "latest_version", "migrations"]

Dialect = Literal["sqlite", "postgresql"]
DIALECTS: Final[tuple[Dialect, ...]] = ("sqlite", "postgresql")
_NAME: Final = re.compile(r"(\d{4})_(\w+?)(?:\.(sqlite|postgresql))?\.sql")


def migrations(dialect: Dialect) -> list[tuple[int, str]]:
    """`dialect`'s migration scripts, numbered 1, 2, ... in order.

    Read through importlib.resources so they are found in a wheel or zip install too.
    """
    shared: dict[int, str] = {}
    own: dict[int, str] = {}
    dialects: dict[int, set[str]] = {}
    for entry in files("bot.store").joinpath("migrations").iterdir():
        match = _NAME.fullmatch(entry.name)
        if not match:
            continue
        number, kind = int(match[1]), match[3]
        dialects.setdefault(number, set()).add(kind or "both")
        if kind is None:
            shared[number] = entry.read_text(encoding="utf-8")
        elif kind == dialect:
            own[number] = entry.read_text(encoding="utf-8")
    if sorted(dialects) != list(range(1, len(dialects) + 1)):
        raise StoreError("migrations must be numbered 0001, 0002, ... without gaps")
    for number, kinds in dialects.items():
        if kinds != {"both"} and kinds != set(DIALECTS):
            raise StoreError(f"migration {number:04d} needs one .sql or one per back end")
    return [(number, own.get(number) or shared[number]) for number in sorted(dialects)]


def latest_version() -> int:
    """The schema version this code migrates to (the same for every back end)."""
    return len(migrations("sqlite"))
