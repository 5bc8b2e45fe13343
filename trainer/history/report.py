"""The instructor's report: per trainee, sessions, answers, accuracy by skill family, the
last drill's verdict and the weakest skills; and (``--attempts``) every run on record.
Each renders as CSV or JSON here; its table for people is worded at the edge
(``trainer.words.report``).

CSV and JSON are interfaces (spreadsheets, scripts): their columns and keys are listed in
CSV_COLUMNS / ATTEMPT_COLUMNS / the README and only ever get new ones appended, never renamed
or reordered.

Retries of missed questions are practice, not attempts: they count in no session total, no
pass and never as the last drill, and ``--attempts`` leaves them out (the summary counts them
in ``retries``).  Their answers are real answers and count per skill, in accuracy and in the
weakest skills.  Percentages follow trainer.scoring (truncated, so 39/49 is 79.5, and
a pass is never shown under its pass mark).
"""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

from trainer.errors import BadInputError
from trainer.history.store import HistoryError, HistoryStore
from trainer.history.tally import (
    Tally,
    family_tallies,
    is_weak,
    sum_tallies,
)
from trainer.scoring import percent_1dp, run_status
from trainer.skills import ALL_FAMILIES, describe

if TYPE_CHECKING:
    from trainer.history.queries import RunRecord, SkillRow
    from trainer.session.records import SessionRecord

#: The CSV's families at its first release, in place; a family added since (table, shoe,
#: call, spot) has its columns at the end, so no column ever moves (README, "Stability").
FIRST_FAMILIES = ("natural", "player", "banker", "outcome", "payout")
LATER_FAMILIES = tuple(f for f in ALL_FAMILIES if f not in FIRST_FAMILIES)
_FAMILY_COLUMNS = ("answered", "correct", "accuracy", "avg_seconds")
WEAKEST = 5
REPORT_VERSION = 1
ATTEMPTS_VERSION = 1


class BadDateError(BadInputError):
    """--since is not a date."""


def parse_since(text: str) -> datetime:
    """``YYYY-MM-DD`` (from the start of that day, local time) or an ISO 8601 date-time."""
    cleaned = text.strip()
    try:
        if len(cleaned) == 10:
            day = date.fromisoformat(cleaned)
            moment = datetime(day.year, day.month, day.day)
        else:
            moment = datetime.fromisoformat(cleaned)
    except ValueError:
        from trainer.engine.errors import quote  # only on a bad date: the engine costs 0.1 s
        from trainer.engine.said import Said

        raise BadDateError(
            Said(
                "--since {text} is not a date: write it as YYYY-MM-DD (e.g. 2024-09-01)",
                text=quote(text),
            )
        ) from None
    try:
        return moment.astimezone(UTC)
    except (OverflowError, ValueError):  # year 1 east of UTC, year 9999 west of it
        from trainer.engine.errors import quote
        from trainer.engine.said import Said

        raise BadDateError(
            Said(
                "--since {text} is out of range: use a date from 0001-01-02 to 9999-12-30",
                text=quote(text),
            )
        ) from None


@dataclass(frozen=True, slots=True)
class LastDrill:
    drill_id: str
    title: str
    mode: str
    finished_at: datetime
    questions: int
    correct: int
    passed: bool

    @classmethod
    def of(cls, run: RunRecord) -> LastDrill:
        """A run finished with a verdict, as the report and the class screen show it."""
        return cls(
            run.drill_id,
            run.drill_title,
            run.mode,
            run.finished_at,
            run.questions,
            run.correct,
            run.passed,
        )


@dataclass(frozen=True, slots=True)
class WeakSkill:
    skill: str
    tally: Tally

    @property
    def label(self) -> str:
        return describe(self.skill)


def _coups_an_hour(pace: tuple[int, float] | None) -> int | None:
    """3,600 x tables / their seconds, exact and rounded down; None: none timed."""
    from fractions import Fraction

    if pace is None or pace[1] <= 0:
        return None
    tables, seconds = pace
    return math.floor(Fraction(3600 * tables) / Fraction(seconds))


