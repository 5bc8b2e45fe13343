"""`ezbac curriculum show | validate | schema`, as commands."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.cli import ezbac, usage_error


def test_show_lists_the_bundled_path_with_each_skills_mastery() -> None:
    out = ezbac("curriculum", "show")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("EZ Baccarat dealer, from the first rules to the audition")
    assert "1. The draws (draws): drills naturals, player-draw" in out.stdout
    # the bundled file: 50 answers and 90 % over the last 30, the tableau asks 95 %
    assert "The Banker tableau: 50 answers, 95% of the last 30 right, 5 s each" in out.stdout


def test_show_file_prints_a_file_that_validates(tmp_path: Path) -> None:
    out = ezbac("curriculum", "show", "--file")
    mine = tmp_path / "mine.yaml"
    mine.write_text(out.stdout, encoding="utf-8")
    checked = ezbac("curriculum", "validate", str(mine))
    assert checked.returncode == 0
    assert (
        checked.stdout == f"{mine}: ok (EZ Baccarat dealer, from the first rules to the "
        "audition: 10 modules, 18 skills)\n"
    )


def test_validate_locates_every_problem_and_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: x\nmodules:\n  - id: a\n    title: A\n    drills: [whole-cuop]\n    skills: []\n",
        encoding="utf-8",
    )
    out = ezbac("curriculum", "validate", str(bad))
    assert out.returncode == 1
    assert out.stdout == (
        f"{bad}:5:14: modules[0].drills[0]: no drill 'whole-cuop' (did you mean "
        "'whole-coup'?) (ezbac drills list shows them)\n"
    )


def test_a_broken_file_in_the_folder_is_an_error_naming_it(tmp_path: Path) -> None:
    import os

    own = Path(os.environ["EZBAC_HOME"]) / "curriculum.yaml"
    own.write_text("name: x\n", encoding="utf-8")
    out = ezbac("curriculum", "show")
    assert out.returncode == 1
    assert out.stderr == f"ezbac: error: {own}:1:1: modules: required field is missing\n"


def test_schema_is_json() -> None:
    out = ezbac("curriculum", "schema")
    assert json.loads(out.stdout)["$id"].endswith("curriculum.schema.json")


def test_an_empty_curriculum_option_is_a_usage_error() -> None:
    usage_error(ezbac("curriculum", "show", "--curriculum", ""), "--curriculum")


def test_train_takes_a_curriculum_and_refuses_an_empty_one() -> None:
    usage_error(ezbac("train", "warmup", "--curriculum", ""), "--curriculum")


def test_progress_draws_the_path_from_the_history(tmp_path: Path) -> None:
    from datetime import timedelta

    from tests.support.history import T0, answer
    from trainer.history.store import open_history

    db = tmp_path / "h.sqlite3"
    with open_history(db) as store:  # 50 naturals right in 1 s: the naturals mastered, fast
        for i in range(50):
            store.record_answer(answer("natural", True, T0 + timedelta(seconds=i), seconds=1.0))
    out = ezbac("curriculum", "progress", "--trainee", "ana", "--db", str(db))
    assert out.returncode == 0, out.stderr
    lines = [" ".join(line.split()) for line in out.stdout.splitlines()]
    assert lines[0] == "ana on EZ Baccarat dealer, from the first rules to the audition"
    assert "● The draws 1/3 in progress" in lines
    # one day, all right (█); 1 s against twice the 3 s target: ▂
    assert "✓ Spotting a natural 100% █ ▂ 1.0 s fast" in lines
    assert "○ The Player's third card" in lines
    # a name as a person types it: case and Unicode form do not matter ("ＡＮＡ" is the
    # full-width ANA, NFKC-equal to it)
    for typed in ("ANA", "Ana", "ＡＮＡ"):
        same = ezbac("curriculum", "progress", "--trainee", typed, "--db", str(db))
        assert same.returncode == 0, same.stderr
        assert same.stdout.splitlines()[0].startswith("ana on ")
    # nobody by that name: an error naming the culprit and who is on record, exit 2
    line = usage_error(ezbac("curriculum", "progress", "--trainee", "zed", "--db", str(db)), "zed")
    assert "no answers recorded for this trainee" in line and "trainees on record: ana" in line


def test_progress_without_a_history_is_a_usage_error(tmp_path: Path) -> None:
    usage_error(
        ezbac("curriculum", "progress", "--trainee", "ana", "--db", str(tmp_path / "none.db")),
        "no training history",
    )


def test_progress_names_two_trainees_equal_but_for_case_rather_than_guess(tmp_path: Path) -> None:
    from tests.support.history import T0, answer
    from trainer.history.store import open_history

    db = tmp_path / "h.sqlite3"
    with open_history(db) as store:
        store.record_answer(answer("natural", True, T0, trainee="Ana", session_id="s1"))
        store.record_answer(answer("natural", True, T0, trainee="ana", session_id="s2"))
    exact = ezbac("curriculum", "progress", "--trainee", "Ana", "--db", str(db))
    assert exact.returncode == 0 and exact.stdout.startswith("Ana on ")
    line = usage_error(ezbac("curriculum", "progress", "--trainee", "ANA", "--db", str(db)), "ANA")
    assert "more than one trainee on record" in line
