"""One run of a drill, whatever it asks: the one lifecycle every session is built on.

``Run`` owns what a coup session (coups, the shoe, the calls, the replays) and a table
session share: the run's clock and its time limit, exam or practice, start, end and
abandon, the rules reference, the score (every graded answer, counted once), and what the
history is told (the ``SessionRecord`` when the run starts and ends, an ``AnswerRecord`` the
moment an answer is graded).  A session composes one and decides only what is asked and
how an answer is graded.

Time limits: in an exam a limit is enforced (the session grades what is left as a
timeout); in practice it is shown and an answer over it is flagged, graded on its merits.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import Field, dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, ClassVar, Protocol, TypedDict

from trainer.drills.model import Drill, DrillCoup, Mode, Step
from trainer.engine import Bet, Card, Coup
from trainer.errors import BadInputError
from trainer.scoring import passes, percent
from trainer.session.clock import Clock, Now, utc_now
from trainer.session.questions import Answer, Graded, TimedOut, View
from trainer.session.records import AnswerRecord, SessionRecord
from trainer.skills import ALL_FAMILIES, Skill, describe, family

OnAnswer = Callable[[AnswerRecord], None]
OnSession = Callable[[SessionRecord], None]


class RunHooks(TypedDict, total=False):
    """How a run is timed and reported, as ``Session.deal`` and ``TableSession.deal`` pass
    them on."""

    clock: Clock
    now: Now
    on_answer: OnAnswer | None
    on_session: OnSession | None


class Asked(Protocol):
    """A question of any drill as a run reads it: about a coup's step (``Question``), a
    multiple choice of the dealer's procedure (trainer.session.choice), or a replay's flag
    (trainer.session.spot).  Each is a frozen dataclass (a retry renumbers it)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def coup_index(self) -> int: ...
    @property
    def dealt(self) -> DrillCoup | None: ...
    @property
    def step(self) -> Step: ...
    @property
    def bet(self) -> Bet | None: ...
    @property
    def wager(self) -> Decimal | None: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def coup(self) -> Coup: ...
    @property
    def prompt(self) -> str: ...
    @property
    def short(self) -> str: ...
    @property
    def choices(self) -> tuple[tuple[str, str, Answer | None], ...]: ...
    @property
    def view(self) -> View: ...
    @property
    def skill(self) -> Skill: ...
    def accepts(self, answer: Answer) -> bool: ...
    def grade(self, answer: Answer) -> Graded: ...
    def expected(self) -> Answer: ...
    def reason(self) -> str: ...


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


@dataclass(frozen=True, slots=True)
class Mark:
    """One graded answer as the run counts it and the history records it (an AnswerRecord
    without the run's own fields)."""

    step: str
    skill: str
    cards: tuple[str, ...]
    answer: str
    expected: str
    correct: bool
    seconds: float
    bet: str | None = None
    wager: str | None = None
    seats: int | None = None  # a table's take: the seats it settled


