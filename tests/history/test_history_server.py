"""The history on a PostgreSQL server: what only a server has (a database that is not ours,
reading sessions the server keeps read-only, addresses, passwords, a server that goes away)
against a real throwaway server (conftest's pg_server).  What both backends share is tested by
the history suites through ``history_db``."""

from __future__ import annotations

import argparse
import os
import sqlite3
import threading
from importlib import import_module
from pathlib import Path

import pytest

from tests.support.cli import ezbac, usage_error
from tests.support.history import EZBAC_APP_ID, T0, answer, session
from tests.support.pg import PASSWORD, PASSWORD_ROLE, add_other_tables, run_sql, schema_snapshot
from trainer.history.hooks import Recorder
from trainer.history.store import (
    HistoryError,
    HistoryLockedError,
    HistoryUnavailableError,
    NotHistoryDatabaseError,
    ServerLocation,
    open_history,
    redact,
    resolve_db,
)

psycopg = pytest.importorskip("psycopg")


# What a trainer does on the server runs both ways (conftest's pg_route): directly, and
# through PgBouncer in transaction pooling mode, where every transaction may get another
# server connection.  What only a direct connection shows (the address's options, roles and
# passwords checked by the server itself) takes the server's own places.


@pytest.fixture
def pg_url(pg_route) -> str:
    """A blank place for a history, directly and through PgBouncer."""
    return pg_route.schema()


@pytest.fixture
def pg_database(pg_route) -> str:
    """A fresh, empty database, directly and through PgBouncer."""
    return pg_route.database()


def _filled(url: str) -> str:
    with open_history(url) as store:
        store.on_session(session("s1", minutes=5, questions=2, correct=1, passed=False))
        store.on_answer(answer("banker:3:8", False))
        store.on_answer(answer("natural", True, trainee="bo", session_id="s2"))
    return url


# -- databases that are not an ezbac history ----------------------------------------------


def _other_marker(url: str) -> None:
    run_sql(
        url,
        "CREATE TABLE ezbac_schema (application_id BIGINT, version INTEGER)",
        "INSERT INTO ezbac_schema VALUES (1179402563, 1)",
    )


def _newer_version(url: str) -> None:
    run_sql(
        url,
        "CREATE TABLE ezbac_schema (application_id BIGINT, version INTEGER)",
        f"INSERT INTO ezbac_schema VALUES ({EZBAC_APP_ID}, 99)",
        "CREATE TABLE answers (id BIGINT PRIMARY KEY, hologram BYTEA)",
    )


def _missing_columns(url: str) -> None:
    run_sql(
        url,
        "CREATE TABLE ezbac_schema (application_id BIGINT, version INTEGER)",
        f"INSERT INTO ezbac_schema VALUES ({EZBAC_APP_ID}, 4)",
        "CREATE TABLE answers (id BIGINT PRIMARY KEY)",
        "CREATE TABLE sessions (x TEXT)",
    )


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (add_other_tables, "holds other tables: recipes"),
        (_other_marker, "another application"),
        (_newer_version, "newer ezbac"),
        (_missing_columns, "damaged history database (table "),
    ],
)
@pytest.mark.parametrize("readonly", [False, True], ids=["writing", "reading"])
def test_a_database_that_is_not_a_history_is_refused_and_left_intact(
    pg_database: str, make, why: str, readonly: bool
) -> None:
    pg_url = pg_database  # a whole database, its public schema: what a school would give
    make(pg_url)
    before = schema_snapshot(pg_url)
    with pytest.raises(NotHistoryDatabaseError) as info:
        open_history(pg_url, readonly=readonly)
    message = str(info.value)
    assert "\n" not in message and "left untouched" in message and why in message
    assert message.startswith(redact(pg_url))
    assert schema_snapshot(pg_url) == before


def test_the_cli_refuses_a_foreign_database_in_one_line(pg_server) -> None:
    pg_url = pg_server.schema()
    add_other_tables(pg_url)
    before = schema_snapshot(pg_url)
    for command in (("report",), ("report", "--attempts"), ("class",), ("train", "warmup")):
        line = usage_error(ezbac(*command, "--db", pg_url))
        assert "not an ezbac history database" in line and "recipes" in line
    assert schema_snapshot(pg_url) == before


# -- reading never writes ----------------------------------------------------------------


def test_reading_commands_change_nothing_on_the_server(pg_database: str) -> None:
    pg_url = pg_database
    _filled(pg_url)
    before = schema_snapshot(pg_url)
    for args in (
        (),
        ("--format", "csv"),
        ("--format", "json", "--since", "2024-01-01"),
        ("--attempts",),
        ("--trainee", "nobody"),
    ):
        run = ezbac("report", "--db", pg_url, *args)
        assert run.returncode == 0, run.stderr
    run = ezbac("report", "--format", "csv", env={"EZBAC_DB": pg_url})
    assert run.returncode == 0 and run.stdout.splitlines()[1].startswith("ana,")
    assert schema_snapshot(pg_url) == before


