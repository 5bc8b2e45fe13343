"""The roster tried as a dishonest trainee holding the SQLite file would try it: a finished
exam moved to someone else by a plain UPDATE on the file; and what an honest school does to
its roster (a rename, a link) never breaking a genuine sheet."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.cli.test_cli_audition import RUN, make_history, run
from tests.support.cli import ezbac
from tests.support.history import T0
from trainer.history import people, signing_in
from trainer.history.store import open_history


def test_a_rename_or_a_link_keeps_every_genuine_sheet(history_db: str, tmp_path: Path) -> None:
    history = make_history(history_db, tmp_path)
    code = json.loads(run(history, "record", RUN, "--json").stdout)["verification_code"]
    with open_history(history_db) as store:
        people.add(store, "Ana", people.TRAINEE, "1111", T0)
        people.link(store, "ana", "Ana", T0)  # her runs from before sign-in
        people.rename(store, "Ana", "Ana Lopez", T0)
        # the sitting as it was sat, under the name she sat it under, linked to her
        assert {s.trainee for s in store.sessions() if s.mode == "exam"} == {"ana"}
        assert store.trainees() == ["Ana Lopez"]  # listed under her name of today
        assert len(store.sessions("Ana Lopez")) == 3  # the audition and its two parts
    # a code is never "verified" (only a signed sheet is), but the history still gives it
    verified = run(history, "verify", code)
    assert verified.returncode == 1, verified.stdout + verified.stderr
    assert verified.stdout.startswith("unsigned: the code of ana's audition")
    assert "matches this history's rows" in verified.stdout
    found = run(history, "record", "--trainee", "Ana Lopez", "--json")
    assert found.returncode == 0, found.stderr
    assert json.loads(found.stdout)["verification_code"] == code


def test_reports_list_an_exam_kept_under_an_old_name_with_the_person(
    history_db: str, tmp_path: Path
) -> None:
    """The sitting (3 runs: the audition, its written part, its payouts part; 20 answers, 19
    right: 18 + 1) stays under "ana"; after the link and the rename every report lists it under
    "Ana Lopez" alone: one row, one block of attempts, the class view's last exams."""
    from trainer.history import class_view, report

    history = make_history(history_db, tmp_path)
    with open_history(history_db) as store:
        people.add(store, "Ana", people.TRAINEE, "1111", T0)
        people.link(store, "ana", "Ana", T0)
        people.rename(store, "Ana", "Ana Lopez", T0)
    csv = ezbac("report", "--db", history_db, "--format", "csv").stdout.splitlines()
    assert [line.split(",")[:2] for line in csv[1:]] == [["Ana Lopez", "3"]]
    since = ezbac("report", "--db", history_db, "--format", "csv", "--since", "2024-01-01")
    assert [line.split(",")[:8] for line in since.stdout.splitlines()[1:]] == [
        ["Ana Lopez", "3", "3", "0", "0", "0", "20", "19"]
    ]
    with open_history(history_db, readonly=True) as store:
        attempts = report.build_attempts(store, None, None)
        assert {a.trainee for a in attempts} == {"Ana Lopez"} and len(attempts) == 3
        (row,) = class_view.build_class(store).rows
    assert row.trainee == "Ana Lopez"
    # the one exam with a verdict: the audition (its parts are recorded without one)
    assert [e.title for e in row.exams] == ["Audition (proctor: Mrs Lee)"]
    assert history[0] == history_db


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE sessions SET trainee = 'mallory' WHERE session_id LIKE '3f2a9c0e%'",
        "UPDATE sessions SET person_id = 'p-mallory' WHERE session_id LIKE '3f2a9c0e%'",
        "UPDATE sessions SET passed = 1",
        "UPDATE answers SET trainee = 'mallory'",
        "UPDATE answers SET answer = expected, correct = 1",
        "DELETE FROM answers WHERE correct = 0",
        "DELETE FROM sessions",
    ],
)
def test_a_trainee_with_the_file_cannot_move_or_mend_a_finished_exam(
    tmp_path: Path, sql: str
) -> None:
    db = tmp_path / "h.sqlite3"
    make_history(str(db), tmp_path)
    before = _rows(db)
    with sqlite3.connect(db) as conn, pytest.raises(sqlite3.IntegrityError) as caught:
        conn.execute(sql)
    assert "a finished exam cannot be changed or deleted" in str(caught.value)
    assert _rows(db) == before


def _rows(db: Path) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    with sqlite3.connect(db) as conn:
        return (
            conn.execute("SELECT * FROM sessions ORDER BY session_id").fetchall(),
            conn.execute("SELECT * FROM answers ORDER BY id").fetchall(),
        )


