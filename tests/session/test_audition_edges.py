"""The audition against docs/schools.md at its edges, worked by hand: red lines over both
parts, the pace in whole milliseconds, and the retake date from the verdict recorded."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from tests.support.history import T0, answer
from trainer.curriculum.model import Area, Audition, Grade, RedLine
from trainer.history.audition_record import AuditionRecord
from trainer.session.audition import NamedProctor, Sitting, judge_audition
from trainer.session.records import SessionRecord

A, B = Grade("A", 90, 70), Grade("B", 80, 100)
DRAWS = Area("draws", "The draws", ("natural", "player:*", "banker:*"), 3.0)
WRONG_DRAW = RedLine("wrong-draw", "A wrong draw", ("natural", "player:*", "banker:*"))
AUDITION = Audition(5, 80, (DRAWS,), (A, B), (WRONG_DRAW,), retake_days=7, min_answers=5)


def practical(seconds: float = 2.1) -> list:
    keys = ["natural", "player:5", *["banker:3:8"] * 8]
    return [answer(k, True, T0, seconds=seconds, answer_text="x", expected="x") for k in keys]


def test_an_area_at_exactly_70_percent_of_its_target_is_graded_at_70() -> None:
    # 10 x 2100 ms = 21000 ms; 21000 x 100 / (3000 x 10) = 70 exactly: an A (at most 70 %)
    v = judge_audition(AUDITION, "ana", "lee", T0, 5, practical())
    (area,) = v.areas
    assert (area.pace, area.mark) == (70, "A")
    # a millisecond more an answer: 21010 x 100 / 30000 = 70.03, rounded up to 71: a B
    (slower,) = judge_audition(AUDITION, "ana", "lee", T0, 5, practical(2.101)).areas
    assert (slower.pace, slower.mark) == (71, "B")


def test_a_wrong_draw_in_the_written_part_crosses_the_red_line() -> None:
    # the written part: 4 of 5 right (80 %, a pass), its wrong answer a Banker draw; the
    # practical part all right and fast.  The docs: any wrong answer to a red line's keys
    # fails the audition, in either part.
    wrong = answer("banker:6:7", False, T0, answer_text="stands", expected="draws")
    written = [*[answer("outcome:tie", True, T0)] * 4, wrong]
    v = judge_audition(AUDITION, "ana", "lee", T0, 4, practical(), written=written)
    assert v.written_passed and not v.failed_areas
    assert [c.answer for c in v.crossed] == [wrong]
    assert not v.passed
    assert v.retake_from == T0 + timedelta(days=7)


def test_a_sitting_judges_its_written_answers_against_the_red_lines() -> None:
    sitting = Sitting.start(AUDITION, "ana", NamedProctor("lee"), T0, "run1")
    for _ in range(4):
        sitting.on_written(answer("outcome:tie", True, T0))
    sitting.on_written(answer("natural", False, T0, answer_text="draws", expected="stands"))
    for a in practical():
        sitting.on_practical(a)
    v = sitting.verdict()
    assert [c.red_line.id for c in v.crossed] == ["wrong-draw"]
    assert not v.passed
    assert sitting.record(T0 + timedelta(hours=1)).passed is False


def _record(recorded_passed: bool) -> AuditionRecord:
    # judged again today the answers fail (the written part: 3 of 5, 60 %)
    verdict = judge_audition(AUDITION, "ana", "lee", T0, 3, practical())
    assert not verdict.passed
    run = SessionRecord("run1", "ana", "audition", "Audition (proctor: lee)", "exam", T0)
    run = replace(run, finished_at=T0 + timedelta(hours=1), passed=recorded_passed)
    return AuditionRecord(run, "School", "lee", verdict, (), "CODE")


def test_a_record_passed_when_sat_names_no_retake_date() -> None:
    # recorded passed when it was sat, failing as judged again (a rubric changed since): the
    # record says passed, so it names no retake date
    record = _record(True)
    assert record.passed
    assert record.retake_from is None
    assert record.as_json()["passed"] is True
    assert record.as_json()["retake_from"] is None


def test_a_record_failed_when_sat_names_the_retake_date_from_the_day_it_was_sat() -> None:
    record = _record(False)
    assert record.retake_from == T0 + timedelta(days=7)
    assert record.as_json()["retake_from"] == (T0 + timedelta(days=7)).date().isoformat()


def test_the_unsigned_sheet_says_passed_and_names_no_retake_date(tmp_path: Path) -> None:
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler-utils (pdftotext) not installed: .ci/run installs it")
    from trainer.words.sheet import sign_off_pdf

    sheet = tmp_path / "sheet.pdf"
    sheet.write_bytes(sign_off_pdf(_record(True)))
    text = subprocess.run(
        ["pdftotext", "-layout", str(sheet), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Result: PASSED" in text
    assert "retake" not in text.lower()
