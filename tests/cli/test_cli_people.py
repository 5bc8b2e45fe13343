"""`ezbac people ...`: the roster, the sign-in switch and the database roles."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import ezbac, usage_error
from tests.support.history import T0, answer, session
from trainer.history import people, signing_in
from trainer.history.store import open_history

PIN = "2468\n"


def _add(db: str, name: str, role: str = "trainee", pin: str = PIN) -> None:
    ran = ezbac("people", "add", name, "--role", role, "--db", db, stdin=pin)
    assert ran.returncode == 0, ran.stderr


def test_a_school_builds_its_roster_and_turns_sign_in_on(tmp_path: Path) -> None:
    db = str(tmp_path / "h.sqlite3")
    line = usage_error(ezbac("people", "add", "Bo", "--db", db, stdin=PIN))
    assert "no instructor yet" in line  # the first person is an instructor
    line = usage_error(ezbac("people", "signin", "on", "--db", db))
    assert "add an instructor first" in line
    _add(db, "Ana Ruiz", "instructor")
    _add(db, "Bo", pin="1111\n")
    ran = ezbac("people", "signin", "on", "--idle", "7", "--db", db)
    assert ran.returncode == 0 and "sign-in is on" in ran.stdout
    listing = ezbac("people", "list", "--db", db).stdout
    assert "sign-in: on (idle sign-out after 7 min)" in listing
    assert "Ana Ruiz" in listing and "instructor" in listing and "2468" not in listing
    with open_history(db) as store:
        assert signing_in.sign_in(store, "bo", "1111", T0).ok
        assert people.policy(store).signin
    assert "sign-in is off" in ezbac("people", "signin", "off", "--db", db).stdout


@pytest.mark.parametrize(
    ("args", "stdin", "why"),
    [
        (("add", "Cy"), "\n", "empty"),
        (("add", "Cy"), "9" * 10_000 + "\n", "longer than 1024"),
        (("add", "Cy"), "", "empty"),
        (("add", "Cy\x1b[2J"), PIN, "control character"),
        (("add", "ana ruiz"), PIN, "already"),
        (("add", ""), PIN, "empty"),
        (("reset", "Nobody"), PIN, "no one called 'Nobody'"),
        (("reset", "Bo"), "", "empty"),
        (("retire", "Ana Ruiz"), "", "only instructor"),
        (("rename", "Bo", "Ana Ruiz"), "", "already"),
        (("link", "ghost", "Bo"), "", "no history under"),
        (("signin", "on", "--idle", "0"), "", "--idle"),
    ],
)
def test_bad_input_is_one_line_and_changes_nothing(
    tmp_path: Path, args: tuple[str, ...], stdin: str, why: str
) -> None:
    db = str(tmp_path / "h.sqlite3")
    _add(db, "Ana Ruiz", "instructor")
    _add(db, "Bo", pin="1111\n")
    line = usage_error(ezbac("people", *args, "--db", db, stdin=stdin))
    assert why in line
    assert "9999" not in line and "2468" not in line  # a secret is never echoed
    with open_history(db) as store:
        assert [p.name for p in people.roster(store)] == ["Ana Ruiz", "Bo"]
        assert signing_in.sign_in(store, "Bo", "1111", T0).ok


def test_rename_reset_retire_and_link(tmp_path: Path) -> None:
    db = str(tmp_path / "h.sqlite3")
    with open_history(db) as store:
        store.record_session(session("s1", trainee="bobby", minutes=2, questions=1, correct=1))
        store.record_answer(answer("outcome:tie", True, T0, trainee="bobby"))
    _add(db, "Ana Ruiz", "instructor")
    _add(db, "Bo", pin="1111\n")
    ran = ezbac("people", "link", "bobby", "bo", "--db", db)
    assert ran.stdout == "bobby's history (1 runs) is now Bo's\n"
    assert ezbac("people", "rename", "Bo", "Bo Lind", "--db", db).returncode == 0
    assert ezbac("people", "reset", "Bo Lind", "--db", db, stdin="3333\n").returncode == 0
    assert "retired" in ezbac("people", "retire", "bo lind", "--db", db).stdout
    with open_history(db) as store:
        assert store.trainees() == ["Bo Lind"]
        assert "retired" in signing_in.sign_in(store, "Bo Lind", "3333", T0).message
    ezbac("people", "retire", "Bo Lind", "--back", "--db", db)
    with open_history(db) as store:
        assert signing_in.sign_in(store, "Bo Lind", "3333", T0).ok
    report = ezbac("report", "--db", db, "--format", "json").stdout
    assert "Bo Lind" in report and "bobby" not in report


def test_with_sign_in_on_trainee_is_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "h.sqlite3")
    _add(db, "Ana Ruiz", "instructor")
    ezbac("people", "signin", "on", "--db", db)
    line = usage_error(ezbac("train", "warmup", "--trainee", "Bo", "--db", db))
    assert "sign-in is on" in line
    line = usage_error(ezbac("train", "review", "--trainee", "Bo", "--db", db))
    assert "sign-in is on" in line


def test_sql_roles_needs_a_server(tmp_path: Path) -> None:
    line = usage_error(ezbac("people", "sql-roles", "--db", str(tmp_path / "h.sqlite3")))
    assert "PostgreSQL" in line
    line = usage_error(
        ezbac("people", "sql-roles", "--terminals", "Bad-Name", "--db", "postgresql://x@/y")
    )
    assert "role name" in line


def test_sql_roles_prints_the_statements() -> None:
    ran = ezbac("people", "sql-roles", "--db", "postgresql://owner@db.school/ezbac")
    assert ran.returncode == 0
    assert "CREATE ROLE ezbac_terminal NOLOGIN" in ran.stdout
    assert "GRANT INSERT ON sessions, answers, signins TO ezbac_terminal;" in ran.stdout
    assert "DELETE" not in ran.stdout.replace("REVOKE ALL", "")


def test_history_copy_takes_the_roster_along(tmp_path: Path, history_db: str) -> None:
    src = str(tmp_path / "src.sqlite3")
    _add(src, "Ana Ruiz", "instructor")
    _add(src, "Bo", pin="1111\n")
    ezbac("people", "signin", "on", "--idle", "9", "--db", src)
    with open_history(src) as store:
        store.record_session(session("s1", trainee="bobby", minutes=1))
        people.link(store, "bobby", "Bo", T0)
        signing_in.sign_in(store, "Bo", "0000", T0)
        signing_in.sign_in(store, "Bo", "1111", T0)
    ran = ezbac("history", "copy", src, history_db)
    assert ran.returncode == 0, ran.stderr
    with open_history(history_db) as store:
        assert [p.name for p in people.roster(store)] == ["Ana Ruiz", "Bo"]
        assert people.policy(store).signin and people.policy(store).idle_minutes == 9
        assert signing_in.sign_in(store, "Bo", "1111", T0).ok  # the same hash, the same PIN
        assert [e for _, e, _ in signing_in.signins(store)] == ["wrong", "in", "in"]
        assert store.select("SELECT trainee FROM trainee_links") == [("bobby",)]
    other = str(tmp_path / "other.sqlite3")
    _add(other, "Zoe", "instructor")  # a roster but no runs: still not a place to copy to
    line = usage_error(ezbac("history", "copy", src, other))
    assert "already holds a roster (1 people); nothing was copied" in line
