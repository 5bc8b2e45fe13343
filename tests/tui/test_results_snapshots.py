"""Snapshots of every results screen at 80×24 and 120×40: a coup drill's, a shoe
drill's, the spot drill's and the table drill's (and a shoe at the table's), the missed
question and missed table screens, and a table retry's.  Nothing cut off, nothing pushed off
the right edge; a long table wraps inside its columns.

Deterministic: hand-worked coups and tables (tests/support/coups.py, table_app.py), a fixed
trainee, a clock that never moves.  Update after a deliberate change with
`--snapshot-update` and look at the SVGs in tests/tui/__snapshots__/.
"""

from __future__ import annotations

import random

import pytest
from textual.screen import Screen

from tests.support.coups import DRAGON, PANDA, FakeClock, FakeNow, coup
from tests.support.screens import make_app, spot_app
from tests.support.table_app import table_app
from trainer.drills.loader import load_text
from trainer.drills.model import Drill, Mode, ShoeSpec, Step
from trainer.engine import Bet, Outcome
from trainer.engine.shoe import ShoeRules, ShoeRun
from trainer.session import Session
from trainer.session.questions import ChoiceAnswer, OutcomeAnswer
from trainer.session.shoe import BurnQuestion, Next, NextQuestion, dealt_shoe, shoe_questions
from trainer.session.table.session import TableSession
from trainer.tui.app import TrainerApp
from trainer.tui.screens.results import ResultsScreen
from trainer.tui.screens.table_results import TableResultsScreen

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])

#: DRAGON called a Dragon 7 (right), PANDA called a Player win (wrong: a Panda 8).
OUTCOMES = ["7", "enter", "enter", "p", "enter", "enter"]
#: Step 5 flagged (step 9 was wrong), then the fix "pay 25" (right: return 25, pay 0).
SPOT_WRONG = ["5", "enter", "enter", "1", "enter", "enter"]
#: The hand-worked table in an exam: seat 6's Banker push taken and its Tie missed, seat 5's
#: Dragon 7 paid 200 (right), seat 1's paid 40 (it is 400); done paying, then the results.
TABLE_WRONG = ["c", "d", "f", "enter", "e", *"200", "enter", "b", *"40", "enter", "enter", "enter"]
#: The same table worked right (the take from the dealer's right: seat 6, then seat 3's
#: two; seat 5's 200 then seat 1's 400, done paying).
TABLE_RIGHT = ["g", "c", "d", "enter", "e", *"200", "enter", "b", *"400", "enter", "enter"]


