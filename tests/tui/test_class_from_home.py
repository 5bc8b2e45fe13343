"""The instructor's class view from the trainer's home (Pilot): `i` opens `ezbac class`'s
screen over the trainer's own --db, Enter on a trainee opens their progress, Escape goes back
each step to home (it does not quit the trainer)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from tests.support.history import T0, answer
from trainer.cli.train import history_hooks
from trainer.history.store import open_history

pytest.importorskip("trainer.tui.app")


async def test_class_view_opens_from_home_and_goes_back(tmp_path: Path) -> None:
    from trainer.tui.app import TrainerApp
    from trainer.tui.screens.class_ import ClassScreen
    from trainer.tui.screens.home import HomeScreen
    from trainer.tui.screens.progress import ProgressScreen

    db = tmp_path / "history.sqlite3"
    with open_history(db) as store:
        store.on_answer(answer("banker:3:8", True, T0, trainee="bo"))
        store.on_answer(answer("player:5", False, T0, trainee="cy", session_id="s2"))
    app = TrainerApp(trainee="ana", hooks=history_hooks(db))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, ClassScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = app.screen.query_one("#class-table", DataTable)
        assert [str(table.get_row_at(i)[0]) for i in range(table.row_count)] == ["bo", "cy"]
        await pilot.press("down", "enter")  # cy's progress
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen) and app.screen.trainee == "cy"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ClassScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.is_running
        app.exit()


async def test_without_a_history_the_class_key_says_so() -> None:
    from trainer.tui.app import TrainerApp
    from trainer.tui.screens.home import HomeScreen

    app = TrainerApp(trainee="ana")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("No history" in str(n.message) for n in app._notifications)
        app.exit()
