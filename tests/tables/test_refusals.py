"""``RefusalCode`` is exactly the set of the table's own codes a ``TableError`` carries, and
every engine code it passes on has its sentence.

Read from the sources, so a new refusal anywhere (the service, the engine rules it passes
on, a front end) fails here until the code and its sentence exist: the service passes an
engine ``RuleViolation`` on with the engine's own ``ErrorCode``.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

from bot.engine.errors import ErrorCode
from bot.tables import RefusalCode, Status
from bot.tables.table import _NOT_IN
from bot.texts.catalog import has

ROOT = Path(__file__).parents[2]


def calls_to(name: str, folders: tuple[str, ...]) -> Iterator[tuple[Path, ast.Call, ast.AST]]:
    """Every call of ``name`` in the folders' sources, with the function it is in."""
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(), str(path))
            for scope in ast.walk(tree):
                if not isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                for node in ast.walk(scope):
                    if isinstance(node, ast.Call) and _name(node.func) == name:
                        yield path, node, scope


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else None


def code_argument(call: ast.Call) -> ast.expr:
    if call.args:
        return call.args[0]
    return next(k.value for k in call.keywords if k.arg == "code")


def engine_codes(expr: ast.expr, scope: ast.AST, module: str) -> set[str]:
    """The code strings an engine ``RuleViolation(...)`` argument can hold."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return {expr.value}
    if isinstance(expr, ast.IfExp):
        return engine_codes(expr.body, scope, module) | engine_codes(expr.orelse, scope, module)
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):  # Enum.MEMBER
        holder = getattr(importlib.import_module(module), expr.value.id)
        return {str(getattr(holder, expr.attr))}
    if isinstance(expr, ast.Name):  # a local variable: every value assigned to it
        values = [
            node.value
            for node in ast.walk(scope)
            if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == expr.id for t in node.targets)
        ]
        assert values, f"cannot read the code {expr.id!r} in {module}"
        return set().union(*(engine_codes(v, scope, module) for v in values))
    if isinstance(expr, ast.Call):  # a function of the module (or a base's) answering a code
        inherited = (
            isinstance(expr.func, ast.Attribute) and ast.unparse(expr.func.value) == "super()"
        )
        module, function = _function(module, _name(expr.func), inherited)
        returned = [
            node.value
            for node in ast.walk(function)
            if isinstance(node, ast.Return)
            and node.value is not None
            and not (isinstance(node.value, ast.Constant) and node.value.value is None)
        ]
        assert returned, f"{ast.unparse(expr)} returns no code in {module}"
        return set().union(*(engine_codes(v, function, module) for v in returned))
    raise AssertionError(f"cannot read a RuleViolation code in {module}: {ast.unparse(expr)}")


def _function(
    module: str, name: str | None, inherited: bool = False
) -> tuple[str, ast.FunctionDef]:
    """The function `name` with the module that holds it: `module`'s own (unless called
    through ``super()``), else one of the engine modules it imports (a base class's)."""
    tree = _tree(module)
    imported = [
        f"bot.engine.{node.module}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
    ]
    for holder in [*([] if inherited else [module]), *imported]:
        for node in ast.walk(_tree(holder)):
            if isinstance(node, ast.FunctionDef) and node.name == name:
                return holder, node
    raise AssertionError(f"no function {name!r} in {module} or the modules it imports")


def _tree(module: str) -> ast.Module:
    path = ROOT.joinpath(*module.split(".")).with_suffix(".py")
    return ast.parse(path.read_text(), str(path))


def raised_engine_codes() -> set[str]:
    """The codes of the engine's refusals a front end passes on: a hand's or match's
    ``RuleViolation`` (the service) and a rule set's ``RuleError`` (/table open)."""
    codes: set[str] = set()
    for kind in ("RuleViolation", "RuleError"):
        for path, call, scope in calls_to(kind, ("bot/engine",)):
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            codes |= engine_codes(code_argument(call), scope, module)
    return codes


def raised_table_codes() -> set[RefusalCode]:
    """The codes of every ``TableError(...)`` in bot/ and cogs/; each site must name its
    code as ``RefusalCode.MEMBER`` or use one of the service's two checked indirections
    (an engine code it names must be one the engine raises)."""
    codes: set[RefusalCode] = set()
    for path, call, _ in calls_to("TableError", ("bot", "cogs")):
        code = code_argument(call)
        text = ast.unparse(code)
        if isinstance(code, ast.Attribute) and ast.unparse(code.value) == "RefusalCode":
            codes.add(RefusalCode[code.attr])
        elif isinstance(code, ast.Attribute) and ast.unparse(code.value) == "ErrorCode":
            assert str(ErrorCode[code.attr]) in raised_engine_codes(), f"{path}:{call.lineno}"
        elif text == "_NOT_IN[status]":
            codes |= set(_NOT_IN.values())
        else:  # an engine refusal passed on: covered by raised_engine_codes
            assert text == "exc.code", f"{path}:{call.lineno}: {text}"
    return codes


def test_every_engine_refusal_passed_on_has_a_sentence() -> None:
    engine = raised_engine_codes()
    assert {"not_your_turn", "illegal_card", "bad_action", "match_over"} <= engine
    assert {"unknown_preset", "option_out_of_range"} <= engine
    assert not engine & {str(code) for code in RefusalCode}  # passed on, never listed again
    assert [code for code in sorted(engine) if not has(f"tables.err.{code}")] == []


def test_the_refusal_codes_are_the_codes_raised() -> None:
    assert set(RefusalCode) == raised_table_codes()


def test_every_table_status_has_its_refusal() -> None:
    assert set(_NOT_IN) == set(Status)
    assert all(str(code) == f"not_{status}" for status, code in _NOT_IN.items())


def test_every_refusal_code_has_a_sentence() -> None:
    missing = [code for code in RefusalCode if not has(f"tables.err.{code}")]
    assert missing == []


def test_refusal_codes_keep_their_strings() -> None:
    """The values are what catalogues key on and tests compare with (``code == "stale"``)."""
    assert RefusalCode.STALE == "stale" and str(RefusalCode.NOT_SEATED) == "not_seated"
    assert all(code.value == code.name.lower() for code in RefusalCode)
