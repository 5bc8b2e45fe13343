"""Names and arguments as a terminal may send them: bytes that are not UTF-8 (Latin-1, as
Python hands them over: surrogate escapes) in any argument of any command are one line
naming the argument, exit 2; a trainee name no roster may hold is a usage error naming
--trainee, never a damaged history; a name typed in another case finds the trainee."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import ezbac, usage_error
from tests.support.history import T0, answer, session
from trainer.history.store import open_history

LATIN1 = "Ren\udce9"  # "René" typed on a Latin-1 terminal: the byte 0xE9 is no UTF-8


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "h.sqlite3")
    with open_history(path) as store:
        store.record_session(session("x", trainee="Nina Tester", minutes=1, questions=1))
        store.record_answer(answer("outcome:tie", True, T0, trainee="Nina Tester", session_id="x"))
    return path


@pytest.mark.parametrize(
    ("args", "culprit"),
    [
        (("report", "--trainee", LATIN1), "argument 3 (--trainee '"),
        (("report", f"--trainee={LATIN1}"), "argument 2 ('--trainee="),
        (("curriculum", "progress", "--trainee", LATIN1), "argument 4 (--trainee '"),
        (("audition", "record", "--trainee", LATIN1), "argument 4 (--trainee '"),
        (("people", "add", LATIN1, "--role", "trainee"), "argument 3 ('"),
        (("people", "rename", "Nina Tester", LATIN1), "argument 4 ('"),
        (("train", "payouts", "--trainee", LATIN1), "argument 4 (--trainee '"),
        (("check", LATIN1), "argument 2 ('"),
        ((LATIN1,), "argument 1 ('"),
    ],
)
def test_an_argument_not_in_utf8_is_one_line(db: str, args: tuple[str, ...], culprit: str) -> None:
    line = usage_error(ezbac(*args, "--db", db), culprit)
    assert "not valid UTF-8" in line and "\udce9" not in line


@pytest.mark.parametrize("name", ["Nina\u200bTester", "Nina\x1b[2J", "Nina\u3164"])
@pytest.mark.parametrize("command", [("report",), ("curriculum", "progress")])
def test_a_bad_trainee_name_is_a_usage_error(db: str, command: tuple[str, ...], name: str) -> None:
    line = usage_error(ezbac(*command, "--trainee", name, "--db", db), "--trainee")
    assert "damaged" not in line


@pytest.mark.parametrize("typed", ["nina tester", "NINA  TESTER", "\uff4eina tester"])
def test_a_trainee_is_found_in_any_case(db: str, typed: str) -> None:
    progress = ezbac("curriculum", "progress", "--trainee", typed, "--db", db)
    assert progress.returncode == 0, progress.stderr
    assert "No answers recorded" not in progress.stdout and "Nina Tester" in progress.stdout
    report = ezbac("report", "--trainee", typed, "--db", db, "--format", "csv")
    assert report.returncode == 0 and "Nina Tester" in report.stdout, report.stderr


@pytest.mark.parametrize(
    ("args", "culprit"),
    [
        (("people", "add", "Bo\u3164", "--role", "trainee"), "NAME: the name holds an invisible"),
        (("people", "rename", "Ana", "Ana\u200b"), "NEW_NAME: the name holds an invisible"),
        (("people", "add", "\uff21NA", "--role", "trainee"), "already"),  # full-width A
    ],
)
def test_a_roster_name_like_another_or_invisible_is_refused(
    tmp_path: Path, args: tuple[str, ...], culprit: str
) -> None:
    db = str(tmp_path / "h.sqlite3")
    added = ezbac("people", "add", "Ana", "--role", "instructor", "--db", db, stdin="2468\n")
    assert added.returncode == 0, added.stderr
    with open_history(db) as store:
        store.record_session(session("x", trainee="Ana", minutes=1, questions=1))
    usage_error(ezbac(*args, "--db", db, stdin="1111\n"), culprit)
