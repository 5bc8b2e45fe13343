"""The audition's verdict: the written part against its pass mark, each practical
area graded on the school's rubric, and the red lines that fail it whatever else; plain
values from the answers given, testable without a terminal or a database.

An area's grade is the first of the rubric (best first) whose accuracy and pace its answers
meet: at least ``accuracy`` percent right (compared in whole numbers) and an average time at
most ``pace`` percent of the area's target.  An area with fewer answers than the
curriculum's ``min_answers`` gets no grade ("not enough answers"); an area with no grade
fails.  A red line is crossed by one wrong answer to its keys, in either part (with
``over``, only by a wrong amount off the right one by more than that).  The audition
passes when the written part passes, every area has a grade and no red line is crossed; a
failed one may be sat again ``retake_days`` after.

A ``Sitting`` is the run kind: it starts only once a ``Proctor`` approves, names who sat it
and who proctored it, collects the written and practical parts' answers and is recorded as
a run of its own (drill id ``audition``).  With the school's sign-in on, the proctor is an
instructor who signed in with their PIN to approve it (``proctor_id``) and the history keeps
the finished exam from being changed; with it off, ``NamedProctor`` holds the name the
proctor typed, not checked.  Each part runs
as a run of its own whose session id is the sitting's followed by the part
(``part_session_id``), so the sign-off sheet finds a sitting's answers again with no
schema change.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Protocol

from trainer.curriculum.model import Area, Audition, Band, Grade, InARow, RedLine
from trainer.drills.model import BetSpec, CoupFilter, Cover, Drill, Mode, Order, Step
from trainer.engine.house import DEFAULT_HOUSE, House
from trainer.engine.pace import PaceMeasure, PaceTarget, TableFormat, target_for
from trainer.errors import EzbacError
from trainer.scoring import millis, percent
from trainer.session.pace import table_time
from trainer.session.questions import NOT_ASKED
from trainer.session.records import AnswerRecord, SessionRecord
from trainer.skillkey import SkillPattern

#: The run kind an audition is recorded as (the sessions table's drill_id; no schema change).
AUDITION_ID = "audition"
#: The written part's drill id (its title is worded at the edges: trainer.words.titles).
WRITTEN_ID = f"{AUDITION_ID}-written"


class Outcome(enum.Enum):
    """What a sitting comes to: passed; a retake of the areas graded at a retake grade only
    (the rest stands); or failed, the whole audition sat again."""

    PASSED = "passed"
    RETAKE_AREAS = "retake areas"
    FAILED = "failed"


class Proctor(Protocol):
    """Who may start an audition: the proctor's approval, by name (``NamedProctor``: the
    instructor signed in, or the name typed with the school's sign-in off)."""

    def approve(self, trainee: str) -> str | None:
        """The approving proctor's name, or None when the audition may not start."""


@dataclass(frozen=True, slots=True)
class NamedProctor:
    """A proctor approving by name (the instructor signed in, or a name typed and not
    checked with the school's sign-in off): approves when the name is not blank."""

    name: str

    def approve(self, trainee: str) -> str | None:
        return self.name.strip() or None


#: The written part's name among a sitting's parts (the practical ones are named by drill).
WRITTEN_PART = "written"


def part_session_id(sitting_id: str, part: str) -> str:
    """The session id of one part's run: the sitting's, a dash, the part."""
    return f"{sitting_id}-{part}"


def practical_drills(audition: Audition) -> tuple[str, ...]:
    """The drills the practical part is sat with, in the areas' order, each once."""
    return tuple(dict.fromkeys(a.drill for a in audition.areas if a.drill))


#: No pace target set (an area with no whole table, or a format no one set targets for).
NO_TARGET = PaceTarget()


