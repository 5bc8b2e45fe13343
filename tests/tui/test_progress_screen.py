"""The progress screen, fed from a real history file written through the history API.

Expected cell texts are worked by hand from the answers written here: a cell shows the whole
percent right, rounded down, with "!" in front under 70% and "·" where nothing was answered.
Review boxes follow the Leitner rules in trainer/history/scheduler.py's docstring: a miss is
due again at once; a first right answer moves the skill to box 2, due one day later.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from textual.app import App, ComposeResult
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Static, TabbedContent

from tests.support.history import T0, answer, session
from tests.support.screens import NOW, SIZE, progress_history, write
from trainer.history.hooks import Recorder
from trainer.history.progress import ProgressData, progress_data
from trainer.history.store import open_history
from trainer.tui.screens.progress import ProgressScreen

# Column index of the Player's third card in the tableau grid: 0-9, then "stood" at 10.
STOOD = 10


class Host(App[None]):
    """A bare app to open the screen from, as the trainer's home screen would."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(self, data: ProgressData) -> None:
        super().__init__()
        self.data = data

    def compose(self) -> ComposeResult:
        yield Static("host", id="host")

    def on_mount(self) -> None:
        self.push_screen(ProgressScreen(self.data, NOW))


def cell(app: App, table_id: str, row: int, column: int) -> str:
    table = app.screen.query_one(f"#{table_id}", DataTable)
    return str(table.get_cell_at(Coordinate(row, column)))


def row_texts(app: App, table_id: str, key: str) -> list[str]:
    table = app.screen.query_one(f"#{table_id}", DataTable)
    return [str(c) for c in table.get_row(key)]


def detail(app: App) -> str:
    return str(app.screen.query_one("#tableau-detail", Static).render())


async def test_tableau_cells_answered_right_and_wrong(tmp_path: Path) -> None:
    app = Host(progress_history(tmp_path))
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, ProgressScreen)
        assert cell(app, "tableau-grid", 3, 8) == "!66%"
        assert cell(app, "tableau-grid", 6, 6) == "100%"
        assert cell(app, "tableau-grid", 6, 7) == "!0%"
        assert cell(app, "tableau-grid", 5, 4) == "80%"
        assert cell(app, "tableau-grid", 2, STOOD) == "70%"
        assert cell(app, "tableau-grid", 0, 0) == "·"  # only the other trainee answered it
        assert cell(app, "tableau-grid", 7, STOOD) == "·"


