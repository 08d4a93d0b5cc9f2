"""What a caller may hand a service: every argument of a service's public method is checked
by its name, before the method runs, and a bad one is the service's own refusal.

Discord sends only what a command or button allows, but a service is also called by the
terminal, the league simulation, tests and any later front end. So each service
declares its `Arguments` once: for every parameter name of its public methods, the check
of its value, and how it refuses (its `Refusal` subclass and code). `Arguments.checked`
wraps a method: a parameter without a declared check fails at import, so no argument a
future caller passes goes unchecked. A check returns the value the method gets: text is
normalised (`clean_text`) and cut to its maximum, so what is stored is always clean.

The checks here are of form (types, ranges, lengths); what the rules or the state of a
table or night allow stays with the service (a seat that is taken, a night that is
closed). The maxima are in docs/decisions.md ("Arguments at the service boundary").
"""

from __future__ import annotations

import functools
import inspect
import math
import reprlib
import unicodedata
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, ParamSpec, TypeVar, cast

from bot.store.records import storable_id

__all__ = [
    "NAME_MAX",
    "SEED_MAX",
    "Arguments",
    "Bad",
    "Check",
    "a_flag",
    "a_number",
    "an_id",
    "clean_text",
    "described",
    "each",
    "fact",
    "instance_of",
    "member_of",
    "one_of",
    "optional",
    "refusal",
    "shown",
    "some_text",
    "whole",
]

NAME_MAX: Final = 32  # a player's name at a table: Discord's own display name limit
SEED_MAX: Final = 100  # a deal seed (a league's are `<night seed>:<round>`)
SHOWN_MAX: Final = 40  # characters of a refused value a refusal's facts repeat

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")
E = TypeVar("E", bound=Exception)
Check = Callable[[Any], Any]  # the value given -> the value to use; raises `Bad`
Refuse = Callable[[str, Any, str], Exception]  # (argument, value, reason) -> the refusal