@dataclass(frozen=True, slots=True)
class AreaResult:
    area: Area
    answered: int
    right: int
    seconds: float
    grade: Grade | None  # None: below the rubric's last grade, or too few answers
    #: The answers the area needs before it is graded (the curriculum's ``min_answers``).
    needed: int = 1
    #: The skill keys (patterns) the area names that no answer was given to.
    unasked: tuple[str, ...] = ()
    #: The answers the pace is the average of (None: all): a question an exam passed over
    #: (recorded ``NOT_ASKED``) counts missed, never as an answer in no time.
    timed: int | None = None
    #: Their time in whole milliseconds (each answer's, summed: ``trainer.scoring.millis``),
    #: what the pace is worked from (None: from ``seconds``).
    millis: int | None = None
    #: The most coups in a row dealt without the error its ``in_a_row`` names (None: the
    #: area sets none).
    longest_run: int | None = None
    #: Whole tables among its answers and their seconds (``trainer.session.pace``), the
    #: format of the table its drill deals and the pace target there: the school's over
    #: the house's.  Shown beside the grade; the rubric grades on ``pace`` alone.
    tables: int = 0
    table_seconds: float = 0.0
    #: The seats those tables settled (each seat with any bet; 0: not measured, a take
    #: recorded before schema v11 among them).
    table_seats: int = 0
    table_format: TableFormat = TableFormat.MINI
    table_target: PaceTarget = NO_TARGET

    @property
    def table_pace(self) -> PaceMeasure | None:
        """The dealer's pace over the area's whole tables (None: it has none): coups an
        hour, and seconds a seat settled where the seats are recorded."""
        if not self.tables:
            return None
        return PaceMeasure(self.tables, self.table_seats, self.table_seconds)

    @property
    def passed(self) -> bool:
        """Graded, and not at a grade that retakes the area."""
        return self.grade is not None and not self.grade.retake

    @property
    def retake(self) -> bool:
        """Graded at a grade that retakes this area on its own (a C)."""
        return self.grade is not None and self.grade.retake

    @property
    def run_met(self) -> bool:
        """The area's run of coups without the named error dealt (True: none set)."""
        run = self.area.in_a_row
        return run is None or (self.longest_run or 0) >= run.coups

    @property
    def enough(self) -> bool:
        """Asked often enough to be graded: at least ``needed`` answers (and one), and each
        skill it names asked."""
        return self.answered >= max(1, self.needed) and not self.unasked

    @property
    def mark(self) -> str:
        """The grade as the verdict and the sheet show it."""
        if not self.enough:
            return "not enough answers"
        return "failed" if self.grade is None else self.grade.grade

    @property
    def average(self) -> float | None:
        timed = self.answered if self.timed is None else self.timed
        return self.seconds / timed if timed else None

    @property
    def pace(self) -> int | None:
        """The average as a whole percent of the area's target, rounded up (100.4 is 101),
        worked in whole milliseconds: 2.2 s of a 2.2 s target is exactly 100."""
        timed = self.answered if self.timed is None else self.timed
        if not timed:
            return None
        total = millis(self.seconds) if self.millis is None else self.millis
        return -(-total * 100 // (millis(self.area.target_seconds) * timed))


@dataclass(frozen=True, slots=True)
class Crossed:
    """A red line crossed, with the answer that crossed it."""

    red_line: RedLine
    answer: AnswerRecord


@dataclass(frozen=True, slots=True)
class Verdict:
    trainee: str
    proctor: str
    sat_at: datetime
    written_right: int
    written_questions: int
    written_pass_mark: int
    areas: tuple[AreaResult, ...]
    crossed: tuple[Crossed, ...]
    retake_days: int
    #: The audition's named grade bands (none: no score is named), and the sitting's score:
    #: whole percent right over every answer of both parts, truncated.
    bands: tuple[Band, ...] = ()
    score: int | None = None
    #: A retake's verdict: the run id of the sitting whose areas it retook (its written
    #: part and the areas that stood are that sitting's); None for a whole sitting.
    retake_of: str | None = None
    #: The areas a retake sat again (their ids); empty for a whole sitting.
    retaken: tuple[str, ...] = ()

    @property
    def written_passed(self) -> bool:
        return self.written_right * 100 >= self.written_pass_mark * self.written_questions

    @property
    def failed_areas(self) -> tuple[AreaResult, ...]:
        """The areas with no grade: below the rubric, or not enough answers."""
        return tuple(a for a in self.areas if a.grade is None)

    @property
    def retake_areas(self) -> tuple[AreaResult, ...]:
        """The areas graded at a grade that retakes them on their own."""
        return tuple(a for a in self.areas if a.retake)

    @property
    def band(self) -> Band | None:
        """The named band the score falls in (None: no bands, or in none of them)."""
        if self.score is None:
            return None
        return next((b for b in self.bands if b.holds(self.score)), None)

    @property
    def out_of_band(self) -> bool:
        """Bands are named and the score falls in none of them: the audition fails."""
        return bool(self.bands) and self.band is None

    @property
    def whole_failed(self) -> bool:
        """Failed as a whole (the written part, an area below every grade, a red line, a
        score in no band): the whole audition is sat again, whatever else."""
        return (
            not self.written_passed or bool(self.failed_areas) or bool(self.crossed)
        ) or self.out_of_band

    @property
    def passed(self) -> bool:
        return not self.whole_failed and not self.retake_areas

    @property
    def outcome(self) -> Outcome:
        if self.passed:
            return Outcome.PASSED
        return Outcome.FAILED if self.whole_failed else Outcome.RETAKE_AREAS

    @property
    def retake_from(self) -> datetime | None:
        """When a failed audition may be sat again (None: it passed)."""
        return None if self.passed else self.sat_at + timedelta(days=self.retake_days)

    @property
    def outcome_words(self) -> str:
        """What follows PASSED or FAILED on the verdict screen and the sheet: the areas
        retaken on their own (when the rest stands) and the score's named band, where the
        audition names bands ("" with neither)."""
        parts = []
        if self.retake_of is not None:
            names = ", ".join(a.area.title for a in self.areas if a.area.id in self.retaken)
            parts.append(f"A retake of {names} (sitting {self.retake_of[:8]}).")
        if self.outcome is Outcome.RETAKE_AREAS:
            names = ", ".join(a.area.title for a in self.retake_areas)
            parts.append(f"Retake on their own: {names}; the rest stands.")
        if self.bands and self.score is not None:
            band = self.band
            parts.append(f"Score {self.score}: {band.name if band else 'in no band'}.")
        return " ".join(parts)

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why it failed, one line each (empty when it passed)."""
        out = []
        if not self.written_passed:
            out.append(
                f"written part: {self.written_right} of {self.written_questions} right, "
                f"{self.written_pass_mark}% needed"
            )
        for a in self.failed_areas:
            out.append(
                f"{a.area.title}: not enough answers ({a.answered} of the "
                f"{max(1, a.needed)} it needs)"
                if a.answered < max(1, a.needed)
                else f"{a.area.title}: not enough answers (never asked: {', '.join(a.unasked)})"
                if a.unasked
                else f"{a.area.title}: {a.right} of {a.answered} right at {a.pace}% of the "
                "target time, below every grade"
            )
        for a in self.retake_areas:
            out.append(f"{a.area.title}: graded {a.mark}, retaken on its own")
        for a in self.areas:
            run = a.area.in_a_row
            if run is not None and not a.run_met:
                out.append(
                    f"{a.area.title}: {a.longest_run or 0} coups in a row without "
                    f"{run.title}, {run.coups} needed"
                )
        for c in self.crossed:
            out.append(f"red line: {c.red_line.title} ({c.answer.answer}, not {c.answer.expected})")
        if self.out_of_band and self.score is not None:
            out.append(f"a score of {self.score} is in none of the grade bands")
        return tuple(out)


def grade_of(rubric: Sequence[Grade], right: int, answered: int, pace: int | None) -> Grade | None:
    """The first grade (best first) that ``right`` of ``answered`` at ``pace`` percent of the
    target meets; None below them all or with nothing answered."""
    if not answered or pace is None:
        return None
    for grade in rubric:
        if right * 100 >= grade.accuracy * answered and pace <= grade.pace:
            return grade
    return None


def longest_run(run: InARow, answers: Iterable[AnswerRecord]) -> int:
    """The most coups in a row, in the order given, whose answers to ``run``'s keys are all
    right: a coup is the consecutive answers of one run sharing the coup's cards; a coup
    with no answer to those keys neither counts nor breaks the run."""
    best = current = 0
    key: tuple[str, tuple[str, ...]] | None = None
    coup: list[AnswerRecord] = []

    def close() -> None:
        nonlocal best, current
        named = [a for a in coup if run.covers(a.skill)]
        if named:
            current = current + 1 if all(a.correct for a in named) else 0
            best = max(best, current)

    for a in answers:
        if (a.session_id, a.cards) != key:
            close()
            key, coup = (a.session_id, a.cards), []
        coup.append(a)
    close()
    return best


def capped(rubric: Sequence[Grade], grade: Grade | None, at_most: str) -> Grade | None:
    """``grade``, or the rubric's grade named ``at_most`` if that one is lower (None: no
    such grade named, so the area fails)."""
    if grade is None:
        return None
    names = [g.grade for g in rubric]
    if at_most not in names:
        return None
    return (
        grade if names.index(grade.grade) >= names.index(at_most) else rubric[names.index(at_most)]
    )


def amount_of(text: str) -> Decimal | None:
    """The amount an answer's text ends with ("win 615", "6.75"), if any."""
    word = text.split()[-1].lstrip("$").replace(",", "") if text.split() else ""
    try:
        value = Decimal(word)
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


