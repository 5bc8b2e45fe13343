"""The trainee's path on home (issue 23): each module's state, the next drill (one key
away), and what is left before the audition; the bundled drills and the bundled path, with
answers made so the draws are mastered and the outcomes begun.  Snapshots at 80x24 and
120x40 (look at them in tests/tui/__snapshots__/test_home_path/)."""

from __future__ import annotations

from datetime import timedelta

from textual.widgets import Static

from tests.support.coups import FakeClock, FakeNow
from tests.support.history import T0
from trainer.curriculum.catalog import load_curriculum
from trainer.history.mastery import PathProgress, assess
from trainer.history.queries import Answer
from trainer.tui.app import Hooks, TrainerApp
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.widgets.keybar import KeyBar


def path() -> PathProgress:
    """The bundled path after 50 naturals and 50 Player draws right in 1 s, 50 tableau cells
    right in 2 s (the draws: mastered) and 10 outcomes right in 2 s (40 more to go)."""
    made: list[Answer] = []
    for key, n, seconds in (
        ("natural", 50, 1.0),
        ("player:4", 50, 1.0),
        ("banker:3:8", 50, 2.0),
        ("outcome:dragon7", 10, 2.0),
    ):
        start = len(made)
        made += [
            Answer(key, True, seconds, T0 + timedelta(seconds=start + i), start + i)
            for i in range(n)
        ]
    counts = {"natural": 50, "player:4": 50, "banker:3:8": 50, "outcome:dragon7": 10}
    return assess(load_curriculum(), counts, made)


class PathApp(TrainerApp):
    PATH_AFTER_SECONDS = 0.0


def app(trainee: str = "Alex") -> TrainerApp:
    return PathApp(
        trainee=trainee,
        seed=1,
        clock=FakeClock(),
        now=FakeNow(),
        hooks=Hooks(path=lambda who, now: path()),
    )


async def settled(pilot) -> None:  # type: ignore[no-untyped-def]
    """The path read (in its worker) and shown."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_home_shows_each_module_the_next_drill_and_what_is_left() -> None:
    the_app = app()
    async with the_app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        shown = str(the_app.screen.query_one("#path", Static).render())
        assert "✓ The draws  ● Outcomes  ○ Payouts" in shown
        assert (
            "Next Outcomes: Dragon 7, Panda 8 and their look-alikes [g] · Naming the "
            "outcome (Dragon 7, Panda 8): 40 more answers"
        ) in " ".join(shown.split())
        assert "Audition  13 of 16 skills still to master" in shown
        assert "Next on path" in str(the_app.screen.query_one("#keys", KeyBar).render())
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(the_app.screen, DrillScreen)
        assert the_app.screen.session.drill.id == "outcomes"


async def test_no_path_without_a_history_and_no_key_for_it() -> None:
    the_app = PathApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with the_app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert not the_app.screen.query_one("#path", Static).display
        assert "Next on path" not in str(the_app.screen.query_one("#keys", KeyBar).render())
        await pilot.press("g")
        await pilot.pause()
        assert not isinstance(the_app.screen, DrillScreen)


def test_home_path_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app(), terminal_size=(80, 24), run_before=settled)


def test_home_path_at_120x40(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app(), terminal_size=(120, 40), run_before=settled)
