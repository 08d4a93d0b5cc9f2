"""Opening the services: a failed start must end the process, not leave it hanging."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FAILING_RESTORE = textwrap.dedent(
    """
    import asyncio, sys
    from bot.services import Services
    from bot.tables import TableService

    async def fail(self):
        raise RuntimeError("restore failed")

    TableService.restore = fail
    asyncio.run(Services.open(sys.argv[1]))
    """
)


def test_a_restore_that_raises_closes_the_store_so_the_process_exits(tmp_path: Path) -> None:
    # The store's worker thread is not a daemon: if it stayed open, the interpreter would
    # wait for it for ever after the traceback (this run would hit the timeout).
    result = subprocess.run(
        [sys.executable, "-c", FAILING_RESTORE, str(tmp_path / "kj.sqlite3")],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=30,
    )

    assert result.returncode == 1
    assert "RuntimeError: restore failed" in result.stderr
