"""A run of a drill: the question sequence, grading, scoring, timing and what is reported.

Plain Python (no Textual) so every rule of a session is tested without a terminal.  The
session never stores an answer key: each answer is graded by asking the engine then.

Time limits: in an exam a limit is enforced (an answer after it, or ``expire()`` called by
the UI's timer, is graded wrong as "timeout").  In practice the limit is shown and answers
over it are flagged ``over_time`` in the results, but graded on their merits: practice is
for learning the rule, speed comes after.
"""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING

from trainer.drills.model import Drill, DrillCoup, Kind, Mode
from trainer.session import scoring
from trainer.session.clock import Clock, Now, utc_now
from trainer.session.questions import Answer, TimedOut, expand
from trainer.session.records import AnswerRecord, SessionRecord
from trainer.session.run import (
    Asked,
    ReferenceRefused,
    Result,
    SessionError,
    SkillScore,
    skill_order,
)

if TYPE_CHECKING:
    from trainer.session.shoe import DealtShoe

OnAnswer = Callable[[AnswerRecord], None]
OnSession = Callable[[SessionRecord], None]


@dataclass(frozen=True, slots=True)
class Summary:
    """The end of a run, as the results screen shows it."""

    right: int
    total: int
    percent: int
    passed: bool  # always False for a retry: a retry is practice, never a pass
    pass_mark: int
    seconds: float
    by_skill: tuple[SkillScore, ...]
    missed: tuple[Result, ...]
    reference_opened: int
    retry_of: str | None = None  # the run whose missed questions this retry asks again

    @property
    def retry(self) -> bool:
        return self.retry_of is not None

    @property
    def headline(self) -> str:
        """The verdict line's words: a pass or not for a run; for a retry, what it is."""
        if self.retry:
            missed = "missed question" if self.total == 1 else "missed questions"
            return f"Retry of {self.total} {missed}: practice"
        return "✓ PASSED" if self.passed else "✗ NOT PASSED"


