"""The table screen at 80×24 and in words: a feedback longer than its lines scrolls instead
of stopping mid-sentence, a drill title never wraps, a payout never moves another bet's
amount, and a right "done paying" says the winners were paid.

The table is tests/support/table_app.py's, worked by hand there (docs/rules.md): DRAGON is a
Dragon 7; seat 1 Banker 25 (a) pushes and its Dragon 7 10 (b) pays 400; seat 3 Player 50
(c) and Panda 8 5 (d) lose; seat 5 Dragon 7 5 (e) pays 200; seat 6 Banker 40 (f) pushes and
its Tie 10 (g) loses.  The house pays seat 5 before seat 1.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.widgets import Static

from tests.support.coups import FakeClock, FakeNow
from tests.support.screens import text
from tests.support.table_app import SEATS, dealer_of, table, table_app, table_drill
from trainer.drills.catalogue import DrillEntry
from trainer.engine import Bet
from trainer.tui.app import TrainerApp
from trainer.tui.screens.table import TableScreen
from trainer.tui.widgets.felt import SeatView
from trainer.tui.widgets.keybar import KeyBar

LONG_TITLE = "At the table: take the losers, then pay in order"  # the longest bundled one


def seat_lines(app, number: int) -> list[str]:
    return app.screen.query_one(f"#seat-{number}", SeatView).render().plain.split("\n")


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 50)])
async def test_a_payout_never_moves_the_other_bet_of_the_seat(size) -> None:
    app = table_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("g", "c", "d", "enter")  # the three losers: a right take
        banker_before = seat_lines(app, 1)[0]
        await pilot.press("e", *"200", "enter")  # seat 5 first, as the house pays
        await pilot.press("b", *"400", "enter")
        await pilot.pause()
        banker_after, dragon_after = seat_lines(app, 1)
        assert banker_after.index("25") == banker_before.index("25")
        assert "✓" in dragon_after  # the paid mark, on its own line
        if size == (200, 50):  # room for what was paid beside it
            assert "+400" in dragon_after


async def test_done_paying_with_every_winner_paid_says_so() -> None:
    # one winner (seat 1's Dragon 7, b), two Banker pushes (a, c), nothing loses
    app = table_app(tables=[table(seats={1: SEATS[1], 6: {Bet.BANKER: 40}})])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "b", *"400", "enter")
        # the two Banker pushes stay: "done paying" with every winner paid
        await pilot.press("enter")
        feedback = text(app, "#table-feedback")
        assert feedback.startswith("✓ Right:") and "all winners paid" in feedback
        assert "nothing to pay" not in feedback


async def test_a_long_feedback_scrolls_instead_of_stopping_mid_sentence() -> None:
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # both pushes and both winners taken, the three losers left: seven mistakes
        await pilot.press("a", "b", "e", "f", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        panel = screen.query_one("#feedback-scroll")
        assert "7 mistakes" in text(app, "#table-feedback")
        assert panel.max_scroll_y > 0 and panel.show_vertical_scrollbar
        keys = str(screen.query_one("#keys", KeyBar).render())
        assert "PgDn More" in keys
        for _ in range(10):  # bounded: a page at a time to the end
            await pilot.press("pagedown")
        await pilot.pause()
        assert panel.scroll_y == panel.max_scroll_y > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert panel.scroll_y < panel.max_scroll_y


async def test_a_long_title_keeps_its_line_at_80x24() -> None:
    drill = replace(table_drill(), title=LONG_TITLE)
    app = TrainerApp(
        choices=lambda: [DrillEntry.of(drill)],
        start=drill,
        trainee="Alex",
        seed=1,
        deal=dealer_of([table()]),
        clock=FakeClock(),
        now=FakeNow(),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen.query_one("#table-title", Static)
        assert title.region.height == 1 and text(app, "#table-title") == LONG_TITLE
        assert text(app, "#table-status").startswith("Table 1/1")
