"""The trainee's path on home: each module's state, the next drill (one key
away), and what is left before the audition; the bundled drills and the bundled path, with
answers made so the draws are mastered and the outcomes begun.  Snapshots at 80x24 and
120x40 (look at them in tests/tui/__snapshots__/test_home_path/)."""

from __future__ import annotations

import io
from datetime import timedelta

from rich.console import Console

from tests.support.coups import FakeClock, FakeNow
from tests.support.history import T0
from trainer.curriculum.catalogue import load_curriculum
from trainer.history.mastery import DayPoint, PathPicture, PathProgress, assess
from trainer.history.queries import Answer
from trainer.tui.app import HistoryPort, TrainerApp
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.path import PathScreen
from trainer.tui.widgets.keybar import KeyBar
from trainer.tui.widgets.path import accuracy_line, speed_line


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
        hooks=HistoryPort(path=lambda who, now: path()),
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
        shown = str(the_app.screen.query_one("#path").render())
        assert "✓ The draws  ● Outcomes  ○ Payouts" in shown
        assert (
            "Next Outcomes: Dragon 7, Panda 8 and their look-alikes [g] · Naming the "
            "outcome (Dragon 7, Panda 8): 40 more answers"
        ) in " ".join(shown.split())
        assert "Audition  15 of 18 skills still to master" in shown
        assert "Next on path" in str(the_app.screen.query_one("#keys", KeyBar).render())
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(the_app.screen, DrillScreen)
        assert the_app.screen.session.drill.id == "outcomes"


async def test_no_path_without_a_history_and_no_key_for_it() -> None:
    the_app = PathApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with the_app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert not the_app.screen.query_one("#path").display
        assert "Next on path" not in str(the_app.screen.query_one("#keys", KeyBar).render())
        await pilot.press("g")
        await pilot.pause()
        assert not isinstance(the_app.screen, DrillScreen)


def test_home_path_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app(), terminal_size=(80, 24), run_before=settled)


def test_home_path_at_120x40(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app(), terminal_size=(120, 40), run_before=settled)


def test_the_picture_lines_are_the_days_worked_by_hand() -> None:
    # 8 cells ▁..█ for 0..1: 7/7 right is █, 0 of 1 ▁; 85 % is round(0.85 x 7) = 6: ▇
    points = [DayPoint("d1", 7, 7, 7.0), DayPoint("d2", 1, 0, 1.0), DayPoint("d3", 20, 17, 80.0)]
    line = accuracy_line(points, 90)
    assert line.plain == "█▁▇"
    # green at or over 90 %, red under: 100 % green, 0 % and 85 % red
    assert [span.style for span in line.spans] == ["green", "red", "red"]
    # time against twice a 2 s target: 1 s is 1/4 (round(1.75) = 2: ▃), 1 s again, 4 s is
    # 4/4 (█, and red: over the target)
    speed = speed_line(points, 2.0)
    assert speed.plain == "▃▃█"
    assert [span.style for span in speed.spans] == ["green", "green", "red"]


async def test_m_opens_the_picture_of_the_path() -> None:
    days = {"naturals": (DayPoint("2024-05-01", 50, 50, 50.0),)}
    the_app = app()
    the_app.hooks = HistoryPort(
        path=lambda who, now: path(), path_picture=lambda who, now: PathPicture(path(), days)
    )
    async with the_app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("m")
        await settled(pilot)
        assert isinstance(the_app.screen, PathScreen)
        console = Console(width=78, file=io.StringIO())
        console.print(the_app.screen.shown)
        lines = [" ".join(line.split()) for line in console.file.getvalue().splitlines()]
        assert "✓ The draws 3/3 mastered" in lines
        # 50 of 50 right: █; 1 s against twice the naturals' 3 s target: 1/6 of the way,
        # round(7/6) = 1: ▂
        assert "✓ Spotting a natural 100% █ ▂ 1.0 s fast" in lines
        assert "○ Payouts 0/1 not yet open" in lines
        await pilot.press("escape")
        assert not isinstance(the_app.screen, PathScreen)


def test_path_picture_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    days = {
        "naturals": (DayPoint("2024-05-01", 20, 17, 40.0), DayPoint("2024-05-02", 30, 30, 30.0)),
        "tableau": (DayPoint("2024-05-01", 50, 50, 100.0),),
        "outcomes": (DayPoint("2024-05-03", 10, 10, 20.0),),
    }
    the_app = app()
    the_app.hooks = HistoryPort(
        path=lambda who, now: path(), path_picture=lambda who, now: PathPicture(path(), days)
    )

    async def opened(pilot) -> None:  # type: ignore[no-untyped-def]
        await settled(pilot)
        await pilot.press("m")
        await settled(pilot)

    assert snap_compare(the_app, terminal_size=(80, 24), run_before=opened)
