"""The one run lifecycle (trainer.session.run.Run) that the coup session and the table
session both compose: start, answers counted and reported, end or abandon, the reference,
and the timer that times what is asked now."""

from __future__ import annotations

import pytest

from tests.support.coups import FakeClock, FakeNow, drill
from trainer.drills.model import Mode
from trainer.session.records import AnswerRecord, SessionRecord
from trainer.session.run import Mark, ReferenceRefused, Run


def _run(
    mode: Mode = Mode.PRACTICE,
    *,
    limit: float | None = None,
    retry_of: str | None = None,
    pass_mark: int = 50,
) -> tuple[Run, FakeClock, list]:
    clock, records = FakeClock(), []
    run = Run(
        drill(mode=mode, pass_mark=pass_mark),
        "ana",
        limit,
        clock,
        FakeNow(),
        records.append,
        records.append,
        retry_of=retry_of,
    )
    return run, clock, records


def _mark(correct: bool, skill: str = "natural") -> Mark:
    return Mark("outcome", skill, ("9h", "2c", "Ks", "3d"), "player", "player", correct, 2.0)


def test_a_run_is_reported_when_it_starts_each_answer_as_graded_and_at_its_end() -> None:
    run, _, records = _run()
    assert run.start() and not run.start()  # once
    run.mark(_mark(True))
    run.mark(_mark(False, "outcome:tie"))
    run.finish()
    started, right, wrong, ended = records
    assert isinstance(started, SessionRecord) and started.finished_at is None
    assert isinstance(right, AnswerRecord) and right.correct and right.session_id == run.session_id
    assert isinstance(wrong, AnswerRecord) and not wrong.correct
    assert right.answered_at < wrong.answered_at < ended.finished_at
    assert (ended.questions, ended.correct, ended.passed) == (2, 1, True)  # 50 % of 50 %
    assert [(s.key, s.right, s.total) for s in run.by_skill()] == [
        ("natural", 1, 1),
        ("outcome:tie", 0, 1),
    ]


def test_an_abandoned_run_has_no_verdict_and_a_retry_never_passes() -> None:
    run, _, records = _run()
    run.abandon()  # not started: nothing to report
    assert records == []
    run.start()
    run.mark(_mark(True))
    run.abandon()
    assert records[-1].abandoned and records[-1].passed is None and not run.in_progress
    retry, _, records = _run(retry_of="abc")
    retry.start()
    retry.mark(_mark(True))
    retry.finish()
    assert records[-1].retry_of == "abc" and records[-1].passed is None and not retry.passed


def test_the_reference_is_closed_in_an_exam_until_the_run_is_over() -> None:
    run, _, _ = _run(Mode.EXAM)
    run.start()
    with pytest.raises(ReferenceRefused):
        run.open_reference()
    run.finish()
    assert run.open_reference() == 1
    practice, _, _ = _run()
    assert practice.open_reference() == 1


def test_the_timer_runs_stops_and_expires_only_while_it_runs() -> None:
    run, clock, _ = _run(limit=10)
    assert run.elapsed() == 0 and run.remaining() == 10 and not run.expired()
    run.time()
    clock.advance(4)
    assert run.elapsed() == 4 and run.remaining() == 6
    clock.advance(7)
    assert run.expired() and run.over(run.elapsed())
    assert run.stop(seconds=10) == 10
    clock.advance(100)
    assert run.elapsed() == 10 and not run.expired()  # stopped: what was asked is done
    run.time()
    clock.advance(3)
    assert run.stop() == 3 and run.elapsed() == 3
    run.idle()
    assert run.elapsed() == 0
    unlimited, _, _ = _run()
    assert unlimited.remaining() is None and not unlimited.over(1e9)
