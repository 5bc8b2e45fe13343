"""Snapshots of the dealer's-procedure screens at 80x24: spot the error (a replay, a step
picked) and calling the hand (options 1-4).  Deterministic: hand-built replay, fixed coup,
a clock that never moves.  Update with --snapshot-update and look at the SVGs."""

from __future__ import annotations

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