@dataclass
class Run:
    """The lifecycle of one run: ``start``, ``mark`` each graded answer, ``finish`` (or
    ``abandon``).  Its timer times what is asked now (a question, a table)."""

    drill: Drill
    trainee: str
    time_limit: float | None = None
    clock: Clock = time.monotonic
    now: Now = utc_now
    on_answer: OnAnswer | None = None
    on_session: OnSession | None = None
    session_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    #: A retry of missed questions: the session_id of the run (never itself a retry) whose
    #: missed questions it asks again.  A retry is practice: no verdict, not an attempt.
    retry_of: str | None = None
    #: Who sits the run and who proctored its start (roster ids; None with sign-in off).
    person_id: str | None = None
    proctor_id: str | None = None
    marks: list[Mark] = field(default_factory=list)
    started_at: datetime | None = None
    finished_at: datetime | None = None
    completed: bool = False  # run to its end (finished_at is set then, and when abandoned)
    abandoned: bool = False
    reference_opened: int = 0
    _since: float | None = None  # the timer's start (None: nothing is being timed)
    _stopped: float | None = None  # the timer's reading once stopped

    # -- state -------------------------------------------------------------------------------
    @property
    def exam(self) -> bool:
        return self.drill.mode is Mode.EXAM

    @property
    def retry(self) -> bool:
        return self.retry_of is not None

    @property
    def right(self) -> int:
        return sum(m.correct for m in self.marks)

    @property
    def graded(self) -> int:
        return len(self.marks)

    @property
    def passed(self) -> bool:
        """Score against the pass mark (trainer.scoring.passes); never for a retry, which is
        practice."""
        return not self.retry and passes(self.right, self.graded, self.drill.pass_mark)

    def by_skill(self) -> tuple[SkillScore, ...]:
        """Right and asked per skill, in skill_order."""
        scores: dict[str, list[int]] = {}
        for m in self.marks:
            tally = scores.setdefault(m.skill, [0, 0])
            tally[0] += m.correct
            tally[1] += 1
        return tuple(
            SkillScore(key, right, total)
            for key, (right, total) in sorted(scores.items(), key=lambda item: skill_order(item[0]))
        )

    @property
    def in_progress(self) -> bool:
        return self.started_at is not None and not self.completed and not self.abandoned

    # -- the lifecycle -----------------------------------------------------------------------
    @property
    def attempt_from_start(self) -> bool:
        """An exam (not a retry, which is practice) is an attempt from the moment it opens:
        its questions are seen, so leaving before the first answer is abandoned with 0
        right, and a kill is cut off, never a free look.  Any other run is reported with its
        first answer: no answer, no attempt (trainer.scoring)."""
        return self.exam and not self.retry

    def start(self) -> bool:
        """Begin the run; False if it had begun already.  An exam is reported now
        (``attempt_from_start``); a practice run or a retry with its first answer, so one
        left (or cut off) before any answer is not recorded (it was once kept as a "0/0
        abandoned" attempt and counted in reports)."""
        if self.started_at is not None:
            return False
        self.started_at = self.now()
        if self.attempt_from_start:
            self._emit_session()
        return True

    def mark(self, mark: Mark) -> None:
        """Count a graded answer and report it (the first reports the run too, from its
        start, so a run cut off later is kept with the answers it has)."""
        self.marks.append(mark)
        if len(self.marks) == 1 and not self.attempt_from_start:
            self._emit_session()
        if self.on_answer is not None:
            self.on_answer(
                AnswerRecord(
                    session_id=self.session_id,
                    trainee=self.trainee,
                    drill_id=self.drill.id,
                    step=mark.step,
                    skill=mark.skill,
                    cards=mark.cards,
                    answer=mark.answer,
                    expected=mark.expected,
                    correct=mark.correct,
                    seconds=mark.seconds,
                    answered_at=self.now(),
                    bet=mark.bet,
                    wager=mark.wager,
                    seats=mark.seats,
                )
            )

    def finish(self) -> None:
        """The last question is answered: report the run with its verdict."""
        self.completed = True
        self.finished_at = self.now()
        self._emit_session()

    def abandon(self) -> None:
        """The trainee quit mid-drill: report the run as ended without a verdict (an exam
        with no answer yet too, abandoned with 0 right; a practice run with no answer was
        never reported, and still is not)."""
        if self.started_at is None or self.completed or self.abandoned:
            return
        self.abandoned = True
        self.finished_at = self.now()
        if self.marks or self.attempt_from_start:
            self._emit_session()

    def open_reference(self) -> int:
        """Count an opening of the rules reference; refused in an exam until it is over."""
        if self.exam and not self.completed:
            raise ReferenceRefused("the rules reference is closed during an exam")
        self.reference_opened += 1
        return self.reference_opened

    # -- the timer ---------------------------------------------------------------------------
    def time(self) -> float:
        """Start timing what is asked now; returns the clock's reading."""
        self._since, self._stopped = self.clock(), None
        return self._since

    def stop(self, at: float | None = None, seconds: float | None = None) -> float:
        """Stop the timer, at clock reading ``at`` (now if None) or reading ``seconds``;
        ``elapsed`` keeps that reading until the timer starts again."""
        if seconds is None:
            start = self._since if self._since is not None else 0.0
            seconds = max(0.0, (self.clock() if at is None else at) - start)
        self._stopped = seconds
        return seconds

    def idle(self) -> None:
        """Nothing is asked (the run is over): nothing is timed."""
        self._since = self._stopped = None

    def elapsed(self) -> float:
        if self._stopped is not None:
            return self._stopped
        if self._since is None:
            return 0.0
        return max(0.0, self.clock() - self._since)

    def remaining(self) -> float | None:
        """Seconds left on the limit; None when the drill sets none."""
        if self.time_limit is None:
            return None
        return self.time_limit - self.elapsed()

    def expired(self) -> bool:
        """The limit has run out on what is being timed (never once the timer stopped)."""
        left = self.remaining()
        return left is not None and left <= 0 and self._stopped is None

    def over(self, seconds: float) -> bool:
        """Whether ``seconds`` is over the limit."""
        return self.time_limit is not None and seconds > self.time_limit

    # -- reporting ---------------------------------------------------------------------------
    def record(self) -> SessionRecord:
        assert self.started_at is not None
        done = self.completed and not self.abandoned
        return SessionRecord(
            session_id=self.session_id,
            trainee=self.trainee,
            drill_id=self.drill.id,
            drill_title=self.drill.title,
            mode=self.drill.mode.value,
            started_at=self.started_at,
            finished_at=self.finished_at,
            questions=self.graded,
            correct=self.right,
            passed=self.passed if done and not self.retry else None,
            abandoned=self.abandoned,
            reference_opened=self.reference_opened,
            retry_of=self.retry_of,
            person_id=self.person_id,
            proctor_id=self.proctor_id,
        )

    def _emit_session(self) -> None:
        if self.on_session is not None:
            self.on_session(self.record())


