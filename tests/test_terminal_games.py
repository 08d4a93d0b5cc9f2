"""`python -m bot play --preset driemans|tweemans` from the command line: a match starts,
kept in a file beside the database (which is not made); a database the match cannot be
kept beside, or a kept file that cannot be replayed, is refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main

# (preset, the game in words, a kept file that cannot be replayed)
GAMES = [("driemans", "three-player", "{not json"), ("tweemans", "two-player", '{"rules": 1}')]


@pytest.mark.parametrize(("preset", "game", "corrupt"), GAMES)
def test_play_from_the_command_line(
    preset: str,
    game: str,
    corrupt: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr("builtins.input", lambda _prompt: "quit")
    db = tmp_path / "t.sqlite3"
    assert main(["play", "--preset", preset, "--db", str(db)]) == 0
    out, err = capsys.readouterr()
    assert f"New {game} match ({preset})" in out and "Saved." in out and err == ""
    assert (tmp_path / f"t-{preset}.json").exists() and not db.exists()


@pytest.mark.parametrize(("preset", "game", "corrupt"), GAMES)
@pytest.mark.parametrize("db", ["postgresql://u@h/d", "<corrupt>"])
def test_a_match_that_cannot_be_kept_is_one_line(
    preset: str,
    game: str,
    corrupt: str,
    db: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    said = f"play: a {game} match is kept in a file: give --db a file"
    if db == "<corrupt>":
        db, said = str(tmp_path / "t.sqlite3"), "play: "
        (tmp_path / f"t-{preset}.json").write_text(corrupt, encoding="utf-8")
    assert main(["play", "--preset", preset, "--db", db]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith(said), err
