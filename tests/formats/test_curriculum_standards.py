"""The audition's rubric items beyond areas and grades, as a file writes them: a run of
coups without an error of a named kind (``in_a_row``), a grade that retakes its area alone
(``retake``), and named grade bands (``bands``); each bad value refused in one line at
file:line:column."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.curriculum.loader import CurriculumFileError, load_curriculum_text
from trainer.curriculum.model import Band, Grade, InARow

GOOD = """\
name: x
modules: []
audition:
  areas:
    - id: draws
      title: The draws
      keys: [natural, "player:*", "banker:*"]
      target_seconds: 4
      in_a_row: {coups: 5, without: ["player:*", "banker:*"], title: a drawing error, at_most: C}
  rubric:
    - {grade: A, accuracy: 100%}
    - {grade: B, accuracy: 90%, pace: 125}
    - {grade: C, accuracy: 80%, pace: 150, retake: true}
  bands:
    - {name: very superior, from: 96, to: 100}
    - {name: average, from: 75, to: 81}
"""


def test_the_new_fields_load_into_the_model() -> None:
    audition = load_curriculum_text(GOOD).audition
    assert audition is not None
    (area,) = audition.areas
    assert area.in_a_row == InARow(5, ("player:*", "banker:*"), "a drawing error", "C")
    assert audition.rubric == (
        Grade("A", 100, 100),
        Grade("B", 90, 125),
        Grade("C", 80, 150, retake=True),
    )
    assert audition.bands == (Band("very superior", 96, 100), Band("average", 75, 81))


def problems(text: str) -> list[str]:
    with pytest.raises(CurriculumFileError) as raised:
        load_curriculum_text(text, "s.yaml")
    return raised.value.lines


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        (
            "coups: 5,",
            "coups: 0,",
            "s.yaml:9:25: audition.areas[0].in_a_row.coups: 0 is out of range: "
            "a number of coups is 1-100",
        ),
        (
            'without: ["player:*", "banker:*"]',
            'without: ["plyer:*"]',
            "s.yaml:9:38: audition.areas[0].in_a_row.without[0]: 'plyer:*' names no skill "
            "family (did you mean 'player'?); keys begin with one of: ",
        ),
        (
            "at_most: C}",
            "at_most: D}",
            "s.yaml:9:96: audition.areas[0].in_a_row.at_most: 'D' is no grade of the rubric",
        ),
        (
            ", title: a drawing error",
            "",
            "s.yaml:9:17: audition.areas[0].in_a_row.title: required field is missing",
        ),
        (
            "{grade: B, accuracy: 90%, pace: 125}",
            "{grade: B, accuracy: 90%, pace: 125, retake: yes please}",
            "s.yaml:12:52: audition.rubric[1].retake: ",
        ),
        (
            "{grade: A, accuracy: 100%}",
            "{grade: A, accuracy: 100%, retake: true}",
            "s.yaml:12:7: audition.rubric[1].retake: grade 'B' passes an area but comes "
            "after 'A', which retakes it: list the grades that retake an area last",
        ),
        (
            "from: 75, to: 81",
            "from: 85, to: 81",
            "s.yaml:16:29: audition.bands[1].from: band 'average' runs from 85 to 81: from is "
            "at most to",
        ),
        (
            "from: 75, to: 81",
            "from: 75, to: 96",
            "s.yaml:16:37: audition.bands[1].to: band 'average' reaches 96, not below "
            "'very superior' from 96: list the bands best first, none overlapping",
        ),
        (
            "from: 75, to: 81",
            "from: 75, to: 101",
            "s.yaml:16:37: audition.bands[1].to: 101 is out of range: a score is 0-100",
        ),
        (
            "name: average",
            "name: very superior",
            "s.yaml:16:14: audition.bands[1].name: 'very superior' is given twice",
        ),
    ],
)
def test_each_bad_value_is_one_line_at_its_place(old: str, new: str, line: str) -> None:
    assert old in GOOD
    (got,) = problems(GOOD.replace(old, new, 1))
    assert got.startswith(line), got


def test_the_command_line_says_it_in_one_line_and_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("at_most: C}", "at_most: D}"), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "trainer", "report", "--path", "--curriculum", str(bad)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "EZBAC_HOME": str(tmp_path / "home")},
    )
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1
    assert f"{bad}:9:96: audition.areas[0].in_a_row.at_most: 'D' is no grade" in lines[0]


def test_curriculum_show_names_the_run_the_retake_grade_and_the_bands(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(GOOD, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "trainer", "curriculum", "show", "--curriculum", str(good)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "EZBAC_HOME": str(tmp_path / "home")},
    )
    assert out.returncode == 0, out.stderr
    assert (
        "   - The draws: 4 s an answer; 5 coups in a row without a drawing error "
        "(else C at best)" in out.stdout.splitlines()
    )
    assert (
        "   Grades: A 100% at 100% of the time, B 90% at 125% of the time, "
        "C 80% at 150% of the time (retaken alone)" in out.stdout.splitlines()
    )
    assert "   Bands: 96-100 very superior, 75-81 average; a score in none fails" in (
        out.stdout.splitlines()
    )
