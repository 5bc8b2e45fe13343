"""`ezbac class`: the instructor's screen over a hand-worked history (test_report.fill: ana
answered 9, 5 right; bo 1, right) plus an exam bo passed 9/10 and one he failed 6/10 before
it.  Figures are the report's: one decimal, truncated, "!" under 70% right."""

from __future__ import annotations

from datetime import timedelta
from importlib import import_module
from pathlib import Path

import pytest
from textual.coordinate import Coordinate
from textual.widgets import DataTable

from tests.support.cli import ezbac, usage_error
from tests.support.history import T0, answer, fill, session
from tests.support.screens import text
from trainer.curriculum.model import Curriculum, MasteryRule, Module, SkillGoal
from trainer.history.store import HistoryStore, open_history
from trainer.tui.screens.class_ import ClassScreen
from trainer.tui.screens.progress import ProgressScreen

SIZE = (120, 40)
DAY = timedelta(days=1)
MIN = timedelta(minutes=1)
make_app = import_module("trainer.cli.class_").make_app  # "class" is the command's name


@pytest.fixture
def store(history_db: str):
    with open_history(history_db) as s:
        fill(s)
        s.on_session(
            session(
                "e0",
                trainee="bo",
                mode="exam",
                title="Final exam",
                started=T0 + 2 * DAY,
                minutes=10,
                questions=10,
                correct=6,
                passed=False,
            )
        )
        s.on_session(
            session(
                "e1",
                trainee="bo",
                mode="exam",
                title="Final exam",
                started=T0 + 3 * DAY,
                minutes=10,
                questions=10,
                correct=9,
                passed=True,
            )
        )
        yield s


def row(app, trainee: str) -> list[str]:
    return [str(c) for c in app.screen.query_one("#class-table", DataTable).get_row(trainee)]


async def test_every_trainee_with_the_reports_figures(store: HistoryStore) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ClassScreen)
        head = text(app, "#class-head")
        assert "2 trainees" in head and "10 answers, !60.0% right" in head  # 6/10
        ana = row(app, "ana")
        # 3 runs, 1 passed, 9 answers 5 right (55.5%); naturals 2/2, Banker 2/5 (40%)
        assert ana[0] == "ana" and ana[2:6] == ["3", "1", "9", "!55.5%"]
        assert ana[6] == "100.0%" and ana[8] == "!40.0%"
        assert ana[12:15] == ["·", "·", "·"]  # no shoe, call or spot answers
        assert ana[17] == "·"  # no exam (after the eleven family columns)
        bo = row(app, "bo")
        assert bo[2:6] == ["3", "1", "1", "100.0%"]
        assert bo[17] == "✓ 9/10"  # the latest exam
        detail = text(app, "#class-detail")
        assert detail.startswith("ana") and "Last exams: none finished" in detail
        # the class's weakest: the Dragon 7 payout 0/1, then Banker 3/8 1/3 and Banker 4/1 1/2
        weakest = text(app, "#class-weakest")
        assert weakest.index("Dragon 7") < weakest.index("Banker 3") < weakest.index("Banker 4")
        assert "1/3 (!33.3%)" in weakest
        await pilot.press("down")
        detail = text(app, "#class-detail")
        assert detail.startswith("bo")
        assert "✓ 9/10 (90.0%) Final exam" in detail and "✗ 6/10 (!60.0%)" in detail
        assert detail.index("9/10") < detail.index("6/10")  # newest first


async def test_enter_opens_the_trainees_progress_and_escape_comes_back(
    store: HistoryStore,
) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("down", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen)
        assert "Progress · bo · 1 of 1 answer right" in text(app, "#progress-head")
        await pilot.press("escape")
        assert isinstance(app.screen, ClassScreen)
        table = app.screen.query_one("#class-table", DataTable)
        assert table.cursor_coordinate == Coordinate(1, 0)


async def test_an_empty_history_says_so(history_db: str) -> None:
    with open_history(history_db) as store:
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert text(app, "#class-loading") == "No answers or runs on record yet."
            assert not app.screen.query_one("#class-table", DataTable).display
            # the head reads as words: no share right of no answers
            assert text(app, "#class-head") == "Class · 0 trainees · 0 answers"


