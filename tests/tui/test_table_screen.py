"""The table drill's screen driven through Textual's Pilot: a whole table in practice and in
an exam, wrong takes and payouts and what the screen says about them, the mouse, the
countdown, leaving.

The table and every right answer are worked by hand in tests/support/table_app.py (docs/rules.md),
so these tests check the screen against the rules, never against the code under test.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from textual.widgets import Static

from tests.support.screens import text
from tests.support.table_app import (
    COMMISSION_SEATS,
    PANDA_TABLE,
    table,
    table_app,
    timed_part_app,
)
from trainer.drills.model import Mode
from trainer.engine import Bet
from trainer.engine.house import COMMISSION_HOUSE
from trainer.session.records import AnswerRecord
from trainer.session.table.session import TableSession
from trainer.session.table.values import Phase
from trainer.tui.app import HistoryPort
from trainer.tui.screens.dialogs import ConfirmLeave
from trainer.tui.screens.home import HomeScreen
from trainer.tui.screens.table import TableScreen
from trainer.tui.screens.table_results import TableResultsScreen
from trainer.tui.widgets.felt import SeatView
from trainer.tui.widgets.fittable import FitTable

SIZE = (80, 24)


def seat_lines(app, number: int) -> list[str]:
    return app.screen.query_one(f"#seat-{number}", SeatView).render().plain.split("\n")


def session(app) -> TableSession:
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen.session


async def test_a_whole_table_in_practice() -> None:
    records: list[AnswerRecord] = []
    app = table_app(hooks=HistoryPort(on_answer=records.append))
    async with app.run_test(size=SIZE) as pilot:
        s = session(app)
        # the layout as a dealer sees it: every bet with its letter and wager
        first, second = seat_lines(app, 1)
        assert first.startswith("a B") and first.endswith(" 25")
        assert second.startswith("b D7") and second.endswith(" 10")
        assert "Dragon 7" in text(app, "#result") or "seven" in text(app, "#result")
        assert "TAKE" in text(app, "#step")

        # 1. take: seat 3's two losers and seat 6's Banker (a push: wrong); seat 6's Tie
        # (a loser) forgotten
        await pilot.press("c", "d", "f")
        assert "Marked 3: 95" in text(app, "#paying")  # 50 + 5 + 40
        assert seat_lines(app, 6)[0].startswith("f✗")
        await pilot.press("enter")
        feedback = text(app, "#table-feedback")
        assert feedback.startswith("✗ 2 mistakes")
        assert "seat 6 Banker 40 pushes" in feedback and "seat 6 Tie 10 loses" in feedback
        assert seat_lines(app, 6)[0].startswith("f!") and seat_lines(app, 6)[1].startswith("g!")
        assert s.table.phase is Phase.PAY

        # 2. pay: seat 1's Dragon 7 first (out of order: seat 5 comes first, counter-
        # clockwise from the dealer's right), and 40 instead of 400 (10 x 40)
        await pilot.press("b", "4", "0")
        assert "Paying: 40" in text(app, "#paying")
        await pilot.press("enter")
        feedback = text(app, "#table-feedback")
        assert "paid 40, the payout is 400" in feedback
        assert "before seat 5" in feedback
        # seat 5's Dragon 7 (5 x 40 = 200) in chips: two 100s, one 5 too many taken back
        await pilot.press("e", "t", "t", "e")
        assert "Paying: 205" in text(app, "#paying")
        await pilot.press("E")
        assert "Paying: 200 in 2×100" in text(app, "#paying")
        await pilot.press("enter")
        assert text(app, "#table-feedback").startswith("✓ Right")
        # the pushes stay: done paying
        await pilot.press("enter")
        assert s.table.phase is Phase.DONE
        assert "Table done" in text(app, "#step")
        assert seat_lines(app, 1)[0].startswith("a=")  # the push left on the layout
        await pilot.press("enter")
        assert isinstance(app.screen, TableResultsScreen)
        summary = app.screen.summary
        # take wrong; seat 1 payout wrong, seat 5 payout and its chips right; order wrong
        assert (summary.right, summary.total) == (2, 5)
        assert not summary.passed
        skills = [r.skill for r in records]
        assert skills.count("table:take") == 1 and "table:order" in skills


async def test_a_right_table_in_practice_says_right_at_each_step() -> None:
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g", "c", "d", "enter")
        assert text(app, "#table-feedback").startswith("✓ Right")
        await pilot.press("e", *"200", "enter", "b", *"$400", "enter")
        assert text(app, "#table-feedback").startswith("✓ Right")
        await pilot.press("enter")  # done paying
        assert ", 4 of 4 right" in text(app, "#step")  # take, two payouts, the order


async def test_arrows_and_space_work_the_table_too() -> None:
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        # cursor on a (seat 1 Banker): c is two to the right
        await pilot.press("right", "right", "space", "right", "space")
        await pilot.press("left", "left", "left", "left", "space", "space")  # g toggled twice
        s = session(app)
        marked = {sp.key for sp in s.table.spots if s.table.state(sp).value == "marked"}
        assert marked == {(3, Bet.PLAYER), (3, Bet.PANDA8)}


async def test_a_bad_amount_is_refused_and_retyped() -> None:
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g", "c", "d", "enter", "e", ".", ".", "enter")
        assert "Retype it" in text(app, "#paying")
        s = session(app)
        assert len(s.table.paid) == 0  # nothing graded
        await pilot.press("backspace", "backspace", *"200", "enter")
        assert s.table.paid == {(5, Bet.DRAGON7): Decimal(200)}


async def test_escape_backs_out_of_an_amount_to_pick_another_bet() -> None:
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g", "c", "d", "enter", "b", "4")
        await pilot.press("escape")
        assert "Pick the next bet" in text(app, "#step")
        await pilot.press("e", *"200", "enter")
        assert session(app).table.paid == {(5, Bet.DRAGON7): Decimal(200)}


async def test_mouse_marks_a_bet_and_adds_chips() -> None:
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        s = session(app)
        # seat 6's box: its border, then f (Banker 40) on the first line, g (Tie 10) below
        await pilot.click("#seat-6", offset=(3, 2))
        assert s.table.state(s.table.spot(6, Bet.TIE)).value == "marked"
        await pilot.click("#seat-3", offset=(3, 1))
        await pilot.click("#seat-3", offset=(3, 2))
        await pilot.press("enter")
        assert text(app, "#table-feedback").startswith("✓ Right")
        await pilot.click("#seat-5", offset=(3, 1))  # pick seat 5's Dragon 7
        assert s.table.selected is not None and s.table.selected.key == (5, Bet.DRAGON7)
        tray = app.screen.query_one("#tray")
        hundred = next(start for start, _end, value in tray._spans if value == Decimal(100))
        await pilot.click("#tray", offset=(hundred + 2, 0))
        await pilot.click("#tray", offset=(hundred + 2, 0))
        assert s.table.entry.total == Decimal(200)
        await pilot.press("enter")
        assert s.table.paid == {(5, Bet.DRAGON7): Decimal(200)}


async def test_exam_feedback_waits_for_the_results() -> None:
    app = table_app(Mode.EXAM, time_limit=90)
    async with app.run_test(size=SIZE) as pilot:
        assert "⏱ 90.0s left" in text(app, "#table-status")
        app.fake_clock.advance(30)  # type: ignore[attr-defined]
        app.screen.tick()  # what the screen's timer does each 0.2 s (not waited for: a
        await pilot.pause()  # loaded machine may not tick within any fixed pause)
        assert "⏱ 60.0s left" in text(app, "#table-status")
        await pilot.press("c", "d", "enter")  # the Tie forgotten: wrong, but not said
        assert not app.screen.query_one("#table-feedback").display
        assert "!" not in "".join(seat_lines(app, 6))
        app.fake_clock.advance(4)  # type: ignore[attr-defined]
        await pilot.press("e", *"100", "enter")
        app.fake_clock.advance(6)  # type: ignore[attr-defined]
        await pilot.press("b", *"400", "enter", "enter")
        assert "right" not in text(app, "#step")  # no score during an exam
        await pilot.press("enter")
        assert isinstance(app.screen, TableResultsScreen)
        summary = app.screen.summary
        assert (summary.right, summary.total) == (2, 4)  # seat 1's 400 and the order
        head = str(app.screen.query_one("#results-head", Static).render())
        assert "2 of 4 right (50%)" in head and "NOT PASSED" in head
        assert "target 60 s" in head
        # the table took 30 + 4 + 6 s; its payouts 4 and 6 s: within the 60 s target, on
        # time alone (its mistakes are counted apart)
        row = app.screen.query_one("#tables", FitTable).plain_rows()[0]
        assert row == ("1", "4", "2/4", "40.0s", "5.0s avg, 6.0s max", "✓ 60s")


async def test_exam_time_limit_closes_the_table() -> None:
    app = table_app(Mode.EXAM, time_limit=45, tables=[table(), table(*PANDA_TABLE)])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        app.fake_clock.advance(46)  # type: ignore[attr-defined]
        app.screen.tick()  # the screen's timer, run now
        await pilot.pause()
        s = session(app)
        assert s.table.done and s.table.timed_out
        assert "time ran out" in text(app, "#step")
        await pilot.press("enter")  # the next table, with its own clock
        assert s.table.number == 2 and "⏱ 45.0s left" in text(app, "#table-status")
        # Panda 8: seat 7's Banker loses; seat 2's Player pays 20, its Panda 8 4 x 25 = 100
        await pilot.press("c", "enter", "a", *"20", "enter", "b", *"100", "enter")
        assert s.table.done
        await pilot.press("enter")
        results = app.screen
        assert isinstance(results, TableResultsScreen)
        tables = results.summary.tables
        assert tables[0].timed_out and not tables[1].timed_out
        assert tables[1].right == tables[1].total


async def test_escape_asks_before_leaving() -> None:
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g", "c", "d", "enter")
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmLeave)
        await pilot.press("n")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("escape", "y")
        assert isinstance(app.screen, HomeScreen)


async def test_the_commission_step_of_a_commission_table() -> None:
    app = table_app(tables=[table(seats=COMMISSION_SEATS)], house=COMMISSION_HOUSE)
    async with app.run_test(size=SIZE) as pilot:
        s = session(app)
        assert "Dragon" not in text(app, "#result")  # no Dragon 7 at this table
        await pilot.press("b", "enter", "a", *"19", "enter")
        assert text(app, "#table-feedback").startswith("✓ Right")
        assert s.table.phase is Phase.COMMISSION
        assert "COMMISSION" in text(app, "#step") and "seat 2 Banker 20" in text(app, "#step")
        await pilot.press("2", "enter")  # 2 is wrong: 5 % of 20 is 1
        assert "it is 1" in text(app, "#table-feedback")
        assert s.table.done


async def test_the_rules_reference_opens_in_practice_only() -> None:
    from trainer.tui.screens.reference import ReferenceScreen

    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, ReferenceScreen)
        # what the table grades beyond the settlement table: the bundled ez house settles
        # losers first, then counter-clockwise from the dealer's right, main bet before side
        # bet, and pays in the fewest chips (drills/../houses: ez)
        procedure = str(app.screen.query_one("#table-procedure", Static).render())
        for words in (
            "losing bets first",
            "counter-clockwise",
            "main bet before side bet",
            "fewest chips",
        ):
            assert words in procedure
        await pilot.press("question_mark")  # the key that opens it closes it
        assert isinstance(app.screen, TableScreen) and session(app).reference_opened == 1
    app = table_app(Mode.EXAM)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, TableScreen) and session(app).reference_opened == 0


async def test_a_chips_only_drill_refuses_typed_amounts() -> None:

    from trainer.drills.model import ChipEntry

    app = table_app()
    d = app.start_drill
    assert d is not None and d.table is not None
    app.start_drill = replace(d, table=replace(d.table, chips=ChipEntry.CHIPS))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g", "c", "d", "enter", "e", "2")
        assert "pays in chips" in text(app, "#paying")
        await pilot.press("enter")  # nothing given yet: the hint speaks of chips alone
        assert "Add chips first" in text(app, "#paying") and "Type" not in text(app, "#paying")
        await pilot.press("t", "t", "enter")
        assert session(app).table.paid == {(5, Bet.DRAGON7): Decimal(200)}


async def test_a_nine_seat_table_shows_its_occupied_seats_at_80_columns() -> None:
    from trainer.engine.house import CARDROOM_HOUSE

    # the card room's nine seats do not fit 80 columns: the occupied ones are shown, each
    # with its own number.  DRAGON: seat 8's Dragon 7 5 (with its Banker 5, a push) wins
    # 5 x 40 = 200; seat 2's Player 10 loses.
    seats = {2: {Bet.PLAYER: 10}, 8: {Bet.BANKER: 5, Bet.DRAGON7: 5}}
    app = table_app(tables=[table(seats=seats)], house=CARDROOM_HOUSE)
    async with app.run_test(size=SIZE) as pilot:
        shown = [s.number for s in app.screen.query(SeatView) if s.display]
        assert shown == [2, 8]
        await pilot.press("a", "enter", "c", *"200", "enter")
        assert session(app).table.paid == {(8, Bet.DRAGON7): Decimal(200)}


async def test_a_seats_wagers_end_in_one_column_whatever_their_chips() -> None:
    """At 120x40 each wager is followed by its chips (Banker 25: one green; Dragon 7 10: two
    red): the wagers still end in the same column, as a column of figures should."""
    app = table_app()
    async with app.run_test(size=(120, 40)):
        first, second = seat_lines(app, 1)
        assert "●" in first and "●●" in second
        assert first.index("25") + 2 == second.index("10") + 2


async def test_the_results_export_each_tables_procedure_for_the_audit() -> None:
    """x on the results writes the table as worked and its right procedure in the audit's
    notation; worked right here, the audit reads both back as dealt right."""
    import os
    from pathlib import Path

    from tests.support.cli import ezbac

    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g", "c", "d", "enter", "e", *"200", "enter", "b", *"400", "enter")
        await pilot.press("enter", "enter")
        assert isinstance(app.screen, TableResultsScreen)
        await pilot.press("x")
        await pilot.pause()
        exports = Path(os.environ["EZBAC_HOME"]) / "exports"
        (path,) = exports.iterdir()
        text_ = path.read_text(encoding="utf-8")
        assert "pay:5:dragon7=5:200" in text_ and "take:3:player=50" in text_
        house = app.screen.session.drill.house.id
        audited = ezbac("audit", "--house", house, "--file", str(path))
        assert audited.returncode == 0, audited.stdout
        await pilot.press("x")  # a second export is a new file
        await pilot.pause()
        assert len(list(exports.iterdir())) == 2


async def test_a_long_title_ends_in_an_ellipsis_on_the_headers_one_line() -> None:
    """At 80 columns the status gives up its target, then its mode, and the title takes what
    is left, cut with "…" rather than wrapped onto a line the table needs; the title is
    still the whole one (its start, the audition's part, is what stays)."""
    title = "The full table against the clock, seven seats and every bet"
    app = timed_part_app(title)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        status = "Table 1/1 · ⏱ 120.0s left"  # 25 columns: no target, no mode
        assert text(app, "#table-status") == status
        header = app.screen.query_one("#table-header")
        assert header.size.height == 1
        shown = app.screen.query_one("#table-title", Static)
        # 80 - 2 (padding) - 25 (status) - 2 (its margin) = 51 columns: 50 of the title, "…"
        assert shown.render_line(0).text == "Part 4 of 8 · The full table against the clock, se…"
        assert text(app, "#table-title") == f"Part 4 of 8 · {title}"


async def test_a_title_that_fits_once_the_status_is_short_is_whole() -> None:
    """The audition's table part at 80 columns: "Part 4 of 8 · The full table against the
    clock" (46 columns) fits whole beside the status without its target and mode (25): 46 +
    2 + 25 + 2 = 75 of 80."""
    title = "The full table against the clock"
    app = timed_part_app(title)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert text(app, "#table-status") == "Table 1/1 · ⏱ 120.0s left"
        assert app.screen.query_one("#table-header").size.height == 1
        shown = app.screen.query_one("#table-title", Static)
        assert shown.render_line(0).text.rstrip() == f"Part 4 of 8 · {title}"
