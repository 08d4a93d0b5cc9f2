"""The layers import only downward, and nothing imports in a circle (docs/architecture.md).

The "done when" list of the house plan, one test each: bot/ imports no cog; the engine
imports only itself, the standard library and mypy_extensions; no cog imports the store;
no import circle; the arrows between the layers are exactly the documented ones; the
standings read model is a service in bot/; a cog installs the translator; the terminal
starts through `Services`.

Read from the sources (AST), not from `sys.modules`, so an import hidden in a function or
under `TYPE_CHECKING` counts too: a cycle through a type-only import is still a tangle a
reader has to follow.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs")
DISCORD_PROCESS = {"bot.client", "bot.__main__"}  # the only modules of bot/ that run Discord
ALLOWED_IN_ENGINE = {"mypy_extensions"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def _absolute(module: str, node: ast.ImportFrom) -> str:
    """The absolute name a (possibly relative) `from ... import` starts from."""
    if node.level == 0:
        return node.module or ""
    is_package = modules()[module].name == "__init__.py"
    base = module.split(".")
    base = base[: len(base) - node.level + (1 if is_package else 0)]
    return ".".join([*base, node.module] if node.module else base)


def _type_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports_of(module: str, *, runtime_only: bool = False) -> set[str]:
    """Every module `module` imports; `from pkg import name` counts as pkg.name when that is
    a module of ours, else as pkg. `runtime_only` leaves out `if TYPE_CHECKING:` imports."""
    tree = ast.parse(modules()[module].read_text(encoding="utf-8"))
    if runtime_only:
        for node in ast.walk(tree):
            if _type_only(node):
                assert isinstance(node, ast.If)
                node.body = [ast.Pass()]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(module, node)
            for alias in node.names:
                candidate = f"{source}.{alias.name}"
                found.add(candidate if candidate in modules() else source)
    return found


def ours(name: str) -> bool:
    return name.split(".")[0] in PACKAGES


def top(name: str) -> str:
    return name.split(".")[0]


def under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_the_scan_finds_the_project() -> None:
    assert {"bot.engine.cards", "bot.client", "cogs.tables.cog", "cogs.common.text"} <= set(
        modules()
    )
    assert "cogs.common.text" in imports_of("cogs.tables.actions")
    assert "bot.tables.readmodels" in imports_of("bot.tables")  # a relative import


def test_bot_imports_neither_cogs_nor_discord_outside_the_discord_process() -> None:
    wrong = {
        (module, name)
        for module in modules()
        if top(module) == "bot" and module not in DISCORD_PROCESS
        for name in imports_of(module)
        if top(name) in ("cogs", "discord")
    }
    assert not wrong, sorted(wrong)
    assert not any(top(name) == "cogs" for m in DISCORD_PROCESS for name in imports_of(m))


def test_the_engine_imports_only_itself_the_standard_library_and_mypy_extensions() -> None:
    wrong = {
        (module, name)
        for module in modules()
        if under(module, "bot.engine")
        for name in imports_of(module)
        if not under(name, "bot.engine")
        and top(name) not in sys.stdlib_module_names
        and top(name) not in ALLOWED_IN_ENGINE
    }
    assert not wrong, sorted(wrong)


def test_no_cog_reads_the_store() -> None:
    wrong = {
        (module, name)
        for module in modules()
        if top(module) == "cogs"
        for name in imports_of(module)
        if under(name, "bot.store")
    }
    assert not wrong, sorted(wrong)


def feature_of(module: str) -> str | None:
    """`cogs.tables.ui` -> "tables"; None for cogs.common and the cogs package itself."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] != "common" else None


def test_features_share_only_cogs_common() -> None:
    """A feature package imports no other feature; cogs.common imports no feature."""
    wrong = {
        (module, name)
        for module in modules()
        if top(module) == "cogs"
        for name in imports_of(module)
        if top(name) == "cogs"
        and feature_of(name) is not None
        and feature_of(name) != feature_of(module)
    }
    assert not wrong, sorted(wrong)


def test_cogs_take_their_text_helper_from_cogs_common() -> None:
    """One text helper: only cogs/common/text.py takes `t` from the catalogue module."""
    wrong = []
    for module, path in modules().items():
        if top(module) != "cogs" or module == "cogs.common.text":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "bot.texts.catalog":
                wrong += [module for alias in node.names if alias.name == "t"]
    assert not wrong, wrong


