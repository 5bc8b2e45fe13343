"""The progress screen reads a long history in a worker thread: "Loading…" at once, the
trainer still answering keys meanwhile, the figures when the read is done; a read that fails
(reported by the history hooks) closes it again."""

from __future__ import annotations

import threading
from pathlib import Path

from textual.widgets import DataTable

from tests.support.screens import SIZE, make_app, progress_history, text
from trainer.history.progress import ProgressData
from trainer.tui.app import HistoryPort
from trainer.tui.screens.home import HomeScreen
from trainer.tui.screens.progress import ProgressScreen


async def test_progress_loads_in_a_worker_behind_a_loading_line(tmp_path: Path) -> None:
    data = progress_history(tmp_path)
    release = threading.Event()
    asked: list[tuple[str, object]] = []

    def slow_progress(trainee: str, now) -> ProgressData:
        asked.append((trainee, now))
        assert release.wait(10), "the test never let the read finish"
        return data

    app = make_app([], start=False, trainee="ana", hooks=HistoryPort(progress=slow_progress))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen)
        assert text(app, "#progress-loading") == "Loading…"
        assert "Progress · ana" in text(app, "#progress-head")
        assert not app.screen.query(DataTable)
        await pilot.press("2")  # keys are handled while the read goes on: nothing breaks
        await pilot.press("down", "pagedown", "end")  # scrolling a page not there yet
        assert asked and asked[0][0] == "ana"
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not app.screen.query("#progress-loading")
        assert "16 of 24 answers right (66%)" in text(app, "#progress-head")
        assert app.screen.query_one("#tableau-grid", DataTable).row_count == 8


async def test_a_failed_read_closes_the_loading_screen(tmp_path: Path) -> None:
    app = make_app(
        [], start=False, trainee="ana", hooks=HistoryPort(progress=lambda who, now: None)
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_closing_before_the_read_ends_is_harmless(tmp_path: Path) -> None:
    release = threading.Event()

    def slow_progress(trainee: str, now) -> ProgressData | None:
        release.wait(10)
        return None

    app = make_app([], start=False, trainee="ana", hooks=HistoryPort(progress=slow_progress))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)  # the late answer pops nothing
