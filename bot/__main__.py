"""`python -m bot`: the command line entry point.

Exit codes: 0 clean shutdown, 1 runtime failure (Discord refused the login, ...), 2 bad
usage or configuration (fix the settings and start again; restarting alone will not help).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import discord

from bot import runtime
from bot.settings import (
    Settings,
    SettingsError,
    load_database_path,
    load_database_url,
    load_settings,
)
from bot.store import StoreError, is_postgres_url

__all__ = ["main"]

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_CONFIG = 2
_TERMINAL_DB = (
    "SQLite file or postgresql:// URL (default: DATABASE_URL, else data/terminal.sqlite3)"
)

log = logging.getLogger("bot")


def main(argv: list[str] | None = None) -> int:
    """Run the command `argv` names (the bot by default); the process's exit code."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = getattr(args, "handler", _run)
    return handler(args)


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Klaverjas Discord bot.")
    sub = parser.add_subparsers(
        title="commands",
        metavar="{run,play,simulate,challenge,backup,restore,migrate-store,health,draw,league}",
    )
    run = sub.add_parser("run", help="run the Discord bot (the default)")
    run.set_defaults(handler=_run)
    # play / simulate: thin parsers that hand over to bot/terminal/tables.py (the terminal
    # front end, which reads these attributes with getattr and supplies the defaults).
    play = sub.add_parser("play", help="play a match in the terminal against computer players")
    play.add_argument("--db", help=_TERMINAL_DB)
    play.add_argument("--preset", help="rule set preset (default amsterdam)")
    play.add_argument("--name", help="your name at the table")
    play.set_defaults(handler=_play)
    simulate = sub.add_parser("simulate", help="let computer players play each other")
    simulate.add_argument("--matches", type=int, help="number of matches (default 10)")
    simulate.add_argument("--preset", help="rule set preset (default amsterdam)")
    simulate.set_defaults(handler=_simulate)
    # challenge: a thin parser that hands over to bot/terminal/challenge.py.
    challenge = sub.add_parser(
        "challenge", help="play the running challenge of a local database, or check a seed"
    )
    challenge.add_argument("--db", help=_TERMINAL_DB)
    challenge.add_argument("--guild", type=int, help="the server's id (default 0: the terminal's)")
    challenge.add_argument("--user", type=int, help="your member id (default 1)")
    challenge.add_argument("--name", help="your name in the standings")
    challenge.add_argument("--check", metavar="SEED", help="print a seed's SHA-256 and deals")
    challenge.add_argument("--preset", help="with --check: the rules (default amsterdam)")
    challenge.add_argument("--deals", type=int, help="with --check: its deals (default 8)")
    challenge.set_defaults(handler=_challenge)
    backup = sub.add_parser("backup", help="copy the database to a new file, safe while running")
    backup.add_argument("target", type=Path, help="the backup file to write (must not exist)")
    backup.add_argument("--db", help="the database (default: DATABASE_PATH)")
    backup.set_defaults(handler=_backup)
    restore = sub.add_parser("restore", help="put a backup in place of the database (bot stopped)")
    restore.add_argument("backup", type=Path, help="the backup file to restore")
    restore.add_argument("--db", help="the database (default: DATABASE_PATH)")
    restore.set_defaults(handler=_restore)
    move = sub.add_parser(
        "migrate-store",
        help="copy SQLite into an empty PostgreSQL database, or back (bot stopped)",
    )
    move.add_argument("--from", dest="source", required=True, help="sqlite:PATH or postgresql://")
    move.add_argument("--to", dest="target", required=True, help="the other kind (empty)")
    move.set_defaults(handler=_migrate_store)
    health = sub.add_parser("health", help="exit 0 if the running bot is healthy (HEALTHCHECK)")
    health.add_argument("--db", type=Path, help="the database (default: DATABASE_PATH)")
    health.add_argument("--max-age", type=float, help="seconds a heartbeat stays fresh")
    health.set_defaults(handler=_health)
    # draw / league: checked by bot/league (one line and exit 2 on bad values).
    draw = sub.add_parser("draw", help="preview a league night's draw and its repeat figures")
    draw.add_argument("--players", help="players present (numbered 1..N)")
    draw.add_argument("--rounds", help="rounds of the night")
    draw.add_argument("--seed", help="the night's seed (default: a new one, printed)")
    draw.add_argument("--format", help="individual (default) or pairs")
    draw.set_defaults(handler=_draw)
    # A command group: without one of its commands, its usage and exit 2 (never the bot).
    league = sub.add_parser("league", help="league tools").add_subparsers(
        title="commands", metavar="{simulate}", dest="command", required=True
    )
    night = league.add_parser("simulate", help="play a league night with computer players")
    night.add_argument("--players", help="players checked in")
    night.add_argument("--rounds", help="rounds of the night")
    night.add_argument("--hands", help="hands a round (default 16)")
    night.add_argument("--seed", help="the night's seed")
    night.add_argument("--format", help="individual (default), pairs or duplicate")
    night.set_defaults(handler=_league_simulate)
    return parser


