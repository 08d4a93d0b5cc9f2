"""What the terminal's games share: reading a typed line, and a refusal in words.

`python -m bot play` plays the four-player game on the table service (bot/terminal/tables.py)
and three-player Klaverjas on the engine (bot/terminal/driemans_play.py); both read the
player's lines and word the refusals the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Mapping
from typing import Any

from bot.engine import Card, IllegalReason, Suit
from bot.texts.catalog import has, t
from bot.texts.formats import mid_sentence

__all__ = ["read_line", "refusal_sentence"]


async def read_line(ask: Callable[[str], str], prompt: str) -> str:
    """`ask(prompt)` in a daemon thread. Ctrl-C then ends `play` at once: asyncio joins
    its own worker threads on the way out, which would wait for Enter; a daemon thread
    blocked in `input` is left behind."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[str] = loop.create_future()

    def settle(line: str | None, error: Exception | None) -> None:
        if answer.done():  # cancelled meanwhile (Ctrl-C)
            return
        if error is not None:
            answer.set_exception(error)
        else:
            answer.set_result(line or "")

    def read() -> None:
        try:
            line, error = ask(prompt), None
        except Exception as exc:  # EOFError: the input ended
            line, error = None, exc
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            loop.call_soon_threadsafe(settle, line, error)

    threading.Thread(target=read, name="terminal-input", daemon=True).start()
    return await answer


def refusal_sentence(code: str, facts: Mapping[str, Any], name_of: Callable[[int], str]) -> str:
    """A refusal (its code and facts) in words: the sentence the Discord table uses, in
    English; ``name_of`` names the seat a ``to_act`` fact points at."""
    key = f"tables.err.{code}"
    if not has(key):
        return t("tables.err.unknown", code=code)
    values = {"card": "?", "suit": "?", "why": "", "seat": "?", "free": "?"}
    if isinstance(facts.get("card"), Card):
        values["card"] = str(facts["card"])
    if isinstance(facts.get("suit"), Suit):
        values["suit"] = t(f"common.suit.{facts['suit'].letter}")
    reason = facts.get("reason")
    if isinstance(reason, IllegalReason):
        suit = t(f"common.suit.{reason.suit.letter}") if reason.suit is not None else ""
        why = t(f"tables.reason.{reason.code.value}", suit=suit)
        values["why"] = mid_sentence(why)
    to_act = facts.get("to_act")
    values["name"] = name_of(to_act) if isinstance(to_act, int) else "someone else"
    return t(key, **values)
