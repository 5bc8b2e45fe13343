"""A run of a drill's questions (coups, the shoe, the calls, the replays): the question
sequence and its grading against the engine, on the one run lifecycle (``Run``: clock,
limits, score, what is reported).

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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Unpack

from trainer.drills.model import Drill, DrillCoup
from trainer.scoring import percent
from trainer.session.clock import Clock, Now, utc_now
from trainer.session.kinds import Count, Counted, Dealer, session_kind
from trainer.session.questions import Answer, NotAsked, TimedOut, expand
from trainer.session.run import (
    Asked,
    Mark,
    OnAnswer,
    OnRun,
    OnSession,
    Result,
    Run,
    RunHooks,
    SessionError,
    SkillScore,
)

if TYPE_CHECKING:
    from trainer.session.shoe import DealtShoe


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


class Session(OnRun):
    """One run of a drill.  Ask ``current``, give ``answer(...)``, repeat until ``finished``."""

    def __init__(
        self,
        drill: Drill,
        coups: Sequence[DrillCoup],
        trainee: str,
        *,
        clock: Clock = time.monotonic,
        now: Now = utc_now,
        on_answer: OnAnswer | None = None,
        on_session: OnSession | None = None,
        questions: Sequence[Asked] = (),
        shoe: DealtShoe | None = None,
        retry_of: str | None = None,
    ) -> None:
        if drill.at_table:
            raise SessionError(
                f"drill {drill.id!r} works whole tables: run it as a "
                "trainer.session.table.session.TableSession"
            )
        self.drill, self.coups, self.trainee = drill, coups, trainee
        #: A shoe drill's shoe: where each coup stands in it (None: separate coups).
        self.shoe = shoe
        self.questions: list[Asked] = list(questions) or list(
            expand(list(coups), drill.steps, drill.house)
        )
        if drill.most_questions is not None:  # the last coup cut short (Drill.most_questions)
            del self.questions[max(drill.most_questions, 1) :]
        if not self.questions:
            raise SessionError(f"drill {drill.id!r} asks no questions about its coups")
        self.results: list[Result] = []
        self.run = Run(
            drill, trainee, drill.time_limit, clock, now, on_answer, on_session, retry_of=retry_of
        )

    @classmethod
    def deal(
        cls,
        drill: Drill,
        trainee: str,
        rng: random.Random,
        deal: Dealer | None = None,
        **kwargs: Unpack[RunHooks],
    ) -> Session:
        """A new run of ``drill`` with coups dealt from ``rng`` (the drill's own generator
        unless ``deal`` is given; a shoe drill deals its shoe)."""
        dealt = session_kind(drill).deal(drill, rng, deal)
        return cls(
            drill, dealt.coups, trainee, questions=dealt.questions, shoe=dealt.shoe, **kwargs
        )

    # -- state -------------------------------------------------------------------------------
    @property
    def total(self) -> int:
        return len(self.questions)

    def counter(self, number: int) -> str:
        """The header's count at question ``number`` in English ("Q 3/8"): ``count``'s."""
        return str(self.count(number))

    def count(self, number: int) -> Count:
        """The header's count at question ``number`` (1-based), telling nothing a question
        still to come would (docs/decisions.md, "The header's count gives nothing away"),
        and counting what the drill list counts (its "12
        coups"): a shoe gives no total, since the run's length says when the cut card comes
        out; a spot drill counts replays, since its questions count the errors in it (a fix
        question follows each); a drill asking more than one question a coup counts coups
        (its question count would say how many bets win a commission, how many calls a coup
        takes, and disagree with the list), one asking one a coup counts questions, the same
        number.  A retry asks what was missed, and a review is as many questions as the
        trainee chose: their questions are counted."""
        if self.run.retry_of is not None or not self.questions:
            return Count(Counted.QUESTION, number, self.total)
        at = self.questions[min(max(number, 1), self.total) - 1].coup_index
        own = session_kind(self.drill).counter(self.questions, number, at)
        if own is not None:
            return own
        if self.total != len(self.coups) and not self.drill.length_in_questions:
            return Count(Counted.COUP, at + 1, len(self.coups))
        return Count(Counted.QUESTION, number, self.total)

    @property
    def index(self) -> int:
        """0-based index of the question being asked (== total when finished)."""
        return len(self.results)

    @property
    def answered(self) -> int:
        """The answers the trainee gave: an exam's fix question passed over is none, so an
        exam's count of answers says nothing of the replay's error (``_pass_over``)."""
        return sum(not isinstance(r.answer, NotAsked) for r in self.results)

    @property
    def finished(self) -> bool:
        return self.index >= self.total

    @property
    def current(self) -> Asked:
        if self.finished:
            raise SessionError("the session is finished: no current question")
        return self.questions[self.index]

    # -- flow --------------------------------------------------------------------------------
    def start(self) -> None:
        """Begin the run (reports the session) and start the clock on the first question."""
        if self.run.start():
            self.ask()

    def ask(self) -> None:
        """Start the clock on the current question (the UI calls this when it is shown)."""
        if not self.finished:
            self.run.time()

    def answer(self, answer: Answer) -> Result:
        """Grade ``answer`` to the current question against the engine and record it."""
        self.start()
        question = self.current
        if not question.accepts(answer):
            raise SessionError(f"{answer!r} does not answer {question.step.label!r}")
        seconds = self.elapsed()
        over = self.run.over(seconds)
        if over and self.exam:
            answer = TimedOut()
        graded = question.grade(answer)
        result = Result(
            self.index + 1, question, answer, graded, seconds, over_time=over and not self.exam
        )
        self._record(result)
        if self.exam and not graded.correct:
            self._pass_over(question)
        if self.finished:
            self.run.idle()
            self.run.finish()
        else:
            self.ask()
        return result

    def _record(self, result: Result) -> None:
        question, answer, graded = result.question, result.answer, result.graded
        self.results.append(result)
        self.run.mark(
            Mark(
                question.step.value,
                graded.skill.key,
                tuple(str(c) for c in question.cards),
                answer.text,
                graded.expected.text,
                graded.correct,
                result.seconds,
                None if question.bet is None else question.bet.value,
                None if question.wager is None else str(question.wager),
            )
        )

    def _pass_over(self, missed: Asked) -> None:
        """In an exam, the right step of a replay is asked only of the step the trainee
        flagged: a replay's error not flagged (no error, another step, no answer in time)
        leaves its fix question unasked and graded missed, since its prompt would name the
        step (docs/decisions.md)."""
        from trainer.session.spot import FixQuestion, SpotQuestion

        if not isinstance(missed, SpotQuestion) or self.finished:
            return
        fix = self.current
        if isinstance(fix, FixQuestion) and fix.coup_index == missed.coup_index:
            skipped = NotAsked()
            self._record(Result(self.index + 1, fix, skipped, fix.grade(skipped), 0.0))

    def expire(self) -> Result | None:
        """Grade the current question as timed out if its enforced limit has run out."""
        if self.finished or not self.exam or not self.expired():
            return None
        return self.answer(TimedOut())

    # -- results -----------------------------------------------------------------------------
    def summary(self) -> Summary:
        right, total = self.right, len(self.results)
        return Summary(
            right=right,
            total=total,
            percent=percent(right, total) or 0,
            passed=self.passed,
            pass_mark=self.drill.pass_mark,
            seconds=sum(r.seconds for r in self.results),
            by_skill=self.run.by_skill(),
            missed=tuple(r for r in self.results if not r.correct),
            reference_opened=self.reference_opened,
            retry_of=self.retry_of,
        )

    def retry_missed(self) -> Session:
        """A new session asking just the questions missed in this one, in the same order.

        It is practice of those questions, linked to the run they were missed in (the original
        run, also when retrying a retry): recorded with ``retry_of``, never a pass or a run.
        """
        missed = [r.question for r in self.results if not r.correct]
        if not missed:
            raise SessionError("nothing was missed: there is nothing to retry")
        run = self.run
        retry = Session(
            self.drill,
            [q.dealt for q in missed if q.dealt is not None],
            self.trainee,
            clock=run.clock,
            now=run.now,
            on_answer=run.on_answer,
            on_session=run.on_session,
            questions=[replace(q, coup_index=i) for i, q in enumerate(missed)],
            retry_of=self.retry_of or self.session_id,
        )
        retry.run.person_id = run.person_id  # the same person practises what they missed
        return retry
