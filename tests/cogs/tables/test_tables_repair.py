"""A table stored with settings this version cannot run: after the restart its channel is
told, with the settings the table plays on with, or that it was closed (bot/tables/repair.py,
cogs/tables/notices.py)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.store.rows import dump_json
from bot.tables import Status
from tests.cogs.tables.tables_kit import Kit, StartHarness, message_text, start


def _rewrite(database: Path, table_id: int, change: Callable[[dict[str, Any]], None]) -> None:
    """Change a table's stored snapshot in the file itself, as an older version left it."""
    with sqlite3.connect(database) as db:
        [(text,)] = db.execute("SELECT snapshot FROM tables WHERE id = ?", (table_id,))
        snapshot = json.loads(text)
        change(snapshot)
        db.execute("UPDATE tables SET snapshot = ? WHERE id = ?", (dump_json(snapshot), table_id))
    db.close()


async def _restarted_with(
    make_harness: StartHarness, database_path: Path, change: Callable[[dict[str, Any]], None]
) -> tuple[Kit, int, list[dict[str, Any]]]:
    """A lobby opened by anna, its snapshot changed while the bot was down, and the bot
    started again: (the new kit, the table, the messages posted since the restart)."""
    first = await start(make_harness)
    anna = first.world.add_user("anna")
    t = await first.open(anna)
    before = set(first.world.messages)
    await first.harness.close()
    _rewrite(database_path, t, change)

    second = await start(make_harness)
    await second.flush()
    posted = [m for i, m in second.world.messages.items() if i not in before]
    return second, t, posted


async def test_a_repaired_table_tells_its_channel_the_settings_it_plays_with(
    make_harness: StartHarness, database_path: Path
) -> None:
    def change(snapshot: dict[str, Any]) -> None:
        snapshot["settings"].update(turn_timer=5, computer_kind="grandmaster")

    kit, t, posted = await _restarted_with(make_harness, database_path, change)

    [note] = posted
    text = message_text(note)
    assert f"Table {t} was saved with settings this version of the bot cannot use" in text
    assert "Turn timer: 15 s" in text and "Computers: strong" in text
    assert int(note["channel_id"]) == kit.world.channel_id
    assert kit.table(t).status == Status.LOBBY and kit.table(t).settings.turn_timer == 15
    kit.check_payloads()


async def test_a_table_that_cannot_be_restored_is_closed_with_a_note(
    make_harness: StartHarness, database_path: Path
) -> None:
    def change(snapshot: dict[str, Any]) -> None:
        snapshot["rules"]["no_such_option"] = True

    kit, t, posted = await _restarted_with(make_harness, database_path, change)

    [note] = posted
    assert message_text(note) == (
        f"Table {t} was saved in a form this version of the bot cannot read, so after the "
        "restart I closed it. Open a new one with /table open."
    )
    assert kit.service.in_channel(kit.world.channel_id) is None
    anna = kit.world.add_user("anna2")
    assert await kit.open(anna) != t  # the channel is free again
    kit.check_payloads()


async def test_a_valid_table_restarts_without_a_note(
    make_harness: StartHarness, database_path: Path
) -> None:
    _, _, posted = await _restarted_with(make_harness, database_path, lambda snapshot: None)

    assert posted == []