def _seconds_a_seat(pace: tuple[int, float] | None, seats: int) -> float | None:
    """Seconds a seat settled, their seconds / the seats, exact and rounded UP to a tenth
    (never faster than measured); None: the seats not measured (a take recorded before
    schema v11, or no table)."""
    from fractions import Fraction

    if pace is None or seats <= 0:
        return None
    return math.ceil(Fraction(pace[1]) * 10 / seats) / 10


@dataclass(frozen=True, slots=True)
class TraineeReport:
    trainee: str
    sessions: int
    sessions_finished: int  # run to the end (not abandoned)
    sessions_abandoned: int
    sessions_passed: int
    reference_opened: int  # times the rules reference was opened, all sessions
    total: Tally
    families: dict[str, Tally]  # every family in FAMILIES, zero tallies included
    last_drill: LastDrill | None
    weakest: tuple[WeakSkill, ...]
    retries: int = 0  # retries of missed questions: practice, in none of the session counts
    #: Table work: (tables worked, their seconds); None when no table was worked.
    table_pace: tuple[int, float] | None = None
    #: The seats those tables settled; 0: not measured (a take without its seats).
    table_seats: int = 0

    @property
    def coups_an_hour(self) -> int | None:
        """The table pace, 3,600 x tables / their seconds, exact and rounded down (as
        trainer.engine.pace measures it, without loading the engine); None: none timed."""
        return _coups_an_hour(self.table_pace)

    @property
    def seconds_a_seat(self) -> float | None:
        return _seconds_a_seat(self.table_pace, self.table_seats)


@dataclass(frozen=True, slots=True)
class Report:
    since: datetime | None
    trainee: str | None
    trainees: tuple[TraineeReport, ...]


def weakest_skills(by_skill: dict[str, Tally], limit: int = WEAKEST) -> tuple[WeakSkill, ...]:
    """The weak skills (progress.is_weak, as the progress screen marks them "!"): lowest
    accuracy first, then most misses, then key."""
    weak = [(k, t) for k, t in by_skill.items() if is_weak(t)]
    weak.sort(key=lambda kt: (kt[1].correct / kt[1].answered, -kt[1].missed, kt[0]))
    return tuple(WeakSkill(k, t) for k, t in weak[:limit])


def build_report(
    store: HistoryStore,
    trainee: str | None = None,
    since: datetime | None = None,
    weakest: int = WEAKEST,
) -> Report:
    """The report, grouped in the database (trainer.history.queries): its cost and memory
    follow trainees x skills, not the answers on record."""
    from trainer.history import queries

    return report_from(store, queries.skill_rows(store, trainee, since), trainee, since, weakest)


def report_from(
    store: HistoryStore,
    skill_rows: list[SkillRow],
    trainee: str | None = None,
    since: datetime | None = None,
    weakest: int = WEAKEST,
) -> Report:
    """build_report with its per-skill rows already read (the class view reuses them)."""
    from trainer.history import queries

    skills: dict[str, dict[str, Tally]] = {}
    for row in skill_rows:
        skills.setdefault(row.trainee, {})[row.skill] = Tally(
            row.answered, row.correct, row.seconds
        )
    counts = {c.trainee: c for c in queries.session_counts(store, trainee, since)}
    last = queries.last_runs(store, trainee, since)
    pace_rows = {r.trainee: r for r in queries.table_pace_rows(store, trainee, since)}
    paces = {name: (r.tables, r.seconds) for name, r in pace_rows.items()}
    out: list[TraineeReport] = []
    for name in sorted(skills.keys() | counts.keys()):
        per_skill = skills.get(name, {})
        c = counts.get(name) or queries.SessionCounts(name, 0, 0, 0, 0, 0, 0, None)
        families = family_tallies(per_skill)
        run = last.get(name)
        out.append(
            TraineeReport(
                trainee=name,
                sessions=c.runs,
                sessions_finished=c.finished,
                sessions_abandoned=c.abandoned,
                sessions_passed=c.passed,
                reference_opened=c.reference_opened,
                total=sum_tallies(per_skill.values()),
                families={f: families.get(f, Tally()) for f in ALL_FAMILIES},
                last_drill=None if run is None else LastDrill.of(run),
                weakest=weakest_skills(per_skill, weakest),
                retries=c.retries,
                table_pace=paces.get(name),
                table_seats=pace_rows[name].seats if name in pace_rows else 0,
            )
        )
    return Report(since, trainee, tuple(out))