def crosses(red_line: RedLine, answer: AnswerRecord) -> bool:
    if answer.correct or not red_line.covers(answer.skill):
        return False
    if red_line.over is None:
        return True
    given, right = amount_of(answer.answer), amount_of(answer.expected)
    return given is not None and right is not None and abs(given - right) > red_line.over


def written_counted(audition: Audition, answered: int) -> int:
    """What the written part is counted out of: the questions the audition sets, a set
    question not answered counting as not right (a sitting recorded when the part asked
    whole coups only, 16 of 18 set); the answers given if more were asked (a part set at
    none still asks one coup)."""
    return max(audition.written_questions, answered)


def area_house(area: Area, houses: Mapping[str, House] | None = None) -> House:
    """The house an area's drill deals under: ``houses``' by drill id when given, else its
    installed drill's (the default house for no drill or one no longer installed)."""
    if houses is not None or not area.drill:
        return (houses or {}).get(area.drill, DEFAULT_HOUSE)
    from trainer.drills.catalogue import load_drill

    try:
        return load_drill(area.drill).house
    except (ValueError, OSError):
        return DEFAULT_HOUSE


def with_table_pace(
    result: AreaResult,
    audition: Audition,
    mine: Sequence[AnswerRecord],
    houses: Mapping[str, House] | None = None,
) -> AreaResult:
    """``result`` with the pace of its whole tables against the target of its drill's
    table: the school's (``audition.pace``) over the house's, field by field."""
    tables, seats, seconds = table_time(mine)
    if not tables:
        return result
    house = area_house(result.area, houses)
    return replace(
        result,
        tables=tables,
        table_seconds=seconds,
        table_seats=seats,
        table_format=house.table_format,
        table_target=target_for(house.table_format, house.pace, audition.pace),
    )