def test_a_reading_session_cannot_write_even_by_mistake(pg_url: str) -> None:
    """The server itself refuses: the session is default_transaction_read_only."""
    _filled(pg_url)
    with open_history(pg_url, readonly=True) as store:
        with pytest.raises(HistoryError, match="read-only transaction"):
            store.select("DELETE FROM answers")
        with pytest.raises(HistoryUnavailableError, match="reading only"):
            store.record_answer(answer())
        assert store.answer_count() == 2


def test_a_blank_database_reads_as_no_history_and_stays_blank(pg_database: str) -> None:
    pg_url = pg_database
    before = schema_snapshot(pg_url)
    run = ezbac("report", "--db", pg_url)
    assert run.returncode == 0 and "No answers recorded" in run.stdout
    assert "postgresql://postgres@/" in run.stdout
    command = import_module("trainer.cli.class_")
    shown: list[object] = []

    class Shown:
        def run(self) -> None:
            pass

    real = command.make_app
    command.make_app = lambda store, since=None, **_: shown.append(store.answers()) or Shown()
    try:
        assert command.run(argparse.Namespace(since=None, db=pg_url)) == 0
    finally:
        command.make_app = real
    assert shown == [[]]
    assert schema_snapshot(pg_url) == before == ([], {}, [])


def test_a_search_path_naming_no_schema(pg_server) -> None:
    pg_url = pg_server.database()
    url = pg_url + "&options=-csearch_path%3Dnowhere"
    with open_history(url, readonly=True) as store:  # reading: no history yet
        assert store.answers() == []
    with pytest.raises(HistoryUnavailableError, match="no schema"):
        open_history(url)
    run_sql(pg_url, "CREATE SCHEMA nowhere")
    add_other_tables(pg_url)  # public is someone else's; the history has its own schema
    with open_history(url) as store:
        store.on_answer(answer())
    assert run_sql(pg_url, "SELECT count(*) FROM nowhere.answers") == [(1,)]


def test_a_role_that_may_not_create_tables_gets_one_line(pg_server) -> None:
    pg_database, pg_url = pg_server.database(), pg_server.schema()
    run_sql(pg_database, "CREATE ROLE clerk LOGIN")  # may use public, not create in it
    url = pg_database.replace("postgres@", "clerk@")
    with pytest.raises(HistoryUnavailableError) as info:
        open_history(url)
    assert "permission denied for schema public" in str(info.value)
    assert "\n" not in str(info.value) and schema_snapshot(pg_database)[0] == []
    with pytest.raises(HistoryUnavailableError, match="none that exists and that this role"):
        open_history(pg_url.replace("postgres@", "clerk@"))  # may not even use the schema


# -- the schema is the file's ---------------------------------------------------------------


def test_the_server_schema_has_the_files_tables_columns_and_indexes(
    pg_server, tmp_path: Path
) -> None:
    pg_url = pg_server.schema()
    db = tmp_path / "h.sqlite3"
    open_history(db).close()
    with open_history(pg_url) as store:
        assert store.schema_version == 11
    conn = sqlite3.connect(db)
    try:
        file_columns = {
            (t, c)
            for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            for (_, c, *_) in conn.execute(f"PRAGMA table_info({t})")
        }
        file_indexes = {
            n
            for (n,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
            )
        }
    finally:
        conn.close()
    server_columns = set(
        run_sql(
            pg_url,
            "SELECT table_name, column_name FROM "
            "information_schema.columns WHERE table_schema = "
            "current_schema() AND table_name <> 'ezbac_schema'",
        )
    )
    server_indexes = {
        n
        for (n,) in run_sql(
            pg_url,
            "SELECT indexname FROM pg_indexes WHERE "
            "schemaname = current_schema() AND indexname "
            "NOT LIKE '%pkey'",
        )
    }
    assert server_columns == file_columns
    assert server_indexes == file_indexes
    assert run_sql(pg_url, "SELECT application_id, version FROM ezbac_schema") == [
        (EZBAC_APP_ID, 11)
    ]


def test_terminals_opening_a_blank_database_together_create_it_once(pg_url: str) -> None:
    errors: list[BaseException] = []

    def terminal(who: str) -> None:
        try:
            with open_history(pg_url) as store:
                for i in range(20):
                    store.on_answer(answer(trainee=who, seconds=float(i)))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=terminal, args=(f"t{i}",)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    with open_history(pg_url, readonly=True) as store:
        assert store.answer_count() == 120 and len(store.trainees()) == 6


# -- addresses, passwords, a server that cannot be reached ---------------------------------


def test_addresses_select_the_server_and_hide_passwords(monkeypatch: pytest.MonkeyPatch) -> None:
    for url in (
        "postgresql://ana:s3cret@db.school/ezbac",
        "postgres://ana:s3cret@db/ezbac",
        "POSTGRESQL://ana@db/ezbac?password=s3cret&sslmode=require",
    ):
        where = resolve_db(url)
        scheme, _, rest = url.partition("://")  # the scheme in any case, handed on in lower
        assert isinstance(where, ServerLocation) and where.url == f"{scheme.lower()}://{rest}"
        assert "s3cret" not in str(where) and "ana@db" in str(where)
    assert "sslmode=require" in redact("postgresql://ana@db/ezbac?password=x&sslmode=require")
    monkeypatch.setenv("EZBAC_DB", "postgresql://ana:s3cret@db/ezbac")
    assert resolve_db() == ServerLocation("postgresql://ana:s3cret@db/ezbac")
    assert isinstance(resolve_db("local.sqlite3"), Path)  # the flag wins over the variable


