"""A table run's results: each table as worked (``TableResult``) and the run's end as the
results screen shows it (``TableSummary``).  Frozen values, built by the session once
tables are done, read by the results screen and the history.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from trainer.engine import Coup
from trainer.engine.pace import PaceMeasure, PaceTarget, TableFormat
from trainer.engine.table import Layout
from trainer.session.run import SkillScore
from trainer.session.shoe import ShoeSummary
from trainer.session.table.values import Fault, TableAnswer, TableMistake

__all__ = ["TableResult", "TableSummary"]


NO_TARGET = PaceTarget()


def _floor(value: Fraction) -> int:
    """Coups an hour shown whole, rounded down: never more than were dealt."""
    return math.floor(value)


def _tenths_up(value: Fraction) -> str:
    """Seconds shown to a tenth, rounded up: never faster than measured."""
    tenths = math.ceil(value * 10)
    return f"{tenths // 10}.{tenths % 10}"


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table as worked: its answers, mistakes and time."""

    number: int
    coup: Coup
    layout: Layout
    answers: tuple[TableAnswer, ...]
    mistakes: tuple[TableMistake, ...]
    seconds: float
    payout_seconds: tuple[float, ...]
    timed_out: bool
    target_seconds: float | None
    #: What the trainee is taught from a missed table: the result as the house words it,
    #: the engine's procedure in words (the table worked right, in the house's order), and
    #: the coup's lesson.
    result_text: str = ""
    procedure: tuple[str, ...] = ()
    note: str | None = None

    @property
    def right(self) -> int:
        return sum(a.correct for a in self.answers)

    @property
    def total(self) -> int:
        return len(self.answers)

    @property
    def correct(self) -> bool:
        return self.right == self.total and not self.timed_out

    @property
    def seats(self) -> int:
        return len(self.layout.seats)

    @property
    def within_target(self) -> bool | None:
        """Worked within the target time, judged on time alone (the mistakes are counted
        apart: a 12.4 s table with a mistake is fast, not slow); a table whose time ran out
        is never within it.  None when the drill sets no target."""
        if self.target_seconds is None:
            return None
        return not self.timed_out and self.seconds <= self.target_seconds


@dataclass(frozen=True, slots=True)
class TableSummary:
    """The end of a table run, as the results screen shows it: the score over every graded
    answer, the mistakes by kind, and each table's time against the target."""

    right: int
    total: int
    percent: int
    passed: bool
    pass_mark: int
    seconds: float
    by_skill: tuple[SkillScore, ...]
    tables: tuple[TableResult, ...]
    mistakes: Mapping[Fault, int]
    target_seconds: float | None
    time_limit: float | None
    #: A shoe at the table: coups dealt, where the cut card came out, Dragon 7s and Panda 8s
    #: seen, the shoe questions missed by kind.
    shoe: ShoeSummary | None = None
    retry_of: str | None = None  # the run whose missed tables this retry works again
    #: The house's pace targets for its table's format (empty: none set).
    pace_target: PaceTarget = NO_TARGET
    table_format: TableFormat = TableFormat.MINI

    @property
    def pace(self) -> PaceMeasure:
        """The dealer's pace over the tables worked: coups an hour, seconds a seat settled
        (every seat with a bet on a table worked, a timed-out table at its limit)."""
        return PaceMeasure(len(self.tables), sum(t.seats for t in self.tables), self.seconds)

    @property
    def pace_line(self) -> str:
        """The pace in words, against the house's targets for its format: "90 coups an hour
        (target 80: met), 5.0 s a seat (target 4.5: under), mini table"."""
        pace, target = self.pace, self.pace_target
        coups, seat = pace.coups_an_hour, pace.seconds_a_seat
        if coups is None or seat is None:
            return "no pace measured"
        parts = [f"{_floor(coups)} coups an hour", f"{_tenths_up(seat)} s a seat settled"]
        c, s = pace.coups_verdict(target), pace.seats_verdict(target)
        if c is not None:
            parts[0] += f" (target {target.coups_an_hour}: {c.value})"
        if s is not None:
            parts[1] += f" (target {target.seconds_a_seat:f}: {s.value})"
        return ", ".join(parts) + f", {self.table_format.label}"

    @property
    def retry(self) -> bool:
        return self.retry_of is not None

    @property
    def missed(self) -> tuple[TableResult, ...]:
        """The tables with a wrong answer (or whose time ran out): what ``m`` steps through
        and ``r`` works again."""
        return tuple(t for t in self.tables if not t.correct)

    @property
    def headline(self) -> str:
        """The verdict line's words: a pass or not for a run; for a retry, what it is."""
        if self.retry:
            tables = "missed table" if len(self.tables) == 1 else "missed tables"
            return f"Retry of {len(self.tables)} {tables}: practice"
        return "✓ PASSED" if self.passed else "✗ NOT PASSED"

    @property
    def table_seconds(self) -> tuple[float, ...]:
        return tuple(t.seconds for t in self.tables)

    @property
    def within_target(self) -> int:
        return sum(bool(t.within_target) for t in self.tables)

    @property
    def trend(self) -> str:
        """Table times against the target, in words: the first half's average against the
        second half's ("62.0 s -> 48.5 s a table, target 60 s: 3 of 6 within it")."""
        times = self.table_seconds
        if not times:
            return "no table worked"
        if len(times) == 1:
            line = f"{times[0]:.1f} s for the table"
        else:
            half = len(times) // 2
            first = sum(times[:half]) / half
            second = sum(times[half:]) / (len(times) - half)
            word = "faster" if second < first else "slower" if second > first else "steady"
            line = f"{first:.1f} s -> {second:.1f} s a table ({word})"
        if self.target_seconds is not None:
            line += (
                f", target {self.target_seconds:g} s: {self.within_target} of "
                f"{len(times)} within it"
            )
        return line
