"""Speed never changes a figure: the report, the attempts, the progress data and the review
schedule grouped in SQL (trainer.history.queries) equal a straightforward Python count of the
same answers and sessions, over seeded random histories.

The histories are built to catch the edges of grouping: answers at the same instant (a miss
and a right answer tied, ordered by when they were stored), runs finished at the same moment,
retries, abandoned and cut-off runs, answers whose run was never recorded, runs without
answers, names that sort differently by byte and by locale, and ``--since`` cutting runs in
half.  Seconds are whole eighths, so every sum is exact in any order and figures compare
exactly.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import pytest

from tests.support.history import NAMES, store_with
from trainer.history.class_view import LAST_EXAMS, build_class
from trainer.history.progress import Tally, compute_progress, progress_data
from trainer.history.report import (
    Attempt,
    LastDrill,
    Report,
    TraineeReport,
    build_attempts,
    build_report,
    render_csv,
    render_json,
    weakest_skills,
)
from trainer.history.scheduler import schedule, skill_states
from trainer.history.store import open_history
from trainer.session.records import AnswerRecord, SessionRecord
from trainer.skills import ALL_FAMILIES, family

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
SEEDS = range(8)


# -- the straightforward counts -------------------------------------------------------


def tally(answers: Sequence[AnswerRecord]) -> Tally:
    return Tally(len(answers), sum(a.correct for a in answers), sum(a.seconds for a in answers))


def grouped(answers: Sequence[AnswerRecord], key) -> dict[str, Tally]:
    keys = {key(a) for a in answers}
    return {k: tally([a for a in answers if key(a) == k]) for k in keys}


def python_report(
    answers: list[AnswerRecord],
    sessions: list[SessionRecord],
    trainee: str | None,
    since: datetime | None,
) -> Report:
    answers = [a for a in answers if since is None or a.answered_at >= since]
    sessions = [s for s in sessions if since is None or s.started_at >= since]
    names = {a.trainee for a in answers} | {s.trainee for s in sessions}
    if trainee is not None:
        names &= {trainee}
    out = []
    for name in sorted(names):
        mine = [a for a in answers if a.trainee == name]
        recorded = [s for s in sessions if s.trainee == name]
        runs = [s for s in recorded if s.retry_of is None]
        done = [s for s in runs if s.finished_at and not s.abandoned and s.passed is not None]
        done.sort(key=lambda s: (s.started_at, s.session_id))
        last = max(done, key=lambda s: s.finished_at, default=None)
        families = grouped(mine, lambda a: family(a.skill))
        out.append(
            TraineeReport(
                trainee=name,
                sessions=len(runs),
                sessions_finished=sum(bool(s.finished_at and not s.abandoned) for s in runs),
                sessions_abandoned=sum(s.abandoned for s in runs),
                sessions_passed=sum(bool(s.passed) for s in runs),
                reference_opened=sum(s.reference_opened for s in recorded),
                total=tally(mine),
                families={f: families.get(f, Tally()) for f in ALL_FAMILIES},
                last_drill=None
                if last is None
                else LastDrill(
                    last.drill_id,
                    last.drill_title,
                    last.mode,
                    last.finished_at,
                    last.questions,
                    last.correct,
                    last.passed,
                ),
                weakest=weakest_skills(grouped(mine, lambda a: a.skill)),
                retries=len(recorded) - len(runs),
            )
        )
    return Report(since, trainee, tuple(out))


def python_attempts(
    answers: list[AnswerRecord], sessions: list[SessionRecord], since: datetime | None
) -> tuple[Attempt, ...]:
    answers = [a for a in answers if since is None or a.answered_at >= since]
    runs = [s for s in sessions if s.retry_of is None and (since is None or s.started_at >= since)]
    runs.sort(key=lambda s: (s.trainee, s.started_at, s.session_id))
    out = []
    for s in runs:
        kept = tally([a for a in answers if a.session_id == s.session_id])
        ended = s.finished_at is not None
        out.append(
            Attempt(
                s.trainee,
                s.session_id,
                s.drill_id,
                s.drill_title,
                s.mode,
                s.started_at,
                s.finished_at,
                "abandoned" if s.abandoned else "finished" if ended else "cut off",
                s.questions if ended else kept.answered,
                s.correct if ended else kept.correct,
                s.passed if ended and not s.abandoned else None,
                kept.seconds,
                s.reference_opened,
            )
        )
    return tuple(out)


# -- the tests ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_report_and_attempts_equal_a_python_count(history_db: str, seed: int) -> None:
    with store_with(history_db, seed) as store:
        answers, sessions = store.answers(), store.sessions()
        rng = random.Random(seed)
        for trainee in (None, rng.choice(NAMES), "nobody"):
            for since in (None, T0 + timedelta(hours=6 * rng.randint(0, 240))):
                got = build_report(store, trainee, since)
                want = python_report(answers, sessions, trainee, since)
                assert got == want
                assert render_csv(got) == render_csv(want)
                assert render_json(got) == render_json(want)
            want_attempts = python_attempts(
                [a for a in answers if trainee is None or a.trainee == trainee],
                [s for s in sessions if trainee is None or s.trainee == trainee],
                since,
            )
            assert build_attempts(store, trainee, since) == want_attempts


@pytest.mark.parametrize("seed", SEEDS)
def test_progress_and_review_states_equal_a_replay_of_every_answer(
    history_db: str, seed: int
) -> None:
    with store_with(history_db, seed) as store:
        for trainee in NAMES:
            mine = store.answers(trainee)  # in time order, ties in the order stored
            replayed = schedule((a.skill, a.correct, a.answered_at) for a in mine)
            assert skill_states(store, trainee) == replayed
            for hours in (0, 24 * 10, 24 * 40, 24 * 90):
                now = T0 + timedelta(hours=hours)
                assert progress_data(store, trainee, now) == compute_progress(
                    trainee, mine, store.sessions(trainee), now
                )


def test_the_figures_do_not_depend_on_the_index(history_db: str) -> None:
    """A file read before it gains schema v4's index gets the same figures."""
    db = history_db
    with store_with(db, 3) as store:
        before = (
            build_report(store),
            build_attempts(store),
            [progress_data(store, t, T0) for t in NAMES],
        )
    if db.startswith("postgresql://"):
        import psycopg

        conn = psycopg.connect(db, autocommit=True)
    else:
        conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("DROP INDEX answers_by_trainee_skill")
    conn.execute("DROP INDEX sessions_run_ends")
    conn.close()
    with open_history(db) as store:
        after = (
            build_report(store),
            build_attempts(store),
            [progress_data(store, t, T0) for t in NAMES],
        )
    assert after == before


