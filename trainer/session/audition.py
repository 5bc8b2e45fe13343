"""The audition's verdict (issue 23): the written part against its pass mark, each practical
area graded on the school's rubric, and the red lines that fail it whatever else; plain
values from the answers given, testable without a terminal or a database.

An area's grade is the first of the rubric (best first) whose accuracy and pace its answers
meet: at least ``accuracy`` percent right (compared in whole numbers) and an average time at
most ``pace`` percent of the area's target.  An area with no grade, or with no answers,
fails.  A red line is crossed by one wrong answer to its keys (with ``over``, only by a wrong
amount off the right one by more than that).  The audition passes when the written part
passes, every area has a grade and no red line is crossed; a failed one may be sat again
``retake_days`` after.

Who sat it and who proctored it are the sitting's; the approval that starts an audition and
the record that cannot be edited come with the trainee identities of issue 21 (``Proctor``
below is the seam they fill).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Protocol

from trainer.curriculum.model import Area, Audition, Grade, RedLine
from trainer.session.records import AnswerRecord

#: The run kind an audition is recorded as (the sessions table's drill_id; no schema change).
AUDITION_ID = "audition"


class Proctor(Protocol):
    """Who may start an audition: issue 21's identities implement it (an instructor's
    approval, checked against the history); until then a sitting names its proctor."""

    def approve(self, trainee: str) -> str | None:
        """The approving proctor's name, or None when the audition may not start."""


@dataclass(frozen=True, slots=True)
class AreaResult:
    area: Area
    answered: int
    right: int
    seconds: float
    grade: Grade | None  # None: below the rubric's last grade, or nothing answered

    @property
    def passed(self) -> bool:
        return self.grade is not None

    @property
    def average(self) -> float | None:
        return self.seconds / self.answered if self.answered else None

    @property
    def pace(self) -> int | None:
        """The average as a whole percent of the area's target (rounded up: 100.4 is 101)."""
        if self.average is None:
            return None
        # rounded to a millionth first: 2.2 s of a 2.2 s target is 100, not 101 by a float
        return math.ceil(round(self.average * 100 / self.area.target_seconds, 6))


@dataclass(frozen=True, slots=True)
class Crossed:
    """A red line crossed, with the answer that crossed it."""

    red_line: RedLine
    answer: AnswerRecord


@dataclass(frozen=True, slots=True)
class Verdict:
    trainee: str
    proctor: str
    sat_at: datetime
    written_right: int
    written_questions: int
    written_pass_mark: int
    areas: tuple[AreaResult, ...]
    crossed: tuple[Crossed, ...]
    retake_days: int

    @property
    def written_passed(self) -> bool:
        return self.written_right * 100 >= self.written_pass_mark * self.written_questions

    @property
    def failed_areas(self) -> tuple[AreaResult, ...]:
        return tuple(a for a in self.areas if not a.passed)

    @property
    def passed(self) -> bool:
        return self.written_passed and not self.failed_areas and not self.crossed

    @property
    def retake_from(self) -> datetime | None:
        """When a failed audition may be sat again (None: it passed)."""
        return None if self.passed else self.sat_at + timedelta(days=self.retake_days)

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why it failed, one line each (empty when it passed)."""
        out = []
        if not self.written_passed:
            out.append(
                f"written part: {self.written_right} of {self.written_questions} right, "
                f"{self.written_pass_mark}% needed"
            )
        for a in self.failed_areas:
            out.append(
                f"{a.area.title}: no answers"
                if not a.answered
                else f"{a.area.title}: {a.right} of {a.answered} right at {a.pace}% of the "
                "target time, below every grade"
            )
        for c in self.crossed:
            out.append(f"red line: {c.red_line.title} ({c.answer.answer}, not {c.answer.expected})")
        return tuple(out)


def grade_of(rubric: Sequence[Grade], right: int, answered: int, pace: int | None) -> Grade | None:
    """The first grade (best first) that ``right`` of ``answered`` at ``pace`` percent of the
    target meets; None below them all or with nothing answered."""
    if not answered or pace is None:
        return None
    for grade in rubric:
        if right * 100 >= grade.accuracy * answered and pace <= grade.pace:
            return grade
    return None


def amount_of(text: str) -> Decimal | None:
    """The amount an answer's text ends with ("win 615", "6.75"), if any."""
    word = text.split()[-1].lstrip("$").replace(",", "") if text.split() else ""
    try:
        value = Decimal(word)
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


def crosses(red_line: RedLine, answer: AnswerRecord) -> bool:
    if answer.correct or not red_line.covers(answer.skill):
        return False
    if red_line.over is None:
        return True
    given, right = amount_of(answer.answer), amount_of(answer.expected)
    return given is not None and right is not None and abs(given - right) > red_line.over


def judge_audition(
    audition: Audition,
    trainee: str,
    proctor: str,
    sat_at: datetime,
    written_right: int,
    practical: Iterable[AnswerRecord],
) -> Verdict:
    """The verdict on a sitting: ``written_right`` of the written part's questions, and the
    practical part's answers (each counted in every area whose keys cover its skill)."""
    if not 0 <= written_right <= audition.written_questions:
        raise ValueError(
            f"{written_right} right of a written part of {audition.written_questions} questions"
        )
    answers = list(practical)
    areas = []
    for area in audition.areas:
        mine = [a for a in answers if area.covers(a.skill)]
        right = sum(1 for a in mine if a.correct)
        seconds = sum(a.seconds for a in mine)
        result = AreaResult(area, len(mine), right, seconds, None)
        grade = grade_of(audition.rubric, right, len(mine), result.pace)
        areas.append(AreaResult(area, len(mine), right, seconds, grade))
    crossed = tuple(
        Crossed(line, a) for a in answers for line in audition.red_lines if crosses(line, a)
    )
    return Verdict(
        trainee,
        proctor,
        sat_at,
        written_right,
        audition.written_questions,
        audition.written_pass_mark,
        tuple(areas),
        crossed,
        audition.retake_days,
    )
