"""Tallies of answers and the one weak-skill rule, shared by the progress screen, the report
and the class screen (re-exported by trainer.history.progress).

A module of its own, standard library only, so ``ezbac report`` reads them without importing
the engine that the progress screen's layout needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from trainer.skills import family

#: A skill answered right less often than this fraction (7/10: under 70 %) is "weak": marked
#: "!" on the progress screen and listed among the report's weakest skills.  The one rule.
WEAK_BELOW: tuple[int, int] = (7, 10)


@dataclass(frozen=True, slots=True)
class Tally:
    """Answers to one skill (or a group of skills): how many, how many right, time spent."""

    answered: int = 0
    correct: int = 0
    seconds: float = 0.0

    def add(self, correct: bool, seconds: float) -> Tally:
        return Tally(self.answered + 1, self.correct + correct, self.seconds + seconds)

    def plus(self, other: Tally) -> Tally:
        return Tally(
            self.answered + other.answered,
            self.correct + other.correct,
            self.seconds + other.seconds,
        )

    @property
    def missed(self) -> int:
        return self.answered - self.correct

    @property
    def accuracy(self) -> float | None:
        """Fraction right (0..1); None when nothing was answered."""
        return self.correct / self.answered if self.answered else None

    @property
    def avg_seconds(self) -> float | None:
        return self.seconds / self.answered if self.answered else None


def is_weak(t: Tally) -> bool:
    """Answered, and right less often than WEAK_BELOW (compared exactly, so it agrees with the
    truncated percentage shown: 69 % and below are weak, 70 % is not)."""
    num, den = WEAK_BELOW
    return t.answered > 0 and t.correct * den < t.answered * num


def sum_tallies(tallies: Iterable[Tally]) -> Tally:
    """Added up in plain numbers, one Tally at the end (a report adds up trainees x skills
    of them; a Tally per step was a third of its time)."""
    answered = correct = 0
    seconds = 0.0
    for part in tallies:
        answered += part.answered
        correct += part.correct
        seconds += part.seconds
    return Tally(answered, correct, seconds)


def family_tallies(skills: Mapping[str, Tally]) -> dict[str, Tally]:
    """Per-skill tallies added up per skill family (trainer.skills.family)."""
    sums: dict[str, tuple[int, int, float]] = {}
    for key, t in skills.items():
        f = family(key)
        n, c, secs = sums.get(f, (0, 0, 0.0))
        sums[f] = (n + t.answered, c + t.correct, secs + t.seconds)
    return {f: Tally(n, c, secs) for f, (n, c, secs) in sums.items()}
