"""What the progress screen shows, as plain values: the screen only lays them out.

Accuracy per Banker tableau cell (Banker two-card total 0-7 x the Player's third card 0-9,
plus "Player stood"), per Player draw total, naturals, per outcome and per bet payout;
sessions over time with score and average seconds per answer; what is due for review.

A retry of missed questions is practice, not a run: it is kept out of ``sessions`` (the
chart, the count, the table) and listed in ``retries``; its answers are real answers and
count per skill and for review like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from trainer.engine import Bet, BetResult, Outcome
from trainer.engine.settlement import RESULTS
from trainer.history.scheduler import SkillState, due_from, next_due, schedule
from trainer.history.store import HistoryStore
from trainer.session.records import AnswerRecord, SessionRecord
from trainer.skills import family

BANKER_TOTALS: tuple[int, ...] = tuple(range(8))
#: Grid columns: the Player's third-card value, then None for "the Player stood".
THIRD_CARDS: tuple[int | None, ...] = (*range(10), None)
PLAYER_TOTALS: tuple[int, ...] = tuple(range(8))
#: The (bet, result) pairs the settlement table can produce, in layout order.
PAYOUTS: tuple[tuple[Bet, BetResult], ...] = tuple(
    (bet, result)
    for bet in Bet
    for result in BetResult
    if any(RESULTS[o][bet] is result for o in Outcome)
)


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


def tally_by(
    answers: Iterable[AnswerRecord], key: Callable[[AnswerRecord], str]
) -> dict[str, Tally]:
    """Tallies keyed by ``key(answer)``: its skill, skill family, session..."""
    out: dict[str, Tally] = {}
    for a in answers:
        k = key(a)
        out[k] = out.get(k, Tally()).add(a.correct, a.seconds)
    return out


def by_skill(answer: AnswerRecord) -> str:
    return answer.skill


def by_family(answer: AnswerRecord) -> str:
    return family(answer.skill)


def total(answers: Iterable[AnswerRecord]) -> Tally:
    t = Tally()
    for a in answers:
        t = t.add(a.correct, a.seconds)
    return t


@dataclass(frozen=True, slots=True)
class TableauGrid:
    """The Banker tableau as the trainee has answered it: cells[(total, third or None)]."""

    cells: Mapping[tuple[int, int | None], Tally]

    def cell(self, banker_total: int, player_third: int | None) -> Tally:
        return self.cells.get((banker_total, player_third), Tally())

    @property
    def rows(self) -> tuple[tuple[int, tuple[Tally, ...]], ...]:
        """(banker total, tallies in THIRD_CARDS order) for totals 0-7: ready to draw."""
        return tuple((bt, tuple(self.cell(bt, p3) for p3 in THIRD_CARDS)) for bt in BANKER_TOTALS)


@dataclass(frozen=True, slots=True)
class SessionPoint:
    """One run of a drill, for the sessions-over-time chart."""

    session_id: str
    drill_id: str
    drill_title: str
    mode: str
    started_at: datetime
    finished_at: datetime | None
    questions: int
    correct: int
    passed: bool | None
    abandoned: bool
    reference_opened: int
    answered: int  # answers stored for it (an abandoned run keeps those given)
    answered_correct: int
    avg_seconds: float | None
    retry_of: str | None = None  # a retry of that run's missed questions: practice

    @property
    def completed(self) -> bool:
        """Run to the end (SessionRecord.completed)."""
        return self.finished_at is not None and not self.abandoned

    @property
    def right_of(self) -> tuple[int, int]:
        """(right, out of): the questions when run to the end, else the answers given."""
        if self.completed and self.questions:
            return self.correct, self.questions
        return self.answered_correct, self.answered

    @property
    def score(self) -> float | None:
        """Fraction right (see right_of); None when nothing was answered."""
        right, of = self.right_of
        return right / of if of else None


@dataclass(frozen=True, slots=True)
class ProgressData:
    trainee: str
    total: Tally
    tableau: TableauGrid
    player: Mapping[int, Tally]  # Player draw decision per two-card total 0-7
    natural: Tally
    outcomes: Mapping[Outcome, Tally]
    payouts: Mapping[tuple[Bet, BetResult], Tally]
    sessions: tuple[SessionPoint, ...]  # runs (retries left out), oldest first
    due: tuple[SkillState, ...]  # lowest box first
    next_due: datetime | None  # when the next skill not yet due comes due
    states: Mapping[str, SkillState] = field(default_factory=dict)  # every skill's box
    retries: tuple[SessionPoint, ...] = ()  # retries of missed questions, oldest first

    @property
    def empty(self) -> bool:
        return self.total.answered == 0 and not self.sessions


def compute_progress(
    trainee: str,
    answers: Iterable[AnswerRecord],
    sessions: Iterable[SessionRecord],
    now: datetime | None = None,
) -> ProgressData:
    """Progress from one trainee's answers (in time order) and sessions."""
    answers = list(answers)
    skills = tally_by(answers, by_skill)
    cells: dict[tuple[int, int | None], Tally] = {}
    player: dict[int, Tally] = {}
    outcomes: dict[Outcome, Tally] = {}
    payouts: dict[tuple[Bet, BetResult], Tally] = {}
    for key, t in skills.items():
        try:
            match key.split(":"):
                case ["banker", bt, "stood"]:
                    cells[(int(bt), None)] = t
                case ["banker", bt, p3]:
                    cells[(int(bt), int(p3))] = t
                case ["player", pt]:
                    player[int(pt)] = t
                case ["outcome", o]:
                    outcomes[Outcome(o)] = t
                case ["payout", bet, result]:
                    payouts[(Bet(bet), BetResult(result))] = t
        except ValueError:
            continue  # a key from a newer version: shown nowhere, counted in the total
    per_session = tally_by(answers, lambda a: a.session_id)
    points = tuple(
        SessionPoint(
            session_id=s.session_id,
            drill_id=s.drill_id,
            drill_title=s.drill_title,
            mode=s.mode,
            started_at=s.started_at,
            finished_at=s.finished_at,
            questions=s.questions,
            correct=s.correct,
            passed=s.passed,
            abandoned=s.abandoned,
            reference_opened=s.reference_opened,
            answered=per_session.get(s.session_id, Tally()).answered,
            answered_correct=per_session.get(s.session_id, Tally()).correct,
            avg_seconds=per_session.get(s.session_id, Tally()).avg_seconds,
            retry_of=s.retry_of,
        )
        for s in sorted(sessions, key=lambda s: s.started_at)
    )
    states = schedule((a.skill, a.correct, a.answered_at) for a in answers)
    return ProgressData(
        trainee=trainee,
        total=total(answers),
        tableau=TableauGrid(cells),
        player=player,
        natural=skills.get("natural", Tally()),
        outcomes=outcomes,
        payouts=payouts,
        sessions=tuple(p for p in points if p.retry_of is None),
        due=tuple(due_from(states, now)),
        next_due=next_due(states, now),
        states=states,
        retries=tuple(p for p in points if p.retry_of is not None),
    )


def progress_data(
    store: HistoryStore, trainee: str, now: datetime | None = None
) -> ProgressData:
    """Everything the progress screen shows for ``trainee``."""
    return compute_progress(trainee, store.answers(trainee), store.sessions(trainee), now)
