"""Mastery per skill and the trainee's place on the path (``trainer.curriculum``), as plain
values from answers: testable without a terminal or a database.

A skill goal is judged on its answers pooled over the skill keys it covers, oldest first:

- *mastered*: at least ``min_answers`` answers in all, and over the most recent ``recent``
  (fewer if there are fewer), ``accuracy`` percent right and an average time at most the
  target.  Judged on the recent answers only, so it is lost when they fall below.
- *slipping*: not mastered now, but mastered just after one of its answers from the one
  before its last ``recent`` answers (the ``recent`` + 1-th latest) to the one before its
  latest (each judged on the ``recent`` answers up to it, with the answers in all it had
  then): lost lately.  The spaced review draws from these and from the skills not yet
  mastered.
- *learning*: answered, neither of those; *not started*: no answers.

Pace is the recent average against the target: at or under ``fast`` percent of it fast, up
to it on pace, over it slow (and slow is never mastered); compared in whole milliseconds
(``trainer.scoring.millis``), never as floats, so an edge lands where docs/schools.md says.

A module is mastered when every one of its skills is; with ``in_order`` a module opens only
once every earlier one is through (each skill mastered or slipping: a slip sends the trainee
back to review, it does not close later modules again; a skill learning or not started
keeps them closed), as docs/schools.md says.  The next drill recommended is the
drill of the first skill not mastered in the first open module not mastered.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.curriculum.model import Curriculum, MasteryRule, Module, SkillGoal
from trainer.history.queries import (
    Answer,
    SkillDay,
    recent_answers,
    recent_answers_by_trainee,
    skill_days,
    skill_rows,
)
from trainer.scoring import millis

if TYPE_CHECKING:
    from trainer.history.backend import HistoryStore


#: A trainee with at most this many skills left to master is close to the audition.
CLOSE = 2


class Standing(enum.Enum):
    NOT_STARTED = "not started"
    LEARNING = "learning"
    SLIPPING = "slipping"
    MASTERED = "mastered"


class Pace(enum.Enum):
    FAST = "fast"
    ON_PACE = "on pace"
    SLOW = "slow"


class ModuleState(enum.Enum):
    MASTERED = "mastered"
    IN_PROGRESS = "in progress"
    NOT_OPEN = "not yet open"


def pace_of(rule: MasteryRule, total_ms: int, answers: int) -> Pace:
    """The pace of ``answers`` answers taking ``total_ms`` milliseconds in all, in whole
    numbers (no float at an edge): fast when the average is at or under ``fast`` percent of
    the target (total x 100 <= fast x target x answers), on pace up to the target, slow over
    it.  The target is ``rule.target_millis``: ``target_seconds`` in whole milliseconds, or
    a pace band's exact fraction of them (3,600,000 / 7 ms a coup at 7 coups an hour)."""
    target = rule.target_millis
    if total_ms * 100 <= rule.fast * target * answers:
        return Pace.FAST
    return Pace.ON_PACE if total_ms <= target * answers else Pace.SLOW


def target_figure(rule: MasteryRule) -> str:
    """The target's seconds as shown: "5", or a pace band's to a tenth, rounded down
    (3,600,000/7 ms is "514.2"): never shown stricter than it is judged."""
    if rule.pace_band is None:
        return f"{rule.target_seconds:g}"
    tenths = rule.target_millis // 100
    return f"{tenths // 10}" if tenths % 10 == 0 else f"{tenths // 10}.{tenths % 10}"


def target_words(rule: MasteryRule) -> str:
    """The target as ``needs`` names it: "5 s", or a pace band's "24 s (a coup at the
    mini pace target)" (``target_figure``)."""
    band = rule.pace_band
    shown = target_figure(rule)
    if band is None:
        return f"{shown} s"
    what = "a coup" if band.per == "coup" else "a seat"
    return f"{shown} s ({what} at the {band.table_format.value} pace target)"


def meets(rule: MasteryRule, answered: int, window: Sequence[tuple[bool, float]]) -> bool:
    """Whether ``window`` (the recent answers) of a skill answered ``answered`` times in all
    is mastery under ``rule``, in whole numbers: accuracy as percent (27 of 30 is exactly 90),
    time in milliseconds (``trainer.scoring.millis``, each answer's own, then summed)."""
    if answered < rule.min_answers or not window:
        return False
    right = sum(1 for ok, _ in window if ok)
    total = sum(millis(s) for _, s in window)
    return right * 100 >= rule.accuracy * len(window) and total <= rule.target_millis * len(window)


