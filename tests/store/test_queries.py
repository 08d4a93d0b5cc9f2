"""The placeholder numbering that lets both back ends run one text (bot/store/queries.py)."""

from __future__ import annotations

from bot.store import queries
from bot.store.queries import numbered, shared


def test_numbered_counts_the_placeholders_in_order() -> None:
    assert numbered("UPDATE t SET a = ?, b = ? WHERE id = ?") == (
        "UPDATE t SET a = $1, b = $2 WHERE id = $3"
    )
    assert numbered("VALUES (" + ", ".join("?" * 12) + ")") == (
        "VALUES (" + ", ".join(f"${n}" for n in range(1, 13)) + ")"
    )


def test_numbered_leaves_quoted_literals_and_plain_sql_alone() -> None:
    assert numbered("SELECT * FROM t WHERE s = 'why?' AND id = ?") == (
        "SELECT * FROM t WHERE s = 'why?' AND id = $1"
    )
    assert numbered("SELECT * FROM t WHERE s != 'closed' ORDER BY id") == (
        "SELECT * FROM t WHERE s != 'closed' ORDER BY id"
    )


def test_shared_keeps_the_sqlite_text_as_written() -> None:
    statement = shared("SELECT a FROM t WHERE id = ? AND b = 'x'")
    assert statement.sqlite == "SELECT a FROM t WHERE id = ? AND b = 'x'"
    assert statement.postgres == "SELECT a FROM t WHERE id = $1 AND b = 'x'"


def test_every_shared_statement_differs_only_in_its_placeholders() -> None:
    statements = [v for v in vars(queries).values() if isinstance(v, queries.Sql)]
    assert len(statements) > 30
    for statement in statements:
        assert "$" not in statement.sqlite
        assert "?" not in statement.postgres
        assert statement.sqlite.count("?") == statement.postgres.count("$")
