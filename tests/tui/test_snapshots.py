"""Snapshots of the trainer's screens at 80×24 (pytest-textual-snapshot).

Deterministic: drills built in code, fixed coups, fixed trainee, a clock that never moves.
Update after a deliberate change with `pytest tests/tui/test_snapshots.py --snapshot-update`
and look at the SVGs in tests/tui/__snapshots__/.
"""

from __future__ import annotations

from tests.support.coups import DRAGON, PANDA, FakeClock, FakeNow, coup, dealer, drill
from trainer.drills.catalogue import DrillEntry
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
        trainee="Alex",
        seed=1,
        deal=dealer(coups),
        clock=FakeClock(),
        now=FakeNow(),
    )


def test_home(snap_compare) -> None:
    assert snap_compare(app(start=False), terminal_size=SIZE)


def test_banker_question(snap_compare) -> None:
    # Player stood on 6; the Banker question shows both hands, the Player's total known.
    assert snap_compare(app(), terminal_size=SIZE, press=["s", "enter", "enter", "d"])


def test_payout_feedback(snap_compare) -> None:
    presses = [
        "s",
        "enter",
        "enter",
        "d",
        "enter",
        "enter",
        "7",
        "enter",
        "enter",
        "u",
        "enter",
        "enter",
        "w",
        *"615",
        "enter",
    ]
    assert snap_compare(app(), terminal_size=SIZE, press=presses)


def test_results(snap_compare) -> None:
    presses = ["7", "enter", "enter", "p", "enter", "enter"]
    assert snap_compare(app(steps=(Step.OUTCOME,)), terminal_size=SIZE, press=presses)


def test_banker_question_at_120x40(snap_compare) -> None:
    # Room for larger card faces: the hands grow, the question stays below them.
    assert snap_compare(app(), terminal_size=(120, 40), press=["s", "enter", "enter", "d"])


def test_home_at_120x40(snap_compare) -> None:
    assert snap_compare(app(start=False), terminal_size=(120, 40))


def test_long_titles_wrap_at_80x24(snap_compare) -> None:
    """A title too long for its line wraps, on home and in the drill's header, never cut
    (the bundled outcomes drill's title is this long)."""
    long = drill(
        (Step.OUTCOME,),
        ident="outcomes",
        title="Outcomes: Dragon 7, Panda 8 and their look-alikes, at length",
    )
    home = TrainerApp(
        choices=lambda: [DrillEntry.of(long)],
        trainee="Alex",
        seed=1,
        deal=dealer([coup(DRAGON)]),
        clock=FakeClock(),
        now=FakeNow(),
    )
    assert snap_compare(home, terminal_size=SIZE)


def test_long_title_wraps_in_the_drill_header(snap_compare) -> None:
    long = drill(
        (Step.OUTCOME,),
        ident="outcomes",
        mode=Mode.EXAM,
        title="Outcomes: Dragon 7, Panda 8 and their look-alikes, at length",
    )
    started = TrainerApp(
        choices=lambda: [DrillEntry.of(long)],
        start=long,
        trainee="Alex",
        seed=1,
        deal=dealer([coup(DRAGON)]),
        clock=FakeClock(),
        now=FakeNow(),
    )
    assert snap_compare(started, terminal_size=SIZE)
