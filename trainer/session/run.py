"""What every run of a drill shares, whatever it asks: its errors, its answered questions and
its score by skill.

Below the kinds of run (coups, the shoe, the calls, the replays, whole tables), which all
read it, and above the questions it counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.errors import BadInputError
from trainer.scoring import percent
from trainer.session.choice import ChoiceQuestion
from trainer.session.questions import Answer, Graded, Question, TimedOut
from trainer.skills import ALL_FAMILIES, describe, family

#: A question of any drill: about a coup's step, or a multiple choice of the dealer's
#: procedure (trainer.session.choice), or a replay's flag (trainer.session.spot).
Asked = Question | ChoiceQuestion


class SessionError(BadInputError):
    """The session was asked to do something its state does not allow."""


class ReferenceRefused(SessionError):
    """The rules reference is not available in an exam."""


@dataclass(frozen=True, slots=True)
class Result:
    """One question as answered."""

    number: int  # 1-based position in the session
    question: Asked
    answer: Answer
    graded: Graded
    seconds: float
    over_time: bool = False  # practice: answered after the (unenforced) limit

    @property
    def correct(self) -> bool:
        return self.graded.correct

    @property
    def timed_out(self) -> bool:
        return isinstance(self.answer, TimedOut)


@dataclass(frozen=True, slots=True)
class SkillScore:
    key: str
    right: int
    total: int

    @property
    def label(self) -> str:
        return describe(self.key)

    @property
    def percent(self) -> int:
        """Whole percent, truncated (trainer.scoring: the one rule everywhere)."""
        return percent(self.right, self.total) or 0


_FAMILY_ORDER = {name: i for i, name in enumerate(ALL_FAMILIES)}


def skill_order(key: str) -> tuple[int, str]:
    """Where a skill is listed in results: by family (ALL_FAMILIES' order), then by key."""
    return (_FAMILY_ORDER.get(family(key), len(ALL_FAMILIES)), key)
