"""`ezbac drills ...` end to end, as commands."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support import cli as cli_helpers

CORPUS = Path(__file__).parents[1] / "data" / "broken_drills"
DRILLS = Path(__file__).resolve().parents[2] / "drills"


def ezbac(*args: str) -> cli_helpers.Ran:
    return cli_helpers.ezbac("drills", *args)


def test_list_shows_bundled_and_user_folder() -> None:
    out = ezbac("list")
    assert out.returncode == 0, out.stderr
    assert "warmup" in out.stdout and "Pre-shift warm-up" in out.stdout
    assert "Your drills (" in out.stdout  # the per-user folder is shown
    lines = [json.loads(line) for line in ezbac("list", "--json").stdout.splitlines()]
    assert {"naturals", "exam"} <= {d["id"] for d in lines}


def test_validate_exit_codes_and_all_errors() -> None:
    ok = ezbac("validate", *map(str, sorted(DRILLS.glob("*.yaml"))))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    bad = ezbac("validate", str(DRILLS / "01-naturals.yaml"), str(CORPUS / "many_errors.yaml"))
    assert bad.returncode == 1
    errors = [line for line in bad.stdout.splitlines() if "many_errors.yaml:" in line]
    assert len(errors) == 7
    assert "Traceback" not in bad.stdout + bad.stderr
    missing = ezbac("validate", "no/such/file.yaml")
    assert missing.returncode == 1
    assert missing.stdout.strip().splitlines()[0] == "no/such/file.yaml: no such file"


def test_preview_json_lines() -> None:
    out = ezbac("preview", "payouts", "--count", "5", "--seed", "4", "--json")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(rows) == 5
    for row in rows:
        assert len(row["cards"]) in (4, 5, 6)
        assert row["asks"][0] == "outcome"
        assert row["answers"]["outcome"] in {"player", "banker", "tie", "dragon7", "panda8"}
    again = ezbac("preview", "payouts", "--count", "5", "--seed", "4", "--json")
    assert again.stdout == out.stdout


def test_preview_by_path_and_text() -> None:
    out = ezbac("preview", str(DRILLS / "04-banker-hard-cells.yaml"), "--seed", "1")
    assert out.returncode == 0, out.stderr
    assert "seed 1" in out.stdout and "Banker has" in out.stdout


def test_preview_errors_are_one_line_each() -> None:
    out = ezbac("preview", "nope")
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "no drill 'nope'" in out.stderr
    broken = ezbac("preview", str(CORPUS / "wrong_expect.yaml"))
    assert broken.returncode == 2
    assert "wrong_expect.yaml:12:21" in broken.stderr and "Traceback" not in broken.stderr
    usage = ezbac("preview", "warmup", "--count", "0")
    assert usage.returncode == 2 and "out of range" in usage.stderr


def test_schema_prints_json() -> None:
    out = ezbac("schema")
    assert out.returncode == 0
    assert json.loads(out.stdout)["title"] == "ezbac drill"


MIXED = (
    "id: Mixed\n"  # 1: not a drill id
    "title: T\n"
    "description: D\n"
    "ask: outcome\n"
    "pass_mark: '²'\n"  # 5: not ASCII digits
    "generate:\n"
    "  - outcome: panda8\n"  # 7: a two-card Panda 8 does not exist
    "    cards: 4\n"
)
MIXED_AT = ["1:5: id: ", "5:12: pass_mark: ", "7:5: generate[0]: "]


def test_validate_reports_structure_and_filters_together(tmp_path: Path) -> None:
    path = tmp_path / "mixed.yaml"
    path.write_text(MIXED, encoding="utf-8")
    out = ezbac("validate", str(path))
    assert out.returncode == 1 and "Traceback" not in out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == len(MIXED_AT)
    assert all(line.startswith(f"{path}:{at}") for line, at in zip(lines, MIXED_AT, strict=True))


def test_train_lists_every_problem_of_a_broken_file(tmp_path: Path) -> None:
    path = tmp_path / "mixed.yaml"
    path.write_text(MIXED, encoding="utf-8")
    out = cli_helpers.ezbac("train", str(path))
    assert out.returncode == 2 and out.stdout == "" and "Traceback" not in out.stderr
    lines = out.stderr.splitlines()
    assert len(lines) == len(MIXED_AT)
    assert all(
        line.startswith(f"ezbac: error: {path}:{at}")
        for line, at in zip(lines, MIXED_AT, strict=True)
    )
    assert path.read_text(encoding="utf-8") == MIXED
