"""The history server goes away mid-drill (a real PostgreSQL server, stopped and started
again): the trainee trains on, the screen counts the answers waiting, and once the server is
back every answer is in the database, once; answers still waiting when the trainer closes
are sent by the next trainer to start."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from trainer.cli.train import history_recorder, recorder_hooks
from trainer.drills.model import Drill, FixedCoup, Order, Step
from trainer.engine import parse_cards
from trainer.history.store import open_history

pytest.importorskip("trainer.tui.app")
pytest.importorskip("psycopg")

#: Four coups whose outcome a person works out from the rules: Player 9 v Banker 2 (Player
#: wins), Player 2 v Banker natural 8 (Banker), Player 9 v Banker 9 (tie), Player 8 v 2.
COUPS = ("9h 2s Th Ks", "2h 8s Kh Ts", "9h 9s Th Ks", "8h 2s Th Ks")
RIGHT = ("p", "b", "t", "p")


def _drill() -> Drill:
    return Drill(
        id="server-test",
        title="Server test",
        description="Four outcomes.",
        steps=(Step.OUTCOME,),
        questions=len(COUPS),
        order=Order.AS_WRITTEN,
        fixed=tuple(FixedCoup(parse_cards(c)) for c in COUPS),
    )


async def _answer(pilot: object, key: str, last: bool = False) -> None:
    for k in (key, "enter") if last else (key, "enter", "enter"):  # answer, confirm, next
        await pilot.press(k)  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]


async def _until(check: object, seconds: float = 20) -> None:
    for _ in range(int(seconds / 0.05)):
        if check():  # type: ignore[operator]
            return
        await asyncio.sleep(0.05)


async def test_training_goes_on_while_the_server_is_away_and_nothing_is_lost(
    pg_server, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer.tui.app import TrainerApp

    recorder = history_recorder(pg_url)
    monkeypatch.setattr(TrainerApp, "HISTORY_RETRY_SECONDS", 0.1)
    app = TrainerApp(start=_drill(), trainee="ana", hooks=recorder_hooks(recorder))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _answer(pilot, RIGHT[0])
        pg_server.pause()  # the school's server goes away
        try:
            await _answer(pilot, RIGHT[1])
            await _answer(pilot, "p")  # a miss, graded at once all the same
            text = str(app.screen.query_one("#feedback-text").render())
            assert text.startswith("✗")
            waiting = app.screen.query_one("#history-waiting")
            assert waiting.display
            assert str(waiting.render()) == "2 answers waiting for the history"
        finally:
            pg_server.resume()
        await _answer(pilot, RIGHT[3], last=True)
        await _until(lambda: recorder.pending_count() == 0)
        assert recorder.pending_count() == 0
        app.exit()
    assert recorder.close(timeout=10) == 0
    recorder.store.close()
    with open_history(pg_url, readonly=True) as store:
        assert [(a.skill, a.answer, a.correct) for a in store.answers("ana")] == [
            ("outcome:player", "player", True),
            ("outcome:banker", "banker", True),
            ("outcome:tie", "player", False),
            ("outcome:player", "player", True),
        ]
        (run,) = store.sessions("ana")
    assert run.finished_at is not None and (run.questions, run.correct) == (4, 3)


async def test_answers_waiting_at_exit_are_sent_by_the_next_trainer(pg_server, pg_url: str) -> None:
    from trainer.tui.app import TrainerApp

    recorder = history_recorder(pg_url)
    app = TrainerApp(start=_drill(), trainee="ana", hooks=recorder_hooks(recorder))
    pg_server.pause()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await _answer(pilot, RIGHT[0])
            await _answer(pilot, RIGHT[1])
            app.exit()
        # the run (with its first answer), two answers, and its end: abandoned (every exit
        # records it)
        assert recorder.close(timeout=0.5) == 4
        recorder.store.close()
    finally:
        pg_server.resume()
    # a new trainer process: on launch it sends the spool before anything else
    code = (
        "import sys; from trainer.cli.train import history_recorder;"
        "print(history_recorder(sys.argv[1]).close(timeout=20))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, pg_url], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "0"
    with open_history(pg_url, readonly=True) as store:
        assert [a.skill for a in store.answers("ana")] == ["outcome:player", "outcome:banker"]
        (run,) = store.sessions("ana")
    assert run.drill_id == "server-test" and run.abandoned and run.finished_at is not None
