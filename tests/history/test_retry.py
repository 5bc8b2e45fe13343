"""A retry is not a pass: a retry of missed questions is practice, linked to the run it came
from, shown as such, stored with ``retry_of`` and left out of every run count, pass and "last
drill" (its answers still count per skill).

Right answers are worked by hand from docs/rules.md (see tests/support/coups.py): DRAGON is a
Dragon 7, PANDA a Panda 8, NATURAL a Player natural 9 (Player wins).
"""

from __future__ import annotations

import csv
import io
import sqlite3
from dataclasses import replace
from pathlib import Path

from textual.widgets import Static

from tests.support.coups import DRAGON, NATURAL, PANDA, FakeClock, FakeNow, coup, dealer, drill
from tests.support.history import T0, session
from trainer.drills.model import Mode, Step
from trainer.engine import Outcome
from trainer.history.hooks import Recorder
from trainer.history.migrations import APPLICATION_ID, V1, V2
from trainer.history.progress import progress_data
from trainer.history.report import build_report, render_csv
from trainer.history.store import open_history
from trainer.session import OutcomeAnswer, Session
from trainer.tui.app import HistoryPort, TrainerApp
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.results import ResultsScreen

COUPS = [DRAGON, PANDA, NATURAL]
TRUTH = [Outcome.DRAGON7, Outcome.PANDA8, Outcome.PLAYER]


def _answered(s: Session, outcomes: list[Outcome]) -> Session:
    s.start()
    for o in outcomes:
        s.answer(OutcomeAnswer(o))
    return s


def _exam(records: list | None = None) -> Session:
    sink = records.append if records is not None else None
    return Session(
        drill((Step.OUTCOME,), mode=Mode.EXAM),
        [coup(c) for c in COUPS],
        "ana",
        clock=FakeClock(),
        now=FakeNow(),
        on_session=sink,
    )


def test_a_retry_knows_its_run_and_never_passes() -> None:
    records: list = []
    run = _answered(_exam(records), [Outcome.DRAGON7, Outcome.TIE, Outcome.TIE])  # 1 of 3
    assert not run.passed and run.retry_of is None and run.summary().headline == "✗ NOT PASSED"
    retry = _answered(run.retry_missed(), TRUTH[1:])  # both right: 100 %
    summary = retry.summary()
    assert (summary.right, summary.total, summary.percent) == (2, 2, 100)
    assert not summary.passed and summary.retry_of == run.session_id
    assert summary.headline == "Retry of 2 missed questions: practice"
    end = records[-1]
    assert end.session_id == retry.session_id and end.retry_of == run.session_id
    assert end.passed is None and end.completed


def test_a_retry_of_a_retry_names_the_original_run() -> None:
    run = _answered(_exam(), [Outcome.TIE, Outcome.TIE, Outcome.TIE])
    first = _answered(run.retry_missed(), [Outcome.DRAGON7, Outcome.TIE, Outcome.TIE])
    second = first.retry_missed()
    assert second.retry_of == run.session_id and second.total == 2
    assert _answered(second, TRUTH[1:]).summary().headline == (
        "Retry of 2 missed questions: practice"
    )


def test_one_missed_question_is_singular() -> None:
    run = _answered(_exam(), [Outcome.DRAGON7, Outcome.PANDA8, Outcome.TIE])
    assert _answered(run.retry_missed(), [Outcome.PLAYER]).summary().headline == (
        "Retry of 1 missed question: practice"
    )


