"""What the progress screen shows, as plain values: the screen only lays them out.

Accuracy per Banker tableau cell (Banker two-card total 0-7 x the Player's third card 0-9,
plus "Player stood"), per Player draw total, naturals, per outcome and per bet payout;
sessions over time with score and average seconds per answer; what is due for review.

A retry of missed questions is practice, not a run: it is kept out of ``sessions`` (the
chart, the count, the table) and listed in ``retries``; its answers are real answers and
count per skill and for review like any other.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from trainer.engine import Bet, BetResult, Outcome
from trainer.engine.pace import PaceMeasure, tenths_up
from trainer.engine.settlement import RESULTS
from trainer.history.scheduler import SkillState, due_from, next_due, schedule, skill_states
from trainer.history.store import HistoryStore
from trainer.history.tally import (  # noqa: F401  (re-exported: trainer.history.tally says why)
    WEAK_BELOW,
    Tally,
    family_tallies,
    is_weak,
    sum_tallies,
)
from trainer.session.records import AnswerRecord, SessionRecord
from trainer.skillkey import SkillKey, prefix
from trainer.skills import (
    PROCEDURE_FAMILIES,
    TABLE_NOT_PAID,
    TABLE_TIMED_OUT,
    family,
    table_chips_skill,
    table_order_skill,
    table_take_skill,
)

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
class TableTime:
    """A run of a table drill: how many tables and the seconds they took."""

    session_id: str
    drill_title: str
    started_at: datetime
    tables: int
    seconds: float
    seats: int = 0  # the seats its tables settled; 0: not measured (a take without them)

    @property
    def per_table(self) -> float:
        return self.seconds / self.tables

    @property
    def coups_an_hour(self) -> int | None:
        """The run's pace, rounded down (trainer.engine.pace); None: no time taken."""
        pace = PaceMeasure(self.tables, 0, self.seconds).coups_an_hour
        return None if pace is None else math.floor(pace)

    @property
    def seconds_a_seat(self) -> str | None:
        """The run's seconds a seat settled, rounded up to a tenth ("6.0"); None: not
        measured (a table of it recorded without its seats, before schema v11)."""
        seat = PaceMeasure(self.tables, self.seats, self.seconds).seconds_a_seat
        return None if seat is None else tenths_up(seat)


#: The table skills in the order the progress screen lists them.
TABLE_SKILLS: tuple[str, ...] = (
    table_take_skill().key,
    *(str(SkillKey.of("table", "pay", b.value)) for b in Bet),
    str(SkillKey.of("table", "order")),
    str(SkillKey.of("table", "chips")),
    str(SkillKey.of("table", "commission")),
)


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
    table: Mapping[str, Tally] = field(default_factory=dict)  # table:* skills answered
    table_times: tuple[TableTime, ...] = ()  # runs of table drills, oldest first
    #: The dealer's procedure (shoe, call and spot skills), by skill key, in key order.
    procedure: Mapping[str, Tally] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return self.total.answered == 0 and not self.sessions


def compute_progress(
    trainee: str,
    answers: Iterable[AnswerRecord],
    sessions: Iterable[SessionRecord],
    now: datetime | None = None,
) -> ProgressData:
    """Progress from one trainee's answers (in time order) and sessions, counted in Python:
    for data not in a store (progress_data groups the same figures in the database)."""
    answers = list(answers)
    return assemble_progress(
        trainee,
        tally_by(answers, by_skill),
        tally_by(answers, lambda a: a.session_id),
        sessions,
        schedule((a.skill, a.correct, a.answered_at) for a in answers),
        now,
        table_runs(answers),
    )


