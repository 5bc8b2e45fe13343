"""`ezbac report --attempts`: every run on record, as the command prints it.

The expected rows are worked from the records this test stores (RUNS below), not from the
code: score = right/questions as a percent truncated to one decimal, seconds = the sum of the
run's answer times, and a retry of missed questions is not an attempt.
"""

from __future__ import annotations

import csv
import io
import json
import os
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from tests.support import cli as cli_helpers
from tests.support.cli import usage_error
from tests.support.history import T0, answer, session
from trainer.history.store import open_history
from trainer.session import Session

DAY = timedelta(days=1)

#: (session record, [(correct, seconds) per answer stored])
RUNS = [
    (
        session(
            "a1",
            drill_id="exam",
            title="Exam",
            mode="exam",
            started=T0,
            minutes=5,
            questions=3,
            correct=1,
            passed=False,
        ),
        [(True, 2.0), (False, 3.0), (False, 4.5)],
    ),
    # the retry of a1's two misses, both right: practice, never listed
    (
        replace(
            session(
                "a2",
                drill_id="exam",
                title="Exam",
                mode="exam",
                started=T0 + timedelta(minutes=6),
                minutes=1,
                questions=2,
                correct=2,
            ),
            retry_of="a1",
        ),
        [(True, 1.0), (True, 1.0)],
    ),
    (
        session(
            "a3",
            drill_id="exam",
            title="Exam",
            mode="exam",
            started=T0 + DAY,
            minutes=6,
            questions=4,
            correct=4,
            passed=True,
        ),
        [(True, 2.5)] * 4,
    ),
    (
        session(
            "a4",
            drill_id="naturals",
            title="Naturals",
            started=T0 + 2 * DAY,
            minutes=1,
            questions=2,
            correct=1,
            abandoned=True,
            reference_opened=2,
        ),
        [(True, 1.25), (False, 2.0)],
    ),
    # cut off: the terminal was killed, the end never recorded; one answer kept
    (session("a5", drill_id="naturals", title="Naturals", started=T0 + 3 * DAY), [(True, 4.0)]),
    (
        session(
            "b1",
            trainee="bo",
            drill_id="payouts",
            title="Payouts",
            started=T0 + DAY,
            minutes=2,
            questions=3,
            correct=2,
            passed=False,
        ),
        [(True, 1.0), (True, 1.0), (False, 1.0)],
    ),
]

#: The CSV rows expected, by hand from RUNS (times are UTC: T0 is 2024-05-01 09:00).
EXPECTED = [
    {
        "trainee": "ana",
        "started_at": "2024-05-01T09:00:00+00:00",
        "finished_at": "2024-05-01T09:05:00+00:00",
        "drill_id": "exam",
        "drill_title": "Exam",
        "mode": "exam",
        "status": "finished",
        "questions": "3",
        "correct": "1",
        "score": "33.3",
        "result": "failed",
        "seconds": "9.5",
        "reference_opened": "0",
        "session_id": "a1",
    },
    {
        "trainee": "ana",
        "started_at": "2024-05-02T09:00:00+00:00",
        "finished_at": "2024-05-02T09:06:00+00:00",
        "drill_id": "exam",
        "drill_title": "Exam",
        "mode": "exam",
        "status": "finished",
        "questions": "4",
        "correct": "4",
        "score": "100.0",
        "result": "passed",
        "seconds": "10.0",
        "reference_opened": "0",
        "session_id": "a3",
    },
    {
        "trainee": "ana",
        "started_at": "2024-05-03T09:00:00+00:00",
        "finished_at": "2024-05-03T09:01:00+00:00",
        "drill_id": "naturals",
        "drill_title": "Naturals",
        "mode": "practice",
        "status": "abandoned",
        "questions": "2",
        "correct": "1",
        "score": "50.0",
        "result": "",
        "seconds": "3.25",
        "reference_opened": "2",
        "session_id": "a4",
    },
    {
        "trainee": "ana",
        "started_at": "2024-05-04T09:00:00+00:00",
        "finished_at": "",
        "drill_id": "naturals",
        "drill_title": "Naturals",
        "mode": "practice",
        "status": "cut off",
        "questions": "1",
        "correct": "1",
        "score": "100.0",
        "result": "",
        "seconds": "4.0",
        "reference_opened": "0",
        "session_id": "a5",
    },
    {
        "trainee": "bo",
        "started_at": "2024-05-02T09:00:00+00:00",
        "finished_at": "2024-05-02T09:02:00+00:00",
        "drill_id": "payouts",
        "drill_title": "Payouts",
        "mode": "practice",
        "status": "finished",
        "questions": "3",
        "correct": "2",
        "score": "66.6",
        "result": "failed",
        "seconds": "3.0",
        "reference_opened": "0",
        "session_id": "b1",
    },
]
COLUMNS = [
    "trainee",
    "started_at",
    "finished_at",
    "drill_id",
    "drill_title",
    "mode",
    "status",
    "questions",
    "correct",
    "score",
    "result",
    "seconds",
    "reference_opened",
    "session_id",
    # added at the end: a table run's pace (none of these runs worked a table)
    "tables",
    "coups_an_hour",
    # then its tables' seats settled and seconds a seat
    "seats",
    "seconds_a_seat",
]
EXPECTED = [
    {**row, "tables": "", "coups_an_hour": "", "seats": "", "seconds_a_seat": ""}
    for row in EXPECTED
]


