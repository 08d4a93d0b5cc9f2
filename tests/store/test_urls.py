"""PostgreSQL URLs: any password reads, as written or percent-encoded, and none is shown."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from bot.store import open_store
from bot.store.urls import UrlError, describe_url, parse_postgres_url, postgres_dsn

on_postgres = pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
# What `openssl rand -base64 18` gives, and every character a URL reader trips over.
PASSWORDS = ("q0/Zx+9Kd/3mTw==", "a@b#c?d/e%f:g", "100%", "sp ace", "")


@pytest.mark.parametrize("password", PASSWORDS)
def test_a_password_written_as_it_is_reads_whole(password: str) -> None:
    url = f"postgresql://bot:{password}@db.example:5433/kj?sslmode=require"

    read = parse_postgres_url(url)

    assert (read.user, read.password, read.hosts) == ("bot", password, "db.example:5433")
    dsn = urlsplit(postgres_dsn(url))  # what asyncpg gets: the standard reading works
    assert (dsn.hostname, dsn.port, dsn.path, dsn.query) == (
        "db.example",
        5433,
        "/kj",
        "sslmode=require",
    )
    assert unquote(dsn.password or "") == password
    assert describe_url(url) == "postgresql://bot@db.example:5433/kj"


def test_a_percent_encoded_password_is_decoded_once() -> None:
    url = "postgres://b%40t:q0%2FZx%2B9K%3D%3D@db/kj"
    read = parse_postgres_url(url)
    assert (read.user, read.password) == ("b@t", "q0/Zx+9K==")
    assert parse_postgres_url(read.dsn) == read  # the dsn reads back the same


def test_urls_without_user_or_password() -> None:
    assert parse_postgres_url("postgresql://db/kj").dsn == "postgresql://db/kj"
    assert parse_postgres_url("postgresql://bot@db/kj").password is None  # PGPASSWORD applies
    assert parse_postgres_url("postgresql://bot@[::1]:5432,db:6/kj").hosts == "[::1]:5432,db:6"
    assert describe_url("postgresql:///kj") == "postgresql://localhost/kj"


@pytest.mark.parametrize(
    "url",
    ["postgresql://bot:s3c/ret", "postgresql://bot:s3cret@db:port/kj", "mysql://bot:s3cret@db"],
)
def test_an_unreadable_url_is_refused_without_quoting_it(url: str) -> None:
    with pytest.raises(UrlError) as refused:
        parse_postgres_url(url)
    assert "s3c" not in str(refused.value) and "db" not in str(refused.value)
    assert "s3c" not in describe_url(url)


@on_postgres
async def test_the_store_opens_with_a_password_written_as_it_is(database: str) -> None:
    """The test server trusts its clients, so this checks that the URL around the password
    (user, host, port, database, schema) is read right, wherever the password's `/` and
    `@` fall."""
    read = parse_postgres_url(database)
    url = f"{read.scheme}{read.user or 'root'}:{PASSWORDS[1]}@{read.hosts}{read.tail}"

    async with await open_store(url, exclusive=True) as store:
        assert await store.state.get("absent") is None


def test_the_compose_file_puts_no_password_into_a_url() -> None:
    compose = (Path(__file__).resolve().parents[2] / "compose.yaml").read_text(encoding="utf-8")
    urls = [line for line in compose.splitlines() if "postgresql://" in line]
    assert urls and not any("${" in line for line in urls), urls
    assert "PGPASSWORD: ${POSTGRES_PASSWORD" in compose