@pytest.mark.parametrize(
    ("url", "needle"),
    [
        (
            "postgresql://ana:hunter2@no-such-host.invalid/school?connect_timeout=5",
            "cannot reach the history server",
        ),
        ("postgresql://ana:hunter2@/school?host=/nonexistent-folder", "cannot reach"),
        ("postgresql://ana:hunter2@db.school:notaport/school", "not a usable server address"),
        ("postgres://ana:hunter2@/school?nonsense=1", "not a usable server address"),
    ],
)
def test_a_server_that_cannot_be_reached_is_one_line_without_the_password(
    url: str, needle: str
) -> None:
    line = usage_error(ezbac("report", "--db", url))
    assert needle in line and "hunter2" not in line and "ana@" in line


def test_every_command_says_so_alike() -> None:
    url = "postgresql://ana:hunter2@/school?host=/nonexistent-folder"
    for command in (("class",), ("train", "warmup"), ("serve", "--port", "8765"), ()):
        line = usage_error(ezbac(*command, env={"EZBAC_DB": url}))
        assert "cannot reach the history server" in line and "hunter2" not in line


def test_a_wrong_password_or_database_is_one_line(pg_server) -> None:
    pg_url = pg_server.schema()
    wrong = pg_url.replace("postgres@", f"{PASSWORD_ROLE}:not-the-password@")
    line = usage_error(ezbac("report", "--db", wrong))
    # one line naming the server, never the password (the server's own words are its own)
    assert line.startswith(f"ezbac: error: {redact(wrong)}") and "not-the-password" not in line
    line = usage_error(ezbac("report", "--db", pg_server.url("no_such_database")))
    assert "no_such_database" in line
    right = pg_server.database(owner=PASSWORD_ROLE).replace(
        "postgres@", f"{PASSWORD_ROLE}:{PASSWORD}@"
    )
    with open_history(right) as store:  # the right password: a history it owns
        store.on_answer(answer())
        assert PASSWORD not in str(store.path)


# -- a server that goes away and comes back ------------------------------------------------


def test_a_server_gone_mid_drill_is_unavailable_then_back(pg_server, pg_url: str) -> None:
    """What the trainer's recorder relies on: a write to a server that has gone raises
    HistoryUnavailableError naming the server, and once it is back the same store writes
    again (it connects anew); the recorder's queue keeps the answers given meanwhile, in
    order."""
    store = open_history(pg_url, busy_timeout_ms=200)
    errors: list[str] = []
    recorder = Recorder(store, on_error=errors.append)
    try:
        recorder.on_answer(answer(seconds=1.0))
        pg_server.pause()
        try:
            with pytest.raises(HistoryUnavailableError) as info:
                store.record_answer(answer(seconds=99.0))
            assert str(info.value).startswith(redact(pg_url)) and "\n" not in str(info.value)
            recorder.on_answer(answer(seconds=2.0))
            recorder.on_answer(answer(seconds=3.0))
            assert recorder.pending_count() == 2 and "2 answers waiting" in errors[-1]
        finally:
            pg_server.resume()
        assert recorder.close(timeout=20) == 0
        assert [a.seconds for a in store.answers()] == [1.0, 2.0, 3.0]
    finally:
        store.close()


def test_a_table_locked_by_another_program_is_a_locked_error(pg_url: str) -> None:
    with open_history(pg_url, busy_timeout_ms=50) as store:
        store.on_answer(answer())
        with psycopg.connect(pg_url) as other:  # a transaction holding the table
            other.execute("LOCK TABLE answers IN ACCESS EXCLUSIVE MODE")
            with pytest.raises(HistoryLockedError, match="locked by another program"):
                store.record_answer(answer(at=T0))
            other.rollback()
        store.record_answer(answer())
        assert store.answer_count() == 2


def test_serve_hands_the_server_to_its_tabs_without_the_password_on_a_command_line(
    pg_server, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer.cli import serve

    url = pg_server.database(owner=PASSWORD_ROLE).replace(
        "postgres@", f"{PASSWORD_ROLE}:{PASSWORD}@"
    )
    started: list[str] = []

    class FakeServer:
        def __init__(self, command: str, host: str, port: int) -> None:
            started.append(command)

        def run(self) -> int:
            return 0

    monkeypatch.setattr(serve, "_server_class", lambda: FakeServer)
    monkeypatch.setenv("EZBAC_DB", "elsewhere.sqlite3")  # --db wins, and reaches the tabs
    assert serve.run(argparse.Namespace(db=url, host="127.0.0.1", port=0)) == 0
    (command,) = started
    assert PASSWORD not in command and "--db" not in command
    assert os.environ["EZBAC_DB"] == url  # what each tab's trainer reads
    with open_history(url, readonly=True) as store:  # made (and checked) up front
        assert store.schema_version == 11
