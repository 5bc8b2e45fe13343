"""The table's marks and results that teach, through Textual's Pilot: a wrong bet
keeps its ! when the table ends, an exam's time-out marks nothing a push, a right payout out
of order is said right and out of order, and after the results `m` steps through the missed
tables and `r` works them again, after an exam too.

The table is the hand-worked one of tests/support/table_app.py (letters a-g; seat 5's Dragon
7 (e) is paid 200 before seat 1's (b), 400; a and f push; c, d, g lose).
"""

from __future__ import annotations

from textual.widgets import Static

from tests.support.screens import text
from tests.support.table_app import table_app
from trainer.drills.model import Mode
from trainer.tui.screens.table import TableScreen
from trainer.tui.screens.table_results import MissedTableScreen, TableResultsScreen
from trainer.tui.widgets.felt import SeatView

SIZE = (80, 24)


def seat_lines(app, number: int) -> list[str]:
    return app.screen.query_one(f"#seat-{number}", SeatView).render().plain.split("\n")


def head(app) -> str:
    return str(app.screen.query_one("#results-head", Static).render())


async def test_wrong_bets_keep_their_mark_and_a_right_amount_out_of_order_is_said() -> None:
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g", "c", "d", "enter")  # the take, right
        await pilot.press("b", *"400", "enter")  # the right amount, before seat 5's
        feedback = text(app, "#table-feedback")
        assert "paid seat 1 Dragon 7 before seat 5 Dragon 7" in feedback
        assert "✓ Right: seat 1 Dragon 7 10: pay 400" in feedback
        await pilot.press("e", *"20", "enter")  # 5 x 40 is 200: wrong
        assert seat_lines(app, 5)[0].startswith("e!")
        await pilot.press("enter")  # done paying: the table ends
        assert "Table done" in text(app, "#step")
        assert seat_lines(app, 5)[0].startswith("e!")  # still wrong, not ✓
        assert seat_lines(app, 1)[1].startswith("b!")  # paid out of order
        assert seat_lines(app, 1)[0].startswith("a=")  # the push, left in place


async def test_an_exam_time_out_marks_nothing_as_a_push() -> None:
    app = table_app(Mode.EXAM, time_limit=45)
    async with app.run_test(size=SIZE) as pilot:
        app.fake_clock.advance(46)  # type: ignore[attr-defined]
        app.screen.tick()  # the screen's timer, run now (a loaded machine may not tick in time)
        await pilot.pause()
        assert "time ran out" in text(app, "#step")
        for seat in (1, 3, 5, 6):
            assert not any("=" in line or "!" in line for line in seat_lines(app, seat))


async def exam_results(app, pilot) -> None:
    """A wrong exam table (a push taken, a loser missed, seat 1 paid 40) to its results."""
    await pilot.press("c", "d", "f", "enter", "e", *"200", "enter", "b", *"40", "enter")
    await pilot.press("enter", "enter")  # done paying, then the results
    assert isinstance(app.screen, TableResultsScreen)


async def test_after_an_exam_m_steps_through_the_missed_table() -> None:
    app = table_app(Mode.EXAM, time_limit=90)
    async with app.run_test(size=SIZE) as pilot:
        await exam_results(app, pilot)
        await pilot.press("m")
        assert isinstance(app.screen, MissedTableScreen)
        assert "Missed table 1 of 1" in text(app, "#missed-header")
        body = text(app, "#missed-feedback")
        assert "✗ Seat 1 Dragon 7 10: pay 40" in body and "Right: pay 400" in body
        assert "seat 6 Banker 40 pushes: leave it" in body  # each mistake in words
        assert "The table worked right" in body and "seat 6: take Tie 10" in body
        await pilot.press("escape")
        assert isinstance(app.screen, TableResultsScreen)


async def test_r_works_the_missed_tables_again_as_practice() -> None:
    app = table_app(Mode.EXAM, time_limit=90)
    async with app.run_test(size=SIZE) as pilot:
        await exam_results(app, pilot)
        first = app.screen.session
        await pilot.press("r")
        assert isinstance(app.screen, TableScreen)
        retry = app.screen.session
        assert retry.retry_of == first.session_id and retry.table.coup == first.tables[0].coup
        await pilot.press("g", "c", "d", "enter", "e", *"200", "enter", "b", *"400", "enter")
        await pilot.press("enter", "enter")
        assert isinstance(app.screen, TableResultsScreen)
        assert "Retry of 1 missed table: practice" in head(app)
        assert "pass mark" not in head(app)


async def test_nothing_missed_nothing_to_step_through() -> None:
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g", "c", "d", "enter", "e", *"200", "enter", "b", *"400", "enter")
        await pilot.press("enter", "enter")
        assert isinstance(app.screen, TableResultsScreen)
        await pilot.press("m", "r")
        assert isinstance(app.screen, TableResultsScreen)
