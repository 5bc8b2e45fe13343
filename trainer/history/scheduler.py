"""Spaced repetition over skills: Leitner boxes, derived from the answer history.

Why Leitner and not SM-2: every answer here is simply right or wrong, graded by the engine.
SM-2 needs a self-graded quality (0-5) and per-item ease factors that drift; with binary
grades it degenerates into a box system anyway, only less predictable.  Leitner is easy to
explain to a trainee ("a miss sends the cell back to box 1") and to an instructor.

The scheme (INTERVALS): boxes 1-5 come back after 0, 1, 3, 7 and 21 days.

- The first answer to a skill puts it in box 1, due at once, then counts as below.
- A miss sends the skill to box 1: due again at once (the next review brings it back).
- A right answer given when the skill is due moves it up one box (box 5 stays in 5) and it
  is due again that many days after this answer.
- A right answer given before the skill is due changes nothing: ten right answers in one
  drill are one review, not ten, so a skill climbs at most one box per due date.

The state is recomputed from the stored answers every time (no table to drift out of step
with the history, and a change of scheme applies to old answers too); only each skill's
answers from its last miss on are read back, since a miss resets it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from trainer.history.store import HistoryStore
from trainer.skills import reviewed

#: Days until a skill in box N (index N-1) is due again.
INTERVALS: tuple[timedelta, ...] = tuple(timedelta(days=d) for d in (0, 1, 3, 7, 21))
BOXES = len(INTERVALS)


@dataclass(frozen=True, slots=True)
class SkillState:
    skill: str
    box: int  # 1..BOXES
    due_at: datetime
    answered: int
    correct: int

    def is_due(self, now: datetime) -> bool:
        return self.due_at <= now


def advance(state: SkillState | None, skill: str, correct: bool, at: datetime) -> SkillState:
    """The skill's state after one more answer."""
    if state is None:
        state = SkillState(skill, 1, at, 0, 0)
    state = replace(state, answered=state.answered + 1, correct=state.correct + correct)
    if not correct:
        return replace(state, box=1, due_at=at + INTERVALS[0])
    if at >= state.due_at:
        box = min(state.box + 1, BOXES)
        return replace(state, box=box, due_at=at + INTERVALS[box - 1])
    return state


def schedule(answers: Iterable[tuple[str, bool, datetime]]) -> dict[str, SkillState]:
    """Every skill's state from (skill, correct, answered_at) in time order."""
    states: dict[str, SkillState] = {}
    for skill, correct, at in answers:
        states[skill] = advance(states.get(skill), skill, correct, at)
    return states


def skill_states(store: HistoryStore, trainee: str) -> dict[str, SkillState]:
    """Every skill's state for ``trainee``, as ``schedule`` gives it from all their answers,
    replayed from each skill's last miss only (queries.review_tail says why that is enough):
    the home screen's count costs the skills on record, not the answers."""
    from trainer.history.queries import review_tail

    states: dict[str, SkillState] = {}
    totals: dict[str, tuple[int, int]] = {}
    for row in review_tail(store, trainee):
        states[row.skill] = advance(states.get(row.skill), row.skill, row.correct, row.answered_at)
        totals[row.skill] = (row.answered, row.right)
    return {
        skill: replace(s, answered=totals[skill][0], correct=totals[skill][1])
        for skill, s in states.items()
    }


def _now(now: datetime | None) -> datetime:
    return datetime.now(UTC) if now is None else now.astimezone(UTC)


def due_from(states: Mapping[str, SkillState], now: datetime | None = None) -> list[SkillState]:
    """The due skills, lowest box first, then longest overdue."""
    moment = _now(now)
    # only what the review can deal (a shoe's or a call's skill is practised by its drill)
    due = [s for s in states.values() if s.is_due(moment) and reviewed(s.skill)]
    return sorted(due, key=lambda s: (s.box, s.due_at, s.skill))


def due_skills(store: HistoryStore, trainee: str, now: datetime | None = None) -> list[SkillState]:
    """What ``trainee`` should review now (skills never answered are not in review)."""
    return due_from(skill_states(store, trainee), now)


def due_count(store: HistoryStore, trainee: str, now: datetime | None = None) -> int:
    """How many skills are due: the number the home screen shows."""
    return len(due_skills(store, trainee, now))


def next_due(states: Mapping[str, SkillState], now: datetime | None = None) -> datetime | None:
    """When the next skill not yet due comes due (None when none is waiting)."""
    moment = _now(now)
    waiting = [s.due_at for s in states.values() if not s.is_due(moment) and reviewed(s.skill)]
    return min(waiting) if waiting else None
