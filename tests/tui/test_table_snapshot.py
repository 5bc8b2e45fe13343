"""A snapshot of the table drill's screen at 80×24 (pytest-textual-snapshot): the hand-worked
table of tests/support/table_app.py after a wrong take (a push taken, a loser missed: both marked
!), with seat 5's Dragon 7 being paid in chips.  Deterministic: fixed table, a clock that never
moves.
Update after a deliberate change with `--snapshot-update` and look at the SVG.
"""

from __future__ import annotations

from tests.support.table_app import table_app

SIZE = (80, 24)


def test_table_screen(snap_compare) -> None:
    presses = ["c", "d", "f", "enter", "e", "t", "t"]
    assert snap_compare(table_app(), terminal_size=SIZE, press=presses)


def test_table_screen_at_120x40(snap_compare) -> None:
    # room for more: "Seat N" on the boxes, each wager's chips, larger cards, the chip
    # colours in words, and the table's procedure so far
    presses = ["c", "d", "f", "enter", "e", "t", "t"]
    assert snap_compare(table_app(), terminal_size=(120, 40), press=presses)