def test_failed_exam_then_perfect_retry_reports_the_failure(tmp_path: Path) -> None:
    with open_history(tmp_path / "h.sqlite3") as store:
        recorder = Recorder(store)
        run = Session(
            drill((Step.OUTCOME,), mode=Mode.EXAM, ident="exam", title="Exam"),
            [coup(c) for c in COUPS],
            "ana",
            clock=FakeClock(),
            now=FakeNow(),
            on_answer=recorder.on_answer,
            on_session=recorder.on_session,
        )
        _answered(run, [Outcome.DRAGON7, Outcome.TIE, Outcome.TIE])  # 1 of 3: failed
        _answered(run.retry_missed(), TRUTH[1:])  # 2 of 2
        stored = store.sessions("ana")
        report = build_report(store)
        progress = progress_data(store, "ana")
    assert [(s.retry_of, s.passed) for s in stored] == [
        (None, False),
        (run.session_id, None),
    ]
    (ana,) = report.trainees
    assert (ana.sessions, ana.sessions_finished, ana.sessions_passed, ana.retries) == (1, 1, 0, 1)
    assert ana.last_drill is not None and not ana.last_drill.passed
    assert ana.last_drill.questions == 3 and ana.last_drill.correct == 1
    # the retry's answers are real answers: 5 given, 3 right
    assert (ana.total.answered, ana.total.correct) == (5, 3)
    (row,) = csv.DictReader(io.StringIO(render_csv(report)))
    assert (row["last_drill_result"], row["last_drill_questions"]) == ("failed", "3")
    assert (row["sessions"], row["sessions_passed"], row["retries"]) == ("1", "0", "1")
    # progress: the run is a session, the retry is not
    assert [p.session_id for p in progress.sessions] == [run.session_id]
    assert [p.retry_of for p in progress.retries] == [run.session_id]
    assert progress.total.answered == 5


def _v2_file(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.executescript(V1 + V2)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 2")
    conn.execute(
        "INSERT INTO sessions (session_id, trainee, drill_id, drill_title, mode, started_at, "
        "finished_at, questions, correct, passed) VALUES ('old', 'ana', 'exam', 'Exam', "
        "'exam', '2024-01-02T10:00:00.000000+00:00', '2024-01-02T10:05:00.000000+00:00', "
        "10, 9, 1)"
    )
    conn.commit()
    conn.close()


def test_a_v2_history_gains_retry_of_and_keeps_its_runs(tmp_path: Path) -> None:
    db = tmp_path / "v2.sqlite3"
    _v2_file(db)
    with open_history(db) as store:
        assert store.schema_version == 11
        (old,) = store.sessions("ana")
        assert old.retry_of is None and old.passed is True
        store.on_session(replace(session("r1", started=T0, minutes=1), retry_of="old"))
        # in time order: the old run (January), then its retry (May)
        assert [s.retry_of for s in store.sessions("ana")] == [None, "old"]
    conn = sqlite3.connect(db)
    try:
        columns = {r[1]: r for r in conn.execute("PRAGMA table_info(sessions)")}
    finally:
        conn.close()
    assert "retry_of" in columns and columns["retry_of"][3] == 0  # nullable


async def test_results_screen_labels_a_retry_as_practice() -> None:
    sessions: list = []
    d = drill((Step.OUTCOME,), mode=Mode.EXAM)
    app = TrainerApp(
        start=d,
        trainee="Alex",
        seed=1,
        deal=dealer([coup(c) for c in COUPS]),
        clock=FakeClock(),
        now=FakeNow(),
        hooks=HistoryPort(on_session=sessions.append),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("7", "enter", "t", "enter", "t", "enter")  # 1 of 3 right
        assert isinstance(app.screen, ResultsScreen)
        head = str(app.screen.query_one("#results-head", Static).render())
        assert "1 of 3 right (33%)  ✗ NOT PASSED (pass mark 80%)" in head
        await pilot.press("r")
        assert isinstance(app.screen, DrillScreen)
        await pilot.press("8", "enter", "p", "enter")  # both right
        assert isinstance(app.screen, ResultsScreen)
        head = str(app.screen.query_one("#results-head", Static).render())
        assert "2 of 2 right (100%)  Retry of 2 missed questions: practice" in head
        assert "PASSED" not in head and "pass mark" not in head
        assert not app.screen.query_one("#results-head").has_class("-passed")
    run, retry = sessions[0].session_id, sessions[-1]
    assert retry.retry_of == run and retry.passed is None