def ezbac(*args: str, env: dict[str, str] | None = None):
    return cli_helpers.ezbac("report", "--attempts", *args, env={"TZ": "UTC", **(env or {})})


@pytest.fixture
def db(history_db: str) -> str:
    """The school's history, once in an SQLite file and once on a PostgreSQL server."""
    with open_history(history_db) as store:
        for record, answers in RUNS:
            store.on_session(record)
            for i, (ok, secs) in enumerate(answers):
                store.on_answer(
                    answer(
                        "natural",
                        ok,
                        record.started_at + timedelta(seconds=i),
                        trainee=record.trainee,
                        session_id=record.session_id,
                        seconds=secs,
                    )
                )
    return history_db


def test_csv_lists_every_attempt_and_no_retry(db: str) -> None:
    run = ezbac("--db", str(db), "--format", "csv")
    assert run.returncode == 0 and run.stderr == ""
    reader = csv.DictReader(io.StringIO(run.stdout))
    assert reader.fieldnames == COLUMNS
    assert list(reader) == EXPECTED


def test_json_lists_the_same_with_types(db: str) -> None:
    run = ezbac("--db", str(db), "--format", "json", "--trainee", "ana", "--since", "2024-05-02")
    doc = json.loads(run.stdout)
    assert (doc["report"], doc["version"], doc["since"]) == (
        "ezbac-attempts",
        1,
        "2024-05-02T00:00:00+00:00",
    )
    got = doc["attempts"]
    assert [a["session_id"] for a in got] == ["a3", "a4", "a5"]
    assert list(got[0]) == [*COLUMNS[:10], "passed", *COLUMNS[11:]]
    assert got[0] == {
        "trainee": "ana",
        "started_at": "2024-05-02T09:00:00+00:00",
        "finished_at": "2024-05-02T09:06:00+00:00",
        "drill_id": "exam",
        "drill_title": "Exam",
        "mode": "exam",
        "status": "finished",
        "questions": 4,
        "correct": 4,
        "score": 100.0,
        "passed": True,
        "seconds": 10.0,
        "reference_opened": 0,
        "session_id": "a3",
        "tables": None,
        "coups_an_hour": None,
        "seats": None,
        "seconds_a_seat": None,
    }
    assert (got[1]["status"], got[1]["passed"], got[1]["score"], got[1]["seconds"]) == (
        "abandoned",
        None,
        50.0,
        3.25,
    )
    assert (got[2]["status"], got[2]["finished_at"], got[2]["questions"]) == (
        "cut off",
        None,
        1,
    )


def test_table_one_line_per_attempt(db: str) -> None:
    run = ezbac("--db", str(db))
    assert run.returncode == 0
    lines = run.stdout.splitlines()
    assert lines[0] == "ana" and "bo" in lines
    ana = lines[2:6]
    assert ana[0].startswith("  2024-05-01 09:00  exam") and "1/3" in ana[0]
    assert "33.3%" in ana[0] and "FAILED" in ana[0] and ana[0].endswith("Exam")
    assert "4/4" in ana[1] and "PASSED" in ana[1]
    assert "abandoned" in ana[2] and "Naturals" in ana[2]
    assert "cut off" in ana[3]
    assert "2/2" not in run.stdout  # the retry is not an attempt
    assert max(len(line) for line in lines) <= 80


def test_nothing_on_record(tmp_path: Path, db: str) -> None:
    run = ezbac("--db", str(db), "--trainee", "cy", "--format", "json")
    assert run.returncode == 0 and json.loads(run.stdout)["attempts"] == []
    assert "No runs recorded for trainee 'cy'" in run.stderr and "ana, bo" in run.stderr
    run = ezbac("--format", "csv")  # no history file at all (EZBAC_HOME from conftest)
    assert run.returncode == 0 and run.stdout == ",".join(COLUMNS) + "\n"
    assert "No training history yet" in run.stderr
    # no history made; only the record of files found whole (trainer.history.checked)
    assert {p.name for p in Path(os.environ["EZBAC_HOME"]).iterdir()} <= {"checked.json"}
    run = ezbac()
    assert run.returncode == 0 and "No training history yet" in run.stdout


def test_bad_options_stay_one_line_errors(db: str) -> None:
    assert "not a date" in usage_error(ezbac("--db", str(db), "--since", "soon"))