def cycle_from(start: str, graph: dict[str, set[str]]) -> Iterator[list[str]]:
    """Depth-first: yield the first path that comes back to a module on the current path."""
    path: list[str] = []
    on_path: set[str] = set()
    done: set[str] = set()

    def visit(module: str) -> Iterator[list[str]]:
        if module in on_path:
            yield [*path[path.index(module) :], module]
            return
        if module in done:
            return
        path.append(module)
        on_path.add(module)
        for name in sorted(graph.get(module, ())):
            yield from visit(name)
        path.pop()
        on_path.discard(module)
        done.add(module)

    yield from visit(start)


def project_graph() -> dict[str, set[str]]:
    return {m: {n for n in imports_of(m) if n in modules()} for m in modules()}


def test_no_import_cycle() -> None:
    graph = project_graph()
    for module in sorted(graph):
        cycle = next(cycle_from(module, graph), None)
        assert cycle is None, " -> ".join(cycle)


# The longest chain of runtime imports inside cogs/, package __init__ and cogs.common
# included (`cogs.tables -> .cog -> .publisher -> .ui -> .ui_lobby -> .items ->
# cogs.common.text`: the table message's frame draws its parts, the lobby and the score
# sheet, from modules of their own, which use the buttons and the shared words).
# It was 8 flat modules deep before the feature packages; keep new code as shallow.
COGS_DEPTH_BUDGET = 7


def longest_chain(graph: dict[str, set[str]]) -> list[str]:
    @cache
    def longest(module: str) -> tuple[str, ...]:
        chains = [longest(name) for name in graph.get(module, ())]
        return (module, *max(chains, key=len, default=()))

    return list(max((longest(m) for m in graph), key=len, default=()))


def test_cogs_import_chains_stay_shallow() -> None:
    graph = {
        m: {n for n in imports_of(m, runtime_only=True) if top(n) == "cogs" and n in modules()}
        for m in modules()
        if top(m) == "cogs"
    }
    chain = longest_chain(graph)
    assert len(chain) <= COGS_DEPTH_BUDGET, " -> ".join(chain)