class Bad(Exception):
    """A check's verdict on one value (`reason`, English, for the refusal's facts).
    Never leaves `Arguments`: it becomes the service's own refusal there."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Arguments:
    """One service's checks by parameter name, and its refusal for a bad value."""

    checks: Mapping[str, Check]
    refuse: Refuse

    def check(self, argument: str, value: Any) -> Any:
        """The value `argument` is to have, or the service's refusal."""
        try:
            return self.checks[argument](value)
        except Bad as bad:
            raise self.refuse(argument, value, bad.reason) from None

    def required(self, argument: str, value: T | None) -> T:
        """`value`, which its check lets pass as None ("not given"), refused when it is
        None: for the method that needs it (a message id to remember, say)."""
        if value is None:
            raise self.refuse(argument, value, "required")
        return value

    def checked(self, method: Callable[P, R]) -> Callable[P, R]:
        """`method` with every argument checked first (a coroutine function refuses
        when awaited, as its own refusals do). Raises TypeError here, at import, for a
        parameter this service has no check for."""
        names = _parameters(method)
        unknown = [name for name in names if name not in self.checks]
        if unknown:
            raise TypeError(f"{method.__qualname__}: no argument check for {unknown}")

        checks = [self.checks[name] for name in names]  # looked up once, not per call

        def bind(args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[Any]:
            given = list(args)  # self first; fewer given than named: the rest are defaults
            for index in range(1, min(len(given), len(checks) + 1)):
                try:
                    given[index] = checks[index - 1](given[index])
                except Bad as bad:
                    raise self.refuse(names[index - 1], given[index], bad.reason) from None
            for name, value in kwargs.items():
                if name in self.checks:
                    kwargs[name] = self.check(name, value)
            return given

        if inspect.iscoroutinefunction(method):

            @functools.wraps(method)
            async def checked_coroutine(*args: Any, **kwargs: Any) -> Any:
                return await method(*bind(args, kwargs), **kwargs)

            wrapper: Callable[..., Any] = checked_coroutine
        else:

            @functools.wraps(method)
            def checked_call(*args: Any, **kwargs: Any) -> Any:
                return method(*bind(args, kwargs), **kwargs)

            wrapper = checked_call
        wrapper.__checked__ = True  # type: ignore[attr-defined]
        return cast(Callable[P, R], wrapper)


def _parameters(method: Callable[..., Any]) -> list[str]:
    """The names of a method's parameters after `self`, in order."""
    parameters = list(inspect.signature(method).parameters.values())[1:]
    variadic = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    if any(p.kind in variadic for p in parameters):
        raise TypeError(f"{method.__qualname__}: *args/**kwargs cannot be checked by name")
    return [p.name for p in parameters]


# ------------------------------------------------------------------ the checks
def whole(least: int | None = None, most: int | None = None) -> Check:
    """A whole number (an int, never a bool: `True` is an int in Python) in range."""

    def check(value: Any) -> int:
        if type(value) is not int:
            raise Bad("not a whole number")
        if (least is not None and value < least) or (most is not None and value > most):
            raise Bad(f"not from {least} to {most}")
        return value

    return check


def a_number(least: float, most: float) -> Check:
    """A finite number (int or float, never a bool) from `least` to `most`."""

    def check(value: Any) -> float:
        if type(value) not in (int, float) or not math.isfinite(value):
            raise Bad("not a number")
        if not least <= value <= most:
            raise Bad(f"not from {least} to {most}")
        return value  # type: ignore[no-any-return]

    return check


def an_id(value: Any) -> int:
    """An id the store can hold: a positive 64-bit integer (every Discord snowflake)."""
    if not storable_id(value):
        raise Bad("not an id")
    return int(value)


def a_flag(value: Any) -> bool:
    """True or False, nothing else (not 0, 1 or "yes")."""
    if type(value) is not bool:
        raise Bad("not true or false")
    return value


def instance_of(kind: type[T]) -> Check:
    """A value of exactly the type `kind` or a subclass (a `Card`, not the int it is)."""

    def check(value: Any) -> T:
        if not isinstance(value, kind):
            raise Bad(f"not a {kind.__name__}")
        return value

    return check


def member_of(kind: type[T]) -> Check:
    """A member of the enum `kind`, or its value (a stored or typed "dm" for `NotifyMode.DM`)."""

    def check(value: Any) -> T:
        if isinstance(value, kind):
            return value
        try:
            return kind(value)  # type: ignore[call-arg]
        except (ValueError, TypeError):
            raise Bad(f"not a {kind.__name__}") from None

    return check


def one_of(words: Collection[str]) -> Check:
    """One of `words`, exactly (a period, a board: the front end offers them as choices)."""

    def check(value: Any) -> str:
        if not (isinstance(value, str) and value in words):
            raise Bad(f"not one of {', '.join(words)}")
        return value

    return check


def optional(check: Check) -> Check:
    """None ("not given"), or a value `check` accepts."""

    def check_optional(value: Any) -> Any:
        return None if value is None else check(value)

    return check_optional


def each(check: Check, most: int, least: int = 0) -> Check:
    """A list or tuple of `least` to `most` values, each one `check` accepts (a tuple)."""

    def check_each(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, tuple | list):
            raise Bad("not a list")
        if not least <= len(value) <= most:
            raise Bad(f"not {least} to {most} values")
        return tuple(check(item) for item in value)

    return check_each


def some_text(most: int, cut: bool = True, empty: bool = False) -> Check:
    """Text, cleaned (`clean_text`): cut to `most` characters (`cut`) or refused when
    longer; refused when nothing is left, unless `empty` (the service then says what an
    empty one means: a correction without a reason is the league's own refusal)."""

    def check(value: Any) -> str:
        if not isinstance(value, str):
            raise Bad("not text")
        if len(value) > most * 4 and not cut:
            raise Bad(f"longer than {most} characters")
        text = clean_text(value[: most * 4])  # a megabyte of name is not read through
        if not text and not empty:
            raise Bad("empty")
        if len(text) > most:
            if not cut:
                raise Bad(f"longer than {most} characters")
            text = text[:most].rstrip()
        return text

    return check


def clean_text(text: str) -> str:
    """`text` as it may be stored and shown: lone surrogates (which no encoding can write)
    and control characters (line breaks, tabs, escapes) removed, normalised to NFC (an
    "é" typed two ways is one name), spaces at either end trimmed."""
    if not text.isprintable():  # else it holds neither (the usual name: one C-level pass)
        text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cs", "Cc"))
    return unicodedata.normalize("NFC", text).strip()


def refusal(
    error: Callable[..., E], bad_id: StrEnum, bad_argument: StrEnum, ids: Collection[str] = ()
) -> Callable[[str, Any, str], E]:
    """A service's usual refusal of a bad argument: `error(bad_id, ...)` for an id (a
    parameter named `..._id`, or one of `ids`), else `error(bad_argument, ...)`, each with
    the facts `described` gives."""

    def refuse(argument: str, value: Any, problem: str) -> E:
        message, facts = described(argument, value, problem)
        code = bad_id if argument.endswith("_id") or argument in ids else bad_argument
        return error(code, message, **facts)

    return refuse


def described(argument: str, value: Any, problem: str) -> tuple[str, dict[str, Any]]:
    """A refused argument as a refusal's message (English, for the log) and its facts:
    `field` (the parameter), `value` (`fact`) and `problem` (the check's reason)."""
    message = f"{argument}: {problem} ({shown(value)})"
    return message, {"field": argument, "value": fact(value), "problem": problem}


def fact(value: Any) -> Any:
    """A refused value as a refusal's `value` fact: a number or flag as it is (a sentence
    repeats it clipped), anything else `shown`."""
    if (
        value is None
        or type(value) in (bool, float)
        or (type(value) is int and value.bit_length() < 128)
    ):
        return value
    return shown(value)


def shown(value: Any) -> str:
    """A refused value as a refusal's facts repeat it (and a sentence may quote it): text
    cleaned (`clean_text`), anything else as its repr with long values abridged; at most
    `SHOWN_MAX` characters, so a megabyte refused is not a megabyte logged."""
    text = clean_text(value[: SHOWN_MAX * 4]) if isinstance(value, str) else reprlib.repr(value)
    return text if len(text) <= SHOWN_MAX else text[: SHOWN_MAX - 1] + "…"