# ---------------------------------------------------------------------------------------
# Rendering


def _pct(t: Tally) -> float | None:
    return percent_1dp(t.correct, t.answered)


def _secs(t: Tally) -> float | None:
    return None if t.avg_seconds is None else round(t.avg_seconds, 2)


def _time(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


CSV_COLUMNS: tuple[str, ...] = (
    "trainee",
    "sessions",
    "sessions_finished",
    "sessions_abandoned",
    "sessions_passed",
    "reference_opened",
    "answered",
    "correct",
    "accuracy",
    "avg_seconds",
    *(f"{f}_{col}" for f in FIRST_FAMILIES for col in _FAMILY_COLUMNS),
    "last_drill_id",
    "last_drill_title",
    "last_drill_finished_at",
    "last_drill_questions",
    "last_drill_correct",
    "last_drill_result",
    "weakest_skills",
    "retries",
    *(f"{f}_{col}" for f in LATER_FAMILIES for col in _FAMILY_COLUMNS),
    # the table pace, added at the end: tables worked, their seconds, coups an hour
    "table_tables",
    "table_seconds",
    "table_coups_an_hour",
    # then the seats those tables settled and seconds a seat (rounded up to a tenth; empty:
    # not measured)
    "table_seats",
    "table_seconds_a_seat",
)


def _blank(value: float | None) -> str | float:
    return "" if value is None else value


def render_csv(report: Report) -> str:
    """One row per trainee; empty cells where there is nothing to measure."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for t in report.trainees:
        row: list[object] = [
            t.trainee,
            t.sessions,
            t.sessions_finished,
            t.sessions_abandoned,
            t.sessions_passed,
            t.reference_opened,
            t.total.answered,
            t.total.correct,
            _blank(_pct(t.total)),
            _blank(_secs(t.total)),
        ]
        for f in FIRST_FAMILIES:
            row += _family_cells(t.families[f])
        last = t.last_drill
        if last is None:
            row += ["", "", "", "", "", ""]
        else:
            row += [
                last.drill_id,
                last.title,
                _time(last.finished_at),
                last.questions,
                last.correct,
                "passed" if last.passed else "failed",
            ]
        row.append(";".join(w.skill for w in t.weakest))
        row.append(t.retries)
        for f in LATER_FAMILIES:
            row += _family_cells(t.families[f])
        pace = _pace_json(t)
        row += (
            ["", "", "", "", ""]
            if pace is None
            else ["" if v is None else v for v in pace.values()]
        )
        writer.writerow(row)
    return buffer.getvalue()


def _pace_json(t: TraineeReport) -> dict[str, object] | None:
    """The trainee's table pace: tables worked, their seconds (to the hundredth), coups an
    hour (rounded down; None with no time taken), the seats settled and seconds a seat
    (rounded up to a tenth; both None: not measured); None when no table was worked."""
    if t.table_pace is None:
        return None
    tables, seconds = t.table_pace
    return {
        "tables": tables,
        "seconds": round(seconds, 2),
        "coups_an_hour": t.coups_an_hour,
        "seats": t.table_seats or None,
        "seconds_a_seat": t.seconds_a_seat,
    }


def _family_cells(ft: Tally) -> list[object]:
    return [ft.answered, ft.correct, _blank(_pct(ft)), _blank(_secs(ft))]


def _tally_json(t: Tally) -> dict[str, object]:
    return {
        "answered": t.answered,
        "correct": t.correct,
        "accuracy": _pct(t),
        "avg_seconds": _secs(t),
    }


def report_dict(report: Report) -> dict[str, object]:
    return {
        "report": "ezbac",
        "version": REPORT_VERSION,
        "since": None if report.since is None else _time(report.since),
        "trainees": [
            {
                "trainee": t.trainee,
                "sessions": t.sessions,
                "sessions_finished": t.sessions_finished,
                "sessions_abandoned": t.sessions_abandoned,
                "sessions_passed": t.sessions_passed,
                "reference_opened": t.reference_opened,
                **_tally_json(t.total),
                "families": {f: _tally_json(t.families[f]) for f in ALL_FAMILIES},
                "last_drill": None
                if t.last_drill is None
                else {
                    "id": t.last_drill.drill_id,
                    "title": t.last_drill.title,
                    "mode": t.last_drill.mode,
                    "finished_at": _time(t.last_drill.finished_at),
                    "questions": t.last_drill.questions,
                    "correct": t.last_drill.correct,
                    "passed": t.last_drill.passed,
                },
                "weakest": [
                    {"skill": w.skill, "label": w.label, **_tally_json(w.tally)} for w in t.weakest
                ],
                "retries": t.retries,
                "table_pace": _pace_json(t),
            }
            for t in report.trainees
        ],
    }


def render_json(report: Report) -> str:
    return json_text(report_dict(report))


def render(report: Report, fmt: str) -> str:
    """The report as CSV or JSON (``fmt``), the same in every language; the table for
    people is worded at the edge (``trainer.words.report``)."""
    return render_csv(report) if fmt == "csv" else render_json(report)


# ---------------------------------------------------------------------------------------
# Every attempt (--attempts)


@dataclass(frozen=True, slots=True)
class Attempt:
    """One run of a drill as an instructor audits it: finished, abandoned or cut off."""

    trainee: str
    session_id: str
    drill_id: str
    title: str
    mode: str
    started_at: datetime
    finished_at: datetime | None
    status: str  # trainer.scoring.run_status: finished | abandoned | cut off (killed, say)
    questions: int  # answered (a run not finished: the answers it kept)
    correct: int
    passed: bool | None  # None unless finished
    seconds: float  # time spent answering, summed over its answers
    reference_opened: int
    #: Its table work: (tables worked, their seconds, counted as the report counts them);
    #: None for a run with no table.
    table_pace: tuple[int, float] | None = None
    #: The seats its tables settled; 0: not measured (a take without its seats).
    table_seats: int = 0

    @property
    def score(self) -> float | None:
        return percent_1dp(self.correct, self.questions)

    @property
    def coups_an_hour(self) -> int | None:
        """The run's table pace, 3,600 x tables / their seconds, rounded down (None: no
        table, or no time taken)."""
        return _coups_an_hour(self.table_pace)

    @property
    def seconds_a_seat(self) -> float | None:
        """Its tables' seconds a seat settled, rounded up to a tenth (None: not measured)."""
        return _seconds_a_seat(self.table_pace, self.table_seats)


