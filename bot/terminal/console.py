"""What the terminal's games share: reading a typed line, a refusal in words, and a match
kept in a file as its replay.

`python -m bot play` plays the four-player game on the table service (bot/terminal/tables.py),
three-player Klaverjas (bot/terminal/driemans_play.py) and two-player Klaverjas
(bot/terminal/tweemans_play.py) on the engine; all read the player's lines and word the
refusals the same way. A match played on the engine is its rules, seed and first dealer with
the actions taken, as the engine replays it: kept in a JSON file after every move (written
whole to a new file, then renamed over the old one, so a crash leaves one or the other) and
replayed on the next start.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import threading
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Protocol, TypeVar

from bot.engine import Card, IllegalReason, RuleSet, RuleViolation, Suit
from bot.texts.catalog import clip, has, t
from bot.texts.formats import mid_sentence

__all__ = [
    "KeptMatch",
    "UnreadableMatch",
    "keep_match",
    "parse_word",
    "read_command",
    "read_line",
    "refusal_sentence",
    "replay_kept",
    "saved_line",
]

NAME_CLIP = 24  # characters of a typed word an answer repeats
QUIT = ("quit", "q", "exit")
M = TypeVar("M", bound="KeptMatch")


class UnreadableMatch(Exception):
    """The saved file holds no match this version can replay."""


class _Logged(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


class KeptMatch(Protocol):
    """A match the engine replays from its rules, seed, first dealer and actions."""

    @property
    def rules(self) -> RuleSet:
        """The match's rules."""
        ...

    @property
    def seed(self) -> str:
        """What the hands are dealt from."""
        ...

    @property
    def first_dealer(self) -> int:
        """Who deals the first hand."""
        ...

    @property
    def actions(self) -> Iterable[_Logged]:
        """The actions taken, in order."""
        ...

    @property
    def finished(self) -> bool:
        """Whether the match has a result."""
        ...


def keep_match(path: Path, match: KeptMatch, name: str) -> None:
    """Write ``match`` (the person called ``name``) as its replay: a new file, renamed over
    the old one."""
    data = {
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "name": name,
        "actions": [action.to_dict() for action in match.actions],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = path.with_name(path.name + ".new")
    with fresh.open("w", encoding="utf-8") as file:
        file.write(json.dumps(data))
        file.flush()
        os.fsync(file.fileno())
    os.replace(fresh, path)


def replay_kept(
    path: Path, replay: Callable[[RuleSet, str, int, list[Any]], M]
) -> tuple[M, str] | None:
    """The match kept at ``path`` replayed by ``replay(rules, seed, first_dealer, actions)``
    and the person's name; None when there is none or it is over."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise UnreadableMatch(f"{path} cannot be read: {error}") from None
    try:
        rules = RuleSet.from_dict(data["rules"])
        match = replay(rules, data["seed"], data["first_dealer"], data["actions"])
        name = str(data["name"])
    except (AttributeError, KeyError, TypeError, ValueError, RuleViolation) as error:
        message = f"{path} holds no match this version can replay ({error})"
        raise UnreadableMatch(message) from None
    return None if match.finished else (match, name)


def saved_line(preset: str) -> str:
    """What quitting says."""
    return f"Saved. Run `python -m bot play --preset {preset}` again to go on."


async def read_command(ask: Callable[[str], str]) -> str | None:
    """The person's next line, stripped; None when they quit (or the input ended)."""
    try:
        line = (await read_line(ask, "> ")).strip()
    except EOFError:
        return None
    return None if line.lower() in QUIT else line


def parse_word(parse: Callable[[str], Any], text: str, wanted: str) -> Any:
    """``parse(text)``; a `ValueError` naming what was ``wanted`` when it is not one."""
    try:
        return parse(text)
    except ValueError:
        shown = clip(text, NAME_CLIP)
        raise ValueError(f"{shown!r} is not {wanted} or a command; type help.") from None


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
