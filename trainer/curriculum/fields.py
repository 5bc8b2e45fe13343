"""The curriculum file format, declared once (``trainer.fileformat.declare``): the loader's
keys and readers, the JSON Schema and docs/reference/curriculum-fields.md come from here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from trainer.curriculum.model import MasteryRule
from trainer.drills.fields import AMOUNT, BOOL, ID_PATTERN, short_line
from trainer.engine.said import Said
from trainer.fileformat.declare import (
    NO_DEFAULT,
    Field,
    ListOf,
    MapOf,
    Obj,
    Scalar,
    ScalarReads,
    reads,
)
from trainer.houses.fields import FORMATS, PACE
from trainer.skillkey import ALL_FAMILIES

if TYPE_CHECKING:
    from yaml.nodes import Node

SCHEMA_ID = "https://ezbac.invalid/curriculum.schema.json"
MAX_FILE_BYTES = 256 * 1024
MAX_MODULES = 50
MAX_SKILLS = 50
MAX_ANSWERS = 10_000
MAX_SECONDS = 600
MAX_WRITTEN = 200
#: What keeps the sign-off sheet to one page (a test renders one at every limit): the
#: characters of each text it shows, and how many areas and red lines it lists.
MAX_NAME_CHARS = 64  # the path's name; a module's and a skill's title too
MAX_SCHOOL_CHARS = 48  # the sheet's heading, in large type
MAX_AREA_CHARS = 40  # an area's line also holds its grade, answers and pace
MAX_GRADE_CHARS = 12
MAX_RED_LINE_CHARS = 64
MAX_AREAS = 7
MAX_RED_LINES = 5
#: The skill families a key pattern may name.
FAMILIES = ALL_FAMILIES
KEY_PATTERN = r"^[a-z0-9*?_:-]+$"
_DEFAULT = MasteryRule()


class CurriculumReads(ScalarReads, Protocol):
    """The curriculum file's own readers (``trainer.curriculum.loader`` implements them)."""

    def curriculum_id(self, node: Node, path: str) -> object: ...
    def drill_ids(self, node: Node, path: str) -> object: ...
    def key_patterns(self, node: Node, path: str) -> object: ...


PERCENT = Scalar(
    reads(ScalarReads.percent),
    {
        "oneOf": [
            {"type": "integer", "minimum": 0, "maximum": 100},
            {"type": "string", "pattern": r"^\s*(100|[1-9]?[0-9])\s*%?\s*$"},
        ]
    },
)
ID = Scalar(reads(CurriculumReads.curriculum_id), {"type": "string", "pattern": ID_PATTERN})


#: What a mastery pace band measures an answer against: one coup's time at the format's
#: coups an hour, or its seconds a seat settled.
PACE_PER = ("coup", "seat")

PACE_BAND = Obj(
    {
        "format": Field(
            Scalar(
                reads(ScalarReads.choice, FORMATS, Said("a table format")),
                {"type": "string", "enum": list(FORMATS)},
            ),
            "The table format whose target (the file's pace) is used.",
            required=True,
        ),
        "per": Field(
            Scalar(
                reads(ScalarReads.choice, PACE_PER, Said("coup or seat")),
                {"type": "string", "enum": list(PACE_PER)},
            ),
            "coup: the target is one coup's time at the format's coups_an_hour (3,600 s / "
            "150 = 24 s); seat: the format's seconds_a_seat.",
            required=True,
        ),
    },
    doc="A speed target taken from the school's pace targets (the file's pace) instead of "
    "target_seconds; the file's pace must set that measure for that format.",
)


def _mastery(defaults: bool) -> Obj:
    """The mastery settings: the file's defaults (``defaults``), or a skill's own, each
    setting falling back to the file's."""

    def default(value: Any) -> Any:
        return value if defaults else NO_DEFAULT

    fields = {
        "min_answers": Field(
            Scalar(
                reads(ScalarReads.integer, 1, MAX_ANSWERS, Said("a number of answers")),
                {"type": "integer", "minimum": 1, "maximum": MAX_ANSWERS},
            ),
            "Answers a skill needs in all before it can count as mastered.",
            default=default(_DEFAULT.min_answers),
        ),
        "recent": Field(
            Scalar(
                reads(ScalarReads.integer, 1, MAX_ANSWERS, Said("a number of answers")),
                {"type": "integer", "minimum": 1, "maximum": MAX_ANSWERS},
            ),
            "How many of the most recent answers accuracy and speed are judged over.",
            default=default(_DEFAULT.recent),
        ),
        "accuracy": Field(
            PERCENT,
            'Percent right over the recent answers needed for mastery (90 or "90%").',
            default=default(_DEFAULT.accuracy),
        ),
        "target_seconds": Field(
            Scalar(
                reads(ScalarReads.seconds, MAX_SECONDS),
                {"type": "number", "exclusiveMinimum": 0, "maximum": MAX_SECONDS},
            ),
            "Target time per answer: an average over the recent answers above it is slow, "
            "and slow is not mastered.",
            default=default(_DEFAULT.target_seconds),
        ),
        "fast": Field(
            PERCENT,
            "An average at or under this percent of the target time is fast; up to the "
            "target is on pace.",
            default=default(_DEFAULT.fast),
        ),
        "pace_target": Field(
            PACE_BAND,
            "The target time per answer from the file's pace targets instead of "
            "target_seconds: {format: mini, per: seat}.",
            default=default(None),
        ),
    }
    doc = (
        "When a skill is mastered: answers in all, then accuracy and speed over the recent ones."
        if defaults
        else "This skill's own mastery settings; each one not given is the file's."
    )
    return Obj(fields, doc=doc)