def _status(s: SessionRecord) -> str:
    return run_status(s.finished_at, s.abandoned)


def build_attempts(
    store: HistoryStore, trainee: str | None = None, since: datetime | None = None
) -> tuple[Attempt, ...]:
    """Every run (retries left out: practice, not attempts), by trainee then start time.

    A run cut off before it could record its end (a killed terminal) is listed as
    "cut off" with the answers it kept: an exam walked away from is still an attempt.
    """
    from trainer.history import queries

    per_session = {
        (r.trainee, r.session_id): Tally(r.answered, r.correct, r.seconds)
        for r in queries.run_rows(store, trainee, since)
    }
    table_rows = {r.session_id: r for r in queries.table_run_rows(store, trainee) if r.tables}
    tables = {key: (r.tables, r.seconds) for key, r in table_rows.items()}
    listed = queries.listed_names(store)  # a finished exam under the name it was sat under
    runs = sorted(
        (s for s in queries.counted_sessions(store, trainee, since) if not s.retry),
        key=lambda s: listed.get(s.trainee, s.trainee),
    )  # stable: each trainee's in start order
    out: list[Attempt] = []
    for s in runs:
        kept = per_session.get((s.trainee, s.session_id), Tally())
        ended = s.finished_at is not None
        out.append(
            Attempt(
                trainee=listed.get(s.trainee, s.trainee),
                session_id=s.session_id,
                drill_id=s.drill_id,
                title=s.drill_title,
                mode=s.mode,
                started_at=s.started_at,
                finished_at=s.finished_at,
                status=_status(s),
                questions=s.questions if ended else kept.answered,
                correct=s.correct if ended else kept.correct,
                passed=s.passed if s.completed else None,
                seconds=kept.seconds,
                reference_opened=s.reference_opened,
                table_pace=tables.get(s.session_id),
                table_seats=table_rows[s.session_id].seats if s.session_id in table_rows else 0,
            )
        )
    return tuple(out)


