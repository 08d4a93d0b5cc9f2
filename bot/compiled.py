"""Which rules-engine modules run compiled, and the switch to run their plain sources instead.

setup.py compiles the engine's hot modules with mypyc and the build leaves the extension
files beside the sources, where Python's import prefers them. With KLAVERJAS_PURE=1 in the
environment, ``bot`` installs ``prefer_sources`` at import, so tests, benchmarks and the bot
itself can run (and so check) the uncompiled engine from the same tree.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ENGINE = "bot.engine"
# Compiled outside the engine (setup.py's HOT_MODULES): the search player's inner loop and
# the model of the other seats it asks on every sampled deal, and the fitted playout lead.
PLAYERS = ("bot.players.solver", "bot.players.opponent_model", "bot.players.leads")


def _built_here(name: str) -> bool:
    """Whether setup.py may have compiled module ``name``."""
    return name.startswith(ENGINE + ".") or name in PLAYERS


def pure_requested() -> bool:
    """KLAVERJAS_PURE=1 (or true/yes/on); setup.py reads the variable the same way."""
    return os.environ.get("KLAVERJAS_PURE", "").strip().lower() in {"1", "true", "yes", "on"}


def _is_compiled(module: ModuleType) -> bool:
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def compiled_modules() -> list[str]:
    """The loaded engine (and solver) modules that run from a compiled extension."""
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if _built_here(name) and _is_compiled(module)
    )


# An installer writes a module's source and its build a moment apart, in either order; an
# edit made after the build comes later than this.
_SAME_INSTALL_SECONDS = 2.0


def stale_modules() -> list[str]:
    """Compiled engine modules whose source was changed after the build: they would run old
    rules, so the build must be redone (``make test`` does it; see the Makefile)."""
    stale = []
    for name in compiled_modules():
        built = Path(str(sys.modules[name].__file__))
        source = built.with_name(name.rsplit(".", 1)[1] + ".py")
        if source.exists() and (
            source.stat().st_mtime - built.stat().st_mtime > _SAME_INSTALL_SECONDS
        ):
            stale.append(name)
    return stale


def describe() -> str:
    """One line for logs and benchmark output: which engine build is running."""
    compiled = compiled_modules()
    if not compiled:
        return "engine: pure Python"
    return "engine: compiled (mypyc): " + ", ".join(n.rsplit(".", 1)[1] for n in compiled)


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Finds ``bot.engine.*`` (and the solver) in its .py file even where a compiled extension
    sits beside it."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not _built_here(fullname) or not path:
            return None
        leaf = fullname.rsplit(".", 1)[1]
        for folder in path:
            source = Path(folder) / f"{leaf}.py"
            if source.is_file():
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def prefer_sources() -> None:
    """Import the engine from its sources from now on; must run before ``bot.engine`` loads."""
    if any(isinstance(f, _SourcesFirst) for f in sys.meta_path):
        return
    if ENGINE in sys.modules:
        raise RuntimeError("prefer_sources() must run before bot.engine is imported")
    sys.meta_path.insert(0, _SourcesFirst())
