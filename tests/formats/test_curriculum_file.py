"""Curriculum files: the bundled path loads against the bundled drills, a skill's mastery
settings fall back to the file's, every problem is located at file:line:column, and the
file followed is the option's, else the folder's own, else the bundled one."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from trainer.curriculum import fields as F
from trainer.curriculum.catalogue import (
    bundled_path,
    curriculum_path,
    drill_ids,
    load_curriculum,
    user_curriculum_path,
)
from trainer.curriculum.loader import (
    CurriculumFileError,
    CurriculumReader,
    load_curriculum_file,
    load_curriculum_text,
    schema_text,
)
from trainer.curriculum.model import MasteryRule
from trainer.fileformat.declare import reader_methods
from trainer.skills import ALL_FAMILIES

REPO = Path(__file__).resolve().parents[2]

SMALL = """\
name: Downtown path
school: Downtown Dealer School
in_order: false
mastery:
  min_answers: 20
  accuracy: 80%
modules:
  - id: draws
    title: The draws
    drills: [naturals, banker-tableau]
    skills:
      - id: naturals
        title: Spotting a natural
        keys: [natural]
      - id: tableau
        title: The tableau
        keys: ["banker:*"]
        drill: banker-tableau
        mastery: {recent: 10, target_seconds: 2.5}
"""


def test_the_declared_families_are_the_skills() -> None:
    assert F.FAMILIES == ALL_FAMILIES


def test_every_declared_reader_is_implemented() -> None:
    assert all(callable(getattr(CurriculumReader, m, None)) for m in reader_methods(F.FILE))


def test_a_small_path_loads_with_its_settings_falling_back_to_the_files() -> None:
    c = load_curriculum_text(SMALL, "p.yaml", drills={"naturals", "banker-tableau"})
    assert (c.name, c.school, c.in_order) == ("Downtown path", "Downtown Dealer School", False)
    (module,) = c.modules
    naturals, tableau = module.skills
    # the file's own: 20 answers, 80 %; the rest the format's defaults (30 recent, 5 s, 75 %)
    assert naturals.rule == MasteryRule(20, 30, 80, 5.0, 75)
    assert naturals.drill == "naturals"  # the module's first drill when not named
    # the skill's own recent and target over the file's
    assert tableau.rule == MasteryRule(20, 10, 80, 2.5, 75)
    assert tableau.covers("banker:3:8") and tableau.covers("banker:6:stood")
    assert not tableau.covers("natural") and not naturals.covers("player:5")
    assert c.goal_of("banker:0:stood") is tableau


def test_the_bundled_path_names_only_bundled_drills_and_covers_every_family() -> None:
    c = load_curriculum_file(bundled_path(), drill_ids())
    assert [m.id for m in c.modules] == [
        "draws",
        "outcomes",
        "payouts",
        "commission-and-fees",
        "table",
        "chips",
        "shoe",
        "calls",
        "spotting-errors",
        "game-protection",
    ]
    samples = [
        "natural",
        "player:5",
        "banker:3:8",
        "outcome:dragon7",
        "payout:panda8:win",
        "payout:banker:commission",
        "payout:fee",
        "table:take",
        "table:pay:tie",
        "table:chips",
        "shoe:burn",
        "call:result",
        "spot:none",
        "spot:dragon7-paid-even:fix",
        "violation:past_posting",
        "violation:none",
        "irregularity:misdeal",
    ]
    assert all(c.goal_of(key) is not None for key in samples)
    # the commission is its own skill, never pooled into the payouts
    assert c.goal_of("payout:banker:commission").id == "commission"  # type: ignore[union-attr]


def test_a_path_of_no_modules_loads() -> None:
    """A school may start its file empty and add modules as it goes."""
    assert load_curriculum_text("name: x\nmodules: []\n").modules == ()


BAD = """\
name: Broken path
modules:
  - id: draws
    title: The draws
    drills: [naturalz, outcomes, outcomes]
    skills: []
  - id: draws
    title: Again
    drills: [outcomes]
    skills:
      - id: s1
        title: One
        keys: ["bnker:*"]
      - id: s2
        title: Two
        keys: [outcome]
        drill: payouts
      - id: s2
        title: Three
        keys: ["outcome:*"]
        mastery: {accuracy: 120, fast: 50%, recent: 0}