def judge_audition(
    audition: Audition,
    trainee: str,
    proctor: str,
    sat_at: datetime,
    written_right: int,
    practical: Iterable[AnswerRecord],
    written_asked: int | None = None,
    written: Iterable[AnswerRecord] = (),
    houses: Mapping[str, House] | None = None,
) -> Verdict:
    """The verdict on a sitting: ``written_right`` of the written part's questions (of
    ``written_asked`` if the part asked another number than the file's), and the practical
    part's answers (each counted in every area whose keys cover its skill).  The red lines
    are judged over every answer of the sitting: the practical part's and the written
    part's (``written``: its answers as given).  ``houses``: the house of each area's drill
    by id, for its table pace target (None: read from the installed drills)."""
    asked = audition.written_questions if written_asked is None else written_asked
    if not 0 <= written_right <= asked:
        raise ValueError(f"{written_right} right of a written part of {asked} questions")
    answers = list(practical)
    areas = []
    for area in audition.areas:
        mine = [a for a in answers if area.covers(a.skill)]
        right = sum(1 for a in mine if a.correct)
        seconds = sum(a.seconds for a in mine)
        unasked = tuple(
            k for k in area.keys if not any(SkillPattern(k).matches(a.skill) for a in mine)
        )
        timed = sum(1 for a in mine if a.answer != NOT_ASKED)
        result = AreaResult(
            area,
            len(mine),
            right,
            seconds,
            None,
            audition.min_answers,
            unasked,
            timed,
            sum(millis(a.seconds) for a in mine),
        )
        # never a grade on fewer answers than the curriculum sets for an area
        grade = grade_of(audition.rubric, right, len(mine), result.pace) if result.enough else None
        if area.in_a_row is not None:
            result = replace(result, longest_run=longest_run(area.in_a_row, mine))
            if not result.run_met:
                grade = capped(audition.rubric, grade, area.in_a_row.at_most)
        areas.append(replace(with_table_pace(result, audition, mine, houses), grade=grade))
    crossed = tuple(
        Crossed(line, a)
        for a in (*written, *answers)
        for line in audition.red_lines
        if crosses(line, a)
    )
    return Verdict(
        trainee,
        proctor,
        sat_at,
        written_right,
        asked,
        audition.written_pass_mark,
        tuple(areas),
        crossed,
        audition.retake_days,
        audition.bands,
        percent(written_right + sum(1 for a in answers if a.correct), asked + len(answers)),
    )


