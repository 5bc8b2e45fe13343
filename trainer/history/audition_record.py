"""An audition's record: what the sign-off sheet and its JSON say, read back from
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

A code is printed with a check character (Luhn mod 32 over its 20 characters: any one
character typed wrong, and most swaps of two neighbours, fail it), so ``verify`` tells a
code mistyped from a record changed since its sheet without the history.  What a person
types is normalised first (``normalise_code``: spaces, dots or nothing for the dashes, any
case, O for 0 and I or L for 1 where the alphabet lacks one of them).  Codes printed before
the check character (four groups) are still looked up as typed: they are *old-shape*.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import Enum
from typing import Any

from trainer.curriculum.model import Curriculum, Grade, RedLine
from trainer.engine.pace import PaceVerdict, tenths_up
from trainer.engine.said import Said
from trainer.errors import BadInputError, EzbacError
from trainer.history.backend import HistoryStore
from trainer.session.audition import (
    AUDITION_ID,
    WRITTEN_PART,
    AreaResult,
    NotRetakeableError,
    Retake,
    Verdict,
    judge_audition,
    judge_retake,
    part_session_id,
    proctor_of,
    written_counted,
)
from trainer.session.records import AnswerRecord, SessionRecord

#: A code as printed: the run id's first 8 hex digits, 12 base-32 letters/digits in threes
#: of four, then the check character.  OLD_SHAPE: as printed before the check character.
CODE_SHAPE = re.compile(r"^([0-9A-F]{8})-([A-Z2-7]{4})-([A-Z2-7]{4})-([A-Z2-7]{4})-([A-Z2-7])$")
OLD_SHAPE = re.compile(r"^([0-9A-F]{8})-([A-Z2-7]{4})-([A-Z2-7]{4})-([A-Z2-7]{4})$")
_HEX = "0123456789ABCDEF"
_B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
#: What a person types for a character the alphabet lacks there: the run id's hex digits
#: have no O, I or L; the base-32 letters have no 0 or 1.
_AS_HEX = str.maketrans({"O": "0", "I": "1", "L": "1"})
_AS_B32 = str.maketrans({"0": "O", "1": "I"})
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015._/]+")


class ProctorCheck(Enum):
    """What the history says of an audition's proctor."""

    TYPED = "typed"  # a name typed at the terminal (the school's sign-in off): not verified
    SIGNED_IN = "signed_in"  # an instructor of the roster who signed in to approve it
    NOT_ON_ROSTER = "not_on_roster"  # a proctor id the roster holds no instructor by


class MistypedCodeError(BadInputError):
    """A code whose check character does not match what is typed: a typo (exit 2), never a
    record changed since its sheet."""


#: A run id as the history keeps it (a uuid4's 32 hex digits).
RUN_ID_SHAPE = re.compile(r"^[0-9a-f]{32}$")


class NoSuchAuditionError(BadInputError):
    """No finished audition run by that id or of that trainee: a usage error (exit 2)."""


class RetakeLinkError(EzbacError):
    """A retake whose link to the sitting it retook does not hold (another trainee's, a
    sitting not "retake areas", a later one, areas it did not name, a loop): no record is
    made of it, so no sheet of it is written or signed.  One line."""