class OnRun:
    """What a session says of its run, read off its ``Run``: one definition for the coup
    session and the table session."""

    run: Run

    @property
    def session_id(self) -> str:
        return self.run.session_id

    @property
    def retry_of(self) -> str | None:
        """A retry of missed questions: the session_id of the run (never itself a retry)
        whose missed questions it asks again.  A retry is practice: no verdict."""
        return self.run.retry_of

    @property
    def retry(self) -> bool:
        return self.run.retry

    @property
    def clock(self) -> Clock:
        return self.run.clock

    @property
    def started_at(self) -> datetime | None:
        return self.run.started_at

    @property
    def finished_at(self) -> datetime | None:
        return self.run.finished_at

    @property
    def abandoned(self) -> bool:
        return self.run.abandoned

    @property
    def reference_opened(self) -> int:
        return self.run.reference_opened

    @property
    def exam(self) -> bool:
        return self.run.exam

    @property
    def time_limit(self) -> float | None:
        return self.run.time_limit

    @property
    def in_progress(self) -> bool:
        """Started, not finished and not abandoned (the app asks before quitting or
        leaving such a run)."""
        return self.run.in_progress

    @property
    def right(self) -> int:
        return self.run.right

    @property
    def graded(self) -> int:
        """Answers graded so far."""
        return self.run.graded

    @property
    def passed(self) -> bool:
        """Score against the pass mark (trainer.scoring.passes); never for a retry."""
        return self.run.passed

    def elapsed(self) -> float:
        """Seconds on what is asked now (a table's final time once it is done)."""
        return self.run.elapsed()

    def remaining(self) -> float | None:
        """Seconds left on the limit; None when the drill sets none."""
        return self.run.remaining()

    def expired(self) -> bool:
        return self.run.expired()

    def open_reference(self) -> int:
        """Count an opening of the rules reference; refused in an exam until it is over."""
        return self.run.open_reference()

    def abandon(self) -> None:
        """The trainee quit mid-drill: report the run as ended without a verdict."""
        self.run.abandon()

    def record(self) -> SessionRecord:
        return self.run.record()
