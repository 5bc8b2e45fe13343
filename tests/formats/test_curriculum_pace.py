"""A school's pace targets in its curriculum file (``pace``, per table format) and a mastery
speed band read from them (``pace_target``): loaded, laid over a house's field by field,
and each bad value refused in one line at file:line:column.  Expected values worked by hand
from docs/schools.md."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from trainer.curriculum.loader import CurriculumFileError, load_curriculum_text
from trainer.curriculum.model import PaceBand
from trainer.engine.pace import PaceTarget, TableFormat, target_for

HEAD = """\
name: Paced path
pace:
  mini: {coups_an_hour: 150, seconds_a_seat: 6}
  squeeze: {seconds_a_seat: 7.5}
  full_size: {coups_an_hour: 7}
"""

SKILLS = """\
modules:
  - id: m
    title: M
    drills: [naturals]
    skills:
"""


def load(text: str) -> object:
    return load_curriculum_text(text, "p.yaml")


def test_the_schools_targets_load_per_format() -> None:
    c = load_curriculum_text(HEAD + "modules: []\n", "p.yaml")
    assert c.pace == {
        TableFormat.MINI: PaceTarget(150, Decimal("6")),
        TableFormat.SQUEEZE: PaceTarget(None, Decimal("7.5")),
        TableFormat.FULL_SIZE: PaceTarget(7, None),
    }


def test_no_pace_block_sets_no_targets() -> None:
    c = load_curriculum_text("name: x\nmodules: []\n", "p.yaml")
    assert c.pace == {}


def test_an_audition_carries_the_schools_targets() -> None:
    text = HEAD + (
        "modules: []\naudition:\n  areas:\n"
        "    - {id: t, title: Tables, keys: ['table:*'], target_seconds: 15}\n"
        "  rubric:\n    - {grade: A, accuracy: 90%}\n"
    )
    c = load_curriculum_text(text, "p.yaml")
    assert c.audition is not None
    assert c.audition.pace[TableFormat.MINI] == PaceTarget(150, Decimal("6"))


def test_the_school_sets_its_fields_over_the_houses_field_by_field() -> None:
    house = {
        TableFormat.MINI: PaceTarget(200, Decimal("5")),
        TableFormat.FULL_SIZE: PaceTarget(80, Decimal("9")),
    }
    school = {TableFormat.MINI: PaceTarget(150, None), TableFormat.SQUEEZE: PaceTarget(40)}
    # mini: the school's 150 coups over the house's 200, the house's 5 s a seat kept
    assert target_for(TableFormat.MINI, house, school) == PaceTarget(150, Decimal("5"))
    # full size: the school sets nothing, the house's stands
    assert target_for(TableFormat.FULL_SIZE, house, school) == PaceTarget(80, Decimal("9"))
    # squeeze: the house sets nothing, the school's alone
    assert target_for(TableFormat.SQUEEZE, house, school) == PaceTarget(40, None)
    assert target_for(TableFormat.SQUEEZE, {}, {}).empty


def skill(name: str, fmt: str, per: str) -> str:
    return (
        f"      - {{id: {name}, title: {name}, keys: [natural], "
        f"mastery: {{pace_target: {{format: {fmt}, per: {per}}}}}}}\n"
    )


def test_a_pace_target_reads_the_schools_targets_exactly() -> None:
    text = (
        HEAD
        + SKILLS
        + skill("a", "mini", "coup")
        + skill("b", "mini", "seat")
        + skill("c", "squeeze", "seat")
        + skill("d", "full_size", "coup")
    )
    a, b, c, d = load_curriculum_text(text, "p.yaml").goals
    assert a.rule.target_millis == 24_000  # 3,600,000 ms / 150 coups
    assert b.rule.target_millis == 6_000
    assert c.rule.target_millis == 7_500
    # 3,600,000 / 7 = 514,285 5/7 ms: kept whole, never rounded
    assert d.rule.target_millis == Fraction(3_600_000, 7)
    assert a.rule.pace_band == PaceBand(TableFormat.MINI, "coup")


def test_a_skills_target_seconds_replaces_the_files_pace_target() -> None:
    text = (
        HEAD
        + "mastery: {pace_target: {format: mini, per: coup}}\n"
        + SKILLS
        + (
            "      - {id: a, title: A, keys: [natural]}\n"
            "      - {id: b, title: B, keys: [natural], mastery: {target_seconds: 3}}\n"
            "      - {id: c, title: C, keys: [natural], mastery: {recent: 5}}\n"
        )
    )
    a, b, c = load_curriculum_text(text, "p.yaml").goals
    assert a.rule.target_millis == 24_000  # the file's
    assert (b.rule.target_millis, b.rule.pace_band) == (3_000, None)
    assert c.rule.target_millis == 24_000 and c.rule.recent == 5


def test_without_a_pace_target_the_target_is_target_seconds() -> None:
    text = (
        "name: x\nmastery: {target_seconds: 2.5}\n"
        + SKILLS
        + ("      - {id: a, title: A, keys: [natural]}\n")
    )
    (a,) = load_curriculum_text(text, "p.yaml").goals
    assert a.rule.target_millis == 2_500 and a.rule.pace_band is None


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            "name: x\npace:\n  mini: {coups_an_hour: 0}\nmodules: []\n",
            "p.yaml:3:25: pace.mini.coups_an_hour: 0 is out of range: coups an hour is 1-1000",
        ),
        (
            "name: x\npace:\n  mini: {coups_an_hour: 1.5}\nmodules: []\n",
            "p.yaml:3:25: pace.mini.coups_an_hour:",
        ),
        (
            "name: x\npace:\n  mini: {seconds_a_seat: -1}\nmodules: []\n",
            "p.yaml:3:26: pace.mini.seconds_a_seat: -1 is out of range",
        ),
        (
            "name: x\npace:\n  mini: {seconds_a_seat: ''}\nmodules: []\n",
            "p.yaml:3:26: pace.mini.seconds_a_seat:",
        ),
        (
            "name: x\npace:\n  big: {coups_an_hour: 60}\nmodules: []\n",
            "p.yaml:3:3: pace.big: unknown key 'big'; allowed here: full_size, mini, squeeze",
        ),
        (
            "name: x\npace:\n  mini: {coups: 60}\nmodules: []\n",
            "p.yaml:3:10: pace.mini.coups: unknown key 'coups'",
        ),
        ("name: x\npace: fast\nmodules: []\n", "p.yaml:2:7: pace:"),
        (
            HEAD + SKILLS + "      - {id: a, title: A, keys: [natural], mastery: "
            "{pace_target: {format: squeeze, per: coup}}}\n",
            "p.yaml:11:67: modules[0].skills[0].mastery.pace_target: the file's pace sets no "
            "coups_an_hour for squeeze",
        ),
        (
            "name: x\nmastery: {pace_target: {format: mini, per: seat}}\nmodules: []\n",
            "p.yaml:2:24: mastery.pace_target: the file's pace sets no seconds_a_seat for mini",
        ),
        (
            HEAD + SKILLS + "      - {id: a, title: A, keys: [natural], mastery: "
            "{pace_target: {format: mini, per: coup}, target_seconds: 3}}\n",
            "p.yaml:11:67: modules[0].skills[0].mastery.pace_target: give target_seconds or "
            "pace_target, not both",
        ),
        (
            HEAD + "mastery: {pace_target: {format: tiny, per: coup}}\nmodules: []\n",
            "p.yaml:6:33: mastery.pace_target.format: 'tiny' is not a table format",
        ),
        (
            HEAD + "mastery: {pace_target: {format: mini, per: hand}}\nmodules: []\n",
            "p.yaml:6:44: mastery.pace_target.per: 'hand' is not coup or seat",
        ),
        (
            HEAD + "mastery: {pace_target: {per: coup}}\nmodules: []\n",
            "p.yaml:6:24: mastery.pace_target.format: required field is missing",
        ),
        (
            HEAD + "mastery: {pace_target: mini}\nmodules: []\n",
            "p.yaml:6:24: mastery.pace_target:",
        ),
    ],
)
def test_each_bad_pace_value_is_one_line_at_its_place(text: str, line: str) -> None:
    with pytest.raises(CurriculumFileError) as caught:
        load_curriculum_text(text, "p.yaml")
    lines = str(caught.value).splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(line), lines[0]


@pytest.mark.parametrize(
    ("value", "field", "column"),
    [
        (".nan", "seconds_a_seat", 26),
        (".inf", "seconds_a_seat", 26),
        ("true", "seconds_a_seat", 26),
        ("1e400", "seconds_a_seat", 26),
        ("'6'", "seconds_a_seat", 26),
        ("[6]", "seconds_a_seat", 26),
        ("600.0000001", "seconds_a_seat", 26),
        ("true", "coups_an_hour", 25),
        ("150.0", "coups_an_hour", 25),
        ("0x10", "coups_an_hour", 25),
        ("1001", "coups_an_hour", 25),
    ],
)
def test_a_hostile_target_is_one_line(value: str, field: str, column: int) -> None:
    text = f"name: x\npace:\n  mini: {{{field}: {value}}}\nmodules: []\n"
    with pytest.raises(CurriculumFileError) as caught:
        load_curriculum_text(text, "p.yaml")
    (line,) = str(caught.value).splitlines()
    assert line.startswith(f"p.yaml:3:{column}: pace.mini.{field}: "), line
