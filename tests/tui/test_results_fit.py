"""Results tables fit the screen: what the trainee said and the right answer are
both on screen, whole, at 80, 120 and 300 columns.  A table's take lists every bet taken, and
a DataTable sized its column to that and let the screen cut "Right answer" off; the spot
drill's results cut "Step 5 is wrong" to "Step 5 is wron".  Every word of every cell must be
on the lines the screen shows, and no line wider than the screen.

The table is the hand-worked one of tests/support/table_app.py; the spot run the hand-built
replay of tests/support/coups.py (dragon_replays).
"""

from __future__ import annotations

import pytest

from tests.support.screens import spot_app
from tests.support.table_app import table_app
from trainer.tui.screens.results import ResultsScreen
from trainer.tui.screens.table_results import TableResultsScreen
from trainer.tui.widgets.fittable import FitTable

#: A take with a push taken and a loser missed (seat 3's two losers and seat 6's Banker
#: push, where seat 6's Tie loses), seat 1's Dragon 7 paid 40 out of order, seat 5's paid
#: 200 in chips: the longest answers a table gives.
WRONG_TABLE = ["c", "d", "f", "enter", "b", "4", "0", "enter", "e", "t", "t", "enter"]


def words_of(text: str) -> list[str]:
    return text.replace(",", " ").split()


def assert_whole(table: FitTable, width: int) -> None:
    """Every cell's every word is shown, the header's too, no line wider than ``width``."""
    assert table.region.right <= width
    lines = table.shown()
    assert all(len(line.rstrip()) <= width for line in lines)
    shown = set(words_of(" ".join(lines)))
    for col in table.columns:
        assert set(words_of(col.label)) <= shown, col.label
    for row in table.plain_rows():
        for cell in row:
            assert set(words_of(cell)) <= shown, (cell, lines)


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (300, 40)])
async def test_table_results_show_each_answer_whole(size: tuple[int, int]) -> None:
    app = table_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press(*WRONG_TABLE, "enter", "enter")  # done paying, then the results
        assert isinstance(app.screen, TableResultsScreen)
        each = app.screen.query_one("#each", FitTable)
        take = each.plain_rows()[0]
        # the take: what was taken, and the engine's losers, as a dealer says them
        assert take[3] == "✗ Take seat 6 Banker 40, seat 3 Player 50, seat 3 Panda 8 5"
        assert take[4] == "Take seat 6 Tie 10, seat 3 Player 50, seat 3 Panda 8 5"
        assert "Right answer" in each.shown()[0]
        for table in app.screen.query(FitTable):
            assert_whole(table, size[0])


#: Step 5 flagged (wrong: step 9 was), then the fix "pay 25" (wrong: return 25, pay 0).
SPOT_WRONG = ["5", "enter", "enter", "1", "enter", "enter"]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_spot_results_cut_nothing(size: tuple[int, int]) -> None:
    app = spot_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press(*SPOT_WRONG)
        assert isinstance(app.screen, ResultsScreen)
        each = app.screen.query_one("#each", FitTable)
        assert [r[3:5] for r in each.plain_rows()] == [
            ("✗ Step 5 is wrong", "Step 9 is wrong"),
            ("✗ Pay 25", "Return 25, pay 0"),  # an answer starts with a capital
        ]
        for table in app.screen.query(FitTable):  # the skills' long names wrap too
            assert_whole(table, size[0])