ATTEMPT_COLUMNS: tuple[str, ...] = (
    "trainee",
    "started_at",
    "finished_at",
    "drill_id",
    "drill_title",
    "mode",
    "status",
    "questions",
    "correct",
    "score",
    "result",
    "seconds",
    "reference_opened",
    "session_id",
    # added at the end: a table run's pace
    "tables",
    "coups_an_hour",
    # then its tables' seats settled and seconds a seat (empty: not measured)
    "seats",
    "seconds_a_seat",
)


def _result(a: Attempt) -> str:
    return "" if a.passed is None else "passed" if a.passed else "failed"


def render_attempts_csv(attempts: tuple[Attempt, ...]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(ATTEMPT_COLUMNS)
    for a in attempts:
        writer.writerow(
            [
                a.trainee,
                _time(a.started_at),
                "" if a.finished_at is None else _time(a.finished_at),
                a.drill_id,
                a.title,
                a.mode,
                a.status,
                a.questions,
                a.correct,
                _blank(a.score),
                _result(a),
                round(a.seconds, 2),
                a.reference_opened,
                a.session_id,
                "" if a.table_pace is None else a.table_pace[0],
                _blank(a.coups_an_hour),
                a.table_seats or "",
                _blank(a.seconds_a_seat),
            ]
        )
    return buffer.getvalue()


def attempts_dict(attempts: tuple[Attempt, ...], since: datetime | None) -> dict[str, object]:
    return {
        "report": "ezbac-attempts",
        "version": ATTEMPTS_VERSION,
        "since": None if since is None else _time(since),
        "attempts": [
            {
                "trainee": a.trainee,
                "started_at": _time(a.started_at),
                "finished_at": None if a.finished_at is None else _time(a.finished_at),
                "drill_id": a.drill_id,
                "drill_title": a.title,
                "mode": a.mode,
                "status": a.status,
                "questions": a.questions,
                "correct": a.correct,
                "score": a.score,
                "passed": a.passed,
                "seconds": round(a.seconds, 2),
                "reference_opened": a.reference_opened,
                "session_id": a.session_id,
                "tables": None if a.table_pace is None else a.table_pace[0],
                "coups_an_hour": a.coups_an_hour,
                "seats": a.table_seats or None,
                "seconds_a_seat": a.seconds_a_seat,
            }
            for a in attempts
        ],
    }


def render_attempts(attempts: tuple[Attempt, ...], fmt: str, since: datetime | None) -> str:
    """Every attempt as CSV or JSON (``fmt``); the table is worded at the edge."""
    if fmt == "csv":
        return render_attempts_csv(attempts)
    return json_text(attempts_dict(attempts, since))


def json_text(document: object) -> str:
    """The JSON a report prints: always valid JSON (``Infinity`` and ``NaN`` are not), so a
    number that is not finite (a history edited by hand, or written before ezbac refused
    them) is a HistoryError, one line, rather than a document no reader can parse."""
    try:
        return json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    except ValueError:
        raise HistoryError(
            "the history holds a number that is not finite (a damaged or "
            "hand-edited record): no JSON report can be written"
        ) from None
