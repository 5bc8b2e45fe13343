"""The database roles `ezbac people sql-roles --apply` sets on a school's server (issue 21),
tried against the real throwaway server: a terminal trains and signs people in, and the
server itself refuses it any change to a finished exam; a report reads, and nothing more."""

from __future__ import annotations

import itertools
import os
from dataclasses import replace

import psycopg
import pytest

from tests.support.cli import ezbac
from tests.support.history import T0, answer, session
from tests.support.pg import run_sql
from trainer.history import people
from trainer.history.store import open_history

_names = itertools.count(1)


def _as(url: str, role: str) -> str:
    """``url`` logging in as ``role`` (trust authentication on the test server's socket)."""
    return url.replace("postgresql://postgres@", f"postgresql://{role}@", 1)


@pytest.fixture
def roles(pg_url: str) -> tuple[str, str]:
    """The history on the server with the roles applied: a terminal's and a report's
    addresses (login roles granted the two group roles)."""
    n = f"{os.getpid()}_{next(_names)}"
    terminals, reports = f"term_{n}", f"rep_{n}"
    with open_history(pg_url) as store:
        people.add(store, "Ana", people.INSTRUCTOR, "2468", T0)
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
        exam = session("e1", trainee="Bo", mode="exam", minutes=5, questions=2, correct=1)
        store.record_session(replace(exam, passed=False))
        for correct in (True, False):
            store.record_answer(answer("outcome:tie", correct, T0, trainee="Bo", session_id="e1"))
    ran = ezbac(
        "people", "sql-roles", "--apply", "--terminals", terminals, "--reports", reports,
        "--db", pg_url,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    run_sql(
        pg_url,
        f"CREATE ROLE room_{n} LOGIN IN ROLE {terminals}",
        f"CREATE ROLE office_{n} LOGIN IN ROLE {reports}",
    )
    return _as(pg_url, f"room_{n}"), _as(pg_url, f"office_{n}")


def test_a_terminal_trains_and_signs_people_in(roles: tuple[str, str]) -> None:
    terminal, _ = roles
    with open_history(terminal) as store:
        run = session("p1", trainee="Bo")
        store.record_session(run)
        store.record_answer(answer("banker:3:8", True, T0, trainee="Bo", session_id="p1"))
        store.record_session(replace(run, finished_at=T0, questions=1, correct=1))
        store.record_session(replace(run, finished_at=T0, questions=1, correct=1))  # again
        assert people.sign_in(store, "Bo", "0000", T0).message == "wrong PIN or passphrase"
        assert people.sign_in(store, "Bo", "1111", T0).ok
        assert people.policy(store) == people.Policy()
        assert store.answer_count("Bo") == 3
        ((answered,),) = store.select(
            "SELECT answered FROM answer_totals WHERE skill = 'banker:3:8'"
        )
        assert answered == 1  # the totals counted with the owner's rights


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE answers SET correct = 1",
        "DELETE FROM answers",
        "DELETE FROM sessions",
        "UPDATE sessions SET drill_title = 'x'",
        "UPDATE sessions SET trainee = 'Cy'",
        "UPDATE people SET role = 'instructor'",
        "UPDATE people SET secret = 'x'",
        "INSERT INTO people (person_id, name, name_key, role, secret, created_at) "
        "VALUES ('x', 'Cy', 'cy', 'instructor', 'x', 'x')",
        "UPDATE settings SET value = 'off'",
        "UPDATE answer_totals SET correct = 0",
    ],
)
def test_a_terminal_may_not_change_what_is_on_record(roles: tuple[str, str], sql: str) -> None:
    terminal, _ = roles
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        run_sql(terminal, sql)


def test_a_finished_exam_is_refused_to_a_terminal_by_the_server(
    roles: tuple[str, str], pg_url: str
) -> None:
    terminal, _ = roles
    # passed and correct are columns a run's end sets: the row-level policy hides a finished
    # run from every UPDATE a terminal makes, so nothing is changed
    assert run_sql(terminal, "UPDATE sessions SET passed = 1, correct = 2 RETURNING 1") == []
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        run_sql(terminal, "DELETE FROM sessions WHERE session_id = 'e1'")
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        run_sql(terminal, "UPDATE answers SET correct = 1 WHERE session_id = 'e1'")
    assert run_sql(pg_url, "SELECT passed, correct FROM sessions") == [(0, 1)]
    assert run_sql(pg_url, "SELECT COUNT(*) FROM answers") == [(2,)]


def test_a_report_reads_and_writes_nothing(roles: tuple[str, str]) -> None:
    _, office = roles
    ran = ezbac("report", "--db", office, "--format", "json")
    assert ran.returncode == 0, ran.stderr
    assert '"Bo"' in ran.stdout
    assert run_sql(office, "SELECT name, role FROM people ORDER BY name") == [
        ("Ana", "instructor"),
        ("Bo", "trainee"),
    ]
    for sql in (
        "SELECT secret FROM people",
        "INSERT INTO signins (name, event, at) VALUES ('x', 'in', 'x')",
        "DELETE FROM sessions",
    ):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            run_sql(office, sql)


def test_applying_the_roles_again_changes_nothing(roles: tuple[str, str], pg_url: str) -> None:
    ran = ezbac("people", "sql-roles", "--apply", "--db", pg_url)
    assert ran.returncode == 0, ran.stderr
    assert ezbac("people", "sql-roles", "--apply", "--db", pg_url).returncode == 0