"""


def test_every_problem_is_located_at_line_and_column() -> None:
    with pytest.raises(CurriculumFileError) as raised:
        load_curriculum_text(BAD, "bad.yaml", drills={"naturals", "outcomes", "payouts"})
    lines = raised.value.lines
    assert lines == [
        "bad.yaml:5:34: modules[0].drills[2]: 'outcomes' is listed twice",
        "bad.yaml:7:9: modules[1].id: 'draws' is already module 1: ids are unique",
        "bad.yaml:13:16: modules[1].skills[0].keys[0]: 'bnker:*' names no skill family "
        "(did you mean 'banker'?); keys begin with one of: " + ", ".join(F.FAMILIES),
        "bad.yaml:17:16: modules[1].skills[1].drill: 'payouts' is not one of this "
        "module's drills (outcomes)",
        "bad.yaml:18:13: modules[1].skills[2].id: 's2' is already a skill of module "
        "'draws': skill ids are unique in the file",
        "bad.yaml:21:29: modules[1].skills[2].mastery.accuracy: '120' is out of range: "
        "a percentage is 0-100",
        "bad.yaml:21:53: modules[1].skills[2].mastery.recent: 0 is out of range: "
        "a number of answers is 1-10000",
    ]


def test_a_drill_that_is_not_there_is_named_with_a_hint() -> None:
    text = "name: x\nmodules:\n  - id: a\n    title: A\n    drills: [naturalz]\n    skills: []\n"
    with pytest.raises(CurriculumFileError) as raised:
        load_curriculum_text(text, "p.yaml", drills={"naturals"})
    assert raised.value.lines == [
        "p.yaml:5:14: modules[0].drills[0]: no drill 'naturalz' (did you mean 'naturals'?) "
        "(ezbac drills list shows them)"
    ]
    # unchecked when no drills are given (a file read on its own)
    assert load_curriculum_text(text).modules[0].drills == ("naturalz",)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "file is empty"),
        ("- a\n", "the top level must be"),
        ("modules: []\n", "name: required field is missing"),
        (
            "name: x\nmodules:\n  - id: A B\n    title: t\n    drills: [x]\n    skills: []\n",
            "is not an id",
        ),
        (
            "name: x\nmodules:\n  - id: a\n    title: t\n    drills: []\n    skills: []\n",
            "is an empty list",
        ),
        (
            "name: x\nmodules:\n  - id: a\n    title: t\n    drills: [x]\n    skills:\n"
            "      - {id: s, title: S, keys: [natural], mastery: {target_seconds: 0}}\n",
            "seconds are more than 0",
        ),
        (
            "name: x\nmodules:\n  - id: a\n    title: t\n    drills: [x]\n    skills:\n"
            '      - {id: s, title: S, keys: ["Natural"]}\n',
            "is not a skill key",
        ),
        ("name: x\nsequential: true\nmodules: []\n", "unknown key 'sequential'"),
    ],
)
def test_bad_files_are_refused(text: str, message: str) -> None:
    with pytest.raises(CurriculumFileError, match=message):
        load_curriculum_text(text, "p.yaml")


def test_the_shipped_schema_is_the_declarations() -> None:
    shipped = REPO / "trainer" / "curriculum" / "curriculum.schema.json"
    assert shipped.read_text(encoding="utf-8") == schema_text(), (
        "regenerate with: ezbac curriculum schema > trainer/curriculum/curriculum.schema.json"
    )
    schema = json.loads(schema_text())
    assert schema["required"] == ["name", "modules"]


def test_the_option_beats_the_folders_file_which_beats_the_bundled(tmp_path: Path) -> None:
    assert curriculum_path() == bundled_path()
    own = user_curriculum_path()
    assert own.parent == Path(os.environ["EZBAC_HOME"])
    own.write_text(SMALL.replace("banker-tableau", "player-draw"), encoding="utf-8")
    assert curriculum_path() == own
    assert load_curriculum().name == "Downtown path"
    other = tmp_path / "other.yaml"
    other.write_text("name: Other\nmodules: []\n", encoding="utf-8")
    assert curriculum_path(other) == other
    assert load_curriculum(other).name == "Other"


AUDITION_BAD = """\
name: x
modules: []
audition:
  areas:
    - {id: tables, title: Tables, keys: ["table:*"], target_seconds: 15, drill: table-exma}
    - {id: tables, title: Again, keys: ["table:*"], target_seconds: 15}
  rubric:
    - {grade: A, accuracy: 90%, pace: 100}
    - {grade: B, accuracy: 95%, pace: 125}
  red_lines:
    - {id: short, title: Short, keys: ["payout:*:win"], over: -1}
"""


def test_an_audition_is_checked_at_line_and_column() -> None:
    with pytest.raises(CurriculumFileError) as raised:
        load_curriculum_text(AUDITION_BAD, "a.yaml", drills={"table-exam"})
    lines = raised.value.lines
    assert lines[0] == (
        "a.yaml:5:81: audition.areas[0].drill: no drill 'table-exma' (did you mean "
        "'table-exam'?) (ezbac drills list shows them)"
    )
    assert (
        lines[1]
        == "a.yaml:6:12: audition.areas[1].id: 'tables' is given twice: each id is unique here"
    )
    assert lines[2].startswith("a.yaml:9:7: audition.rubric[1]: grade 'B' asks more than 'A'")
    # (counted: the 63rd column holds the -1 of "over: -1")
    assert lines[3].startswith("a.yaml:11:63: audition.red_lines[0].over: '-1' is not an amount")
    assert len(lines) == 4


def test_an_audition_takes_the_formats_defaults() -> None:
    text = "name: x\nmodules: []\naudition:\n  areas: []\n  rubric: [{grade: Pass, accuracy: 90}]\n"
    audition = load_curriculum_text(text).audition
    assert audition is not None
    assert (audition.written_questions, audition.written_pass_mark, audition.retake_days) == (
        18,
        80,
        7,
    )
    assert audition.rubric[0].pace == 100 and audition.red_lines == ()