@dataclass(frozen=True, slots=True)
class SkillMastery:
    goal: SkillGoal
    standing: Standing
    answered: int  # answers in all
    recent: int  # answers judged (the most recent, at most the rule's recent)
    right: int  # of them right
    seconds: float  # their time
    millis: int = 0  # their time in whole milliseconds (each answer's, summed): what is compared

    @property
    def rule(self) -> MasteryRule:
        return self.goal.rule

    @property
    def mastered(self) -> bool:
        return self.standing is Standing.MASTERED

    @property
    def accuracy(self) -> float | None:
        """Fraction right over the recent answers (None: none yet)."""
        return self.right / self.recent if self.recent else None

    @property
    def average(self) -> float | None:
        return self.seconds / self.recent if self.recent else None

    @property
    def pace(self) -> Pace | None:
        return None if not self.recent else pace_of(self.rule, self.millis, self.recent)

    @property
    def needs(self) -> tuple[str, ...]:
        """What stands between this skill and mastery, in words (empty when mastered)."""
        if self.mastered:
            return ()
        rule = self.rule
        out = []
        if self.answered < rule.min_answers:
            out.append(f"{rule.min_answers - self.answered} more answers")
        if self.recent and self.right * 100 < rule.accuracy * self.recent:
            out.append(f"{self.right} of the last {self.recent} right, {rule.accuracy}% needed")
        if self.pace is Pace.SLOW and self.average is not None:
            out.append(f"{self.average:.1f} s an answer, {target_words(rule)} the target")
        return tuple(out)


def judge(goal: SkillGoal, answered: int, tail: Sequence[tuple[bool, float]]) -> SkillMastery:
    """A goal's mastery from its answer count in all and its latest answers, oldest first
    (``tail``: (correct, seconds), at least its last 2 x ``recent`` when it has that many)."""
    rule = goal.rule
    tail = list(tail)[-2 * rule.recent :]
    window = tail[-rule.recent :]
    right = sum(1 for ok, _ in window if ok)
    seconds = sum(s for _, s in window)
    total_ms = sum(millis(s) for _, s in window)
    if not answered:
        standing = Standing.NOT_STARTED
    elif meets(rule, answered, window):
        standing = Standing.MASTERED
    elif any(
        meets(rule, answered - (len(tail) - end), tail[max(0, end - rule.recent) : end])
        for end in range(max(1, len(tail) - rule.recent), len(tail))
    ):
        standing = Standing.SLIPPING
    else:
        standing = Standing.LEARNING
    return SkillMastery(goal, standing, answered, len(window), right, seconds, total_ms)


@dataclass(frozen=True, slots=True)
class ModuleProgress:
    module: Module
    state: ModuleState
    skills: tuple[SkillMastery, ...]

    @property
    def mastered_count(self) -> int:
        return sum(1 for s in self.skills if s.mastered)

    @property
    def through(self) -> bool:
        """Every skill mastered or slipping: what opens the next module."""
        return all(s.standing in (Standing.MASTERED, Standing.SLIPPING) for s in self.skills)


@dataclass(frozen=True, slots=True)
class PathProgress:
    curriculum: Curriculum
    modules: tuple[ModuleProgress, ...]

    @property
    def skills(self) -> tuple[SkillMastery, ...]:
        return tuple(s for m in self.modules for s in m.skills)

    @property
    def ready(self) -> bool:
        """Every module mastered: nothing stands between the trainee and the audition."""
        return all(m.state is ModuleState.MASTERED for m in self.modules)

    @property
    def to_go(self) -> tuple[SkillMastery, ...]:
        """The skills not mastered, in path order: what stands before the audition."""
        return tuple(s for s in self.skills if not s.mastered)

    @property
    def readiness(self) -> str:
        """ "table-ready" (every module mastered), "close" (CLOSE skills left or fewer), or
        "N left": what an instructor reads first."""
        left = len(self.to_go)
        if self.ready:
            return "table-ready"
        return "close" if left <= CLOSE else f"{left} left"

    @property
    def held_back_by(self) -> tuple[str, ...]:
        """Each skill left, with the first thing it needs."""
        return tuple(
            f"{s.goal.title} ({s.needs[0]})" if s.needs else s.goal.title for s in self.to_go
        )

    @property
    def next_skill(self) -> SkillMastery | None:
        for m in self.modules:
            if m.state is ModuleState.IN_PROGRESS:
                for s in m.skills:
                    if not s.mastered:
                        return s
        return None

    @property
    def next_drill(self) -> str | None:
        """The drill to take next (None: the path is mastered, or nothing is open)."""
        skill = self.next_skill
        return None if skill is None else skill.goal.drill

    def standing_of(self, key: str) -> Standing | None:
        """How the goal a history skill key counts towards stands (None: no goal covers it)."""
        for s in self.skills:
            if s.goal.covers(key):
                return s.standing
        return None

    def reviewed(self, key: str) -> bool:
        """Whether the spaced review should draw this key: not mastered, or slipping."""
        return self.standing_of(key) is not Standing.MASTERED


