"""Snapshots of the trainer's screens at 80×24 (pytest-textual-snapshot).

Deterministic: drills built in code, fixed coups, fixed trainee, a clock that never moves.
Update after a deliberate change with `pytest tests/tui/test_snapshots.py --snapshot-update`
and look at the SVGs in tests/tui/__snapshots__/.
"""

from __future__ import annotations

from session_helpers import DRAGON, PANDA, FakeClock, FakeNow, coup, dealer, drill

from trainer.drills.catalog import DrillEntry
from trainer.drills.model import WHOLE_COUP, Mode, Step
from trainer.engine import Bet
from trainer.tui.app import TrainerApp

SIZE = (80, 24)


def app(start: bool = True, steps=WHOLE_COUP) -> TrainerApp:
    whole = drill(steps, ident="whole-coup", title="The whole coup, step by step")
    warm = drill(WHOLE_COUP, ident="warmup", title="Pre-shift warm-up")
    exam = drill(WHOLE_COUP, ident="exam", title="Dealer exam", mode=Mode.EXAM)
    coups = [coup(DRAGON, {Bet.BANKER: "10", Bet.DRAGON7: "15"}), coup(PANDA, {Bet.PANDA8: "4"})]
    return TrainerApp(
        choices=lambda: list(map(DrillEntry.of, [whole, warm, exam])),
        start=whole if start else None,
        trainee="Alex", seed=1, deal=dealer(coups), clock=FakeClock(), now=FakeNow(),
    )


def test_home(snap_compare) -> None:
    assert snap_compare(app(start=False), terminal_size=SIZE)


def test_banker_question(snap_compare) -> None:
    # Player stood on 6; the Banker question shows both hands, the Player's total known.
    assert snap_compare(app(), terminal_size=SIZE, press=["s", "enter", "enter", "d"])


def test_payout_feedback(snap_compare) -> None:
    presses = ["s", "enter", "enter", "d", "enter", "enter", "7", "enter", "enter",
               "u", "enter", "enter", "w", *"615", "enter"]
    assert snap_compare(app(), terminal_size=SIZE, press=presses)


def test_results(snap_compare) -> None:
    presses = ["7", "enter", "enter", "p", "enter", "enter"]
    assert snap_compare(app(steps=(Step.OUTCOME,)), terminal_size=SIZE, press=presses)
