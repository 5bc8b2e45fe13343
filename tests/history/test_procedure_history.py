"""The dealer's-procedure skills in history: progress lists them, the report counts their
families, the review leaves them to their drills (a coup review cannot deal a shoe's cut card
or a replay), so they are never counted due."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from trainer.history.progress import compute_progress
from trainer.history.scheduler import due_from, schedule
from trainer.session.records import AnswerRecord
from trainer.skills import describe, family, reviewed

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def answer(skill: str, correct: bool, minutes: int) -> AnswerRecord:
    return AnswerRecord(
        "s1",
        "ana",
        "d",
        "x",
        skill,
        ("Kh",),
        "a",
        "b",
        correct,
        2.0,
        T0 + timedelta(minutes=minutes),
    )


def test_procedure_skills_are_listed_but_never_due() -> None:
    answers = [
        answer("shoe:cut", False, 1),
        answer("call:result", True, 2),
        answer("spot:payout-short", False, 3),
        answer("outcome:tie", False, 4),
    ]
    data = compute_progress("ana", answers, [], T0 + timedelta(hours=1))
    assert list(data.procedure) == ["call:result", "shoe:cut", "spot:payout-short"]
    assert data.procedure["shoe:cut"].answered == 1 and data.procedure["shoe:cut"].correct == 0
    assert [s.skill for s in data.due] == ["outcome:tie"]  # a missed coup skill is due
    states = schedule((a.skill, a.correct, a.answered_at) for a in answers)
    assert [s.skill for s in due_from(states, T0 + timedelta(hours=1))] == ["outcome:tie"]
    assert not reviewed("shoe:cut") and reviewed("banker:3:8")


def test_procedure_skills_are_described() -> None:
    assert family("spot:none") == "spot"
    assert describe("shoe:burn") == "Shoe: the burn"
    assert describe("call:player_shows") == "Call: player shows"
    assert describe("spot:none") == "Spot: a coup dealt right"
    # the catalogue's own words for a mistake (the engine's description, without its stop)
    assert describe("spot:payout-short").startswith("Spot: A payout worked on a wager")
    assert describe("spot:payout-short:fix").startswith("Right step: ")
    assert describe("spot:not-in-this-version") == "Spot: not-in-this-version"


def test_the_report_counts_procedure_families(tmp_path) -> None:
    import csv
    import io

    from tests.support.history import session
    from trainer.history.report import build_report, render_csv
    from trainer.history.store import open_history
    from trainer.words.report import report_table as render_table

    with open_history(tmp_path / "h.sqlite3") as store:
        store.on_session(session("s1"))
        # ana: two shoe answers (one right), one call answer (right), one coup answer
        for minute, (skill, right) in enumerate(
            (("shoe:burn", True), ("shoe:cut", False), ("call:result", True), ("outcome:tie", True))
        ):
            store.on_answer(answer(skill, right, minute))
        report = build_report(store)
        (ana,) = report.trainees
        assert (ana.families["shoe"].answered, ana.families["shoe"].correct) == (2, 1)
        assert ana.families["call"].answered == 1 and ana.families["spot"].answered == 0
        (row,) = csv.DictReader(io.StringIO(render_csv(report)))
        assert (row["shoe_answered"], row["shoe_correct"], row["shoe_accuracy"]) == (
            "2",
            "1",
            "50.0",
        )
        assert row["spot_answered"] == "0" and row["spot_accuracy"] == ""
        text = render_table(report)
        assert "Running a shoe" in text and "Calling" in text
        assert "Spotting errors" not in text  # no spot drill run: no empty row
        assert "Shoe: the cut card comes out" in text  # weakest skill, described
