"""A history edited by hand is refused, not reported as if sound: "-5 questions,
99 right" in the totals or a run, on either backend, is one line naming the history."""

from __future__ import annotations

import pytest

from tests.support.cli import ezbac, usage_error
from tests.support.history import T0, answer, session
from trainer.history.store import open_history, redact


def _tamper(db: str, sql: str) -> None:
    """``sql`` run by hand past the guard on finished exams (schema v7): the file's owner or
    the database's can always take it off."""
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db, autocommit=True) as conn:
            conn.execute("ALTER TABLE sessions DISABLE TRIGGER exams_kept")
            conn.execute(sql)
    else:
        import sqlite3

        with sqlite3.connect(db) as conn:
            conn.execute("DROP TRIGGER exams_kept")
            conn.execute(sql)


@pytest.mark.parametrize(
    ("sql", "reports", "figures"),
    [
        ("UPDATE answer_totals SET answered = -5, correct = 99", ["report"], "-5 asked, 99 right"),
        ("UPDATE answer_totals SET correct = answered + 1", ["report"], "2 asked, 3 right"),
        (
            "UPDATE sessions SET questions = -5, correct = 99",
            ["report", "attempts"],
            "-5 asked, 99 right",
        ),
    ],
)
def test_impossible_counts_are_refused_in_one_line(
    history_db: str, sql: str, reports: list[str], figures: str
) -> None:
    with open_history(history_db) as store:
        store.record_session(
            session("s1", minutes=3, questions=2, correct=1, passed=False, mode="exam")
        )
        store.record_answer(answer("outcome:tie", True, T0))
        store.record_answer(answer("outcome:tie", False, T0))
    _tamper(history_db, sql)
    runs = {
        "report": [["report"], ["report", "--format", "json"]],
        "attempts": [["report", "--attempts"]],
    }
    for args in (args for name in reports for args in runs[name]):
        line = usage_error(ezbac(*args, "--db", history_db))
        # the history named (pytest's folder may be pytest-5xx: the figures are read off
        # the line without it), and the figures said as impossible, never as if sound
        assert redact(history_db) in line
        said = line.replace(redact(history_db), "<history>")
        before, _, counts = said.partition("impossible counts")
        assert counts and figures in counts and "-5" not in before, said