def test_the_chain_measure_counts_modules() -> None:
    assert longest_chain({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == ["a", "b", "c"]


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert next(cycle_from("d", graph)) == ["a", "b", "c", "a"]
    assert next(cycle_from("x", {"x": {"y"}}), None) is None


# --------------------------------------------------------------------------- layers as documented

SERVICES = (
    "tables",
    "standings",
    "ratings",
    "league",
    "players",
    "preferences",
    "services",
    "terminal",
    "challenge",
    "pars",
)
ARCHITECTURE = ROOT / "docs" / "architecture.md"


def layer(module: str) -> str | None:
    """The layer of docs/architecture.md's diagram a module belongs to (None: support
    modules such as bot.texts and bot.settings, and the Discord process bot.client /
    bot.__main__, which wires the layers together)."""
    parts = module.split(".")
    if parts[0] == "cogs":
        return "cogs"
    if len(parts) < 2:
        return None
    if parts[1] in ("engine", "store"):
        return parts[1]
    return "services" if parts[1] in SERVICES else None


def layer_edges() -> set[tuple[str, str]]:
    edges = set()
    for module in modules():
        for name in imports_of(module):
            source, target = layer(module), layer(name)
            if source and target and source != target and name in modules():
                edges.add((source, target))
    return edges


def documented_edges() -> set[tuple[str, str]]:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    line = re.search(r"Arrows between the layers.*?:(.*?)\.\n", text, re.DOTALL)
    assert line, "docs/architecture.md names the arrows between the layers"
    return {
        (source, target)
        for source, target in re.findall(r"(\w+) -> (\w+)", line.group(1).replace("\n", " "))
    }


def test_the_layer_arrows_are_the_documented_ones() -> None:
    documented = documented_edges()
    assert documented == {
        ("cogs", "services"),
        ("cogs", "engine"),
        ("services", "engine"),
        ("services", "store"),
    }
    assert layer_edges() == documented


def test_the_diagram_draws_both_ways_from_the_cogs_down() -> None:
    """The picture shows cogs -> services -> engine/store and cogs -> engine directly."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    diagram = text[text.index("```") : text.index("```", text.index("```") + 3)]
    lines = diagram.splitlines()
    cogs_row = next(i for i, line in enumerate(lines) if "cogs/" in line)
    services_row = next(i for i, line in enumerate(lines) if "services in bot/" in line)
    bottom = next(i for i, line in enumerate(lines) if "bot/engine/" in line)
    assert cogs_row < services_row < bottom and "bot/store/" in lines[bottom]
    engine_column = lines[bottom].index("bot/engine/")
    # An arrow from the cogs' row reaches the engine's row without passing the services:
    # a vertical line right of the services' text, ending in an arrow into bot/engine/.
    assert "◄" in lines[bottom][engine_column:], lines[bottom]
    assert lines[cogs_row + 3].count("┐") == 1 and lines[cogs_row + 3].count("┘") == 1


def test_the_standings_read_model_is_a_service_in_bot() -> None:
    assert layer("bot.standings") == "services"
    assert "bot.standings" in imports_of("bot.services")
    assert not {n for n in imports_of("bot.standings") if top(n) in ("discord", "cogs")}
    standings_cogs = [m for m in modules() if under(m, "cogs.standings")]
    assert any("bot.standings" in imports_of(m) for m in standings_cogs)
    assert not any(under(n, "bot.store") for m in standings_cogs for n in imports_of(m))


def calls_named(module: str, name: str) -> list[str]:
    tree = ast.parse(modules()[module].read_text(encoding="utf-8"))
    return [
        ast.unparse(node.func)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (getattr(node.func, "attr", None) == name or getattr(node.func, "id", None) == name)
    ]


def test_a_cog_installs_the_translator() -> None:
    installers = [m for m in modules() if calls_named(m, "set_translator")]
    assert installers == ["cogs.errors.cog"]
    assert "cogs.common.translator" in imports_of("cogs.errors.cog")
    from bot.client import DEFAULT_EXTENSIONS  # loads discord: only this test needs it

    assert DEFAULT_EXTENSIONS[0] == "cogs.errors"  # loaded first, before any command runs


def test_the_terminal_starts_through_services() -> None:
    assert "bot.services" in imports_of("bot.terminal.tables")
    assert not any(under(n, "bot.store") for n in imports_of("bot.terminal.tables"))
    opened = calls_named("bot.terminal.tables", "open")
    assert "Services.open" in opened
    assert not [call for call in opened if call.startswith(("Store", "store"))]
    assert not calls_named("bot.terminal.tables", "TableService")


# The mutable state of a table and the engine's: a cog draws from the service's answers
# (bot/tables/answers.py, read models only), never from these (docs/architecture.md).
STATE_MODULES = {
    "bot.tables.table",
    "bot.engine.match",
    "bot.engine.hand",
    "bot.engine.driemans",
    "bot.engine.driemans_match",
    "bot.engine.games",
}
STATE_NAMES = {"Table", "Seat", "Match", "Hand", "DriemansMatch", "DriemansHand", "AnyMatch"}


def state_uses(module: str, source: str | None = None) -> set[str]:
    """What `module` takes of the mutable state: an import of a state module, of a state
    class from any module of bot/, or a state class reached through an imported module of
    bot/ (`import bot.tables as tables` ... `tables.Table`). `source`: instead of the
    module's own (absolute imports only)."""
    tree = ast.parse(source or modules()[module].read_text(encoding="utf-8"))
    found = set() if source else {name for name in imports_of(module) if name in STATE_MODULES}
    bound = {  # the names `import bot...` binds
        alias.asname or alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        if top(alias.name) == "bot"
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and top(_absolute(module, node)) == "bot":
            found |= {alias.name for alias in node.names if alias.name in STATE_NAMES}
            bound |= {alias.asname or alias.name for alias in node.names}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in STATE_NAMES:
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in bound:
                found.add(ast.unparse(node))
    return found


def test_no_cog_takes_the_mutable_table_or_the_engine_state() -> None:
    wrong = {(m, name) for m in modules() if top(m) == "cogs" for name in state_uses(m)}
    assert not wrong, sorted(wrong)


def test_the_state_check_finds_each_way_in() -> None:
    assert state_uses("bot.tables.service") >= {"bot.tables.table", "Table"}
    assert "Match" in state_uses("bot.tables.readmodels")
    assert "bot.engine.games" in state_uses("bot.tables.lobby")
    assert "bot.engine.match" in state_uses("bot.engine")  # the package's own re-export
    through = "import bot.tables as tables\nimport re\nx: tables.Table\ny: re.Match[str]\n"
    assert state_uses("cogs.example", through) == {"tables.Table"}
    assert state_uses("cogs.example", "from bot.engine.hand import Hand\n") == {"Hand"}
    assert not state_uses("cogs.tables.items")  # `re.Match` is not the engine's


FRONT_ENDS = {"bot.client", "bot.__main__"}  # with bot.terminal: what starts a process


def test_only_the_front_ends_import_services_and_the_terminal() -> None:
    """`Services` opens the services, so a service importing it (or a terminal front end)
    would be an import running up; the terminal front ends live in bot/terminal."""
    wrong = {
        (module, name)
        for module in modules()
        if top(module) == "bot" and module not in FRONT_ENDS and not under(module, "bot.terminal")
        for name in imports_of(module)
        if name == "bot.services" or under(name, "bot.terminal")
    }
    assert not wrong, sorted(wrong)
    assert "bot.services" in imports_of("bot.terminal.challenge")
