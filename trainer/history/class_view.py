"""The instructor's view of the whole class: every trainee with answers or runs, with the
report's figures (the same TraineeReport, so the screen and ``ezbac report`` never disagree),
their last activity and last exam attempts, and the class's weakest skills.

Read in a handful of grouped queries (trainer.history.queries): the per-skill rows are read
once and serve both each trainee's report and the class-wide skills.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from trainer.history import queries
from trainer.history.report import (
    WEAKEST,
    LastDrill,
    TraineeReport,
    WeakSkill,
    report_from,
    weakest_skills,
)
from trainer.history.store import HistoryStore
from trainer.history.tally import Tally

if TYPE_CHECKING:
    from trainer.curriculum.model import Curriculum
    from trainer.history.mastery import PathProgress

#: Exam attempts listed per trainee, newest first.
LAST_EXAMS = 3


@dataclass(frozen=True, slots=True)
class ClassRow:
    report: TraineeReport
    last_activity: datetime | None  # latest answer, run start or run end
    exams: tuple[LastDrill, ...]  # the latest exam runs finished with a verdict, newest first
    path: PathProgress | None = None  # their place on the curriculum's path, when one is read

    @property
    def trainee(self) -> str:
        return self.report.trainee

    @property
    def readiness(self) -> str | None:
        """The path's readiness (PathProgress.readiness); None without a path."""
        return None if self.path is None else self.path.readiness

    @property
    def held_back_by(self) -> tuple[str, ...]:
        return () if self.path is None else self.path.held_back_by


@dataclass(frozen=True, slots=True)
class ClassData:
    since: datetime | None
    rows: tuple[ClassRow, ...]  # by trainee name
    weakest: tuple[WeakSkill, ...]  # the class's, every trainee's answers together
    total: Tally


def build_class(
    store: HistoryStore,
    since: datetime | None = None,
    weakest: int = WEAKEST,
    curriculum: Curriculum | None = None,
) -> ClassData:
    """The class; with ``curriculum``, each trainee's place on its path too (mastery is
    judged on all their answers, whatever ``since``)."""
    skill_rows = queries.skill_rows(store, None, since)
    report = report_from(store, skill_rows, None, since, weakest)
    class_skills: dict[str, Tally] = {}
    for r in skill_rows:
        class_skills[r.skill] = class_skills.get(r.skill, Tally()).plus(
            Tally(r.answered, r.correct, r.seconds)
        )
    answered = queries.last_answer_times(store, [t.trainee for t in report.trainees], since)
    paths = {} if curriculum is None else _paths(store, curriculum)
    ran = {c.trainee: c.last_activity for c in queries.session_counts(store, None, since)}
    exams: dict[str, list[LastDrill]] = {}
    for run in queries.recent_runs(store, None, since, LAST_EXAMS, mode="exam"):
        exams.setdefault(run.trainee, []).append(LastDrill.of(run))
    rows = tuple(
        ClassRow(
            t,
            max(
                (m for m in (answered.get(t.trainee), ran.get(t.trainee)) if m is not None),
                default=None,
            ),
            tuple(exams.get(t.trainee, ())),
            None if curriculum is None else paths.get(t.trainee, _empty(curriculum)),
        )
        for t in report.trainees
    )
    total = Tally()
    for t in class_skills.values():
        total = total.plus(t)
    return ClassData(since, rows, weakest_skills(class_skills, weakest), total)


def _paths(store: HistoryStore, curriculum: Curriculum) -> dict[str, PathProgress]:
    from trainer.history.mastery import class_paths

    return class_paths(store, curriculum)


def _empty(curriculum: Curriculum) -> PathProgress:
    """The path of a trainee with runs but no answer yet."""
    from trainer.history.mastery import assess

    return assess(curriculum, {}, [])