def assess(
    curriculum: Curriculum,
    answered: Mapping[str, int],
    recent: Iterable[Answer],
    matched: dict[str, tuple[int, ...]] | None = None,
) -> PathProgress:
    """The path from answer counts per skill key (in all) and each key's latest answers (at
    least its last 2 x ``recent`` of every goal covering it: ``recent_answers`` reads those).

    Each distinct key is matched against the goals' patterns once, and the answers are
    sorted into their goals in one pass: the cost follows the answers read, not answers x
    goals (``matched``: the goals each key counts towards, shared by every trainee of a class
    view assessed on the same curriculum)."""
    goals = curriculum.goals
    matched = {} if matched is None else matched

    def goals_of(key: str) -> tuple[int, ...]:
        if key not in matched:
            matched[key] = tuple(i for i, g in enumerate(goals) if g.covers(key))
        return matched[key]

    counts = [0] * len(goals)
    for key, n in answered.items():
        for i in goals_of(key):
            counts[i] += n
    tails: list[list[tuple[bool, float]]] = [[] for _ in goals]
    for a in sorted(recent, key=lambda a: (a.answered_at, a.order)):
        for i in goals_of(a.skill):
            tails[i].append((a.correct, a.seconds))
    judged = iter([judge(g, counts[i], tails[i]) for i, g in enumerate(goals)])
    modules: list[ModuleProgress] = []
    open_ = True
    for module in curriculum.modules:
        skills = tuple(next(judged) for _ in module.skills)
        if curriculum.in_order and not open_:
            # not yet open, whatever its skills: a module is never shown mastered while the
            # path says it has not opened (its skills still show what was answered)
            state = ModuleState.NOT_OPEN
        elif all(s.mastered for s in skills):
            state = ModuleState.MASTERED
        else:
            state = ModuleState.IN_PROGRESS
        progress = ModuleProgress(module, state, skills)
        open_ = open_ and progress.through
        modules.append(progress)
    return PathProgress(curriculum, tuple(modules))


def class_paths(store: HistoryStore, curriculum: Curriculum) -> dict[str, PathProgress]:
    """Every trainee's path, in two reads for the whole class (the totals per trainee and
    skill, and each trainee's and skill's latest answers): the class view's cost is not a
    round trip per trainee."""
    answered: dict[str, dict[str, int]] = {}
    for r in skill_rows(store, None):
        answered.setdefault(r.trainee, {})[r.skill] = r.answered
    recent = recent_answers_by_trainee(store, recent_depth(curriculum))
    matched: dict[str, tuple[int, ...]] = {}
    return {
        who: assess(curriculum, counts, recent.get(who, []), matched)
        for who, counts in answered.items()
    }


def recent_depth(curriculum: Curriculum) -> int:
    """How many of each key's latest answers ``assess`` needs: twice the longest window."""
    return 2 * max((g.rule.recent for g in curriculum.goals), default=1)


def path_progress(store: HistoryStore, trainee: str, curriculum: Curriculum) -> PathProgress:
    """``trainee``'s place on the path, read from the history: the counts the database keeps
    per skill and each skill's latest answers (its cost follows the skills, not the answers)."""
    answered = {r.skill: r.answered for r in skill_rows(store, trainee)}
    recent = recent_answers(store, trainee, recent_depth(curriculum))
    return assess(curriculum, answered, recent)


# -- over time: the progress picture ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DayPoint:
    """One day of a skill goal's answers (pooled over its keys)."""

    day: str  # YYYY-MM-DD, UTC
    answered: int
    right: int
    seconds: float

    @property
    def average(self) -> float:
        return self.seconds / self.answered

    @property
    def accuracy(self) -> float:
        return self.right / self.answered


def trends(curriculum: Curriculum, days: Iterable[SkillDay]) -> dict[str, tuple[DayPoint, ...]]:
    """Each goal's days (by goal id, oldest first), pooled over the keys it covers: speed per
    skill over time."""
    pooled: dict[str, dict[str, tuple[int, int, float]]] = {g.id: {} for g in curriculum.goals}
    for row in days:
        for goal in curriculum.goals:
            if goal.covers(row.skill):
                n, c, s = pooled[goal.id].get(row.day, (0, 0, 0.0))
                pooled[goal.id][row.day] = (n + row.answered, c + row.correct, s + row.seconds)
    return {
        goal: tuple(DayPoint(day, *pooled[goal][day]) for day in sorted(pooled[goal]))
        for goal in pooled
    }


def skill_trends(
    store: HistoryStore, trainee: str, curriculum: Curriculum
) -> dict[str, tuple[DayPoint, ...]]:
    """``trends`` from the history (one grouped read)."""
    return trends(curriculum, skill_days(store, trainee))


@dataclass(frozen=True, slots=True)
class PathPicture:
    """What the path screen shows: the path now, and each goal's days."""

    path: PathProgress
    days: Mapping[str, tuple[DayPoint, ...]]


def path_picture(store: HistoryStore, trainee: str, curriculum: Curriculum) -> PathPicture:
    return PathPicture(
        path_progress(store, trainee, curriculum), skill_trends(store, trainee, curriculum)
    )