@dataclass
class Session:
    """One run of a drill.  Ask ``current``, give ``answer(...)``, repeat until ``finished``."""

    drill: Drill
    coups: Sequence[DrillCoup]
    trainee: str
    clock: Clock = time.monotonic
    now: Now = utc_now
    on_answer: OnAnswer | None = None
    on_session: OnSession | None = None
    questions: list[Asked] = field(default_factory=list)
    #: A shoe drill's shoe: where each coup stands in it (None: separate coups).
    shoe: DealtShoe | None = None
    session_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    results: list[Result] = field(default_factory=list)
    reference_opened: int = 0
    started_at: datetime | None = None
    finished_at: datetime | None = None
    abandoned: bool = False
    #: A retry of missed questions: the session_id of the run (never itself a retry) whose
    #: missed questions it asks again.  A retry is practice: no verdict, not an attempt.
    retry_of: str | None = None
    _asked_at: float | None = None

    def __post_init__(self) -> None:
        if self.drill.is_table:
            raise SessionError(f"drill {self.drill.id!r} works whole tables: run it as a "
                               "trainer.session.table.TableSession")
        if not self.questions:
            self.questions = expand(
                self.coups, self.drill.steps, self.drill.paytable, house=self.drill.house
            )
        if not self.questions:
            raise SessionError(f"drill {self.drill.id!r} asks no questions about its coups")

    @classmethod
    def deal(
        cls,
        drill: Drill,
        trainee: str,
        rng: random.Random,
        deal: Callable[[Drill, random.Random], Sequence[DrillCoup]] | None = None,
        **kwargs: object,
    ) -> Session:
        """A new run of ``drill`` with coups dealt from ``rng`` (the drill's own generator
        unless ``deal`` is given; a shoe drill deals its shoe)."""
        if drill.kind is Kind.SHOE:
            from trainer.session.shoe import deal_shoe, shoe_questions

            run = deal_shoe(drill, rng)
            coups, asked = shoe_questions(drill, run, rng)
            return cls(drill, coups, trainee, questions=list(asked), shoe=run,
                       **kwargs)  # type: ignore[arg-type]
        coups = list(deal(drill, rng) if deal is not None else drill.deal(rng))
        if drill.kind is Kind.CALL:
            from trainer.session.calls import call_questions

            return cls(drill, coups, trainee, questions=list(call_questions(drill, coups, rng)),
                       **kwargs)  # type: ignore[arg-type]
        if drill.kind is Kind.SPOT:
            from trainer.session.spot import spot_questions

            return cls(drill, coups, trainee, questions=list(spot_questions(drill, coups, rng)),
                       **kwargs)  # type: ignore[arg-type]
        return cls(drill, coups, trainee, **kwargs)  # type: ignore[arg-type]

    # -- state -------------------------------------------------------------------------------

    @property
    def exam(self) -> bool:
        return self.drill.mode is Mode.EXAM

    @property
    def total(self) -> int:
        return len(self.questions)

    @property
    def index(self) -> int:
        """0-based index of the question being asked (== total when finished)."""
        return len(self.results)

    @property
    def finished(self) -> bool:
        return self.index >= self.total

    @property
    def in_progress(self) -> bool:
        return self.started_at is not None and not self.finished and not self.abandoned

    @property
    def current(self) -> Asked:
        if self.finished:
            raise SessionError("the session is finished: no current question")
        return self.questions[self.index]

    @property
    def right(self) -> int:
        return sum(r.correct for r in self.results)

    @property
    def time_limit(self) -> float | None:
        return self.drill.time_limit

    # -- flow --------------------------------------------------------------------------------

    def start(self) -> None:
        """Begin the run (reports the session) and start the clock on the first question."""
        if self.started_at is not None:
            return
        self.started_at = self.now()
        self._emit_session()
        self.ask()

    def ask(self) -> None:
        """Start the clock on the current question (the UI calls this when it is shown)."""
        if not self.finished:
            self._asked_at = self.clock()

    def elapsed(self) -> float:
        if self._asked_at is None:
            return 0.0
        return max(0.0, self.clock() - self._asked_at)

    def remaining(self) -> float | None:
        """Seconds left on the current question's limit; None when the drill sets none."""
        if self.time_limit is None:
            return None
        return self.time_limit - self.elapsed()

    def expired(self) -> bool:
        left = self.remaining()
        return left is not None and left <= 0

    def answer(self, answer: Answer) -> Result:
        """Grade ``answer`` to the current question against the engine and record it."""
        if self.started_at is None:
            self.start()
        question = self.current
        if not question.accepts(answer):
            raise SessionError(f"{answer!r} does not answer {question.step.label!r}")
        seconds = self.elapsed()
        over = self.time_limit is not None and seconds > self.time_limit
        if over and self.exam:
            answer = TimedOut()
        result = Result(
            self.index + 1, question, answer, question.grade(answer), seconds,
            over_time=over and not self.exam,
        )
        self.results.append(result)
        self._emit_answer(result)
        if self.finished:
            self.finished_at = self.now()
            self._asked_at = None
            self._emit_session()
        else:
            self.ask()
        return result

    def expire(self) -> Result | None:
        """Grade the current question as timed out if its enforced limit has run out."""
        if self.finished or not self.exam or not self.expired():
            return None
        return self.answer(TimedOut())

    def open_reference(self) -> int:
        """Count an opening of the rules reference; refused in an exam until it is over."""
        if self.exam and not self.finished:
            raise ReferenceRefused("the rules reference is closed during an exam")
        self.reference_opened += 1
        return self.reference_opened

    def abandon(self) -> None:
        """The trainee quit mid-drill: report the session as ended without a verdict."""
        if self.started_at is None or self.finished or self.abandoned:
            return
        self.abandoned = True
        self.finished_at = self.now()
        self._emit_session()

    # -- results -----------------------------------------------------------------------------

    @property
    def retry(self) -> bool:
        return self.retry_of is not None

    def summary(self) -> Summary:
        right, total = self.right, len(self.results)
        scores: dict[str, list[int]] = {}
        for r in self.results:
            tally = scores.setdefault(r.graded.skill.key, [0, 0])
            tally[0] += r.correct
            tally[1] += 1
        by_skill = tuple(
            SkillScore(key, a, b) for key, (a, b) in sorted(scores.items(), key=_by_skill)
        )
        return Summary(
            right=right,
            total=total,
            percent=scoring.percent(right, total) or 0,
            passed=self.passed,
            pass_mark=self.drill.pass_mark,
            seconds=sum(r.seconds for r in self.results),
            by_skill=by_skill,
            missed=tuple(r for r in self.results if not r.correct),
            reference_opened=self.reference_opened,
            retry_of=self.retry_of,
        )

    @property
    def passed(self) -> bool:
        """Score against the pass mark (scoring.passes); never for a retry, which is practice."""
        mark = self.drill.pass_mark
        return not self.retry and scoring.passes(self.right, len(self.results), mark)

    def retry_missed(self) -> Session:
        """A new session asking just the questions missed in this one, in the same order.

        It is practice of those questions, linked to the run they were missed in (the original
        run, also when retrying a retry): recorded with ``retry_of``, never a pass or a run.
        """
        missed = [r.question for r in self.results if not r.correct]
        if not missed:
            raise SessionError("nothing was missed: there is nothing to retry")
        return Session(
            drill=self.drill,
            coups=[q.dealt for q in missed],
            trainee=self.trainee,
            clock=self.clock,
            now=self.now,
            on_answer=self.on_answer,
            on_session=self.on_session,
            questions=[replace(q, coup_index=i) for i, q in enumerate(missed)],
            retry_of=self.retry_of or self.session_id,
        )

    # -- reporting ---------------------------------------------------------------------------

    def record(self) -> SessionRecord:
        assert self.started_at is not None
        done = self.finished and not self.abandoned
        return SessionRecord(
            session_id=self.session_id,
            trainee=self.trainee,
            drill_id=self.drill.id,
            drill_title=self.drill.title,
            mode=self.drill.mode.value,
            started_at=self.started_at,
            finished_at=self.finished_at,
            questions=len(self.results),
            correct=self.right,
            passed=self.passed if done and not self.retry else None,
            abandoned=self.abandoned,
            reference_opened=self.reference_opened,
            retry_of=self.retry_of,
        )

    def _emit_session(self) -> None:
        if self.on_session is not None:
            self.on_session(self.record())

    def _emit_answer(self, result: Result) -> None:
        if self.on_answer is None:
            return
        q = result.question
        self.on_answer(
            AnswerRecord(
                session_id=self.session_id,
                trainee=self.trainee,
                drill_id=self.drill.id,
                step=q.step.value,
                skill=result.graded.skill.key,
                cards=tuple(str(c) for c in q.cards),
                answer=result.answer.text,
                expected=result.graded.expected.text,
                correct=result.correct,
                seconds=result.seconds,
                answered_at=self.now(),
                bet=None if q.bet is None else q.bet.value,
                wager=None if q.wager is None else str(q.wager),
            )
        )


def _by_skill(item: tuple[str, list[int]]) -> tuple[int, str]:
    return skill_order(item[0])