class ScreenApp(TrainerApp):
    """The trainer showing one screen built in code (a results screen of a run worked by
    the session's own actions)."""

    def __init__(self, screen: Screen[None]) -> None:
        super().__init__(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
        self.first = screen

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(self.first)


# -- a coup drill ---------------------------------------------------------------------------


def outcomes_app() -> TrainerApp:
    return make_app([coup(DRAGON), coup(PANDA)], (Step.OUTCOME,), title="Outcomes")


@SIZES
def test_coup_results(snap_compare, size) -> None:
    assert snap_compare(outcomes_app(), terminal_size=size, press=OUTCOMES)


@SIZES
def test_coup_missed_question(snap_compare, size) -> None:
    assert snap_compare(outcomes_app(), terminal_size=size, press=[*OUTCOMES, "m"])


# -- a shoe drill -------------------------------------------------------------------------

# 2h turned up burns 2 (docs/rules.md); then four natural coups, Player 9s Ks against Banker
# Ks Ks, 19 cards in all; the cut card 8 from the end comes out with card 12, the first of
# coup 3, and coup 4 is the last.
NATURAL4 = ["9s", "Ks", "Ks", "Ks"]


def shoe_results() -> ResultsScreen:
    run = ShoeRun.stacked(["2h", "5c", "5c", *(NATURAL4 * 4)], ShoeRules(cut=8))
    drill = Drill(
        id="shoe",
        title="A shoe",
        description="d",
        steps=(Step.OUTCOME,),
        questions=0,
        run=ShoeSpec(),
    )
    shoe = dealt_shoe(run)
    coups, asked = shoe_questions(drill, shoe, random.Random(0))
    s = Session(drill, coups, "Alex", clock=FakeClock(), now=FakeNow(), questions=asked, shoe=shoe)
    while not s.finished:
        q = s.current
        if isinstance(q, (BurnQuestion, NextQuestion)):  # the shoe's questions, right
            s.answer(ChoiceAnswer(next(o for o in q.options if q.grade(ChoiceAnswer(o)).correct)))
        else:  # the Player wins each coup: coup 2 called a Banker win
            s.answer(OutcomeAnswer(Outcome.BANKER if q.coup_index == 1 else Outcome.PLAYER))
    return ResultsScreen(s)


@SIZES
def test_shoe_results(snap_compare, size) -> None:
    assert snap_compare(ScreenApp(shoe_results()), terminal_size=size)


# -- spot the error -----------------------------------------------------------------------


@SIZES
def test_spot_results(snap_compare, size) -> None:
    assert snap_compare(spot_app(), terminal_size=size, press=SPOT_WRONG)


# -- the table drill ----------------------------------------------------------------------


@SIZES
def test_table_results(snap_compare, size) -> None:
    app = table_app(Mode.EXAM, time_limit=90)
    assert snap_compare(app, terminal_size=size, press=TABLE_WRONG)


def test_table_results_each_answer_at_80x24(snap_compare) -> None:
    # scrolled to the end: each answer beside the right one, the long take wrapped
    app = table_app(Mode.EXAM, time_limit=90)
    assert snap_compare(app, terminal_size=(80, 24), press=[*TABLE_WRONG, "end"])


@SIZES
def test_missed_table(snap_compare, size) -> None:
    app = table_app(Mode.EXAM, time_limit=90)
    assert snap_compare(app, terminal_size=size, press=[*TABLE_WRONG, "m"])


def test_table_retry_results_at_80x24(snap_compare) -> None:
    app = table_app(Mode.EXAM, time_limit=90)
    assert snap_compare(
        app, terminal_size=(80, 24), press=[*TABLE_WRONG, "r", *TABLE_RIGHT, "enter"]
    )


# -- a shoe at the table ------------------------------------------------------------------

SHOE_TABLE = """id: shoe-at-table
title: A shoe at the table
description: D
ask: [shoe, table]
table:
  seats: 1
  bets: {player: {min: 10, max: 10, step: 5}}
"""


def shoe_table_results() -> TableResultsScreen:
    """tests/tui/test_table_shoe_screen.py's stacked shoe worked in code: As burns 1, two
    natural coups (Player 9 over 0: the Player bet 10 is paid 10), the cut card out in coup
    1; the last "what now?" answered wrong (dealt on)."""
    stack = ["As", "2c", *NATURAL4 * 2]
    run = dealt_shoe(ShoeRun.stacked(stack, ShoeRules(cut=7)))
    s = TableSession.from_shoe(
        load_text(SHOE_TABLE), run, "Alex", random.Random(2), clock=FakeClock(), now=FakeNow()
    )
    s.start()
    while not s.finished:
        q = s.shoe_question
        if q is not None:
            right = next(o for o in q.options if q.grade(ChoiceAnswer(o)).correct)
            last = isinstance(q, NextQuestion) and s.index + 1 == s.total
            s.answer_shoe(Next.DEAL.value if last else right)
        elif s.table.done:
            s.next_table()
        else:
            s.confirm_take()
            (spot,) = s.table.spots
            assert spot.bet is Bet.PLAYER
            s.select(spot.seat, spot.bet)
            s.type_amount("10")
            s.confirm_payout()
    return TableResultsScreen(s)


@SIZES
def test_shoe_at_the_table_results(snap_compare, size) -> None:
    assert snap_compare(ScreenApp(shoe_table_results()), terminal_size=size)