@pytest.mark.parametrize("seed", SEEDS)
def test_class_view_has_the_report_figures_and_a_python_count_of_the_rest(
    history_db: str, seed: int
) -> None:
    with store_with(history_db, seed) as store:
        answers, sessions = store.answers(), store.sessions()
        data = build_class(store)
        assert tuple(r.report for r in data.rows) == build_report(store).trainees
    assert data.total == tally(answers)
    assert data.weakest == weakest_skills(grouped(answers, lambda a: a.skill))
    for row in data.rows:
        moments = [a.answered_at for a in answers if a.trainee == row.trainee]
        for s in sessions:
            if s.trainee == row.trainee:
                moments += [s.started_at, *([s.finished_at] if s.finished_at else [])]
        assert row.last_activity == max(moments)
        exams = [
            s
            for s in sessions
            if s.trainee == row.trainee
            and s.mode == "exam"
            and s.retry_of is None
            and s.finished_at
            and not s.abandoned
            and s.passed is not None
        ]
        exams.sort(key=lambda s: (s.started_at, s.session_id))
        exams.sort(key=lambda s: s.finished_at, reverse=True)  # stable: ties keep start order
        assert [(e.finished_at, e.correct, e.questions, e.passed) for e in row.exams] == [
            (s.finished_at, s.correct, s.questions, s.passed) for s in exams[:LAST_EXAMS]
        ]