def _run(args: argparse.Namespace) -> int:
    try:
        settings = load_settings()
    except SettingsError as error:
        return _refused(error)
    _configure_logging(settings.log_level)
    try:  # with PostgreSQL too: the health check's heartbeat file lives in that folder
        settings.database_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(
            f"configuration error: cannot create the folder for DATABASE_PATH: {error.strerror}",
            file=sys.stderr,
        )
        return EXIT_CONFIG
    return _run_started(settings)


def _run_started(settings: Settings) -> int:
    """Check the database and hold its lock (SQLite's process lock, or PostgreSQL's shard
    locks) before logging in, so a second process or an unusable database ends here in one
    line (exit 2)."""
    from bot.startup import run_on_store

    if settings.database_url is not None:
        return run_on_store(settings.database_url, lambda: _run_bot(settings), settings.shards)
    return run_on_store(settings.database_path, lambda: _run_bot(settings))


def _run_bot(settings: Settings) -> int:
    try:
        asyncio.run(_serve(settings))
    except discord.LoginFailure:
        log.error("Discord rejected DISCORD_TOKEN; reset it in the developer portal")
        return EXIT_FAILURE
    except discord.PrivilegedIntentsRequired:
        log.error("Discord refused the requested gateway intents")
        return EXIT_FAILURE
    return EXIT_OK


async def _serve(settings: Settings) -> None:
    """Run the bot until it closes; SIGTERM and SIGINT close it cleanly.

    discord.py's own `run` leaves SIGTERM (what Docker and systemd send) to its default,
    which kills the process on the spot. Here both signals start `close()`: the gateway
    stops (no new interactions), the cogs unload, and the services finish what is in
    flight and close the store; then the start is ended, also where discord.py would go
    on (a shard still trying its first connection, a wait before trying Discord again),
    and the process exits 0.
    """
    # Imported here so `play` / `simulate` and configuration errors stay fast and light.
    from bot import client

    bot = (
        client.ShardedKlaverjasBot(settings) if settings.sharded else client.KlaverjasBot(settings)
    )
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []  # a reference, so the close task is not collected

    async def shut_down(starting: asyncio.Task[None]) -> None:
        try:
            await bot.close()
        finally:
            starting.cancel()

    async def settle_when_ready() -> None:
        await bot.wait_until_ready()  # tables restored, guilds cached: what lives on
        runtime.settle_heap()

    async with bot:  # from here discord.py's ready event exists to wait for
        settling = loop.create_task(settle_when_ready(), name="bg:settle-heap")
        starting = loop.create_task(bot.start(settings.discord_token), name="bg:discord")

        def stop(name: str) -> None:
            if not closing:
                log.info("%s received: shutting down", name)
                closing.append(loop.create_task(shut_down(starting), name="bg:shutdown"))

        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, stop, signal.Signals(signum).name)
        try:
            await asyncio.wait([starting])
        finally:
            settling.cancel()
    if closing:
        await closing[0]  # a start that failed while closing is not the operator's concern
        if not starting.cancelled():
            starting.exception()
        return
    starting.result()  # a rejected token, say: raised to _run_bot


def _refused(error: SettingsError) -> int:
    """Each bad setting as one line on stderr; the exit code for bad configuration."""
    for problem in error.problems:
        print(f"configuration error: {problem}", file=sys.stderr)
    return EXIT_CONFIG


def _configure_logging(level: str) -> None:
    # setup_logging(root=True) gives discord.py's formatter (coloured on a TTY) to all loggers.
    discord.utils.setup_logging(level=logging.getLevelNamesMapping()[level], root=True)
    # At DEBUG these two log whole gateway events and requests: interaction payloads carry
    # players' hands and interaction tokens, which must never reach a log.
    for name in ("discord.gateway", "discord.http", "discord.webhook.async_"):
        logging.getLogger(name).setLevel(max(logging.INFO, logging.getLogger().level))


def _backup(args: argparse.Namespace) -> int:
    from bot.store.backup import backup_database

    def work(database: Path) -> str:
        done = backup_database(database, args.target)
        return (
            f"backup written to {done.path}: {done.tables} tables, {done.actions} actions, "
            f"{done.size:,} bytes, schema {done.schema}"
        )

    return _maintenance(args, work)


