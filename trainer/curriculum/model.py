"""A curriculum as the trainer uses it: plain frozen values, no YAML (the loader builds them).

A *skill goal* is what mastery is judged on: one or more skill keys of the history
(``trainer.skills``, matched as shell-style patterns: ``banker:*`` is every tableau cell),
pooled, so "the Banker tableau" is mastered as one skill rather than as 88 cells of 50
answers each.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from trainer.engine.pace import HOUR, PaceTarget, TableFormat
from trainer.scoring import millis
from trainer.skillkey import matches_any


@dataclass(frozen=True, slots=True)
class PaceBand:
    """A mastery target taken from the school's pace targets (the curriculum's ``pace``):
    the time of one coup at ``table_format``'s coups an hour (``per`` "coup": 3,600 s / the
    target) or its seconds a seat settled (``per`` "seat")."""

    table_format: TableFormat
    per: str  # "coup" | "seat"

    def millis(self, targets: Mapping[TableFormat, PaceTarget]) -> Fraction | None:
        """The target in milliseconds, exact (3,600,000 / 150 coups an hour is 24,000;
        / 7 is 3,600,000/7, never rounded); None when ``targets`` set no such measure."""
        target = targets.get(self.table_format, PaceTarget())
        if self.per == "coup":
            return (
                None
                if target.coups_an_hour is None
                else Fraction(HOUR * 1000, target.coups_an_hour)
            )
        return None if target.seconds_a_seat is None else Fraction(target.seconds_a_seat) * 1000


@dataclass(frozen=True, slots=True)
class MasteryRule:
    """When a skill counts as mastered: at least ``min_answers`` answers in all, and over the
    most recent ``recent`` of them, ``accuracy`` percent right and an average time at most
    ``target_seconds``.  At or under ``fast`` percent of the target is *fast*, up to the
    target *on pace*, over it *slow*."""

    min_answers: int = 50
    recent: int = 30
    accuracy: int = 90
    target_seconds: float = 5.0
    fast: int = 75
    #: The target taken from the school's pace targets instead of ``target_seconds``
    #: (``PaceBand``), in exact milliseconds; None: ``target_seconds`` is the target.
    pace_millis: Fraction | None = None
    pace_band: PaceBand | None = None

    @property
    def target_millis(self) -> int | Fraction:
        """The target time per answer in milliseconds, exact: the pace band's when one is
        set (a Fraction), else ``target_seconds`` rounded half up to a whole millisecond."""
        return millis(self.target_seconds) if self.pace_millis is None else self.pace_millis


@dataclass(frozen=True, slots=True)
class SkillGoal:
    id: str
    title: str
    keys: tuple[str, ...]  # skill key patterns (fnmatch): "natural", "banker:*"
    drill: str  # the drill that practises it (one of its module's drills)
    rule: MasteryRule

    def covers(self, key: str) -> bool:
        """Whether the history's skill ``key`` counts towards this goal."""
        return matches_any(self.keys, key)


@dataclass(frozen=True, slots=True)
class Module:
    id: str
    title: str
    drills: tuple[str, ...]
    skills: tuple[SkillGoal, ...]


@dataclass(frozen=True, slots=True)
class Grade:
    """One grade of the audition's rubric: at least ``accuracy`` percent right and an average
    time at most ``pace`` percent of the area's target."""

    grade: str
    accuracy: int
    pace: int
    #: An area given this grade is retaken on its own: it does not pass, but the rest of
    #: the audition stands (a C on one practical item retakes that item).
    retake: bool = False


@dataclass(frozen=True, slots=True)
class InARow:
    """A rubric item: ``coups`` coups in a row dealt without a wrong answer to ``without``
    (an error of a named kind: a drawing error), among an area's answers in the order given.
    A coup is the answers of one run that share the coup's cards; a coup with no answer to
    ``without`` neither counts nor breaks the run.  Not met, the area is graded no better
    than ``at_most`` (a grade of the rubric), or fails with none named."""

    coups: int
    without: tuple[str, ...]
    title: str  # the error, as the sheet names it: "a drawing error"
    at_most: str = ""

    def covers(self, key: str) -> bool:
        return matches_any(self.without, key)


@dataclass(frozen=True, slots=True)
class Band:
    """A named grade band: an audition's score (whole percent right over every answer of the
    sitting, truncated) from ``low`` to ``high``, both included."""

    name: str
    low: int
    high: int

    def holds(self, score: int) -> bool:
        return self.low <= score <= self.high


@dataclass(frozen=True, slots=True)
class Area:
    """A practical area of the audition: the answers to its skill keys, graded by the rubric."""

    id: str
    title: str
    keys: tuple[str, ...]
    target_seconds: float
    drill: str = ""  # the drill it is sat with (one there is), if any
    in_a_row: InARow | None = None  # a run of coups it must deal without an error of a kind

    def covers(self, key: str) -> bool:
        return matches_any(self.keys, key)


@dataclass(frozen=True, slots=True)
class RedLine:
    """A mistake that fails the audition whatever else: a wrong answer to one of ``keys``;
    with ``over``, only a wrong amount off the right one by more than that."""

    id: str
    title: str
    keys: tuple[str, ...]
    over: Decimal | None = None

    def covers(self, key: str) -> bool:
        return matches_any(self.keys, key)


@dataclass(frozen=True, slots=True)
class Audition:
    """What the audition asks and how it is judged (the school's; sat as a run of its own)."""

    written_questions: int
    written_pass_mark: int  # percent
    areas: tuple[Area, ...]
    rubric: tuple[Grade, ...]  # best first; below the last grade an area fails
    red_lines: tuple[RedLine, ...] = ()
    retake_days: int = 7
    #: Answers an area needs before it is graded (fewer: "not enough answers", failed).
    min_answers: int = 5
    #: Named grade bands over the sitting's score, best first (none: no score is named); a
    #: score in no band fails the audition.
    bands: tuple[Band, ...] = ()
    #: The school's pace targets per table format (the curriculum's ``pace``), over the
    #: house's of each table area's drill.
    pace: Mapping[TableFormat, PaceTarget] = field(default_factory=dict, hash=False)


@dataclass(frozen=True, slots=True)
class Curriculum:
    name: str
    modules: tuple[Module, ...]
    school: str = ""
    #: A module opens only once every skill of every earlier one is mastered or slipping (a
    #: school's choice; a slip does not close it again).
    in_order: bool = True
    mastery: MasteryRule = MasteryRule()
    audition: Audition | None = None
    source: Path | None = None
    #: The school's pace targets per table format, over a house's (trainer.engine.pace).
    pace: Mapping[TableFormat, PaceTarget] = field(default_factory=dict, hash=False)

    @property
    def goals(self) -> tuple[SkillGoal, ...]:
        return tuple(g for m in self.modules for g in m.skills)

    def goal_of(self, key: str) -> SkillGoal | None:
        """The first goal (in path order) a history skill key counts towards, if any."""
        for goal in self.goals:
            if goal.covers(key):
                return goal
        return None