def table_runs(answers: Iterable[AnswerRecord]) -> dict[str, tuple[int, float, int]]:
    """Each run's (tables worked, their seconds, their seats), as ``queries.table_run_rows``
    counts them: the actions' seconds, and a timed-out table's wait once (its open questions
    share one coup's cards); the chips, the order and an unpaid winner are timed over
    actions; the seats 0 (not measured) when one of its takes has none."""
    overlap = {table_chips_skill().key, table_order_skill().key}
    take = table_take_skill().key
    tables: dict[str, tuple[int, float, int]] = {}
    unknown: set[str] = set()
    waits: dict[tuple[str, tuple[str, ...]], float] = {}
    for a in answers:
        if a.step != "table":
            continue
        n, secs, seats = tables.get(a.session_id, (0, 0.0, 0))
        on_clock = a.skill not in overlap and a.answer not in (TABLE_NOT_PAID, TABLE_TIMED_OUT)
        if a.skill == take and a.seats is None:
            unknown.add(a.session_id)
        tables[a.session_id] = (
            n + (a.skill == take),
            secs + (a.seconds if on_clock else 0.0),
            seats + ((a.seats or 0) if a.skill == take else 0),
        )
        if a.answer == TABLE_TIMED_OUT:
            key = (a.session_id, tuple(a.cards))
            waits[key] = max(waits.get(key, 0.0), a.seconds)
    for (session, _), wait in waits.items():
        n, secs, seats = tables[session]
        tables[session] = (n, secs + wait, seats)
    return {k: (n, secs, 0 if k in unknown else seats) for k, (n, secs, seats) in tables.items()}


def assemble_progress(
    trainee: str,
    skills: Mapping[str, Tally],
    per_session: Mapping[str, Tally],
    sessions: Iterable[SessionRecord],
    states: Mapping[str, SkillState],
    now: datetime | None = None,
    table_runs: Mapping[str, tuple[int, float, int]] | None = None,
) -> ProgressData:
    """The screen's figures from tallies per skill and per session and the review states;
    ``table_runs``: per run of a table drill, (tables worked, their seconds, their seats;
    0: not measured)."""
    cells: dict[tuple[int, int | None], Tally] = {}
    player: dict[int, Tally] = {}
    outcomes: dict[Outcome, Tally] = {}
    payouts: dict[tuple[Bet, BetResult], Tally] = {}
    for key, t in skills.items():
        try:
            match SkillKey.parse(key):
                case SkillKey("banker", (bt, "stood")):
                    cells[(int(bt), None)] = t
                case SkillKey("banker", (bt, p3)):
                    cells[(int(bt), int(p3))] = t
                case SkillKey("player", (pt,)):
                    player[int(pt)] = t
                case SkillKey("outcome", (o,)):
                    outcomes[Outcome(o)] = t
                case SkillKey("payout", (bet, result)):
                    payouts[(Bet(bet), BetResult(result))] = t
        except ValueError:
            continue  # a key from a newer version: shown nowhere, counted in the total
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
    states = dict(states)
    runs = table_runs or {}
    table_times = tuple(
        TableTime(p.session_id, p.drill_title, p.started_at, *runs[p.session_id])
        for p in points
        if p.retry_of is None and runs.get(p.session_id, (0, 0.0, 0))[0]
    )
    return ProgressData(
        trainee=trainee,
        total=sum_tallies(skills.values()),
        tableau=TableauGrid(cells),
        player=player,
        natural=skills.get(str(SkillKey.of("natural")), Tally()),
        outcomes=outcomes,
        payouts=payouts,
        sessions=tuple(p for p in points if p.retry_of is None),
        due=tuple(due_from(states, now)),
        next_due=next_due(states, now),
        states=states,
        retries=tuple(p for p in points if p.retry_of is not None),
        table={k: t for k, t in skills.items() if k.startswith(prefix("table"))},
        table_times=table_times,
        procedure={k: skills[k] for k in sorted(skills) if family(k) in PROCEDURE_FAMILIES},
    )


def progress_data(store: HistoryStore, trainee: str, now: datetime | None = None) -> ProgressData:
    """Everything the progress screen shows for ``trainee``, grouped in the database: the
    cost follows the skills and runs on record, not the answers."""
    from trainer.history import queries

    skills = {
        r.skill: Tally(r.answered, r.correct, r.seconds) for r in queries.skill_rows(store, trainee)
    }
    per_session = {
        r.session_id: Tally(r.answered, r.correct, r.seconds)
        for r in queries.run_rows(store, trainee)
    }
    tables = {
        r.session_id: (r.tables, r.seconds, r.seats) for r in queries.table_run_rows(store, trainee)
    }
    return assemble_progress(
        trainee,
        skills,
        per_session,
        queries.counted_sessions(store, trainee),
        skill_states(store, trainee),
        now,
        tables,
    )
