"""Snapshots of the screens the audition changed, at 80×24 and 120×40 (pytest-textual-
snapshot): a part's question headed "Part N of 8" with no feedback after the answer before
it, a table part after Enter with nothing marked (nothing taken: the right take not shown),
a timed table part whose title is longer than its line leaves (one line, cut with "…"), and
a quiet moment watched, worded as one with a violation.  Deterministic: drills built in
code, fixed coups and tables, a clock that never moves.  Update after a deliberate change
with ``--snapshot-update`` and look at the SVGs.
"""

from __future__ import annotations

import pytest

from tests.support.coups import DRAGON, PANDA, FakeClock, FakeNow, coup, dealer, drill
from tests.support.table_app import (
    sat_part_app,
    table_app,
    table_drill,
    timed_part_app,
    watched_table,
)
from trainer.drills.catalogue import DrillEntry
from trainer.drills.model import WHOLE_COUP, Mode
from trainer.engine import Bet
from trainer.session.audition import exam_part
from trainer.tui.app import TrainerApp

SIZES = [(80, 24), (120, 40)]


def part_app() -> TrainerApp:
    whole = drill(WHOLE_COUP, ident="whole-coup", title="The whole coup, step by step")
    part = exam_part(whole, 2, 8)
    coups = [coup(DRAGON, {Bet.BANKER: "10", Bet.DRAGON7: "15"}), coup(PANDA, {Bet.PANDA8: "4"})]
    return TrainerApp(
        choices=lambda: [DrillEntry.of(whole)],
        start=part,
        trainee="Alex",
        seed=1,
        deal=dealer(coups),
        clock=FakeClock(),
        now=FakeNow(),
    )


def table_part_app() -> TrainerApp:
    return sat_part_app(exam_part(table_drill(Mode.PRACTICE, target=60), 3, 8))


def timed_table_part_app() -> TrainerApp:
    """The bundled table exam's title and clock, sat as Part 4 of 8: at 80 columns the
    status ("Table 1/1 · exam · ⏱ 120.0s left (target 60s)") leaves the title 31 of them."""
    return timed_part_app("The full table against the clock")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_part_asks_on_with_no_feedback(snap_compare, size) -> None:
    # Player 6 stands, answered wrong ("draws"): the Banker's question follows at once
    assert snap_compare(part_app(), terminal_size=size, press=["d", "enter"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_table_part_after_enter_with_nothing_marked(snap_compare, size) -> None:
    # the losers (c, d, g) stay on the layout: nothing is shown taken
    assert snap_compare(table_part_app(), terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_timed_table_part_keeps_its_header_on_one_line(snap_compare, size) -> None:
    # 80x24: "Part 4 of 8 · The full table a…" beside the whole status, the felt right
    # under it; 120x40: the title whole
    assert snap_compare(timed_table_part_app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_quiet_moment_worded_as_the_others(snap_compare, size) -> None:
    # no more bets, nothing done: "Then, at no more bets:" and what happened, as a moment
    # with a violation is worded
    assert snap_compare(table_app(tables=[watched_table()]), terminal_size=size)
