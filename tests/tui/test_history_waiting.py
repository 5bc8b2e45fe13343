"""The home screen says how many answers wait for the history (Pilot): a spool left by an
earlier run while the history is away shows its count, and the line goes once the app's
worker has sent them; the answers are then in the history, once each."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from tests.support.history import T0, answer
from trainer.cli.train import recorder_hooks
from trainer.history.hooks import Recorder, spool_target
from trainer.history.spool import Entry, Spool
from trainer.history.store import HistoryStore, HistoryUnavailableError, open_history

pytest.importorskip("trainer.tui.app")


class AwayStore:
    """A real store whose writes fail while ``away`` is set (a server gone); reads work."""

    def __init__(self, store: HistoryStore) -> None:
        self._store = store
        self.away = threading.Event()
        self.away.set()

    def __getattr__(self, name: str) -> object:
        return getattr(self._store, name)

    def record_answer(self, record: object, key: str | None = None) -> None:
        if self.away.is_set():
            raise HistoryUnavailableError("history server gone away")
        self._store.record_answer(record, key=key)  # type: ignore[arg-type]

    def record_session(self, record: object) -> None:
        if self.away.is_set():
            raise HistoryUnavailableError("history server gone away")
        self._store.record_session(record)  # type: ignore[arg-type]


async def _until(check: object, seconds: float = 5) -> None:
    for _ in range(int(seconds / 0.02)):
        if check():  # type: ignore[operator]
            return
        await asyncio.sleep(0.02)


async def test_home_shows_the_answers_waiting_and_clears_when_they_are_sent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.widgets import Static

    from trainer.tui.app import TrainerApp

    db = tmp_path / "history.sqlite3"
    real = open_history(db)
    spool = Spool.for_target(spool_target(real))
    for i in range(3):  # left by a run that ended while the history was away
        spool.append(Entry("answer", f"k{i}", answer("banker:3:8", False, T0.replace(minute=i))))
    store = AwayStore(real)
    recorder = Recorder(store)  # type: ignore[arg-type]
    monkeypatch.setattr(TrainerApp, "HISTORY_RETRY_SECONDS", 0.05)
    app = TrainerApp(trainee="ana", hooks=recorder_hooks(recorder))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        waiting = app.screen.query_one("#history-waiting", Static)
        assert waiting.display
        assert str(waiting.render()) == "3 answers waiting for the history"

        store.away.clear()  # the history is back: the next periodic try sends them
        await _until(lambda: not waiting.display)
        assert not waiting.display
        assert recorder.pending_count() == 0
        app.exit()
    assert recorder.close(timeout=1) == 0
    assert [(a.skill, a.correct) for a in real.answers("ana")] == [("banker:3:8", False)] * 3
    real.close()
