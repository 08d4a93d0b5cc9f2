"""What the text checks share: the tables of docs/glossary.md and every text of a locale."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from bot.texts.catalog import catalogue, templates
from bot.texts.rulebook import TOPICS, topic

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary.md"


def glossary_rows(heading: str) -> list[list[str]]:
    """The rows of the glossary's table under ``## heading``, as lists of cells."""
    section = GLOSSARY.read_text(encoding="utf-8").split(f"## {heading}\n", 1)[1]
    section = section.split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


def texts(locale: str) -> Iterator[tuple[str, str]]:
    """Every text of a locale: catalogue values (each plural form) and rulebook topics."""
    for key, value in catalogue(locale).items():
        for form in templates(value):
            yield key, form
    for name in TOPICS:
        entry = topic(name, locale)
        for field in ("title", "summary", "body"):
            yield f"rulebook.{name}.{field}", getattr(entry, field)
