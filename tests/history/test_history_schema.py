"""The schema each backend gives a new history is exactly the one ezbac gave before the two
backends were written each in its own SQL: the expected schemas in tests/data were
dumped by the code of main at f6df547, when the PostgreSQL migrations were still SQLite's
respelled by regular expressions, and dumped again for schema v8 (a finished exam kept in
every column, the sign-in holds, pepper and functions).  A change here is a change to every
school's history.

To dump them again (only for a deliberate new schema version)::

    PYTHONPATH=$PWD python tests/test_history_schema.py
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"
SQLITE_SCHEMA = DATA / "history_schema_sqlite.json"
SERVER_SCHEMA = DATA / "history_schema_postgresql.json"


def sqlite_schema(db: Path) -> dict[str, object]:
    """Everything SQLite keeps about the file's schema: its objects' SQL as stored, each
    table's columns, and the header's application id and version."""
    conn = sqlite3.connect(db)
    try:
        objects = [
            list(row)
            for row in conn.execute(
                "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
            )
        ]
        columns = {
            table: [list(row) for row in conn.execute(f"PRAGMA table_info({table})")]
            for (table,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        }
        header = {
            pragma: conn.execute(f"PRAGMA {pragma}").fetchone()[0]
            for pragma in ("application_id", "user_version")
        }
    finally:
        conn.close()
    return {"objects": objects, "columns": columns, "header": header}


def _schema(found: re.Match[str]) -> str:
    """The schema's name as a prefix is left out; as a value (a function's search_path,
    schema v7) it is written SCHEMA."""
    return "'SCHEMA'" if found.group().startswith("'") else ""


def server_schema(url: str) -> dict[str, object]:
    """The history's schema as the server describes it (information_schema and pg_catalog),
    with the schema's own name taken out of definitions (see ``_schema``)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        (schema,) = conn.execute("SELECT current_schema()").fetchone() or ("",)

        def rows(sql: str) -> list[list[object]]:
            return [
                [
                    re.sub(rf"\b{re.escape(schema)}\.|'{re.escape(schema)}'", _schema, v)
                    if isinstance(v, str)
                    else v
                    for v in row
                ]
                for row in conn.execute(sql)
            ]

        return {
            "columns": rows(
                "SELECT table_name, column_name, ordinal_position, data_type, "
                "character_maximum_length, numeric_precision, is_nullable, column_default, "
                "collation_name, is_identity, identity_generation, is_generated "
                "FROM information_schema.columns WHERE table_schema = current_schema() "
                "ORDER BY table_name, ordinal_position"
            ),
            "constraints": rows(
                "SELECT conrelid::regclass::text, conname, contype, "
                "pg_get_constraintdef(oid) FROM pg_constraint "
                "WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2"
            ),
            "indexes": rows(
                "SELECT tablename, indexname, indexdef FROM pg_indexes "
                "WHERE schemaname = current_schema() ORDER BY 1, 2"
            ),
            "triggers": rows(
                "SELECT tgrelid::regclass::text, tgname, pg_get_triggerdef(oid) "
                "FROM pg_trigger WHERE NOT tgisinternal AND "
                "tgrelid::regclass::text IN ('answers', 'sessions', 'answer_totals') "
                "ORDER BY 1, 2"
            ),
            "functions": rows(
                "SELECT proname, pg_get_functiondef(p.oid) FROM pg_proc p "
                "WHERE pronamespace = current_schema()::regnamespace ORDER BY 1"
            ),
            "marker": rows("SELECT application_id, version FROM ezbac_schema"),
        }


def _fresh_sqlite(folder: Path) -> Path:
    from trainer.history.store import open_history

    db = folder / "h.sqlite3"
    open_history(db).close()
    return db


def _fresh_server(url: str) -> str:
    from trainer.history.store import open_history

    open_history(url).close()
    return url


def test_a_new_sqlite_history_has_the_schema_it_always_had(tmp_path: Path) -> None:
    expected = json.loads(SQLITE_SCHEMA.read_text())
    assert sqlite_schema(_fresh_sqlite(tmp_path)) == expected


def test_a_new_server_history_has_the_schema_it_always_had(pg_url: str) -> None:
    expected = json.loads(SERVER_SCHEMA.read_text())
    assert server_schema(_fresh_server(pg_url)) == expected


def test_both_backends_know_the_same_versions() -> None:
    from trainer.history import migrations, migrations_pg
    from trainer.history.schema import SCHEMA_VERSION

    assert len(migrations.MIGRATIONS) == len(migrations_pg.MIGRATIONS) == SCHEMA_VERSION


def _json(schema: dict[str, object]) -> str:
    """One row a line, so a changed column reads as one changed line."""
    parts = []
    for key, value in schema.items():
        if isinstance(value, dict):
            rows = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items())
            parts.append(f"{json.dumps(key)}: {{\n{rows}\n }}")
        else:
            assert isinstance(value, list)
            rows = ",\n".join(f"  {json.dumps(row)}" for row in value)
            parts.append(f"{json.dumps(key)}: [\n{rows}\n ]")
    return "{\n " + ",\n ".join(parts) + "\n}\n"


def _dump() -> None:  # pragma: no cover - run by hand, see the docstring
    import tempfile

    from tests.support.pg import PgServer, server_bindir

    with tempfile.TemporaryDirectory() as tmp:
        SQLITE_SCHEMA.write_text(_json(sqlite_schema(_fresh_sqlite(Path(tmp)))))
    bindir = server_bindir()
    assert bindir is not None
    server = PgServer(bindir)
    server.start()
    try:
        SERVER_SCHEMA.write_text(_json(server_schema(_fresh_server(server.schema()))))
    finally:
        server.stop()


if __name__ == "__main__":
    _dump()