async def test_arrows_spell_out_the_cell(tmp_path: Path) -> None:
    app = Host(progress_history(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        assert "Banker 0, Player's third card 0" in detail(app)
        assert "Not answered yet" in detail(app)
        await pilot.press(*["down"] * 3, *["right"] * 8)
        text = detail(app)
        assert "Banker 3, Player's third card 8" in text
        assert "2 of 3 right (66%, ! weak)" in text
        # R (box 2, due a day later), W (box 1, due at once), R while due: box 2 again.
        assert "review box 2" in text
        await pilot.press("up", *["right"] * 2)  # row 2, column "stood"
        text = detail(app)
        assert "Banker 2, Player stood" in text
        assert "7 of 10 right (70%)" in text
        assert "weak" not in text


async def test_outcomes_payouts_and_sessions(tmp_path: Path) -> None:
    app = Host(progress_history(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        assert app.screen.query_one(TabbedContent).active == "outcomes"
        assert row_texts(app, "outcome-table", "tie") == ["Tie", "0/1", "!0%", "2.0s"]
        assert row_texts(app, "outcome-table", "dragon7") == ["Dragon 7", "1/2", "!50%", "2.0s"]
        assert row_texts(app, "outcome-table", "panda8") == ["Panda 8", "·", "·", "·"]
        assert row_texts(app, "payout-table", "payout:dragon7:win") == [
            "Dragon 7 bet wins",
            "1/1",
            "100%",
            "2.0s",
        ]
        await pilot.press("3")
        assert app.screen.query_one(TabbedContent).active == "sessions"
        finished = row_texts(app, "session-table", "s1")
        assert finished[1:] == ["The Banker tableau", "practice", "7/10 70%", "✗ fail", "2.0s"]
        left = row_texts(app, "session-table", "s2")
        assert left[3:5] == ["1/2 50%", "abandoned"]  # the report's word too
        table = app.screen.query_one("#session-table", DataTable)
        assert str(table.get_cell_at(Coordinate(0, 3))) == "1/2 50%"  # newest first


async def test_long_skill_names_wrap_and_every_column_fits_80_columns(tmp_path: Path) -> None:
    """Spotting errors has the longest skill names (the catalogue's titles): they wrap in
    their row, and Right, Accuracy and Avg time stay on the screen (no sideways scroll)."""
    with open_history(tmp_path / "history.db") as store:
        store.record_session(session("s1", started=T0, minutes=5, questions=4, correct=2))
        for skill in (
            "spot:banker-drew-on-stand:fix",
            "spot:seats-out-of-order",
            "shoe:cut",
            "table:commission",
        ):
            write(store, skill, "RW", T0)
        data = progress_data(store, "ana", NOW)
    app = Host(data)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        for table_id in ("procedure-table", "table-work", "outcome-table", "payout-table"):
            table = app.screen.query_one(f"#{table_id}", DataTable)
            assert table.virtual_size.width <= table.scrollable_content_region.width, table_id
        procedure = app.screen.query_one("#procedure-table", DataTable)
        assert row_texts(app, "procedure-table", "spot:seats-out-of-order")[1:] == [
            "1/2",
            "!50%",
            "2.0s",
        ]
        assert procedure.rows["spot:seats-out-of-order"].height > 1  # a long name wraps
        assert procedure.rows["shoe:cut"].height == 1


async def test_due_for_review(tmp_path: Path) -> None:
    app = Host(progress_history(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        # Last answer a miss: due now (banker:6:7, outcome:tie, outcome:dragon7).  Every other
        # skill's last answer is right and came when due, so it sits in box 2 for a day.
        summary = str(app.screen.query_one("#due-summary", Static).render())
        assert "3 skills due for review now" in summary
        missed = row_texts(app, "due-table", "banker:6:7")
        assert missed == ["Banker 6, Player's third card 7", "1", "● now", "0/1"]
        # Answered once, right, at T0+5min; box 2 is due a day later: 22 h 5 min after NOW.
        right = row_texts(app, "due-table", "banker:6:6")
        assert right[:2] == ["Banker 6, Player's third card 6", "2"]
        assert right[2].startswith("in 22 h")
        header = str(app.screen.query_one("#progress-head", Static).render())
        # ana gave 3+1+1+5+10+1+1+2 = 24 answers, 2+1+0+4+7+0+1+1 = 16 right: 66.7%.
        assert "16 of 24 answers right (66%)" in header
        assert "2 sessions" in header
        assert "3 due" in header


async def test_empty_history_says_so(tmp_path: Path) -> None:
    with open_history(tmp_path / "history.db") as store:
        store.record_answer(answer("banker:3:8", True, T0, trainee="bo"))
        data = progress_data(store, "ana", NOW)
    app = Host(data)
    async with app.run_test(size=SIZE) as pilot:
        text = str(app.screen.query_one("#progress-empty", Static).render())
        assert "No answers yet for ana" in text
        assert not app.screen.query(TabbedContent)
        assert not app.screen.query(DataTable)
        await pilot.press("1")  # tabs keys do nothing, and nothing breaks
        assert isinstance(app.screen, ProgressScreen)


async def test_escape_and_q_go_back(tmp_path: Path) -> None:
    data = progress_history(tmp_path)
    for key in ("escape", "q"):
        app = Host(data)
        async with app.run_test(size=SIZE) as pilot:
            assert isinstance(app.screen, ProgressScreen)
            await pilot.press(key)
            assert not isinstance(app.screen, ProgressScreen)
            assert app.screen.query_one("#host", Static)


def test_tableau_snapshot(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(Host(progress_history(tmp_path)), terminal_size=SIZE)


def test_recorder_hands_the_screen_its_data_or_none(tmp_path: Path) -> None:
    store = open_history(tmp_path / "history.db")
    write(store, "banker:3:8", "RW", T0)
    errors: list[str] = []
    recorder = Recorder(store, on_error=errors.append)
    data = recorder.progress("ana", NOW)
    assert data is not None
    assert (data.tableau.cell(3, 8).answered, data.tableau.cell(3, 8).correct) == (2, 1)
    assert [s.skill for s in data.due] == ["banker:3:8"]  # last answer a miss
    store.close()  # a history that cannot be read: no screen data, a message naming the file
    assert recorder.progress("ana", NOW) is None
    assert errors
    assert str(tmp_path / "history.db") in errors[-1]


def many_due(tmp_path: Path) -> ProgressData:
    """Every cell of the Banker tableau missed once: 88 skills due, far more than a screen."""
    with open_history(tmp_path / "history.db") as store:
        store.record_session(session("s1", started=T0, minutes=30, questions=88, correct=0))
        minute = 0
        for total in range(8):
            for third in [*map(str, range(10)), "stood"]:
                write(store, f"banker:{total}:{third}", "W", T0 + timedelta(minutes=minute))
                minute += 1
        return progress_data(store, "ana", NOW)


async def test_the_due_tab_opens_at_its_top_and_scrolls_with_the_keys(tmp_path: Path) -> None:
    app = Host(many_due(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        assert app.screen.query_one(TabbedContent).active == "due"
        body = app.screen.query_one("#due .progress-body")
        assert body.scroll_y == 0 and body.max_scroll_y > 0
        summary = app.screen.query_one("#due-summary", Static)
        assert "88 skills due" in str(summary.render())
        assert body.region.contains_region(summary.region)  # on screen, not scrolled past
        assert app.screen.query_one("#due-table", DataTable).max_scroll_y == 0  # one scrollbar
        await pilot.press("pagedown")
        assert body.scroll_y > 0
        await pilot.press("end")
        assert body.scroll_y == body.max_scroll_y
        await pilot.press("home")
        assert body.scroll_y == 0
        await pilot.press("down", "down")
        assert body.scroll_y == 2
        await pilot.press("3", "4")  # back to Due: at its top again
        assert body.scroll_y == 0


async def test_page_keys_scroll_the_tableau_tab_while_arrows_move_the_grid(tmp_path: Path) -> None:
    app = Host(progress_history(tmp_path))
    async with app.run_test(size=(80, 16)) as pilot:  # too short for the whole tab
        body = app.screen.query_one("#tableau .progress-body")
        assert body.max_scroll_y > 0
        await pilot.press("down")
        assert "Banker 1, Player's third card 0" in detail(app)  # the grid's cursor moved
        await pilot.press("end")
        assert body.scroll_y == body.max_scroll_y
        await pilot.press("home")
        assert body.scroll_y == 0