#: The most sittings a chain of retakes is followed back through (a loop or a forged chain
#: is refused, never followed without end).
RETAKE_CHAIN = 20


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
    path: str = ""  # the curriculum's name (the path the audition ends)
    proctor_check: ProctorCheck = ProctorCheck.TYPED
    written_set: int = 0  # the written part's questions as the curriculum sets them
    written_answered: int = 0  # those the sitting answered
    #: Each house once, with the parts dealt under it (a part's drill no longer installed:
    #: its house ``""``).
    house_parts: tuple[tuple[str, tuple[str, ...]], ...] = ()
    rubric: tuple[Grade, ...] = ()  # the grades, best first
    #: A retake's record of the sitting it retook (what its verdict stands on; signed
    #: with it); None for a whole sitting.
    earlier: AuditionRecord | None = None
    #: The practical answers the verdict's score counted (a retake: trainer.session.audition
    #: Retake.kept), what a retake of this sitting stands on.
    counted: tuple[AnswerRecord, ...] = ()

    @property
    def proctor_verified(self) -> bool:
        return self.proctor_check is ProctorCheck.SIGNED_IN

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

    @property
    def retake_from(self) -> datetime | None:
        """When a retake may be sat, from the same verdict as ``passed`` (the one recorded
        when it was sat): None when that verdict passed, whatever the grades judged again
        today say, so a record never says "passed" and names a retake date."""
        if self.passed:
            return None
        return self.run.started_at + timedelta(days=self.verdict.retake_days)

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
            "proctor": {
                "name": self.proctor,
                "person_id": self.run.proctor_id,
                "verified": self.proctor_verified,
                "check": self.proctor_check.value,
            },
            "sat_at": _stamp(self.run.started_at),
            "finished_at": _stamp(self.run.finished_at),
            "verdict": "passed" if v.passed else "failed",
            "written": {
                "right": v.written_right,
                "questions": v.written_questions,
                "pass_mark": v.written_pass_mark,
                "passed": v.written_passed,
                "questions_set": self.written_set,
                "answered": self.written_answered,
            },
            "areas": [
                {
                    "id": a.area.id,
                    "grade": None if a.grade is None else a.grade.grade,
                    "mark": a.mark,  # as the sheet prints it ("not enough answers")
                    "right": a.right,
                    "answered": a.answered,
                    "seconds": f"{a.seconds:.3f}",
                    "pace": a.pace,
                    # as the sheet prints them: seconds per answer rounded up to a tenth
                    "pace_seconds": None if a.average is None else seconds(a.average),
                    "target_seconds": seconds(a.area.target_seconds),
                }
                for a in v.areas
            ],
            "red_lines": [{"id": r.id, "crossed": self.crossed(r)} for r in self.red_lines],
            "retake_from": None if v.retake_from is None else v.retake_from.date().isoformat(),
            **self._signed_retake(),
            "houses": [
                {"house": house or None, "parts": list(parts)} for house, parts in self.house_parts
            ],
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

    def _signed_retake(self) -> dict[str, Any]:
        """A retake's link, signed whole: the areas retaken and the full record of the sitting
        it retook (its own link within it), so the signature covers what the combined verdict
        relies on.  Nothing for a whole sitting (its record signs as before)."""
        if self.earlier is None:
            return {}
        return {
            "retake_of": {
                "run_id": self.earlier.run.session_id,
                "areas": list(self.verdict.retaken),
                "record": self.earlier.signed_record(),
            }
        }

    def as_json(self) -> dict[str, Any]:
        v = self.verdict
        return {
            "run_id": self.run.session_id,
            "school": self.school,
            "path": self.path,
            "trainee": self.run.trainee,
            "proctor": self.proctor,
            "proctor_verified": self.proctor_verified,
            "proctor_check": self.proctor_check.value,
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
                "questions_set": self.written_set,
                "answered": self.written_answered,
            },
            "areas": [
                {
                    "id": a.area.id,
                    "title": a.area.title,
                    "grade": None if a.grade is None else a.grade.grade,
                    "right": a.right,
                    "answered": a.answered,
                    "pace": a.pace,
                    "pace_seconds": None if a.average is None else round(a.average, 3),
                    "target_seconds": a.area.target_seconds,
                    "table_pace": _table_pace_json(a),
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
            "retake_from": _day(self.retake_from),
            # judged again today, as the areas' grades are: the areas a retake would sit
            # on their own, the score and its named band (None: the audition names none)
            "retake_areas": [a.area.id for a in v.retake_areas],
            # a retake: the sitting it retook and the areas it sat again (None: a whole one)
            "retake_of": v.retake_of,
            "retaken": list(v.retaken),
            "score": v.score if v.bands else None,
            "band": None if v.band is None else v.band.name,
            "houses": list(self.houses),
            "house_rules": [
                {"house": house or None, "parts": list(parts)} for house, parts in self.house_parts
            ],
            "verification_code": self.code,
        }


def _day(at: datetime | None) -> str | None:
    return None if at is None else at.date().isoformat()


def seconds(value: float) -> str:
    """A time in seconds to a tenth, rounded up: 2.4, 3.1 for 3.01 (rounded to a millionth
    first, so 2.4 by a float's 2.4000000001 is still 2.4)."""
    return f"{math.ceil(round(value * 10, 6)) / 10:.1f}"


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
        raise NoSuchAuditionError(
            Said("no finished audition with run id {run_id} in the history", run_id=repr(run_id))
        )
    runs = audition_runs(store, trainee)
    if not runs:
        raise NoSuchAuditionError(
            Said("{trainee} has sat no audition to its verdict", trainee=repr(trainee))
        )
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
            *([] if run.retake_of is None else [run.retake_of]),
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
    body = f"{run.session_id[:8].upper()}-{letters[:4]}-{letters[4:8]}-{letters[8:]}"
    return f"{body}-{check_character(body)}"


def _values(body: str) -> list[int]:
    """A code's 20 characters as numbers: the 8 hex digits' own, the letters' base-32."""
    chars = body.replace("-", "")
    return [_HEX.index(c) for c in chars[:8]] + [_B32.index(c) for c in chars[8:]]


def check_character(body: str) -> str:
    """The check character of a code's 20 characters (``body``, dashes or not): Luhn mod 32,
    which any one character changed, and most swaps of two neighbours, fail."""
    total = 0
    for n, value in enumerate(reversed(_values(body))):
        addend = value * 2 if n % 2 == 0 else value
        total += addend // 32 + addend % 32
    return _B32[(32 - total % 32) % 32]


def normalise_code(text: str) -> str:
    """A code as typed, in its printed form: spaces, dots, slashes or nothing for dashes,
    any case, O for 0 and I or L for 1 where the alphabet has only the other.  BadInputError
    for what is no code (20 characters, old-shape, or 21 with the check character)."""
    chars = _SEPARATORS.sub("", text.strip().upper())
    if len(chars) in (20, 21):
        chars = chars[:8].translate(_AS_HEX) + chars[8:].translate(_AS_B32)
        groups = [chars[:8], chars[8:12], chars[12:16], chars[16:20], chars[20:]]
        shaped = "-".join(g for g in groups if g)
        if CODE_SHAPE.match(shaped) or OLD_SHAPE.match(shaped):
            return shaped
    shown = text.strip()
    quoted = repr(shown[:40]) + ("..." if len(shown) > 40 else "")
    raise BadInputError(
        Said("{text} is not a verification code (like 1A2B3C4D-ABCD-EFGH-JKLM-O)", text=quoted)
    )


def _table_pace_json(a: AreaResult) -> dict[str, Any] | None:
    """An area's table pace for ``--json``: its whole tables, their seconds, coups an hour
    (rounded down), the table's format and the target there (None: not set) and whether it
    was met; the seats settled and seconds a seat (rounded up to a tenth; both None: not
    measured), and where the target sets seconds a seat, it and whether it was met; None
    for an area with no whole table."""
    pace = a.table_pace
    if pace is None:
        return None
    coups = pace.coups_an_hour
    verdict = pace.coups_verdict(a.table_target)
    out: dict[str, Any] = {
        "tables": pace.tables,
        "seconds": round(pace.seconds, 3),
        "coups_an_hour": None if coups is None else math.floor(coups),
        "format": a.table_format.value,
        "target_coups_an_hour": a.table_target.coups_an_hour,
        "met": None if verdict is None else verdict is PaceVerdict.MET,
        # seconds a seat settled, rounded UP to a tenth as the sheet shows it; both None
        # when not measured (a take recorded before schema v11)
        "seats": pace.seats or None,
        "seconds_a_seat": None if (seat := pace.seconds_a_seat) is None else float(tenths_up(seat)),
    }
    target = a.table_target.seconds_a_seat
    if target is not None:
        seats = pace.seats_verdict(a.table_target)
        out["target_seconds_a_seat"] = float(target)
        out["seats_met"] = None if seats is None else seats is PaceVerdict.MET
    return out


def _houses(store: HistoryStore, run: SessionRecord) -> dict[str, list[str]]:
    """Each house the parts were dealt under (its summary's first line; "" for a part whose
    drill is no longer installed), once, with the titles of the parts dealt under it."""
    from trainer.drills.catalogue import load_drill
    from trainer.engine.house import DEFAULT_HOUSE

    prefix = run.session_id + "-"
    houses: dict[str, list[str]] = {}
    for part in store.sessions(run.trainee, run.started_at):
        if not part.session_id.startswith(prefix):
            continue
        if part.session_id == part_session_id(run.session_id, WRITTEN_PART):
            house = DEFAULT_HOUSE.summary[0]  # the written part: the engine's default house
        else:
            try:
                house = load_drill(part.drill_id).house.summary[0]
            except (ValueError, OSError):
                house = ""
        parts = houses.setdefault(house, [])
        if part.drill_title not in parts:
            parts.append(part.drill_title)
    return houses


def _house_lines(houses: dict[str, list[str]]) -> tuple[str, ...]:
    """The JSON's ``houses`` as before: "PART: HOUSE", a line per part."""
    return tuple(
        f"{part}: {house}" if house else f"{part}: its drill is no longer installed"
        for house, parts in houses.items()
        for part in parts
    )


def proctor_check(store: HistoryStore, run: SessionRecord) -> ProctorCheck:
    """Whether the sitting's proctor signed in (an instructor of the roster by the run's
    proctor id) or was typed at the terminal (no proctor id: the school's sign-in off)."""
    if run.proctor_id is None:
        return ProctorCheck.TYPED
    from trainer.history.people import INSTRUCTOR, by_id

    who = by_id(store, run.proctor_id)
    if who is None or who.role != INSTRUCTOR:
        return ProctorCheck.NOT_ON_ROSTER
    return ProctorCheck.SIGNED_IN


def audition_record(
    store: HistoryStore, run: SessionRecord, curriculum: Curriculum, _chain: int = 0
) -> AuditionRecord:
    """The record of the audition ``run``, judged on ``curriculum``'s audition; a retake's
    combined with the record of the sitting it retook (RetakeLinkError when that link does
    not hold: ``_retake_of``)."""
    if curriculum.audition is None:
        raise BadInputError(
            Said("the curriculum {name} sets no audition", name=repr(curriculum.name))
        )
    answers = part_answers(store, run)
    written_id = part_session_id(run.session_id, WRITTEN_PART)
    written = [a for a in answers if a.session_id == written_id]
    practical = [a for a in answers if a.session_id != written_id]
    proctor = proctor_of(run.drill_title)
    earlier: AuditionRecord | None = None
    counted: tuple[AnswerRecord, ...] = tuple(practical)
    if run.retake_of is not None:
        earlier, retake = _retake_of(store, run, curriculum, _chain)
        if written:
            raise RetakeLinkError(
                Said(
                    "audition {run}: a retake of single areas has no written part",
                    run=run.session_id[:8],
                )
            )
        verdict = judge_retake(
            curriculum.audition, retake, run.trainee, proctor, run.started_at, practical
        )
        counted = retake.kept(curriculum.audition, practical)
    else:
        verdict = judge_audition(
            curriculum.audition,
            run.trainee,
            proctor,
            run.started_at,
            sum(1 for a in written if a.correct),
            practical,
            written_counted(curriculum.audition, len(written)),
            written,
        )
    houses = _houses(store, run)
    return AuditionRecord(
        run,
        curriculum.school,
        proctor,
        verdict,
        _house_lines(houses),
        verification_code(run, answers),
        curriculum.audition.red_lines,
        parts=_parts(store, run),
        answers=tuple(answers),
        curriculum_id=curriculum.name,
        curriculum_sha256=_file_sha256(curriculum),
        path=curriculum.name,
        proctor_check=proctor_check(store, run),
        written_set=curriculum.audition.written_questions,
        written_answered=len(written),
        house_parts=tuple((house, tuple(parts)) for house, parts in houses.items()),
        rubric=curriculum.audition.rubric,
        earlier=earlier,
        counted=counted,
    )


def _retake_of(
    store: HistoryStore, run: SessionRecord, curriculum: Curriculum, chain: int
) -> tuple[AuditionRecord, Retake]:
    """The record of the sitting the retake ``run`` retook and the retake it stands on,
    checked: the same trainee (and roster person), an audition sat to its verdict before
    it, recorded as not passed and judged "retake areas", and every part the retake sat
    the drill of an area that sitting named.  RetakeLinkError (one line) otherwise."""
    assert curriculum.audition is not None and run.retake_of is not None
    where = Said(
        "audition {run}: a retake of sitting {retook}",
        run=run.session_id[:8],
        retook=run.retake_of[:8],
    )
    if chain >= RETAKE_CHAIN:
        raise RetakeLinkError(
            Said("{where}: more than {most} retakes in a chain", where=where, most=RETAKE_CHAIN)
        )
    found = [r for r in audition_runs(store) if r.session_id == run.retake_of]
    if not found:
        raise RetakeLinkError(
            Said("{where}, which is no audition sat to its verdict here", where=where)
        )
    before = found[0]
    if before.trainee != run.trainee or before.person_id != run.person_id:
        raise RetakeLinkError(
            Said(
                "{where}, which {before} sat, not {trainee}",
                where=where,
                before=repr(before.trainee),
                trainee=repr(run.trainee),
            )
        )
    if before.started_at >= run.started_at:
        raise RetakeLinkError(Said("{where}, which was not sat before it", where=where))
    if before.passed:
        raise RetakeLinkError(
            Said("{where}, which passed: there is nothing to retake", where=where)
        )
    earlier = audition_record(store, before, curriculum, chain + 1)
    try:  # a sitting judged other than "retake areas" first, whatever the retake sat
        Retake.of(before.session_id, earlier.verdict, ())
    except NotRetakeableError as exc:
        raise RetakeLinkError(
            Said("audition {run}: {why}", run=run.session_id[:8], why=_message(exc))
        ) from None
    drills = {p.session_id[len(run.session_id) + 1 :] for p in _parts(store, run)}
    named = [a.area for a in earlier.verdict.retake_areas]
    areas = [a.id for a in named if a.drill in drills]
    stray = sorted(d for d in drills if d not in {a.drill for a in named})
    if stray:
        raise RetakeLinkError(
            Said(
                "{where}: it sat {drills}, no area that sitting named to retake",
                where=where,
                drills=", ".join(stray),
            )
        )
    try:
        retake = Retake.of(before.session_id, earlier.verdict, earlier.counted, areas)
    except NotRetakeableError as exc:
        raise RetakeLinkError(
            Said("audition {run}: {why}", run=run.session_id[:8], why=_message(exc))
        ) from None
    return earlier, retake


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


def checked_code(text: str) -> str:
    """``text`` normalised (``normalise_code``), its check character checked when it has one:
    BadInputError for what is no code, MistypedCodeError for a typo."""
    given = normalise_code(text)
    shape = CODE_SHAPE.match(given)
    if shape is not None and check_character(given[:-2]) != shape.group(5):
        raise MistypedCodeError(
            Said(
                "{code}: that code is mistyped: its check character {check} does not match "
                "the rest; check each character against the sheet",
                code=given,
                check=shape.group(5),
            )
        )
    return given


#: At most this many of a code's 12 letters off an audition's own code is a typo: a record
#: changed gives a code of its own, off by all but one of them on average (32 letters each).
TYPO_LETTERS = 2


def _letters_off(given: str, code: str) -> int:
    return sum(1 for a, b in zip(given[9:23], code[9:23], strict=True) if a != b)


def verify(store: HistoryStore, code: str, curriculum: Curriculum) -> AuditionRecord:
    """The audition whose rows give ``code``: BadInputError for what is no code,
    MistypedCodeError for a typo (a check character that does not match, or a code one or
    two letters off an audition's own), NotVerifiedError when no audition's rows give it
    (unknown, or its rows changed since the sheet)."""
    given = checked_code(code)
    old = OLD_SHAPE.match(given) is not None
    runs = [r for r in audition_runs(store) if r.session_id[:8].upper() == given[:8]]
    if not runs:
        raise NotVerifiedError(
            Said(
                "{code}: an old-shape code (printed without a check character), looked up as "
                "typed: no audition in this history has this code",
                code=given,
            )
            if old
            else Said("{code}: no audition in this history has this code", code=given)
        )
    records = []
    for run in runs:
        try:
            records.append(audition_record(store, run, curriculum))
        except RetakeLinkError as exc:  # a retake whose link does not hold verifies nothing
            raise NotVerifiedError(Said("{code}: {why}", code=given, why=_message(exc))) from None
    for record in records:
        if hmac.compare_digest(record.code[: len(given)], given):
            return record
    if any(_letters_off(given, r.code) <= TYPO_LETTERS for r in records):
        raise MistypedCodeError(
            Said(
                "{code}: that code is mistyped: an old-shape code, one or two letters off this "
                "audition's; check each character against the sheet",
                code=given,
            )
            if old
            else Said(
                "{code}: that code is mistyped: one or two letters off this audition's; check "
                "each character against the sheet",
                code=given,
            )
        )
    raise NotVerifiedError(
        Said(
            "{code}: an old-shape code (printed without a check character), looked up as "
            "typed: the audition's rows no longer match this code (changed since the sheet, "
            "or more than two letters mistyped)",
            code=given,
        )
        if old
        else Said(
            "{code}: the audition's rows no longer match this code (changed since the sheet)",
            code=given,
        )
    )


def _message(exc: BaseException) -> str:
    """An error's message as it was raised (a ``Said`` kept for the edges to word)."""
    return exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)
