"""`ezbac report` as a command: its output, exit statuses, one-line errors."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest

from tests.support import cli as cli_helpers
from tests.support.cli import usage_error
from tests.support.history import fill
from trainer.history.store import open_history

ROOT = Path(__file__).resolve().parents[2]


def ezbac(*args: str, env: dict[str, str] | None = None) -> cli_helpers.Ran:
    return cli_helpers.ezbac("report", *args, env={"TZ": "UTC", **(env or {})})


@pytest.fixture
def db(history_db: str) -> str:
    """The school's history, once in an SQLite file and once on a PostgreSQL server."""
    with open_history(history_db) as store:
        fill(store)
    return history_db


def test_table_csv_and_json(db: str) -> None:
    table = ezbac("--db", str(db))
    assert table.returncode == 0 and table.stdout.startswith("ana\n")
    rows = list(csv.DictReader(io.StringIO(ezbac("--db", str(db), "--format", "csv").stdout)))
    assert [r["trainee"] for r in rows] == ["ana", "bo"]
    assert rows[0]["accuracy"] == "55.5"  # 5/9 = 55.55..%, truncated
    doc = json.loads(ezbac("--db", str(db), "--format", "json", "--trainee", "bo").stdout)
    assert [t["trainee"] for t in doc["trainees"]] == ["bo"]
    # the name as a person types it: "BO" is bo
    doc = json.loads(ezbac("--db", str(db), "--format", "json", "--trainee", "BO").stdout)
    assert [t["trainee"] for t in doc["trainees"]] == ["bo"]


def test_since_filters(db: str) -> None:
    doc = json.loads(ezbac("--db", str(db), "--format", "json", "--since", "2024-05-02").stdout)
    ana = doc["trainees"][0]
    assert doc["since"] == "2024-05-02T00:00:00+00:00"  # TZ=UTC: local midnight is UTC
    assert ana["sessions"] == 2 and ana["families"]["natural"]["answered"] == 0


def test_environment_variable_points_at_the_file(db: str) -> None:
    run = ezbac("--format", "csv", env={"EZBAC_DB": str(db)})
    assert run.returncode == 0 and run.stdout.count("\n") == 3


def test_flag_beats_environment(db: str, tmp_path: Path) -> None:
    run = ezbac("--db", str(db), env={"EZBAC_DB": str(tmp_path / "missing.sqlite3")})
    assert run.returncode == 0 and "ana" in run.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--since", "last week"), "--since 'last week' is not a date"),
        (("--since", "2024-02-30"), "YYYY-MM-DD"),
        (("--format", "xml"), "invalid choice: 'xml'"),
    ],
)
def test_bad_options_are_one_line_errors(db: str, args: tuple[str, ...], needle: str) -> None:
    assert needle in usage_error(ezbac("--db", str(db), *args))


def test_missing_named_database_is_an_error_and_not_created(tmp_path: Path) -> None:
    missing = tmp_path / "nope.sqlite3"
    assert str(missing) in usage_error(ezbac("--db", str(missing)))
    assert str(missing) in usage_error(ezbac(env={"EZBAC_DB": str(missing)}))
    assert not missing.exists()


def test_invalid_database_is_an_error_and_left_alone(tmp_path: Path) -> None:
    bad = tmp_path / "notes.sqlite3"
    bad.write_text("not a database\n")
    line = usage_error(ezbac("--db", str(bad)))
    assert str(bad) in line and "not an ezbac history database" in line
    assert bad.read_text() == "not a database\n"


def test_no_history_yet_is_a_message_not_an_error() -> None:
    run = ezbac()  # the per-user default (EZBAC_HOME from conftest), never written
    assert run.returncode == 0 and "No training history yet" in run.stdout
    assert not list(Path(os.environ["EZBAC_HOME"]).iterdir())


def test_no_history_yet_still_gives_csv_and_json_a_document() -> None:
    # README: "CSV and JSON still print an empty document, with the message on stderr."
    run = ezbac("--format", "json")
    assert run.returncode == 0 and "No training history yet" in run.stderr
    assert json.loads(run.stdout) == {
        "report": "ezbac",
        "version": 1,
        "since": None,
        "trainees": [],
    }
    run = ezbac("--format", "csv", "--since", "2024-05-02")
    assert run.returncode == 0 and "No training history yet" in run.stderr
    (header,) = run.stdout.splitlines()
    assert header.startswith("trainee,sessions,")
    assert header.endswith(
        ",weakest_skills,retries,table_answered,table_correct,"
        "table_accuracy,table_avg_seconds,shoe_answered,shoe_correct,"
        "shoe_accuracy,shoe_avg_seconds,call_answered,call_correct,"
        "call_accuracy,call_avg_seconds,spot_answered,spot_correct,"
        "spot_accuracy,spot_avg_seconds,violation_answered,violation_correct,"
        "violation_accuracy,violation_avg_seconds,irregularity_answered,"
        "irregularity_correct,irregularity_accuracy,irregularity_avg_seconds,"
        "table_tables,table_seconds,table_coups_an_hour,table_seats,table_seconds_a_seat"
    )
    assert not list(Path(os.environ["EZBAC_HOME"]).iterdir())


def test_empty_history_and_unknown_trainee(tmp_path: Path, db: str) -> None:
    empty = tmp_path / "empty.sqlite3"
    open_history(empty).close()
    run = ezbac("--db", str(empty))
    assert run.returncode == 0 and "No answers recorded" in run.stdout
    run = ezbac("--db", str(empty), "--format", "json")
    assert run.returncode == 0 and json.loads(run.stdout)["trainees"] == []
    assert "No answers recorded" in run.stderr
    run = ezbac("--db", str(empty), "--format", "csv")
    assert run.returncode == 0 and run.stdout.startswith("trainee,") and run.stdout.count("\n") == 1
    run = ezbac("--db", str(db), "--trainee", "anna")
    assert run.returncode == 0 and "Trainees on record: ana, bo." in run.stdout
