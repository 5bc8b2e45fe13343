"""Snapshots at 80×24 and 120×40 of the screens changed for their words and their fit: the
table's long feedback (scrolling, PgDn in the key bar), a long table drill title (its own
line), a coup drill's results with nothing missed (no "Step through missed (0)"), and the
sign-in screen after an idle sign-out (why, in a line).  Update with `--snapshot-update`
after a deliberate change, and look at them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.support.coups import DRAGON, FakeClock, FakeNow, coup
from tests.support.screens import make_app
from tests.support.table_app import dealer_of, table, table_app, table_drill
from tests.tui.test_results_snapshots import ScreenApp
from tests.tui.test_table_words import LONG_TITLE
from trainer.drills.catalogue import DrillEntry
from trainer.drills.model import Step
from trainer.engine import Bet
from trainer.tui.app import TrainerApp
from trainer.tui.screens.results import ResultsScreen
from trainer.tui.screens.signin import SignInScreen, idle_note

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


@SIZES
def test_table_long_feedback(snap_compare, size) -> None:
    # both pushes and both winners taken, the losers left: seven mistakes, scrolled
    presses = ["a", "b", "e", "f", "enter"]
    assert snap_compare(table_app(), terminal_size=size, press=presses)


@SIZES
def test_table_long_title(snap_compare, size) -> None:
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
    assert snap_compare(app, terminal_size=size)


@SIZES
def test_results_nothing_missed(snap_compare, size) -> None:
    app = make_app([coup(DRAGON, {Bet.BANKER: "10"})], (Step.OUTCOME,))
    assert snap_compare(app, terminal_size=size, press=["7", "enter", "enter"])


@SIZES
def test_signin_after_idle(snap_compare, size) -> None:
    screen = SignInScreen(lambda name, secret: None, idle_note(300))  # type: ignore[arg-type, return-value]
    assert snap_compare(ScreenApp(screen), terminal_size=size)


async def test_results_with_nothing_missed_offer_nothing_to_step_through() -> None:
    app = make_app([coup(DRAGON, {Bet.BANKER: "10"})], (Step.OUTCOME,))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("7", "enter", "enter")  # a Dragon 7, called right
        assert isinstance(app.screen, ResultsScreen)
        assert not app.screen.query("#missed") and not app.screen.query("#retry")
        assert app.screen.query("#home")


@SIZES
def test_spot_prompt_and_rules_key(snap_compare, size) -> None:
    # the question asks for the first step dealt wrong; `? Rules` in the key bar
    from tests.support.screens import spot_app

    assert snap_compare(spot_app(), terminal_size=size, press=["9"])


@SIZES
def test_spot_reference(snap_compare, size) -> None:
    # `?` in the spot drill: the house's limits, its response to each violation and its
    # remedies above the tables
    from tests.support.screens import spot_app

    assert snap_compare(spot_app(), terminal_size=size, press=["question_mark"])


@SIZES
def test_class_head_with_no_answers(snap_compare, size, tmp_path) -> None:
    from importlib import import_module

    from trainer.history.store import open_history

    make = import_module("trainer.cli.class_").make_app
    with open_history(tmp_path / "empty.sqlite3") as store:
        assert snap_compare(make(store), terminal_size=size)
