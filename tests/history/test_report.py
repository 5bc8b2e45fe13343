"""The instructor's report: figures worked by hand from a small history, in all three formats
(CSV and JSON parsed back; their columns and keys are the documented, stable ones)."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime, timedelta

import pytest

from tests.support.history import DAY, T0, fill
from trainer.history.report import (
    BadDateError,
    build_report,
    parse_since,
    render_csv,
    render_json,
)
from trainer.history.store import HistoryStore, open_history
from trainer.words.report import report_table as render_table

#: The README's CSV columns, in order.
DOCUMENTED_COLUMNS = [
    "trainee",
    "sessions",
    "sessions_finished",
    "sessions_abandoned",
    "sessions_passed",
    "reference_opened",
    "answered",
    "correct",
    "accuracy",
    "avg_seconds",
    "natural_answered",
    "natural_correct",
    "natural_accuracy",
    "natural_avg_seconds",
    "player_answered",
    "player_correct",
    "player_accuracy",
    "player_avg_seconds",
    "banker_answered",
    "banker_correct",
    "banker_accuracy",
    "banker_avg_seconds",
    "outcome_answered",
    "outcome_correct",
    "outcome_accuracy",
    "outcome_avg_seconds",
    "payout_answered",
    "payout_correct",
    "payout_accuracy",
    "payout_avg_seconds",
    "last_drill_id",
    "last_drill_title",
    "last_drill_finished_at",
    "last_drill_questions",
    "last_drill_correct",
    "last_drill_result",
    "weakest_skills",
    "retries",
    "table_answered",
    "table_correct",
    "table_accuracy",
    "table_avg_seconds",
    # added at the end: the dealer's procedure
    "shoe_answered",
    "shoe_correct",
    "shoe_accuracy",
    "shoe_avg_seconds",
    "call_answered",
    "call_correct",
    "call_accuracy",
    "call_avg_seconds",
    "spot_answered",
    "spot_correct",
    "spot_accuracy",
    "spot_avg_seconds",
    # added at the end: protecting the game
    "violation_answered",
    "violation_correct",
    "violation_accuracy",
    "violation_avg_seconds",
    "irregularity_answered",
    "irregularity_correct",
    "irregularity_accuracy",
    "irregularity_avg_seconds",
    # added at the end: the table pace
    "table_tables",
    "table_seconds",
    "table_coups_an_hour",
    "table_seats",
    "table_seconds_a_seat",
]


@pytest.fixture
def store(history_db: str):
    with open_history(history_db) as s:
        fill(s)
        yield s


def test_report_figures(store: HistoryStore) -> None:
    report = build_report(store)
    ana, bo = report.trainees
    assert (ana.trainee, bo.trainee) == ("ana", "bo")
    assert (ana.sessions, ana.sessions_finished, ana.sessions_abandoned, ana.sessions_passed) == (
        3,
        2,
        1,
        1,
    )
    assert ana.reference_opened == 3
    assert (ana.total.answered, ana.total.correct, ana.total.seconds) == (9, 5, 33.0)
    banker = ana.families["banker"]
    assert (banker.answered, banker.correct, banker.seconds) == (5, 2, 18.0)
    assert ana.families["player"].answered == 0
    assert ana.last_drill is not None
    assert (ana.last_drill.drill_id, ana.last_drill.passed) == ("banker-tableau", False)
    # weakest first: 0/1, then 1/3, then 1/2; skills never missed are not "weak"
    assert [w.skill for w in ana.weakest] == ["payout:dragon7:win", "banker:3:8", "banker:4:1"]
    assert bo.last_drill is None and bo.weakest == () and bo.sessions_finished == 0


def test_csv_round_trip(store: HistoryStore) -> None:
    rows = list(csv.DictReader(io.StringIO(render_csv(build_report(store)))))
    assert list(rows[0]) == DOCUMENTED_COLUMNS
    ana, bo = rows
    assert ana["trainee"] == "ana" and ana["sessions"] == "3" and ana["sessions_passed"] == "1"
    assert (ana["answered"], ana["correct"], ana["accuracy"], ana["avg_seconds"]) == (
        "9",
        "5",
        "55.5",
        "3.67",  # 5/9 = 55.55.. % truncated to one decimal, 33 s / 9 = 3.667 s
    )
    assert (ana["banker_accuracy"], ana["banker_avg_seconds"]) == ("40.0", "3.6")
    assert (ana["natural_accuracy"], ana["payout_accuracy"]) == ("100.0", "0.0")
    assert ana["player_answered"] == "0" and ana["player_accuracy"] == ""
    assert ana["last_drill_id"] == "banker-tableau" and ana["last_drill_result"] == "failed"
    assert ana["last_drill_finished_at"] == "2024-05-02T09:08:00+00:00"
    assert (ana["last_drill_questions"], ana["last_drill_correct"]) == ("10", "6")
    assert ana["weakest_skills"] == "payout:dragon7:win;banker:3:8;banker:4:1"
    assert bo["last_drill_result"] == "" and bo["weakest_skills"] == ""
    assert bo["player_accuracy"] == "100.0" and bo["player_avg_seconds"] == "1.0"


def test_json_round_trip(store: HistoryStore) -> None:
    doc = json.loads(render_json(build_report(store, trainee="ana")))
    assert doc["report"] == "ezbac" and doc["version"] == 1 and doc["since"] is None
    (ana,) = doc["trainees"]
    assert set(ana) == {
        "trainee",
        "sessions",
        "sessions_finished",
        "sessions_abandoned",
        "sessions_passed",
        "reference_opened",
        "answered",
        "correct",
        "accuracy",
        "avg_seconds",
        "families",
        "last_drill",
        "weakest",
        "retries",
        "table_pace",
    }
    assert list(ana["families"]) == [
        "natural",
        "player",
        "banker",
        "outcome",
        "payout",
        "table",
        "shoe",
        "call",
        "spot",
        "violation",
        "irregularity",
    ]
    assert ana["families"]["banker"] == {
        "answered": 5,
        "correct": 2,
        "accuracy": 40.0,
        "avg_seconds": 3.6,
    }
    assert ana["families"]["player"] == {
        "answered": 0,
        "correct": 0,
        "accuracy": None,
        "avg_seconds": None,
    }
    assert ana["last_drill"] == {
        "id": "banker-tableau",
        "title": "The Banker tableau",
        "mode": "practice",
        "finished_at": "2024-05-02T09:08:00+00:00",
        "questions": 10,
        "correct": 6,
        "passed": False,
    }
    assert ana["weakest"][1] == {
        "skill": "banker:3:8",
        "label": "Banker 3, Player's third card 8",
        "answered": 3,
        "correct": 1,
        "accuracy": 33.3,
        "avg_seconds": 4.0,
    }


def test_table_reads_like_a_report(store: HistoryStore) -> None:
    text = render_table(build_report(store))
    lines = text.splitlines()
    assert lines[0] == "ana"
    assert lines[1].startswith("  Sessions: 3 (2 finished, 1 passed, 1 abandoned)")
    assert lines[2] == "  Answers: 9, 55.5% right, 3.7 s per answer"
    assert "FAILED" in text and "Banker 3, Player's third card 8: 1/3 right (33.3%)" in text
    assert "\nbo\n  Sessions: 1 (0 finished" in text and "Last drill: none finished" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_since_keeps_only_later_work(store: HistoryStore) -> None:
    report = build_report(store, since=T0 + timedelta(hours=12))
    ana = report.trainees[0]
    assert ana.sessions == 2 and ana.families["natural"].answered == 0
    assert ana.total.answered == 7
    assert build_report(store, since=T0 + 10 * DAY).trainees == ()


def test_unknown_trainee_gives_an_empty_report(store: HistoryStore) -> None:
    assert build_report(store, trainee="nobody").trainees == ()


def test_parse_since() -> None:
    assert parse_since("2024-05-01T09:00:00+00:00") == T0
    day = parse_since("2024-05-01")
    assert day == datetime(2024, 5, 1).astimezone(UTC)  # local midnight
    for bad in ("yesterday", "2024-13-01", "01/05/2024", ""):
        with pytest.raises(BadDateError, match="YYYY-MM-DD"):
            parse_since(bad)