# -- a sitting: the run kind ---------------------------------------------------------------------


class NotApprovedError(EzbacError):
    """No proctor approved the audition: it does not start."""


#: The written part's bets: one on each coup's layout, odd amounts in fives (a calculation).
WRITTEN_BETS = (Decimal(5), Decimal(250), Decimal(5))
WRITTEN_STEPS = (Step.PLAYER_DRAWS, Step.BANKER_DRAWS, Step.OUTCOME, Step.PAYOUT)


def written_drill(audition: Audition, house: House = DEFAULT_HOUSE) -> Drill:
    """The written part as an exam drill dealt by the engine: each coup asks the draws, the
    outcome and one bet's payout, as many questions as the file sets (18: four coups and
    the draws of a fifth; at least one coup); pass mark the file's."""
    low, high, unit = WRITTEN_BETS
    per_coup = len(WRITTEN_STEPS)
    return Drill(
        id=WRITTEN_ID,
        title="Audition: the written part",
        description=(
            "Situations and calculations drawn from the engine: each coup's draws, its "
            "outcome and a bet's payout. No reference, no feedback until the end."
        ),
        steps=WRITTEN_STEPS,
        questions=max(1, -(-audition.written_questions // per_coup)),  # coups, rounded up
        mode=Mode.EXAM,
        order=Order.SHUFFLED,
        pass_mark=audition.written_pass_mark,
        tags=(AUDITION_ID,),
        filters=(CoupFilter(),),
        bets=tuple(BetSpec(bet, low, high, unit) for bet in house.bets),
        bets_per_coup=(1, 1),
        house=house,
        length_in_questions=True,  # its header counts questions, the last coup cut short
        most_questions=audition.written_questions or None,
    )


def exam_part(drill: Drill, number: int, parts: int, covers: tuple[Cover, ...] = ()) -> Drill:
    """``drill`` sat as part ``number`` of ``parts`` of an audition: an exam whatever its
    file says (no feedback until the end, no rules reference, time limits enforced,
    recorded as exam), headed "Part N of M" on every screen; ``covers``: a coup dealt for
    each skill its area names that luck might leave out (mixed among the others)."""
    return replace(
        drill,
        mode=Mode.EXAM,
        part=(number, parts),
        covers=(*drill.covers, *covers),
    )


@dataclass
class Sitting:
    """One audition being sat: approved by a proctor, then its parts run as drills (the
    written part, then each practical area's drill), their answers handed here as they are
    recorded; ``verdict`` and ``record`` at the end.  Recorded as a run of its own in the
    sessions table (drill id ``audition``), its answers under their own runs: no schema
    change."""

    audition: Audition
    trainee: str
    proctor: str
    started_at: datetime
    session_id: str
    written: list[AnswerRecord]
    practical: list[AnswerRecord]
    #: Who sat it and who proctored it, as the roster knows them (with the school's sign-in
    #: on); None without one.  Every run of the sitting carries them.
    person_id: str | None = None
    proctor_id: str | None = None
    #: A retake of some areas of an earlier sitting (None: the whole audition).
    retake: Retake | None = None

    @classmethod
    def start(
        cls,
        audition: Audition,
        trainee: str,
        proctor: Proctor,
        at: datetime,
        session_id: str,
        person_id: str | None = None,
        proctor_id: str | None = None,
    ) -> Sitting:
        """A sitting, once ``proctor`` approves it; NotApprovedError otherwise."""
        name = proctor.approve(trainee)
        if not name:
            raise NotApprovedError(f"the audition of {trainee} was not approved by a proctor")
        return cls(audition, trainee, name, at, session_id, [], [], person_id, proctor_id)

    def on_written(self, record: AnswerRecord) -> None:
        self.written.append(record)

    def on_practical(self, record: AnswerRecord) -> None:
        self.practical.append(record)

    def verdict(self, asked: int | None = None) -> Verdict:
        """The verdict on the answers given (``asked``: the written part's questions, else
        those the audition sets, or those answered if more: ``written_counted``)."""
        if self.retake is not None:
            return judge_retake(
                self.audition,
                self.retake,
                self.trainee,
                self.proctor,
                self.started_at,
                self.practical,
            )
        right = sum(1 for a in self.written if a.correct)
        return judge_audition(
            self.audition,
            self.trainee,
            self.proctor,
            self.started_at,
            right,
            self.practical,
            written_counted(self.audition, len(self.written)) if asked is None else asked,
            self.written,
        )

    @property
    def title(self) -> str:
        return f"Audition (proctor: {self.proctor})"

    def started(self) -> SessionRecord:
        """The sitting's run as it starts (under way: no verdict yet)."""
        return SessionRecord(
            self.session_id,
            self.trainee,
            AUDITION_ID,
            self.title,
            Mode.EXAM.value,
            self.started_at,
            person_id=self.person_id,
            proctor_id=self.proctor_id,
            retake_of=None if self.retake is None else self.retake.run_id,
        )

    def abandoned(self, at: datetime) -> SessionRecord:
        """The sitting's run left before its end: no verdict, kept as abandoned."""
        return replace(
            self.started(),
            finished_at=at,
            questions=len(self.written) + len(self.practical),
            correct=sum(1 for a in (*self.written, *self.practical) if a.correct),
            abandoned=True,
        )

    def record(self, finished_at: datetime, asked: int | None = None) -> SessionRecord:
        """The sitting as a run: every answer of both parts counted, passed as the verdict."""
        verdict = self.verdict(asked)
        written = (verdict.written_questions, verdict.written_right) if not self.retake else (0, 0)
        return replace(
            self.started(),
            finished_at=finished_at,
            questions=written[0] + len(self.practical),
            correct=written[1] + sum(1 for a in self.practical if a.correct),
            passed=verdict.passed,
        )


def proctor_of(title: str) -> str:
    """The proctor named in a sitting's run title (``Sitting.title``), "" if none."""
    head, tail = "Audition (proctor: ", ")"
    return title[len(head) : -len(tail)] if title.startswith(head) and title.endswith(tail) else ""


# -- a retake of single areas ------------------------------------------------------------------


class NotRetakeableError(EzbacError):
    """A retake that may not be sat (or recorded): a sitting not "retake areas", or areas it
    did not name.  Its message is one line."""


@dataclass(frozen=True, slots=True)
class Retake:
    """What a retake of single areas stands on: the earlier sitting's run id, its verdict
    (itself combined, when it was a retake), the practical answers its score counted, and
    the areas sat again (ids, a subset of the ones it named).  Built by ``Retake.of``."""

    run_id: str
    earlier: Verdict
    counted: tuple[AnswerRecord, ...]
    areas: tuple[str, ...]

    @classmethod
    def of(
        cls,
        run_id: str,
        earlier: Verdict,
        counted: Iterable[AnswerRecord],
        areas: Iterable[str] | None = None,
    ) -> Retake:
        """A retake of ``areas`` (None: every area it named) of the sitting ``run_id``;
        NotRetakeableError when that sitting is not "retake areas" or names other areas."""
        if earlier.outcome is not Outcome.RETAKE_AREAS:
            raise NotRetakeableError(
                f"sitting {run_id[:8]} was {earlier.outcome.value}: only a sitting with "
                "areas to retake on their own is retaken"
            )
        named = tuple(a.area.id for a in earlier.retake_areas)
        chosen = named if areas is None else tuple(dict.fromkeys(areas))
        others = [a for a in chosen if a not in named]
        if others or not chosen:
            raise NotRetakeableError(
                f"sitting {run_id[:8]} named {', '.join(named)} to retake, not "
                f"{', '.join(others) or 'nothing'}"
            )
        return cls(run_id, earlier, tuple(counted), chosen)

    def drills(self, audition: Audition) -> tuple[str, ...]:
        """The drills the retaken areas are sat with, in the areas' order, each once."""
        return tuple(
            dict.fromkeys(a.drill for a in audition.areas if a.id in self.areas and a.drill)
        )

    def kept(
        self, audition: Audition, practical: Iterable[AnswerRecord]
    ) -> tuple[AnswerRecord, ...]:
        """The practical answers the combined score counts: the earlier ones no retaken area
        covers, then the retake's ones a retaken area covers."""
        retaken = [a for a in audition.areas if a.id in self.areas]
        return (
            *(a for a in self.counted if not any(r.covers(a.skill) for r in retaken)),
            *(a for a in practical if any(r.covers(a.skill) for r in retaken)),
        )


def judge_retake(
    audition: Audition,
    retake: Retake,
    trainee: str,
    proctor: str,
    sat_at: datetime,
    practical: Iterable[AnswerRecord],
) -> Verdict:
    """The combined verdict of a retake (docs/schools.md): the earlier sitting's written
    part and the areas it did not retake stand as they were; each retaken area is graded
    on the retake's answers alone, as in a whole sitting; the red lines are judged over the
    retake's answers (the earlier sitting crossed none: it was "retake areas"); the score
    counts the written part, the earlier answers no retaken area covers and the retake's
    answers a retaken area covers; the wait before another retake runs from the retake."""
    answers = list(practical)
    sat = replace(audition, areas=tuple(a for a in audition.areas if a.id in retake.areas))
    fresh = judge_audition(sat, trainee, proctor, sat_at, 0, answers, 0)
    graded = {a.area.id: a for a in fresh.areas}
    earlier = retake.earlier
    kept = retake.kept(audition, answers)
    return replace(
        earlier,
        trainee=trainee,
        proctor=proctor,
        sat_at=sat_at,
        areas=tuple(graded.get(a.area.id, a) for a in earlier.areas),
        crossed=(*earlier.crossed, *fresh.crossed),
        retake_days=audition.retake_days,
        score=percent(
            earlier.written_right + sum(1 for a in kept if a.correct),
            earlier.written_questions + len(kept),
        ),
        retake_of=retake.run_id,
        retaken=retake.areas,
    )
