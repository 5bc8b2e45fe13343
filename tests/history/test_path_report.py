"""`ezbac report --path` on a hand-worked history (tests.support.history.fill: ana's nine
answers, bo's one), on both backends, under a small path: one module of two skills, each
mastered by its last 2 answers all right in 5 s or less, after 1 answer at least."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import ezbac, usage_error
from tests.support.history import fill
from trainer.history.store import open_history

PATH = """\
name: Two skills
mastery: {min_answers: 1, recent: 2, accuracy: 100%, target_seconds: 5}
modules:
  - id: m
    title: M
    drills: [naturals, banker-tableau]
    skills:
      - {id: naturals, title: Naturals, keys: [natural]}
      - {id: tableau, title: Tableau, keys: ["banker:*"], drill: banker-tableau}
"""


@pytest.fixture
def filled(history_db: str, tmp_path: Path) -> tuple[str, str]:
    with open_history(history_db) as store:
        fill(store)
    path = tmp_path / "path.yaml"
    path.write_text(PATH, encoding="utf-8")
    return history_db, str(path)


def test_csv_has_each_trainees_skills_worked_by_hand(filled: tuple[str, str]) -> None:
    db, path = filled
    out = ezbac("report", "--path", "--curriculum", path, "--format", "csv", "--db", db)
    assert out.returncode == 0, out.stderr
    # ana: naturals right in 2 and 4 s (3 s on average, 60 % of 5 s: fast): mastered; the
    # tableau F F T F T, its last 2 the Banker 4/1 cell wrong then right, 3 s each: 1 of 2,
    # 3.0 s (fast).  1 skill left: close.  bo: one Player draw, no skill of this path: both
    # left, 2 (close too).
    assert out.stdout.splitlines() == [
        "trainee,readiness,module,module_state,skill,standing,answered,recent,right,"
        "average_seconds,pace,needs",
        "ana,close,m,in progress,naturals,mastered,2,2,2,3.0,fast,",
        "ana,close,m,in progress,tableau,learning,5,2,1,3.0,fast,"
        '"1 of the last 2 right, 100% needed"',
        "bo,close,m,in progress,naturals,not started,0,0,0,,,1 more answers",
        "bo,close,m,in progress,tableau,not started,0,0,0,,,1 more answers",
    ]


def test_json_and_the_table_say_the_same(filled: tuple[str, str]) -> None:
    db, path = filled
    out = ezbac("report", "--path", "--curriculum", path, "--format", "json", "--db", db)
    doc = json.loads(out.stdout)
    assert doc["report"] == "ezbac-path" and doc["curriculum"] == "Two skills"
    ana = doc["trainees"][0]
    assert (ana["trainee"], ana["readiness"], ana["next_drill"]) == (
        "ana",
        "close",
        "banker-tableau",
    )
    assert ana["modules"][0]["skills"][1]["needs"] == ["1 of the last 2 right, 100% needed"]
    table = ezbac("report", "--path", "--curriculum", path, "--trainee", "ana", "--db", db)
    assert table.stdout.splitlines()[1].split() == [
        "ana",
        "close",
        "0/1",
        "banker-tableau:",
        "Tableau",
        "(1",
        "of",
        "the",
        "last",
        "2",
        "right,",
        "100%",
        "needed)",
    ]


def test_path_refuses_since_and_attempts_and_curriculum_needs_path(tmp_path: Path) -> None:
    usage_error(ezbac("report", "--path", "--since", "2024-01-01"), "--path")
    usage_error(ezbac("report", "--path", "--attempts"), "--path")
    usage_error(ezbac("report", "--curriculum", str(tmp_path / "x.yaml")), "--curriculum")


def test_an_unknown_trainee_is_said(filled: tuple[str, str]) -> None:
    db, path = filled
    out = ezbac("report", "--path", "--curriculum", path, "--trainee", "zed", "--db", db)
    assert out.returncode == 0 and out.stdout.startswith("No answers recorded for trainee")