def test_command_line_errors_are_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "nope.sqlite3"
    assert str(missing) in usage_error(ezbac("class", "--db", str(missing)))
    assert not missing.exists()
    usage_error(ezbac("class", "--since", "yesterday", "--db", str(missing)), "--since")


def test_no_history_yet_is_a_message() -> None:
    run = ezbac("class")  # the per-user default (EZBAC_HOME from conftest), never written
    assert run.returncode == 0 and "No training history yet" in run.stdout


def test_the_class_view_never_writes_the_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An instructor's look is a read: a blank file stays blank (a write open would lay the
    schema down in it) and nothing is left beside it."""
    import argparse

    command = import_module("trainer.cli.class_")
    opened: list[HistoryStore] = []

    class Shown:
        def run(self) -> None:
            pass

    def fake_app(store: HistoryStore, since: object = None, **_: object) -> Shown:
        opened.append(store)
        return Shown()

    monkeypatch.setattr(command, "make_app", fake_app)
    db = tmp_path / "history.sqlite3"
    db.write_bytes(b"")
    assert command.run(argparse.Namespace(since=None, db=str(db))) == 0
    assert opened and opened[0].readonly
    assert db.read_bytes() == b"" and sorted(p.name for p in tmp_path.iterdir()) == [db.name]


async def test_the_procedures_families_have_columns_and_80_columns_scroll_sideways(
    store: HistoryStore,
) -> None:
    """Shoe, calling and spotting errors are families like the coup's (the report has their
    columns): bo spots a clean coup right and one error wrong, 1/2. At 80 columns the
    figures scroll sideways under the trainee's name, which stays."""
    for n, right in enumerate((True, False)):
        store.record_answer(answer("spot:none", right, T0 + n * DAY, trainee="bo", session_id="sp"))
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = app.screen.query_one("#class-table", DataTable)
        labels = [str(c.label) for c in table.columns.values()]
        assert labels[12:17] == ["Shoe", "Call", "Spot", "Viol", "Irreg"]
        assert row(app, "bo")[14] == "!50.0%" and row(app, "ana")[14] == "·"
        assert table.virtual_size.width > table.size.width  # more than 80 columns of figures
        await pilot.press("right", "right", "right", "right", "right")
        assert table.scroll_x > 0 and table.fixed_columns == 1


def _path() -> Curriculum:
    """One module of four skills, each mastered by its last 2 answers all right in 5 s or
    less, after 1 answer at least."""
    rule = MasteryRule(min_answers=1, recent=2, accuracy=100, target_seconds=5.0)
    goals = tuple(
        SkillGoal(name.lower(), name, (key,), "d", rule)
        for name, key in (
            ("Naturals", "natural"),
            ("Player", "player:*"),
            ("Tableau", "banker:*"),
            ("Outcomes", "outcome:*"),
        )
    )
    return Curriculum("Class path", (Module("m", "M", ("d",), goals),))


async def test_the_path_column_says_who_is_table_ready_close_or_how_far(
    store: HistoryStore,
) -> None:
    # ana (see fill): naturals 2 right in 2 and 4 s: mastered; no Player draw; the tableau's
    # last 2 are a miss then a hit: 1 of 2; one Dragon 7 outcome right: mastered.  2 skills
    # left: close.  bo: one Player draw right: 3 left.  cy: each skill once right in 1 s:
    # table-ready.
    for n, key in enumerate(("natural", "player:1", "banker:0:1", "outcome:tie")):
        store.record_answer(answer(key, True, T0 + n * MIN, seconds=1.0, trainee="cy"))
    app = make_app(store, curriculum=_path())
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = app.screen.query_one("#class-table", DataTable)
        assert [str(c.label) for c in table.columns.values()][:2] == ["Trainee", "Path"]
        assert [row(app, who)[1] for who in ("ana", "bo", "cy")] == [
            "close",
            "3 left",
            "table-ready",
        ]
        detail = text(app, "#class-detail")
        assert (
            "Path: close; held back by Player (1 more answers); Tableau (1 of the last 2 "
            "right, 100% needed)"
        ) in detail
