"""Snapshots of the dealer's-procedure screens at 80x24: spot the error (a replay, a step
picked) and calling the hand (options 1-4).  Deterministic: hand-built replay, fixed coup,
a clock that never moves.  Update with --snapshot-update and look at the SVGs."""

from __future__ import annotations

import pytest

from tests.support.coups import NATURAL, FakeClock, FakeNow, coup, dealer
from tests.support.screens import spot_app
from trainer.drills.model import CallSpec, Drill
from trainer.tui.app import TrainerApp

SIZE = (80, 24)


def test_spot_the_error_step_picked(snap_compare) -> None:
    app = spot_app()
    assert snap_compare(app, terminal_size=SIZE, press=["9"])


def test_calling_question(snap_compare) -> None:
    drill = Drill(
        id="calls", title="Calling the hand", description="d", steps=(), questions=1, run=CallSpec()
    )
    app = TrainerApp(
        start=drill,
        trainee="Alex",
        seed=3,
        deal=dealer([coup(NATURAL)]),
        clock=FakeClock(),
        now=FakeNow(),
    )
    assert snap_compare(app, terminal_size=SIZE, press=["2"])


def test_spot_an_irregularity_and_its_remedy(snap_compare) -> None:
    """A card exposed after card 3 and the house's remedy applied on line 4, picked: the
    long line wraps under its text, not under the number."""
    from tests.support.screens import RemedyApp

    app = RemedyApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    assert snap_compare(app, terminal_size=SIZE, press=["4"])


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_spot_exam_the_step_flagged_asked_as_the_flag(snap_compare, size) -> None:
    """The audition's spot part, step 4 flagged (the error): "You flagged step 4", the step
    marked ▸, no verdict; the header's title wraps before it meets "Replay 1/2" (80x24)."""
    from tests.support.screens import SpotExamApp

    app = SpotExamApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    assert snap_compare(app, terminal_size=size, press=["4", "enter"])


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_spot_exam_no_error_goes_on_to_the_next_replay(snap_compare, size) -> None:
    """No error answered on the replay with an error: the next replay, nothing marked."""
    from tests.support.screens import SpotExamApp

    app = SpotExamApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    assert snap_compare(app, terminal_size=size, press=["n", "enter"])
