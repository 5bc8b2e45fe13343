"""The trainer stays responsive while another program locks the history (Pilot): the answer
is graded at once, the screen says it is waiting to be saved (a notice, and the drill's
header while it waits), and the app's worker stores it when the lock clears."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from trainer.cli.train import history_recorder, recorder_hooks
from trainer.drills.model import Drill, FixedCoup, Order, Step
from trainer.engine import parse_cards
from trainer.history.store import open_history

pytest.importorskip("trainer.tui.app")


def _drill() -> Drill:
    # Player 9 + 0 = natural 9 against Banker 2 + 0 = 2: the Player wins.
    return Drill(
        id="locked-test",
        title="Locked test",
        description="One outcome.",
        steps=(Step.OUTCOME,),
        questions=1,
        order=Order.AS_WRITTEN,
        fixed=(FixedCoup(parse_cards("9h 2s Th Ks")),),
    )


def _messages(app: object) -> list[str]:
    return [str(n.message) for n in app._notifications]  # type: ignore[attr-defined]


async def test_a_locked_history_queues_answers_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer.tui.app import TrainerApp

    monkeypatch.delenv("EZBAC_DB", raising=False)
    db = tmp_path / "history.sqlite3"
    recorder = history_recorder(str(db))
    monkeypatch.setattr(TrainerApp, "HISTORY_RETRY_SECONDS", 0.05)
    app = TrainerApp(start=_drill(), trainee="ana", hooks=recorder_hooks(recorder))
    other = sqlite3.connect(db, isolation_level=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        other.execute("BEGIN EXCLUSIVE")  # another program takes the write lock
        await pilot.press("p", "enter")  # the right answer, confirmed
        await pilot.pause()
        feedback = app.screen.query_one("#feedback")
        text = str(app.screen.query_one("#feedback-text").render())
        assert feedback.display and text.startswith("✓")  # graded at once
        # the run's row (recorded with its first answer), the answer, the finished run's row
        assert recorder.pending_count() == 3
        waiting = app.screen.query_one("#history-waiting")
        assert waiting.display
        assert str(waiting.render()) == "1 answer waiting for the history"
        assert any(
            m == f"History: 1 answer and 2 session records waiting to be saved (history "
            f"locked: {db} is in use by another program)"
            for m in _messages(app)
        ), _messages(app)

        other.execute("ROLLBACK")  # the lock clears
        for _ in range(200):
            if recorder.pending_count() == 0:
                break
            await asyncio.sleep(0.02)
        await pilot.pause()
        assert "History: all waiting answers are now saved" in _messages(app)
        assert not waiting.display  # the header line is gone with them
        app.exit()
    other.close()
    assert recorder.close(timeout=5) == 0
    with open_history(db, readonly=True) as store:
        assert [(a.skill, a.correct) for a in store.answers("ana")] == [("outcome:player", True)]
    recorder.store.close()
