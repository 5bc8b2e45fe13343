"""An audition's record (issue 23): what the sign-off sheet and its JSON say, read back from
the history, and the verification code that ties a sheet to the history it came from.

A sitting is its run (drill id ``audition``, the proctor in its title) and its parts' runs,
whose session ids are the sitting's followed by the part (``part_session_id``): the record
is rebuilt from those rows, judged again on the curriculum's audition, with no schema
change.  The verification code is the sitting's run id's first eight digits and an HMAC
(SHA-256) keyed with the whole run id (a random 128-bit id only the history holds) over the
run row and every answer of its parts: a sheet whose code ``verify`` finds again was
written from this history's unchanged rows.  The run row's ``passed`` is the verdict as
recorded when it was sat; the grades are judged again on today's curriculum (a school that
changes its rubric sees the new grades, the same code and the same verdict).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from trainer.curriculum.model import Curriculum, RedLine
from trainer.errors import BadInputError, EzbacError
from trainer.history.backend import HistoryStore
from trainer.session.audition import (
    AUDITION_ID,
    WRITTEN_PART,
    Verdict,
    judge_audition,
    part_session_id,
    proctor_of,
)
from trainer.session.records import AnswerRecord, SessionRecord

#: A code as printed: the run id's first 8 hex digits, then 12 letters/digits in threes.
CODE_SHAPE = re.compile(r"^([0-9A-F]{8})-([A-Z2-7]{4})-([A-Z2-7]{4})-([A-Z2-7]{4})$")
#: A run id as the history keeps it (a uuid4's 32 hex digits).
RUN_ID_SHAPE = re.compile(r"^[0-9a-f]{32}$")


class NoSuchAuditionError(BadInputError):
    """No finished audition run by that id or of that trainee: a usage error (exit 2)."""


class NotVerifiedError(EzbacError):
    """A code no audition of the history matches (unknown, or its rows changed): exit 1."""


@dataclass(frozen=True, slots=True)
class AuditionRecord:
    """One audition as its sign-off sheet states it."""

    run: SessionRecord
    school: str
    proctor: str
    verdict: Verdict
    houses: tuple[str, ...]  # the house rules each part was dealt under, a line each
    code: str
    red_lines: tuple[RedLine, ...] = ()  # every red line the audition sets
    #: What the school's signature covers beside the verdict (trainer.history.signing):
    #: the parts' runs and every answer as recorded, and the curriculum judged on.
    parts: tuple[SessionRecord, ...] = ()
    answers: tuple[AnswerRecord, ...] = ()
    curriculum_id: str = ""
    curriculum_sha256: str | None = None

    def file_name(self, suffix: str) -> str:
        """audition-NAME-DATE.pdf (the name's letters and digits; others a dash)."""
        name = "".join(c if c.isalnum() else "-" for c in self.run.trainee).strip("-")
        return f"audition-{name or 'trainee'}-{self.run.started_at:%Y-%m-%d}.{suffix}"

    def crossed(self, line: RedLine) -> bool:
        return any(c.red_line == line for c in self.verdict.crossed)

    @property
    def passed(self) -> bool:
        """The verdict recorded when it was sat (the run row's), not judged again."""
        return bool(self.run.passed)

    def signed_record(self) -> dict[str, Any]:
        """The whole record a school signs (canonical JSON of it is digested): who sat it and
        who proctored it (the names as recorded at the sitting, the roster ids with sign-in
        on), the school, the curriculum, every column of every answer of every part, each
        area's grade, the red lines and the verdict judged from the answers (not the run
        row's ``passed``), and when it was sat."""
        v = self.verdict
        return {
            "format": "ezbac-audition-record/1",
            "run_id": self.run.session_id,
            "school": self.school,
            "curriculum": {"id": self.curriculum_id, "sha256": self.curriculum_sha256},
            "trainee": {"name": self.run.trainee, "person_id": self.run.person_id},
            "proctor": {"name": self.proctor, "person_id": self.run.proctor_id},
            "sat_at": _stamp(self.run.started_at),
            "finished_at": _stamp(self.run.finished_at),
            "verdict": "passed" if v.passed else "failed",
            "written": {
                "right": v.written_right,
                "questions": v.written_questions,
                "pass_mark": v.written_pass_mark,
                "passed": v.written_passed,
            },
            "areas": [
                {
                    "id": a.area.id,
                    "grade": None if a.grade is None else a.grade.grade,
                    "right": a.right,
                    "answered": a.answered,
                    "seconds": f"{a.seconds:.3f}",
                    "pace": a.pace,
                }
                for a in v.areas
            ],
            "red_lines": [{"id": r.id, "crossed": self.crossed(r)} for r in self.red_lines],
            "retake_from": None if v.retake_from is None else v.retake_from.date().isoformat(),
            "parts": [
                {
                    "run_id": p.session_id,
                    "drill_id": p.drill_id,
                    "title": p.drill_title,
                    "mode": p.mode,
                    "started_at": _stamp(p.started_at),
                    "finished_at": _stamp(p.finished_at),
                    "questions": p.questions,
                    "correct": p.correct,
                    "passed": p.passed,
                    "abandoned": p.abandoned,
                    "reference_opened": p.reference_opened,
                    "trainee": p.trainee,
                    "person_id": p.person_id,
                    "proctor_id": p.proctor_id,
                }
                for p in self.parts
            ],
            "answers": [
                {
                    "run_id": a.session_id,
                    "trainee": a.trainee,
                    "drill_id": a.drill_id,
                    "step": a.step,
                    "skill": a.skill,
                    "cards": list(a.cards),
                    "answer": a.answer,
                    "expected": a.expected,
                    "correct": a.correct,
                    "seconds": f"{a.seconds:.3f}",
                    "answered_at": _stamp(a.answered_at),
                    "bet": a.bet,
                    "wager": a.wager,
                }
                for a in self.answers
            ],
        }

    def as_json(self) -> dict[str, Any]:
        v = self.verdict
        return {
            "run_id": self.run.session_id,
            "school": self.school,
            "trainee": self.run.trainee,
            "proctor": self.proctor,
            "sat_at": self.run.started_at.isoformat(),
            "finished_at": None
            if self.run.finished_at is None
            else self.run.finished_at.isoformat(),
            "passed": self.passed,
            "written": {
                "right": v.written_right,
                "questions": v.written_questions,
                "pass_mark": v.written_pass_mark,
                "passed": v.written_passed,
            },
            "areas": [
                {
                    "id": a.area.id,
                    "title": a.area.title,
                    "grade": None if a.grade is None else a.grade.grade,
                    "right": a.right,
                    "answered": a.answered,
                    "pace": a.pace,
                }
                for a in v.areas
            ],
            "red_lines_crossed": [
                {
                    "id": c.red_line.id,
                    "title": c.red_line.title,
                    "answer": c.answer.answer,
                    "expected": c.answer.expected,
                }
                for c in v.crossed
            ],
            "red_lines": [
                {"id": r.id, "title": r.title, "crossed": self.crossed(r)} for r in self.red_lines
            ],
            "retake_from": None if v.retake_from is None else v.retake_from.date().isoformat(),
            "houses": list(self.houses),
            "verification_code": self.code,
        }


def audition_runs(store: HistoryStore, trainee: str | None = None) -> list[SessionRecord]:
    """Every audition sat to its verdict (not abandoned), oldest first."""
    return [
        s
        for s in store.sessions(trainee)
        if s.drill_id == AUDITION_ID and s.completed and s.passed is not None
    ]


def find_run(store: HistoryStore, run_id: str | None, trainee: str | None) -> SessionRecord:
    """The audition run ``run_id``, or ``trainee``'s latest; NoSuchAuditionError if none."""
    if run_id is not None:
        for run in audition_runs(store):
            if run.session_id == run_id:
                return run
        raise NoSuchAuditionError(f"no finished audition with run id {run_id!r} in the history")
    runs = audition_runs(store, trainee)
    if not runs:
        raise NoSuchAuditionError(f"{trainee!r} has sat no audition to its verdict")
    return runs[-1]


def part_answers(store: HistoryStore, run: SessionRecord) -> list[AnswerRecord]:
    """The answers of the sitting's parts, in the order given."""
    prefix = run.session_id + "-"
    return [
        a for a in store.answers(run.trainee, run.started_at) if a.session_id.startswith(prefix)
    ]


def _stamp(at: datetime | None) -> str | None:
    return None if at is None else at.astimezone(UTC).isoformat(timespec="milliseconds")


def verification_code(run: SessionRecord, answers: Sequence[AnswerRecord]) -> str:
    """The code of a sitting's rows (module docstring): the same rows, the same code."""
    facts = {
        "run": [
            run.session_id,
            run.trainee,
            run.drill_title,
            _stamp(run.started_at),
            _stamp(run.finished_at),
            run.questions,
            run.correct,
            run.passed,
        ],
        "answers": [
            [
                a.session_id,
                a.skill,
                a.answer,
                a.expected,
                a.correct,
                f"{a.seconds:.3f}",
                _stamp(a.answered_at),
            ]
            for a in answers
        ],
    }
    message = json.dumps(facts, sort_keys=True, separators=(",", ":")).encode()
    mac = hmac.new(run.session_id.encode(), message, hashlib.sha256).digest()
    letters = base64.b32encode(mac).decode()[:12]
    return f"{run.session_id[:8].upper()}-{letters[:4]}-{letters[4:8]}-{letters[8:]}"


def _houses(store: HistoryStore, run: SessionRecord) -> tuple[str, ...]:
    """The house rules each part was dealt under (its drill's house), once each."""
    from trainer.drills.catalog import load_drill
    from trainer.engine.house import DEFAULT_HOUSE

    prefix = run.session_id + "-"
    lines: list[str] = []
    for part in store.sessions(run.trainee, run.started_at):
        if not part.session_id.startswith(prefix):
            continue
        if part.session_id == part_session_id(run.session_id, WRITTEN_PART):
            house = DEFAULT_HOUSE  # the written part is dealt by the engine's default house
        else:
            try:
                house = load_drill(part.drill_id).house
            except (ValueError, OSError):
                lines.append(f"{part.drill_title}: its drill is no longer installed")
                continue
        lines.append(f"{part.drill_title}: {house.summary[0]}")
    return tuple(dict.fromkeys(lines))


def audition_record(
    store: HistoryStore, run: SessionRecord, curriculum: Curriculum
) -> AuditionRecord:
    """The record of the audition ``run``, judged on ``curriculum``'s audition."""
    if curriculum.audition is None:
        raise BadInputError(f"the curriculum {curriculum.name!r} sets no audition")
    answers = part_answers(store, run)
    written_id = part_session_id(run.session_id, WRITTEN_PART)
    written = [a for a in answers if a.session_id == written_id]
    practical = [a for a in answers if a.session_id != written_id]
    proctor = proctor_of(run.drill_title)
    verdict = judge_audition(
        curriculum.audition,
        run.trainee,
        proctor,
        run.started_at,
        sum(1 for a in written if a.correct),
        practical,
        len(written),
    )
    return AuditionRecord(
        run,
        curriculum.school or curriculum.name,
        proctor,
        verdict,
        _houses(store, run),
        verification_code(run, answers),
        curriculum.audition.red_lines,
        _parts(store, run),
        tuple(answers),
        curriculum.name,
        _file_sha256(curriculum),
    )


def _parts(store: HistoryStore, run: SessionRecord) -> tuple[SessionRecord, ...]:
    prefix = run.session_id + "-"
    return tuple(
        s for s in store.sessions(run.trainee, run.started_at) if s.session_id.startswith(prefix)
    )


def _file_sha256(curriculum: Curriculum) -> str | None:
    """The SHA-256 of the curriculum file judged on (its version); None if it has none."""
    if curriculum.source is None:
        return None
    try:
        return hashlib.sha256(curriculum.source.read_bytes()).hexdigest()
    except OSError:
        return None


def verify(store: HistoryStore, code: str, curriculum: Curriculum) -> AuditionRecord:
    """The audition whose rows give ``code``: BadInputError for a code not of that shape,
    NotVerifiedError when none does (unknown, or its rows changed since the sheet)."""
    given = code.strip().upper()
    shape = CODE_SHAPE.match(given)
    if shape is None:
        raise BadInputError(
            f"{code.strip()!r} is not a verification code (like 1A2B3C4D-ABCD-EFGH-JKLM)"
        )
    runs = [r for r in audition_runs(store) if r.session_id[:8].upper() == shape.group(1)]
    if not runs:
        raise NotVerifiedError(f"{given}: no audition in this history has this code")
    for run in runs:
        record = audition_record(store, run, curriculum)
        if hmac.compare_digest(record.code, given):
            return record
    raise NotVerifiedError(
        f"{given}: the audition's rows no longer match this code (changed since the sheet)"
    )
