"""What a session reports as it goes: the contract between the session and the history store."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

from trainer.scoring import possible
from trainer.skills import MOST_SEATS


def seats_known(value: object) -> bool:
    """Whether ``value`` is a table's seats as ezbac records them: a whole number from 1 to
    ``MOST_SEATS`` (anything else read from a history is taken as not recorded)."""
    return type(value) is int and 1 <= value <= MOST_SEATS


@dataclass(frozen=True, slots=True)
class AnswerRecord:
    """One answer as given, stored the moment it is graded."""

    session_id: str  # uuid4 hex, one per run of a drill
    trainee: str
    drill_id: str
    step: str  # trainer.drills.model.Step value: player_draws, banker_draws, outcome, payout
    skill: str  # trainer.skills key, e.g. "banker:3:8", "outcome:dragon7", "payout:tie:win"
    cards: tuple[str, ...]  # the coup's cards in shoe order, Card notation ("Th")
    answer: str  # what the trainee gave, as text ("draws", "dragon7", "win 600", "push", "timeout")
    expected: str  # what the engine says, same notation
    correct: bool
    seconds: float  # time taken to answer
    answered_at: datetime  # timezone-aware UTC
    bet: str | None = None  # payout questions: the Bet value ("dragon7")
    wager: str | None = None  # payout questions: the wager, exact decimal text ("15", "2.50")
    #: A table's take answer (one a table): the seats it settled, each seat with any bet
    #: (1 to ``MOST_SEATS``); None for every other answer and for every take before schema
    #: v11, whose table's seconds a seat is then not measured.
    seats: int | None = None

    def __post_init__(self) -> None:
        # a time that is no number (NaN, infinite) never reaches the history: a database
        # refused NaN and held up every answer spooled behind it; 1e999 made reports invalid
        if not isinstance(self.seconds, (int, float)) or not math.isfinite(self.seconds):
            raise ValueError(f"an answer's time must be a finite number, not {self.seconds!r}")
        if self.seats is not None and not seats_known(self.seats):
            raise ValueError(f"a table's seats must be 1 to {MOST_SEATS}, not {self.seats!r}")


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """A run of a drill, reported when it starts and again when it ends."""

    session_id: str
    trainee: str
    drill_id: str
    drill_title: str
    mode: str  # practice or exam
    started_at: datetime
    finished_at: datetime | None = None
    questions: int = 0
    correct: int = 0
    passed: bool | None = None  # None while under way, abandoned or cut off, and for a retry
    abandoned: bool = False  # the trainee quit mid-drill (finished_at is when)
    reference_opened: int = 0  # times the rules reference was opened
    #: A retry of missed questions: the session_id of the run it came from.  Practice, not an
    #: attempt: its answers count per skill and for review, the run itself counts nowhere.
    retry_of: str | None = None
    #: Who sat the run and who proctored it (roster ids, trainer.history.people), with sign-in
    #: on; None otherwise and for every run before schema v7.
    person_id: str | None = None
    proctor_id: str | None = None
    #: An audition sat as a retake of single areas: the run id of the sitting it retook
    #: (trainer.session.audition.Retake); None otherwise and for every run before schema v9.
    retake_of: str | None = None

    def __post_init__(self) -> None:
        possible(self.questions, self.correct, f"{self.trainee}'s run {self.session_id}")

    @property
    def retry(self) -> bool:
        return self.retry_of is not None

    @property
    def completed(self) -> bool:
        """Run to the end: finished and not abandoned (a quit run has finished_at too)."""
        return self.finished_at is not None and not self.abandoned
