"""One bot process per SQLite file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.store.lock import ProcessLock, StoreLocked, lock_path


def test_a_second_holder_is_refused_naming_the_first(db_path: Path) -> None:
    with ProcessLock(db_path), pytest.raises(StoreLocked) as caught:
        ProcessLock(db_path).acquire()

    assert f"pid {os.getpid()}" in str(caught.value)
    assert str(db_path) in str(caught.value)


def test_the_lock_is_free_again_after_release(db_path: Path) -> None:
    first = ProcessLock(db_path)
    first.acquire()
    first.release()

    with ProcessLock(db_path) as second:
        assert lock_path(db_path).read_text().strip() == str(os.getpid())
        assert second.path == lock_path(db_path)


def test_different_databases_do_not_block_each_other(tmp_path: Path) -> None:
    with ProcessLock(tmp_path / "a.sqlite3"), ProcessLock(tmp_path / "b.sqlite3"):
        pass
