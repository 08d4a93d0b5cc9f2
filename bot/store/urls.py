"""PostgreSQL URLs: read so that any password works, and shown without the password.

A password made by `openssl rand -base64` holds `/`, `+` and `=`; others hold `@`, `#`, `?`
or `%`. Written into a URL as it is, the usual readers (urllib, asyncpg) cut the URL at the
password's first `/` or `@`: the connection fails, and their error quotes part of the
password. So the store reads a URL itself: the user and password end at the URL's *last*
`@`, and each is taken as written unless it is percent-encoded (only URL-safe characters
and `%XX` escapes), which is decoded. asyncpg is handed `dsn`, the same URL with the user
and password percent-encoded; messages and logs get `described`, which has no password.
An `@` after the password (in the database name or an option) must be written `%40`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final
from urllib.parse import quote, unquote

from .errors import StoreError
from .interface import POSTGRES_SCHEMES

__all__ = ["PostgresUrl", "UrlError", "describe_url", "parse_postgres_url", "postgres_dsn"]

# A user or password already percent-encoded: URL-safe characters and %XX escapes only.
_ENCODED: Final = re.compile(r"(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*")
# One host of the comma-separated host list: a name or address, or [IPv6], and a port.
_HOST: Final = re.compile(r"(?:\[[0-9A-Fa-f:.]*\]|[^\[\]:/?#]*)(?::[0-9]+)?")


class UrlError(StoreError):
    """A PostgreSQL URL that cannot be read; ``str()`` never quotes any part of the URL."""


@dataclass(frozen=True, slots=True)
class PostgresUrl:
    """A PostgreSQL URL taken apart: the user and password decoded, the rest as written."""

    scheme: str  # "postgresql://" or "postgres://"
    user: str | None  # None: the URL names no user (asyncpg then asks PGUSER)
    password: str | None = field(repr=False)  # None: none in the URL (PGPASSWORD applies)
    hosts: str  # host[:port][,host[:port]...], as written
    tail: str  # /database?options, as written

    @property
    def dsn(self) -> str:
        """The URL for asyncpg: the user and password percent-encoded."""
        if self.user is None and self.password is None:
            return f"{self.scheme}{self.hosts}{self.tail}"
        user = quote(self.user or "", safe="")
        secret = "" if self.password is None else ":" + quote(self.password, safe="")
        return f"{self.scheme}{user}{secret}@{self.hosts}{self.tail}"

    @property
    def described(self) -> str:
        """The URL for messages and logs: no password, no options."""
        user = f"{self.user}@" if self.user else ""
        database = re.split(r"[?#]", self.tail, maxsplit=1)[0]
        return f"postgresql://{user}{self.hosts or 'localhost'}{database}"


def parse_postgres_url(url: str) -> PostgresUrl:
    """Take `url` apart (see the module's docstring); `UrlError` when it cannot be read."""
    scheme = next((s for s in POSTGRES_SCHEMES if url.startswith(s)), None)
    if scheme is None:
        raise UrlError("a PostgreSQL URL starts with postgresql://")
    rest = url[len(scheme) :]
    userinfo, at, after = rest.rpartition("@")
    hosts, tail = _split_hosts(after)
    if not all(_HOST.fullmatch(host) for host in hosts.split(",")):
        raise UrlError(
            "the host of a PostgreSQL URL must read host or host:port, the port a number "
            "(user and password go before the last @)"
        )
    if not at:
        return PostgresUrl(scheme, None, None, hosts, tail)
    user, colon, password = userinfo.partition(":")
    return PostgresUrl(scheme, _read(user), _read(password) if colon else None, hosts, tail)


def postgres_dsn(url: str) -> str:
    """`url` as asyncpg reads it: any password, percent-encoded (`UrlError` if unreadable)."""
    return parse_postgres_url(url).dsn


def describe_url(url: str) -> str:
    """`url` without its password, for messages and logs; never raises."""
    try:
        return parse_postgres_url(url).described
    except UrlError:
        return "the PostgreSQL database (its URL cannot be read)"


def _split_hosts(text: str) -> tuple[str, str]:
    """The host list and what follows it (from the first `/`, `?` or `#`)."""
    match = re.search(r"[/?#]", text)
    return (text, "") if match is None else (text[: match.start()], text[match.start() :])


def _read(text: str) -> str:
    """A user or password: decoded when it is percent-encoded, else as written."""
    return unquote(text) if _ENCODED.fullmatch(text) else text
