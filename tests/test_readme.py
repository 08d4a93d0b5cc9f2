"""The README is for users and short; the docs speak about the project, not its history;
every relative link in them leads to a file that exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)|<img src=\"([^\"]+)\"")
# A development diary's marks: numbered sessions or rounds of work, commit hashes.
DIARY = re.compile(
    r"\bsessions? \d|\b(?:development|work) rounds?\b|\bcommit [0-9a-f]{7,40}\b"
    r"|\bgit worktree add \S+ [0-9a-f]{7,40}\b",
    re.IGNORECASE,
)


def test_the_readme_stays_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) < 200


def test_the_set_up_commands_are_the_makefiles() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("run", "test"):
        assert f"`make {target}`" in readme and f"\n{target}:" in makefile
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_no_document_keeps_a_diary() -> None:
    found = [
        (path.name, number, line.strip())
        for path in DOCUMENTS
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if DIARY.search(line)
    ]
    assert not found, found


def test_the_diary_check_finds_one() -> None:
    assert DIARY.search("measured in session 5") and DIARY.search("before (commit 4875a8e)")
    assert not DIARY.search("a league night of several rounds; the session's token")


def test_every_relative_link_leads_to_a_file() -> None:
    missing = []
    for path in DOCUMENTS:
        for match in LINK.finditer(path.read_text(encoding="utf-8")):
            target = match[1] or match[2]
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (path.parent / target).exists():
                missing.append((str(path.relative_to(ROOT)), target))
    assert not missing, missing