def test_an_unknown_name_costs_the_same_work_as_a_wrong_pin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One scrypt derivation each, with the same parameters (the time is in
    tests/benchmarks/bench_signin.py): a wrong PIN and a name not on the roster cannot be
    told apart by the work done."""
    import hashlib

    calls: list[tuple[int, int, int, int]] = []
    real = hashlib.scrypt

    def counted(secret: bytes, **kw: object) -> bytes:
        salt = kw["salt"]
        assert isinstance(salt, bytes)
        calls.append((len(salt), int(kw["n"]), int(kw["r"]), int(kw["p"])))  # type: ignore[call-overload]
        return real(secret, **kw)  # type: ignore[arg-type]

    with open_history(tmp_path / "h.sqlite3") as store:
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
        monkeypatch.setattr(hashlib, "scrypt", counted)
        wrong = signing_in.sign_in(store, "Bo", "0000", T0)
        unknown = signing_in.sign_in(store, "Zed", "0000", T0)
    assert wrong.message == unknown.message == "wrong name, PIN or passphrase"
    assert calls == [(16, 2**14, 8, 1)] * 2


def test_a_version_7_file_gets_the_whole_exam_kept(tmp_path: Path) -> None:
    """A school's file from before: upgraded when opened, its finished exam then kept in
    every column (v7 let its trainee change), its roster signing in as before."""
    from trainer.history.migrations import APPLICATION_ID, MIGRATIONS, SQLITE_WHOLE

    db = tmp_path / "v7.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        for version in range(1, 8):
            for statement in MIGRATIONS[version - 1].split(";"):
                if statement.strip():
                    conn.execute(statement)
            for statement in SQLITE_WHOLE.get(version, ()):
                conn.execute(statement)
        conn.execute("PRAGMA user_version = 7")
        conn.execute(
            "INSERT INTO sessions (session_id, trainee, drill_id, drill_title, mode, "
            "started_at, finished_at, questions, correct, passed) VALUES ('e1', 'Bo', 'd', "
            "'D', 'exam', '2024-05-01T09:00:00.000000+00:00', "
            "'2024-05-01T09:05:00.000000+00:00', 1, 1, 1)"
        )
        conn.execute(  # the hole v8 closes: moved under v7's trigger
            "UPDATE sessions SET trainee = 'Cy' WHERE session_id = 'e1'"
        )
        conn.execute(
            "INSERT INTO people (person_id, name, name_key, role, secret, created_at) "
            f"VALUES ('p1', 'Bo', 'bo', 'trainee', '{people.hash_secret('1111')}', 'x')"
        )
        for pid, name in (("p2", "Rene\u0301"), ("p3", "\uff2e\uff49\uff4e\uff41"), ("p4", "Nina")):
            conn.execute(  # keyed as v7 did: case-folded only
                "INSERT INTO people (person_id, name, name_key, role, secret, created_at) "
                f"VALUES (?, ?, ?, 'trainee', '{people.hash_secret('2222')}', 'x')",
                (pid, name, name.casefold()),
            )
    with open_history(db) as store:
        assert store.schema_version == 11
        assert signing_in.sign_in(store, "bo", "1111", T0).ok
        # keyed again as names are compared now: René typed composed finds him; of the two
        # Ninas v7 told apart, the one holding the key keeps it, and the full-width one
        # keeps its old key until an instructor renames her
        assert signing_in.sign_in(store, "REN\u00c9", "2222", T0).ok
        assert people.find(store, "nina") == people.by_id(store, "p4")
        ((key,),) = store.select("SELECT name_key FROM people WHERE person_id = 'p3'")
        assert key == "\uff4e\uff49\uff4e\uff41"
    with sqlite3.connect(db) as conn, pytest.raises(sqlite3.IntegrityError):
        conn.execute("UPDATE sessions SET trainee = 'Bo' WHERE session_id = 'e1'")
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT length(pepper) FROM signin_pepper").fetchall() == [(64,)]


def test_a_version_7_server_history_is_keyed_again(pg_url: str) -> None:
    """The same upgrade on a server: v8's tables and functions made, the roster keyed again
    (a name v7 stored with a combining accent found typed composed, in capitals)."""
    from tests.support.pg import run_sql

    open_history(pg_url).close()
    run_sql(
        pg_url,
        "DROP FUNCTION ezbac_sign_in, ezbac_signin_salt",
        "DROP TABLE signin_holds, signin_pepper",
        "ALTER TABLE sessions DROP COLUMN retake_of",
        "ALTER TABLE people DROP COLUMN language",
        "ALTER TABLE answers DROP COLUMN seats",
        "UPDATE ezbac_schema SET version = 7",
        "INSERT INTO people (person_id, name, name_key, role, secret, created_at) VALUES "
        f"('p2', 'Rene\u0301', 'rene\u0301', 'trainee', '{people.hash_secret('2222')}', 'x')",
    )
    with open_history(pg_url) as store:
        assert store.schema_version == 11
        assert signing_in.sign_in(store, "REN\u00c9", "2222", T0).ok
    assert run_sql(pg_url, "SELECT name_key FROM people") == [("ren\u00e9",)]


def test_a_stored_secret_mangled_by_hand_matches_nothing(tmp_path: Path) -> None:
    """A hash edited in the file into text of another alphabet: the sign-in is a wrong PIN,
    one line, never a traceback (a comparison of text that is not ASCII)."""
    with open_history(tmp_path / "h.sqlite3") as store:
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
        store.write([("UPDATE people SET secret = secret || 'é'", ())])
        assert (
            signing_in.sign_in(store, "Bo", "1111", T0).message == "wrong name, PIN or passphrase"
        )