def _restore(args: argparse.Namespace) -> int:
    from bot.store.backup import restore_database

    def work(database: Path) -> str:
        kept = restore_database(args.backup, database)
        where = f"; the replaced database was kept as {kept}" if kept else ""
        return f"restored {database} from {args.backup}{where}"

    return _maintenance(args, work)


def _maintenance(args: argparse.Namespace, work: Callable[[Path], str]) -> int:
    """Run a backup or restore on --db or DATABASE_PATH: one line out, exit 0 or 2.

    Neither opens the store: a backup reads a running bot's file (so it takes no lock) and
    a restore replaces a file it must not open (it takes the lock itself)."""
    from bot.startup import answer_in_one_line

    def copy() -> int:
        url = args.db if is_postgres_url(args.db) else None
        if url or (args.db is None and load_database_url() is not None):
            raise StoreError(
                f"{'--db names a PostgreSQL database' if url else 'DATABASE_URL is set'}: back "
                "up and restore PostgreSQL with pg_dump and pg_restore (docs/operations.md); "
                "these commands copy SQLite files"
            )
        print(work(Path(args.db) if args.db else load_database_path()))
        return EXIT_OK

    try:
        return answer_in_one_line(copy)
    except SettingsError as error:
        return _refused(error)


def _migrate_store(args: argparse.Namespace) -> int:
    """Copy SQLite into PostgreSQL or back: one line per table copied, or one error line
    (exit 2)."""
    from bot.startup import answer_in_one_line
    from bot.store.move import MoveSummary, move_store

    moved: list[MoveSummary] = []

    def move() -> int:  # checks and locks the source, checks the target (bot/store/move.py)
        moved.append(asyncio.run(move_store(args.source, args.target)))
        return EXIT_OK

    code = answer_in_one_line(move)
    if code != EXIT_OK:
        return code
    summary = moved[0]
    total = sum(summary.rows.values())
    print(f"copied {total:,} rows into {summary.target}:")
    for table, count in summary.rows.items():
        print(f"  {table}: {count:,}")
    return EXIT_OK


def _health(args: argparse.Namespace) -> int:
    """One line; exit 0 healthy, 1 not (Docker reads only these two)."""
    from bot.health import STALE_AFTER, Unhealthy, check_health, heartbeat_path

    try:
        database = args.db or load_database_path()  # loads .env, DATABASE_URL included
        # With DATABASE_URL (PostgreSQL) the heartbeat alone vouches for the database: the
        # bot renews it only after a store round trip. The file beside it stays the path.
        sqlite = None if os.environ.get("DATABASE_URL", "").strip() else database
        print(check_health(sqlite, heartbeat_path(database), args.max_age or STALE_AFTER))
    except (Unhealthy, SettingsError) as error:
        problems = getattr(error, "problems", None) or [str(error)]
        print(f"unhealthy: {'; '.join(problems)}", file=sys.stderr)
        return EXIT_FAILURE
    return EXIT_OK


def _play(args: argparse.Namespace) -> int:
    from bot.terminal.tables import run_terminal

    return _on_terminal_database(args, lambda: run_terminal(args))


def _simulate(args: argparse.Namespace) -> int:
    from bot.terminal.tables import run_simulation

    return run_simulation(args)


def _challenge(args: argparse.Namespace) -> int:
    from bot.terminal.challenge import run_challenge

    return _on_terminal_database(args, lambda: run_challenge(args))


def _on_terminal_database(args: argparse.Namespace, command: Callable[[], int]) -> int:
    """Run a terminal command on its --db, else on DATABASE_URL as the bot reads it (else
    the command's own SQLite file); a bad DATABASE_URL is one line and exit 2."""
    if args.db is None and getattr(args, "check", None) is None:  # --check opens nothing
        try:
            args.db = load_database_url()
        except SettingsError as error:
            return _refused(error)
    return command()


def _draw(args: argparse.Namespace) -> int:
    from bot.terminal.league_draw import run_draw

    return _league_tool("draw", run_draw, args)


def _league_simulate(args: argparse.Namespace) -> int:
    from bot.terminal.league_simulation import run_simulation

    return _league_tool("league simulate", run_simulation, args)


def _league_tool(
    name: str, tool: Callable[[argparse.Namespace], None], args: argparse.Namespace
) -> int:
    """Run an offline league tool; its bad arguments are one line and exit code 2."""
    from bot.terminal.league_draw import UsageError

    try:
        tool(args)
    except UsageError as error:
        print(f"{name}: {error}", file=sys.stderr)
        return EXIT_CONFIG
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
