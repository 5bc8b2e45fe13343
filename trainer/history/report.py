"""The instructor's report: per trainee, sessions, answers, accuracy by skill family, the
last drill's verdict and the weakest skills; rendered as a table, CSV or JSON.

CSV and JSON are interfaces (spreadsheets, scripts): their columns and keys are listed in
CSV_COLUMNS / the README and only ever get new ones appended, never renamed or reordered.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from datetime import UTC, date, datetime

from trainer.engine.errors import quote
from trainer.history.progress import Tally, by_family, by_skill, tally_by, total
from trainer.history.store import HistoryStore
from trainer.session.records import SessionRecord
from trainer.skills import FAMILIES, describe

FAMILY_LABELS = {
    "natural": "Naturals",
    "player": "Player draw",
    "banker": "Banker tableau",
    "outcome": "Outcomes",
    "payout": "Payouts",
}
WEAKEST = 5
FORMATS = ("table", "csv", "json")
REPORT_VERSION = 1


class BadDateError(ValueError):
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
        raise BadDateError(
            f"--since {quote(text)} is not a date: write it as YYYY-MM-DD (e.g. 2024-09-01)"
        ) from None
    try:
        return moment.astimezone(UTC)
    except (OverflowError, ValueError):  # year 1 east of UTC, year 9999 west of it
        raise BadDateError(
            f"--since {quote(text)} is out of range: use a date from 0001-01-02 to 9999-12-30"
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


@dataclass(frozen=True, slots=True)
class WeakSkill:
    skill: str
    tally: Tally

    @property
    def label(self) -> str:
        return describe(self.skill)


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


@dataclass(frozen=True, slots=True)
class Report:
    since: datetime | None
    trainee: str | None
    trainees: tuple[TraineeReport, ...]


def weakest_skills(by_skill: dict[str, Tally], limit: int = WEAKEST) -> tuple[WeakSkill, ...]:
    """Skills with at least one miss: lowest accuracy first, then most misses, then key."""
    missed = [(k, t) for k, t in by_skill.items() if t.missed]
    missed.sort(key=lambda kt: (kt[1].correct / kt[1].answered, -kt[1].missed, kt[0]))
    return tuple(WeakSkill(k, t) for k, t in missed[:limit])


def _last_drill(sessions: list[SessionRecord]) -> LastDrill | None:
    done = [s for s in sessions if s.completed and s.passed is not None]
    if not done:
        return None
    s = max(done, key=lambda s: s.finished_at or s.started_at)
    assert s.finished_at is not None and s.passed is not None
    return LastDrill(s.drill_id, s.drill_title, s.mode, s.finished_at, s.questions, s.correct,
                     s.passed)


def build_report(
    store: HistoryStore,
    trainee: str | None = None,
    since: datetime | None = None,
    weakest: int = WEAKEST,
) -> Report:
    names = [trainee] if trainee is not None else store.trainees()
    out: list[TraineeReport] = []
    for name in names:
        answers = store.answers(name, since)
        sessions = store.sessions(name, since)
        if not answers and not sessions:
            continue
        families = tally_by(answers, by_family)
        out.append(
            TraineeReport(
                trainee=name,
                sessions=len(sessions),
                sessions_finished=sum(s.completed for s in sessions),
                sessions_abandoned=sum(s.abandoned for s in sessions),
                sessions_passed=sum(bool(s.passed) for s in sessions),
                reference_opened=sum(s.reference_opened for s in sessions),
                total=total(answers),
                families={f: families.get(f, Tally()) for f in FAMILIES},
                last_drill=_last_drill(sessions),
                weakest=weakest_skills(tally_by(answers, by_skill), weakest),
            )
        )
    return Report(since, trainee, tuple(out))


# ---------------------------------------------------------------------------------------
# Rendering


def _pct(t: Tally) -> float | None:
    return None if t.accuracy is None else round(100 * t.accuracy, 1)


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
    *(f"{f}_{col}" for f in FAMILIES for col in ("answered", "correct", "accuracy", "avg_seconds")),
    "last_drill_id",
    "last_drill_title",
    "last_drill_finished_at",
    "last_drill_questions",
    "last_drill_correct",
    "last_drill_result",
    "weakest_skills",
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
            t.trainee, t.sessions, t.sessions_finished, t.sessions_abandoned,
            t.sessions_passed, t.reference_opened,
            t.total.answered, t.total.correct, _blank(_pct(t.total)), _blank(_secs(t.total)),
        ]
        for f in FAMILIES:
            ft = t.families[f]
            row += [ft.answered, ft.correct, _blank(_pct(ft)), _blank(_secs(ft))]
        last = t.last_drill
        if last is None:
            row += ["", "", "", "", "", ""]
        else:
            row += [
                last.drill_id, last.title, _time(last.finished_at), last.questions,
                last.correct, "passed" if last.passed else "failed",
            ]
        row.append(";".join(w.skill for w in t.weakest))
        writer.writerow(row)
    return buffer.getvalue()


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
                "families": {f: _tally_json(t.families[f]) for f in FAMILIES},
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
                    {"skill": w.skill, "label": w.label, **_tally_json(w.tally)}
                    for w in t.weakest
                ],
            }
            for t in report.trainees
        ],
    }


def render_json(report: Report) -> str:
    return json.dumps(report_dict(report), indent=2, ensure_ascii=False) + "\n"


def _fmt_pct(t: Tally) -> str:
    p = _pct(t)
    return "—" if p is None else f"{p:.1f}%"


def _fmt_secs(t: Tally) -> str:
    s = t.avg_seconds
    return "—" if s is None else f"{s:.1f} s"


def render_table(report: Report) -> str:
    """For people: one block per trainee, readable at 80 columns."""
    lines: list[str] = []
    for t in report.trainees:
        if lines:
            lines.append("")
        lines.append(t.trainee)
        lines.append(
            f"  Sessions: {t.sessions} ({t.sessions_finished} finished, "
            f"{t.sessions_passed} passed, {t.sessions_abandoned} abandoned); "
            f"rules reference opened {t.reference_opened}×"
        )
        lines.append(
            f"  Answers: {t.total.answered}, {_fmt_pct(t.total)} right, "
            f"{_fmt_secs(t.total)} per answer"
        )
        lines.append(f"  {'skill family':<16}{'answered':>9}{'right':>7}{'accuracy':>10}"
                     f"{'avg time':>10}")
        for f in FAMILIES:
            ft = t.families[f]
            lines.append(
                f"  {FAMILY_LABELS[f]:<16}{ft.answered:>9}{ft.correct:>7}{_fmt_pct(ft):>10}"
                f"{_fmt_secs(ft):>10}"
            )
        last = t.last_drill
        if last is None:
            lines.append("  Last drill: none finished")
        else:
            verdict = "PASSED" if last.passed else "FAILED"
            lines.append(
                f"  Last drill: {verdict} {last.correct}/{last.questions}, {last.title}, "
                f"{last.finished_at.astimezone():%Y-%m-%d %H:%M}"
            )
        if t.weakest:
            lines.append("  Weakest skills:")
            for w in t.weakest:
                lines.append(
                    f"    {w.label}: {w.tally.correct}/{w.tally.answered} right "
                    f"({_fmt_pct(w.tally)})"
                )
        else:
            lines.append("  Weakest skills: none missed")
    return "\n".join(lines) + "\n"


def render(report: Report, fmt: str) -> str:
    if fmt == "csv":
        return render_csv(report)
    if fmt == "json":
        return render_json(report)
    return render_table(report)
