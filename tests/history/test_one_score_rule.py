"""One number, one rule: a score shows the same on the results screen, the progress screen and
the report, and never disagrees with the pass verdict.

Expected figures are worked by hand (long division, truncated, never rounded up):

- 5/12  = 41.66..% -> 41 % on screen, 41.6 in the report
- 39/49 = 79.59..% -> 79 %, 79.5   (below a pass mark of 80: not passed)
- 2/3   = 66.66..% -> 66 %, 66.6
- 1/8   = 12.5 %   -> 12 %, 12.5
- 4/5   = 80 %     -> 80 %, 80.0   (a pass mark of 80 is met exactly: passed)
"""

from __future__ import annotations

import csv
import io
import json
from datetime import timedelta
from fractions import Fraction
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Static

from tests.support.coups import DRAGON, FakeClock, FakeNow, coup, drill
from tests.support.history import T0, answer, session
from trainer.drills.model import Step
from trainer.engine import Outcome
from trainer.history.progress import Tally, is_weak, progress_data
from trainer.history.report import build_report, render_csv, render_json
from trainer.history.store import open_history
from trainer.session import OutcomeAnswer, Session
from trainer.session.scoring import passes, percent, percent_1dp
from trainer.tui.screens.progress import ProgressScreen
from trainer.tui.screens.results import ResultsScreen
from trainer.tui.widgets.fittable import FitTable
from trainer.words.report import report_table as render_table

#: (right, asked, whole percent shown, report's one decimal, passed at a pass mark of 80)
CASES = [
    (5, 12, 41, 41.6, False),
    (39, 49, 79, 79.5, False),
    (2, 3, 66, 66.6, False),
    (1, 8, 12, 12.5, False),
    (4, 5, 80, 80.0, True),
]
IDS = [f"{r}of{n}" for r, n, *_ in CASES]


@pytest.mark.parametrize(("right", "asked", "whole", "tenths", "passed"), CASES, ids=IDS)
def test_the_rule(right: int, asked: int, whole: int, tenths: float, passed: bool) -> None:
    assert percent(right, asked) == whole
    assert percent_1dp(right, asked) == tenths
    assert passes(right, asked, 80) is passed


def test_nothing_asked_has_no_figure_and_no_pass() -> None:
    assert percent(0, 0) is None and percent_1dp(0, 0) is None and not passes(0, 0, 0)


def test_the_shown_figure_and_the_verdict_never_disagree() -> None:
    # Every score up to 60 questions against every whole pass mark, checked against exact
    # fractions: shown >= mark exactly when passed, and the shown figure is never above the
    # true one nor a whole percent (or a tenth) below it.
    for asked in range(1, 61):
        for right in range(asked + 1):
            exact = Fraction(100 * right, asked)
            shown, tenths = percent(right, asked), percent_1dp(right, asked)
            assert shown is not None and tenths is not None
            assert shown <= exact < shown + 1
            assert Fraction(tenths).limit_denominator(10) <= exact
            assert exact < Fraction(tenths).limit_denominator(10) + Fraction(1, 10)
            for mark in range(101):
                assert (shown >= mark) is passes(right, asked, mark) is (exact >= mark)


def test_weak_agrees_with_the_figure_shown() -> None:
    # Weak: under 70 %.  69 % shown is weak, 70 % shown is not, whatever the fraction.
    for asked in range(1, 61):
        for right in range(asked + 1):
            shown = percent(right, asked)
            assert shown is not None
            assert is_weak(Tally(asked, right)) is (shown < 70)


# -- each surface ----------------------------------------------------------------------------


def _run(right: int, asked: int) -> Session:
    """An exam of ``asked`` outcome questions (all the Dragon 7 coup), ``right`` right."""
    s = Session(
        drill((Step.OUTCOME,), pass_mark=80),
        [coup(DRAGON)] * asked,
        "Alex",
        clock=FakeClock(),
        now=FakeNow(),
    )
    s.start()
    for i in range(asked):
        s.answer(OutcomeAnswer(Outcome.DRAGON7 if i < right else Outcome.TIE))
    return s


class Host(App[None]):
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, screen: object) -> None:
        super().__init__()
        self.first = screen

    def compose(self) -> ComposeResult:
        yield Static("host")

    def on_mount(self) -> None:
        self.push_screen(self.first)  # type: ignore[arg-type]


@pytest.mark.parametrize(("right", "asked", "whole", "tenths", "passed"), CASES, ids=IDS)
async def test_results_screen(
    right: int, asked: int, whole: int, tenths: float, passed: bool
) -> None:
    app = Host(ResultsScreen(_run(right, asked)))
    async with app.run_test(size=(100, 30)):
        head = str(app.screen.query_one("#results-head", Static).render())
        skills = app.screen.query_one("#by-skill", FitTable)
        skill_pct = skills.plain_rows()[0][2]
    verdict = "✓ PASSED" if passed else "✗ NOT PASSED"
    assert f"{right} of {asked} right ({whole}%)  {verdict} (pass mark 80%)" in head
    assert skill_pct == str(whole)


@pytest.mark.parametrize(("right", "asked", "whole", "tenths", "passed"), CASES, ids=IDS)
async def test_progress_screen_and_report(
    tmp_path: Path, right: int, asked: int, whole: int, tenths: float, passed: bool
) -> None:
    with open_history(tmp_path / "h.sqlite3") as store:
        store.on_session(
            session("s1", started=T0, minutes=30, questions=asked, correct=right, passed=passed)
        )
        for i in range(asked):
            store.on_answer(answer("banker:3:8", i < right, T0 + timedelta(seconds=i)))
        data = progress_data(store, "ana", T0 + timedelta(hours=1))
        report = build_report(store)
    weak = "!" if Fraction(right, asked) < Fraction(7, 10) else ""

    app = Host(ProgressScreen(data, T0 + timedelta(hours=1)))
    async with app.run_test(size=(120, 40)):
        grid = app.screen.query_one("#tableau-grid", DataTable)
        cell = str(grid.get_cell_at(Coordinate(3, 8)))  # Banker 3, Player's third card 8
        sessions = app.screen.query_one("#session-table", DataTable)
        score = str(sessions.get_row("s1")[3])
        head = str(app.screen.query_one("#progress-head", Static).render())
    assert cell == f"{weak}{whole}%"
    assert score == f"{right}/{asked} {whole}%"
    assert f"{right} of {asked} answers right ({whole}%)" in head

    (row,) = csv.DictReader(io.StringIO(render_csv(report)))
    assert row["accuracy"] == row["banker_accuracy"] == f"{tenths:.1f}"
    assert row["last_drill_result"] == ("passed" if passed else "failed")
    doc = json.loads(render_json(report))["trainees"][0]
    assert doc["accuracy"] == tenths and doc["last_drill"]["passed"] is passed
    assert (doc["weakest"] != []) is bool(weak)
    assert f"Answers: {asked}, {tenths:.1f}% right" in render_table(report)
