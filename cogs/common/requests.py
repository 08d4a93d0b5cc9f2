"""The bot's own count of its Discord requests, logged once a minute.

Discord limits a bot to about 50 bot-token requests a second in all (the global limit);
requests made with an interaction's token (responses, edits of a hand) do not count
against it. docs/operations.md says how to read the line:

    discord requests in 60 s: bot token 812 (13.5/s; PATCH 790, POST 22), interaction
    responses 1490, interaction-token edits 1322, 429s 0, response p99 38 ms

Counting is cheap: bot-token requests are counted by wrapping `bot.http.request` once,
429s by a logging filter on discord.py's own rate-limit warnings, interaction responses
and token edits by the code that makes them (`note_response`, `note_token_edit`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import discord

__all__ = ["INTERVAL", "RequestStats"]

log = logging.getLogger(__name__)

INTERVAL = 60.0  # seconds between two log lines
RATE_LIMIT_LOGGERS = ("discord.http", "discord.webhook.async_")


class RequestStats(logging.Filter):
    """Counters since the last line; also the filter that counts discord.py's 429 warnings."""

    def __init__(self) -> None:
        super().__init__()
        self.bot_token: Counter[str] = Counter()  # by HTTP method
        self.responses = 0
        self.token_edits = 0
        self.rate_limited = 0
        self.response_times: list[float] = []
        self._task: asyncio.Task[None] | None = None
        self._installed: list[logging.Logger] = []

    # ------------------------------------------------------------------ counting
    def filter(self, record: logging.LogRecord) -> bool:
        """Count a rate-limit warning of discord.py; every record goes on to the log."""
        if record.levelno >= logging.WARNING and "429" in str(record.msg):
            self.rate_limited += 1
        return True

    def note_response(self, seconds: float) -> None:
        """An interaction was answered `seconds` after it reached the bot."""
        self.responses += 1
        self.response_times.append(seconds)

    def note_token_edit(self) -> None:
        """Count an edit sent with an interaction's token."""
        self.token_edits += 1

    def wrap(self, request: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        """`bot.http.request`, counted: every bot-token REST call passes through it."""

        async def counted(route: discord.http.Route, **kwargs: Any) -> Any:
            self.bot_token[route.method] += 1
            return await request(route, **kwargs)

        return counted

    # ------------------------------------------------------------------ reporting
    def line(self, seconds: float) -> str:
        """The log line for the last `seconds`; resets the counters."""
        total = sum(self.bot_token.values())
        methods = ", ".join(f"{m} {n}" for m, n in sorted(self.bot_token.items()))
        times = sorted(self.response_times)
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000 if times else 0.0
        text = (
            f"discord requests in {seconds:.0f} s: bot token {total} "
            f"({total / seconds:.1f}/s{'; ' + methods if methods else ''}), interaction "
            f"responses {self.responses}, interaction-token edits {self.token_edits}, "
            f"429s {self.rate_limited}, response p99 {p99:.0f} ms"
        )
        self.bot_token.clear()
        self.responses = self.token_edits = self.rate_limited = 0
        self.response_times.clear()
        return text

    # ------------------------------------------------------------------ lifecycle
    def start(self, bot: discord.Client, interval: float = INTERVAL) -> None:
        """Count `bot`'s requests and log a line every `interval` seconds."""
        bot.http.request = self.wrap(bot.http.request)  # type: ignore[method-assign,assignment]
        for name in RATE_LIMIT_LOGGERS:
            logger = logging.getLogger(name)
            logger.addFilter(self)
            self._installed.append(logger)
        self._task = asyncio.create_task(self._report(interval), name="bg:request-stats")

    async def stop(self) -> None:
        """Stop counting and logging (the filters removed, the task ended)."""
        for logger in self._installed:
            logger.removeFilter(self)
        self._installed.clear()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _report(self, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            log.info(self.line(interval))