MASTERY = _mastery(defaults=True)
SKILL_MASTERY = _mastery(defaults=False)


class _Skill(Obj):
    id = Field(ID, "Short name, unique in the file: lowercase, digits, - and _.", required=True)
    title = Field(
        short_line(MAX_NAME_CHARS),
        f"What the trainee sees: Spotting a natural (at most {MAX_NAME_CHARS} characters).",
        required=True,
    )
    keys = Field(
        Scalar(
            reads(CurriculumReads.key_patterns),
            {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": KEY_PATTERN}},
        ),
        'The history\'s skill keys it pools, as patterns: [natural], ["banker:*"], '
        '["payout:*:win", "payout:*:push"] (see docs/drills.md for the keys).',
        required=True,
    )
    drill = Field(
        Scalar(reads(CurriculumReads.curriculum_id), {"type": "string", "pattern": ID_PATTERN}),
        "The drill that practises it: one of its module's drills (default: the first).",
        default="",
    )
    mastery = Field(SKILL_MASTERY, "Its own mastery settings, if not the file's.", default=None)


SKILL = _Skill(doc="One skill the module brings to mastery.")


class _Module(Obj):
    id = Field(ID, "Short name, unique in the file.", required=True)
    title = Field(
        short_line(MAX_NAME_CHARS),
        f"What the trainee sees: The draws (at most {MAX_NAME_CHARS} characters).",
        required=True,
    )
    drills = Field(
        Scalar(
            reads(CurriculumReads.drill_ids),
            {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": ID_PATTERN}},
        ),
        "The drills of this module, in the order to take them (ids: ezbac drills list).",
        required=True,
    )
    skills = Field(
        ListOf(SKILL, MAX_SKILLS), "The skills it brings to mastery, in order.", required=True
    )


MODULE = _Module(doc="One step of the path: drills, and the skills they must master.")


def _count(most: int, what: str) -> Scalar:
    return Scalar(
        reads(ScalarReads.integer, 0, most, what),
        {"type": "integer", "minimum": 0, "maximum": most},
    )


class _Written(Obj):
    questions = Field(
        _count(MAX_WRITTEN, Said("a number of questions")),
        "Questions in the written part (situations, calculations, violations to spot).",
        default=18,
    )
    pass_mark = Field(PERCENT, "Percent right to pass the written part.", default=80)


MAX_RUN_COUPS = 100
MAX_BANDS = 10
MAX_BAND_CHARS = 24


class _InARow(Obj):
    coups = Field(
        Scalar(
            reads(ScalarReads.integer, 1, MAX_RUN_COUPS, Said("a number of coups")),
            {"type": "integer", "minimum": 1, "maximum": MAX_RUN_COUPS},
        ),
        "Coups in a row to deal without the error (5).",
        required=True,
    )
    without = Field(
        Scalar(
            reads(CurriculumReads.key_patterns),
            {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": KEY_PATTERN}},
        ),
        'The error, as the skill keys a wrong answer to is one: ["player:*", "banker:*"] for '
        "a drawing error. A coup with no answer to them neither counts nor breaks the run.",
        required=True,
    )
    title = Field(
        short_line(MAX_RED_LINE_CHARS),
        f"The error, as the sheet names it: a drawing error (at most {MAX_RED_LINE_CHARS} "
        "characters).",
        required=True,
    )
    at_most = Field(
        short_line(MAX_GRADE_CHARS),
        "The best grade of the rubric the area may get without the run (C); none: the area "
        "fails without it.",
        default="",
    )


IN_A_ROW = _InARow(
    doc="A rubric item: N coups in a row dealt without an error of a named kind, among the "
    "area's answers in the order given (a coup: the answers of one run sharing its cards)."
)


class _Area(Obj):
    id = Field(ID, "Short name, unique among the areas.", required=True)
    title = Field(
        short_line(MAX_AREA_CHARS),
        "What is graded, as the sign-off sheet names it: Full tables against the clock "
        f"(at most {MAX_AREA_CHARS} characters).",
        required=True,
    )
    keys = Field(
        Scalar(
            reads(CurriculumReads.key_patterns),
            {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": KEY_PATTERN}},
        ),
        'The skill keys whose answers it grades, as patterns: ["table:*"].',
        required=True,
    )
    target_seconds = Field(
        Scalar(
            reads(ScalarReads.seconds, MAX_SECONDS),
            {"type": "number", "exclusiveMinimum": 0, "maximum": MAX_SECONDS},
        ),
        "Target time per answer; the rubric's pace is a percent of it.",
        required=True,
    )
    drill = Field(
        Scalar(reads(CurriculumReads.curriculum_id), {"type": "string", "pattern": ID_PATTERN}),
        "The drill the area is sat with (ids: ezbac drills list).",
        default="",
    )
    in_a_row = Field(
        IN_A_ROW, "Coups in a row it must deal without an error of a kind.", default=None
    )


class _Grade(Obj):
    grade = Field(
        short_line(MAX_GRADE_CHARS),
        f"The grade's name: A (at most {MAX_GRADE_CHARS} characters).",
        required=True,
    )
    accuracy = Field(PERCENT, "Percent right needed for it.", required=True)
    pace = Field(
        _count(1000, Said("a percent of the target time")),
        "The slowest average allowed, as a percent of the area's target (100: on target).",
        default=100,
    )
    retake = Field(
        BOOL,
        "An area given this grade is retaken on its own (a C retakes that item; the rest of "
        "the audition stands). Grades that retake come after those that do not.",
        default=False,
    )


class _RedLine(Obj):
    id = Field(ID, "Short name, unique among the red lines.", required=True)
    title = Field(
        short_line(MAX_RED_LINE_CHARS),
        f"The mistake, as the sign-off sheet names it (at most {MAX_RED_LINE_CHARS} characters).",
        required=True,
    )
    keys = Field(
        Scalar(
            reads(CurriculumReads.key_patterns),
            {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": KEY_PATTERN}},
        ),
        "A wrong answer to any of these skill keys crosses it.",
        required=True,
    )
    over = Field(
        AMOUNT,
        "Only a wrong amount off the right one by more than this (a chip: 1) crosses it.",
        default=None,
    )


BAND = Obj(
    {
        "name": Field(
            short_line(MAX_BAND_CHARS),
            f"The band's name: superior (at most {MAX_BAND_CHARS} characters).",
            required=True,
        ),
        "from": Field(
            _count(100, Said("a score")), "The lowest score in the band (89).", required=True
        ),
        "to": Field(
            _count(100, Said("a score")), "The highest score in the band (95).", required=True
        ),
    },
    doc="A named grade band: the sitting's score (percent right over every answer of both "
    "parts, truncated) from one score to another, both included.",
)
WRITTEN = _Written(doc="The written part.")
AREA = _Area(doc="One practical area, graded on the rubric.")
GRADE = _Grade(doc="One grade: accuracy and pace needed.")
RED_LINE = _RedLine(doc="A mistake that fails the audition outright.")


#: An area graded on fewer answers than this says little: one slip is 20 points.
DEFAULT_MIN_ANSWERS = 5


class _Audition(Obj):
    retake_days = Field(
        _count(365, Said("a number of days")),
        "Days before a failed audition may be sat again.",
        default=7,
    )
    written = Field(WRITTEN, "The written part.", default=None)
    min_answers = Field(
        _count(1000, Said("a number of answers")),
        "Answers each practical area needs before it is graded; with fewer its sheet says "
        "not enough answers, never a grade, and the audition fails.",
        default=DEFAULT_MIN_ANSWERS,
    )
    areas = Field(
        ListOf(AREA, MAX_AREAS),
        f"The practical areas (at most {MAX_AREAS}: the sheet is one page).",
        required=True,
    )
    rubric = Field(
        ListOf(GRADE, 10),
        "The grades, best first; an area below the last one fails.",
        required=True,
    )
    bands = Field(
        ListOf(BAND, MAX_BANDS),
        "Named grade bands over the sitting's score, best first, none overlapping; a score "
        "in no band fails the audition.",
        default=(),
    )
    red_lines = Field(
        ListOf(RED_LINE, MAX_RED_LINES),
        f"Mistakes that fail the audition whatever else (at most {MAX_RED_LINES}: the sheet "
        "is one page).",
        default=(),
    )


AUDITION = _Audition(doc="The audition: a written part, practical areas, rubric, red lines.")


class _File(Obj):
    name = Field(
        short_line(MAX_NAME_CHARS),
        "What this path is: EZ Baccarat dealer, Downtown school (at most "
        f"{MAX_NAME_CHARS} characters).",
        required=True,
    )
    school = Field(
        short_line(MAX_SCHOOL_CHARS),
        f"The school, as its sign-off sheets name it (at most {MAX_SCHOOL_CHARS} characters).",
        default="",
    )
    in_order = Field(
        BOOL,
        "Whether a module opens only once every skill of every earlier module is mastered "
        "or slipping (a slip does not close it again).",
        default=True,
    )
    pace = Field(
        MapOf(FORMATS, PACE),
        "The school's pace targets per table format, over the house's field by field: "
        "{mini: {coups_an_hour: 150, seconds_a_seat: 6}}. A table drill's results on this "
        "path and the audition's table areas are judged against them, and a mastery "
        "pace_target reads them.",
        default={},
    )
    mastery = Field(MASTERY, "Mastery settings for every skill.", default=None)
    modules = Field(ListOf(MODULE, MAX_MODULES), "The modules, in path order.", required=True)
    audition = Field(AUDITION, "The audition at the end of the path.", default=None)


FILE = _File(doc="An ezbac curriculum file: a school's path from the first rules to the audition.")
