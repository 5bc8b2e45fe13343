"""History survives restarting the app (Pilot): answers given in one run of the trainer are
in the database and drive the review count on the home screen of the next run."""

from __future__ import annotations

import pytest

from trainer.cli.train import history_hooks
from trainer.drills.model import Drill, FixedCoup, Order, Step
from trainer.engine import parse_cards
from trainer.history.store import open_history

pytest.importorskip("trainer.tui.app")


def _drill() -> Drill:
    # Coup 1: Player 9 + 0 = natural 9, Banker 2 + 0 = 2: the Player wins.
    # Coup 2: Player 2 + 0 = 2, Banker 8 + 0 = natural 8: the Banker wins.
    return Drill(
        id="restart-test",
        title="Restart test",
        description="Two outcomes.",
        steps=(Step.OUTCOME,),
        questions=2,
        order=Order.AS_WRITTEN,
        fixed=(
            FixedCoup(parse_cards("9h 2s Th Ks")),
            FixedCoup(parse_cards("2h 8s Kh Ts")),
        ),
    )


async def test_history_survives_restarting_the_app(
    history_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.widgets import Static

    from trainer.tui.app import TrainerApp

    monkeypatch.delenv("EZBAC_DB", raising=False)
    db = history_db

    first = TrainerApp(start=_drill(), trainee="ana", hooks=history_hooks(db))
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("b", "enter", "enter", "b", "enter"):  # wrong, next, right
            await pilot.press(key)
            await pilot.pause()
        first.exit()

    with open_history(db) as store:
        answers = store.answers("ana")
        (session,) = store.sessions("ana")
    assert [(a.skill, a.answer, a.correct) for a in answers] == [
        ("outcome:player", "banker", False),
        ("outcome:banker", "banker", True),
    ]
    assert session.drill_id == "restart-test"

    second = TrainerApp(trainee="ana", hooks=history_hooks(db))  # a new run, a new connection
    async with second.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = str(second.screen.query_one("#trainee", Static).render())
        assert "Review: 1 skill due" in shown  # the missed outcome, straight back in box 1
        second.exit()


async def test_review_and_progress_open_from_home(
    history_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """r starts the review drill built from the trainee's misses; p opens the progress
    screen; with nothing due, r says so and stays home."""
    from trainer.tui.app import TrainerApp
    from trainer.tui.screens.drill import DrillScreen
    from trainer.tui.screens.home import HomeScreen
    from trainer.tui.screens.progress import ProgressScreen

    monkeypatch.delenv("EZBAC_DB", raising=False)
    db = history_db

    fresh = TrainerApp(trainee="ana", hooks=history_hooks(db))
    async with fresh.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(fresh.screen, HomeScreen)  # nothing to review yet
        assert any("answer a drill first" in n.message for n in fresh._notifications)
        fresh.exit()

    first = TrainerApp(start=_drill(), trainee="ana", hooks=history_hooks(db))
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("b", "enter", "enter", "b", "enter"):  # the first outcome missed
            await pilot.press(key)
            await pilot.pause()
        first.exit()

    second = TrainerApp(trainee="ana", hooks=history_hooks(db))
    async with second.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(second.screen, ProgressScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r", "enter")  # the review's usual length
        await pilot.pause()
        assert isinstance(second.screen, DrillScreen)
        assert second.screen.session.drill.title == "Review"
        second.exit()
