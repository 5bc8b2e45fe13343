"""The table pace in the report's CSV and JSON (columns and keys added at the end, the same
in every language) and its two counts agreeing: the history's SQL and the audition's rule
over the records.  The tables are test_table_history's, worked by hand there: the Dragon 7
table 5 + 6 s, the natural table 4 + 3 x 3 s, so 2 tables in 24 s, 300 coups an hour; each
layout has three seats with a bet (seats 1, 4, 6 and 2, 5, 7), so 6 seats in 24 s: 4.0 s a
seat settled."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.history.test_table_history import work_two_tables
from tests.support.history import T0, answer, session
from trainer.history.report import CSV_COLUMNS, build_report, render_csv, render_json
from trainer.history.store import open_history
from trainer.session.pace import table_time


@pytest.fixture
def store(history_db: str):
    """An empty history, once in an SQLite file and once on a PostgreSQL server."""
    with open_history(history_db) as s:
        yield s


def test_the_csv_ends_with_the_table_pace(store) -> None:
    work_two_tables(store)
    assert CSV_COLUMNS[-5:] == (
        "table_tables",
        "table_seconds",
        "table_coups_an_hour",
        "table_seats",
        "table_seconds_a_seat",
    )
    (row,) = csv.DictReader(io.StringIO(render_csv(build_report(store))))
    assert [row[c] for c in CSV_COLUMNS[-5:]] == ["2", "24.0", "300", "6", "4.0"]


def test_the_json_has_the_table_pace(store) -> None:
    work_two_tables(store)
    (ann,) = json.loads(render_json(build_report(store)))["trainees"]
    assert ann["table_pace"] == {
        "tables": 2,
        "seconds": 24.0,
        "coups_an_hour": 300,
        "seats": 6,
        "seconds_a_seat": 4.0,
    }


def test_no_table_worked_is_empty_cells_and_null(store) -> None:
    store.on_answer(answer("natural", True, T0, trainee="bo"))
    (row,) = csv.DictReader(io.StringIO(render_csv(build_report(store))))
    assert [row[c] for c in CSV_COLUMNS[-5:]] == ["", "", "", "", ""]
    (bo,) = json.loads(render_json(build_report(store)))["trainees"]
    assert bo["table_pace"] is None


def test_the_records_rule_is_the_historys(store) -> None:
    kept = work_two_tables(store)
    (ann,) = build_report(store).trainees
    assert table_time(kept) == (2, 6, 24.0) == (*ann.table_pace[:1], ann.table_seats, 24.0)
    assert ann.table_pace == (2, 24.0)


def test_each_attempt_says_its_table_pace(store) -> None:
    from trainer.history.report import (
        ATTEMPT_COLUMNS,
        attempts_dict,
        build_attempts,
        render_attempts_csv,
    )

    work_two_tables(store)
    store.on_answer(answer("natural", True, T0, trainee="bo", session_id="b1"))
    store.on_session(session("b1", trainee="bo"))
    attempts = build_attempts(store)
    ann, bo = attempts
    assert (ann.table_pace, ann.coups_an_hour) == ((2, 24.0), 300)
    assert (bo.table_pace, bo.coups_an_hour) == (None, None)
    assert ATTEMPT_COLUMNS[-4:] == ("tables", "coups_an_hour", "seats", "seconds_a_seat")
    rows = list(csv.DictReader(io.StringIO(render_attempts_csv(attempts))))
    assert [[r[c] for c in ATTEMPT_COLUMNS[-4:]] for r in rows] == [
        ["2", "300", "6", "4.0"],
        ["", "", "", ""],
    ]
    got = attempts_dict(attempts, None)["attempts"]
    assert [[a[c] for c in ATTEMPT_COLUMNS[-4:]] for a in got] == [
        [2, 300, 6, 4.0],
        [None, None, None, None],
    ]
