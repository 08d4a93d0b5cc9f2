"""The bot's version, read from the installed distribution so it never drifts from pyproject."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

__all__ = ["DISTRIBUTION", "bot_version"]

DISTRIBUTION = "klaverjas-bot"


def bot_version() -> str:
    """Return the installed version, or a marker when run from an uninstalled checkout."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "0+unknown"