def test_a_run_abandoned_mid_drill_is_an_attempt_with_its_answers(history_db: str) -> None:
    # What the trainer does when the trainee quits mid-drill: Session.abandon(), recorded by
    # the history's Recorder (the same hooks the app is given).
    from tests.support.coups import DRAGON, PANDA, FakeClock, FakeNow, coup, drill
    from trainer.drills.model import Mode, Step
    from trainer.engine import Outcome
    from trainer.history.hooks import Recorder
    from trainer.history.report import build_attempts
    from trainer.session import OutcomeAnswer, Session

    with open_history(history_db) as store:
        recorder = Recorder(store)
        run = Session(
            drill((Step.OUTCOME,), mode=Mode.EXAM),
            [coup(DRAGON), coup(PANDA)],
            "ana",
            clock=FakeClock(),
            now=FakeNow(),
            on_answer=recorder.on_answer,
            on_session=recorder.on_session,
        )
        run.start()
        run.answer(OutcomeAnswer(Outcome.DRAGON7))  # right; then the trainee quits
        run.abandon()
        (attempt,) = build_attempts(store)
    assert (attempt.status, attempt.questions, attempt.correct, attempt.passed) == (
        "abandoned",
        1,
        1,
        None,
    )
    assert attempt.mode == "exam" and attempt.finished_at is not None


def test_a_practice_run_left_before_its_first_answer_is_no_attempt_an_exam_is(
    history_db: str,
) -> None:
    # A practice run was once recorded as a "0/0 abandoned" attempt and counted in reports
    # (docs/decisions.md, "A run counts from its first answer"); an exam's questions are
    # seen once it opens: left unanswered, it counts.
    from tests.support.coups import DRAGON, FakeClock, FakeNow, coup, drill
    from trainer.drills.model import Mode, Step
    from trainer.history.hooks import Recorder
    from trainer.history.report import build_attempts, build_report

    with open_history(history_db) as store:
        recorder = Recorder(store)
        for mode in (Mode.PRACTICE, Mode.EXAM):
            run = Session(
                drill((Step.OUTCOME,), mode=mode),
                [coup(DRAGON)],
                "ana",
                clock=FakeClock(),
                now=FakeNow(),
                on_answer=recorder.on_answer,
                on_session=recorder.on_session,
            )
            run.start()
            run.abandon()  # left at the first question
        (attempt,) = build_attempts(store)
        assert (attempt.mode, attempt.status, attempt.questions, attempt.correct) == (
            "exam",
            "abandoned",
            0,
            0,
        )
        (ana,) = build_report(store).trainees
        assert (ana.sessions, ana.sessions_abandoned, ana.sessions_passed) == (1, 1, 0)


def test_runs_left_unanswered_in_an_older_history_count_only_as_exams(history_db: str) -> None:
    # Older versions recorded every run as it started: a history may hold
    # practice runs and retries left before their first answer, 0/0.  No answer, no attempt,
    # as this version records them; an exam opened is one, answered or not.  A run's row
    # says 0 questions until its end is recorded, so a practice run cut off after answering
    # counts by its answers.
    from trainer.history import queries
    from trainer.history.progress import progress_data
    from trainer.history.report import build_attempts, build_report

    at = [T0 + timedelta(minutes=10 * n) for n in range(6)]
    with open_history(history_db) as store:
        store.record_session(session("left", started=at[0], minutes=1, abandoned=True))
        store.record_session(session("killed-blank", started=at[1]))  # cut off, never answered
        store.record_session(session("killed", started=at[2]))  # cut off after one answer
        store.record_answer(answer("outcome:tie", True, at[2], session_id="killed"))
        store.record_session(session("exam", started=at[3], minutes=1, abandoned=True, mode="exam"))
        store.record_session(session("exam-killed", started=at[4], mode="exam"))
        store.record_session(
            replace(session("retry", started=at[5], minutes=1, abandoned=True), retry_of="killed")
        )
        attempts = build_attempts(store)
        assert [(a.session_id, a.status, a.questions, a.correct) for a in attempts] == [
            ("killed", "cut off", 1, 1),
            ("exam", "abandoned", 0, 0),
            ("exam-killed", "cut off", 0, 0),
        ]
        (ana,) = build_report(store).trainees
        assert (ana.sessions, ana.sessions_finished, ana.sessions_abandoned) == (3, 0, 1)
        assert ana.retries == 0  # the retry left unanswered: no record, no count
        (counts,) = queries.session_counts(store)
        assert counts.last_activity == at[4]  # the exam cut off, not the retry
        assert ana.total.answered == 1
        progress = progress_data(store, "ana")  # the trainee's own screen lists the same runs
        assert [p.session_id for p in progress.sessions] == ["killed", "exam", "exam-killed"]
        assert progress.retries == ()
